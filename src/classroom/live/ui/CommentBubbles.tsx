// A teacher's open comments in the student's editor: each beside its block in the workspace
// (following it as the workspace scrolls, zooms or the block moves), and beside its line in
// the Logo text editor. Resolving one clears it for the student and the teacher.
import { useEffect, useLayoutEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import type { Comment } from '../../../contract/live-class.ts';
import type { BlocksEditor } from '../../../editor/handles.ts';
import { placeBubble, type Box } from '../comment-place.ts';
import { studentLiveActions } from '../student-live-actions.ts';
import { studentLiveView } from '../student-live-store.ts';
import { useCommentPlaces } from './use-comment-places.ts';

/** The bubble's size as live.css draws it (15rem wide), for placing it. */
const BUBBLE = { width: 240, height: 56 };

function resolve(id: string): void {
  void studentLiveActions.resolve?.(id).catch(() => {
    // The API client showed why; the comment stays.
  });
}

/** Where each block's bubbles go now (null: out of view), by block id. */
function bubblePlaces(
  editor: BlocksEditor,
  blocks: Map<string, Comment[]>,
): Map<string, ({ left: number; top: number } | null)[]> {
  const ws = editor.workspace;
  const host = ws.getInjectionDiv().getBoundingClientRect();
  // The visible workspace, right of the toolbox and its flyout.
  const metrics = ws.getMetricsManager().getAbsoluteMetrics();
  const view: Box = {
    left: host.left + metrics.left,
    top: host.top + metrics.top,
    right: host.right,
    bottom: host.bottom,
  };
  const out = new Map<string, ({ left: number; top: number } | null)[]>();
  for (const [id, list] of blocks) {
    const block = ws.getBlockById(id);
    const path = block?.pathObject.svgPath;
    if (!path) continue;
    const r = path.getBoundingClientRect();
    out.set(
      id,
      list.map((_, i) => placeBubble(r, view, BUBBLE, i)),
    );
  }
  return out;
}

function BlockBubbles({
  editor,
  blocks,
}: {
  editor: BlocksEditor;
  blocks: Map<string, Comment[]>;
}) {
  const { t } = useTranslation('classroom');
  const [places, setPlaces] = useState(() => bubblePlaces(editor, blocks));
  useLayoutEffect(() => {
    let frame = 0;
    const update = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => setPlaces(bubblePlaces(editor, blocks)));
    };
    update();
    // Scrolls, zooms, drags and edits all come as workspace events; the page's own layout
    // (a pane opening, the window's size) as resizes.
    editor.workspace.addChangeListener(update);
    const resize = new ResizeObserver(update);
    resize.observe(editor.workspace.getInjectionDiv());
    window.addEventListener('resize', update);
    return () => {
      cancelAnimationFrame(frame);
      editor.workspace.removeChangeListener(update);
      resize.disconnect();
      window.removeEventListener('resize', update);
    };
  }, [editor, blocks]);
  return (
    <>
      {[...blocks].flatMap(([id, list]) =>
        list.map((c, i) => {
          const at = places.get(id)?.[i];
          if (!at) return null;
          return (
            <div
              key={c.id}
              className="live-comment-bubble"
              style={{ left: at.left, top: at.top }}
              role="note"
              aria-label={t('live.comments.bubbleLabel', { author: c.author })}
              data-testid="comment-bubble"
              data-block={id}
            >
              <p className="mb-1 text-break">
                <span className="fw-semibold">{c.author}: </span>
                {c.text}
              </p>
              <button
                type="button"
                className="btn btn-sm btn-outline-success py-0"
                aria-label={t('live.comments.resolveLabel', { text: c.text })}
                onClick={() => resolve(c.id)}
              >
                {t('live.comments.resolve')}
              </button>
            </div>
          );
        }),
      )}
    </>
  );
}

export default function CommentBubbles() {
  const { t } = useTranslation('classroom');
  const { state } = useSnapshot(studentLiveView);
  const comments = (state?.comments ?? []) as Comment[];
  const { blocks, lines, editors } = useCommentPlaces(comments);

  // The Logo text editor draws its own (gutter sign and the text below the line).
  useEffect(() => {
    const text = editors.text;
    if (!text) return;
    text.showComments(
      lines.map((c) => ({
        id: c.id,
        line: c.anchor.kind === 'line' ? c.anchor.line : 0,
        text: c.text,
        author: c.author,
        resolveText: t('live.comments.resolve'),
        resolveLabel: t('live.comments.resolveLabel', { text: c.text }),
        label: t('live.comments.lineLabel', {
          author: c.author,
          line: c.anchor.kind === 'line' ? c.anchor.line : 0,
        }),
        onResolve: () => resolve(c.id),
      })),
    );
  }, [editors.text, lines, t]);

  if (!editors.blocks || blocks.size === 0) return null;
  return <BlockBubbles editor={editors.blocks} blocks={blocks} />;
}
