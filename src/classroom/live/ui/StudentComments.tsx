// The teacher's open comments in the student's lesson pane: where each is (a block, a line,
// or "block removed" when the student deleted it), a button that shows the spot in the
// editor, and one that resolves the comment. The keyboard's way to every comment.
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import type { Comment } from '../../../contract/live-class.ts';
import { studentLiveActions } from '../student-live-actions.ts';
import { studentLiveView } from '../student-live-store.ts';
import { useCommentPlaces } from './use-comment-places.ts';

export default function StudentComments() {
  const { t } = useTranslation('classroom');
  const { state } = useSnapshot(studentLiveView);
  const comments = (state?.comments ?? []) as Comment[];
  const { blocks, lines, removed, editors, blockText } = useCommentPlaces(comments);
  const open = [...[...blocks.values()].flat(), ...lines, ...removed];
  if (open.length === 0) return null;
  const gone = new Set(removed.map((c) => c.id));
  const where = (c: Comment) => {
    if (c.anchor.kind === 'line') {
      return gone.has(c.id)
        ? t('live.comments.lineRemoved', { line: c.anchor.line })
        : t('live.comments.onLine', { line: c.anchor.line });
    }
    return gone.has(c.id)
      ? t('live.comments.blockRemoved')
      : t('live.comments.onBlock', { block: blockText(c.anchor.block) });
  };
  const show = (c: Comment) => {
    if (c.anchor.kind === 'block') editors.blocks?.showBlock(c.anchor.block);
    else editors.text?.goToLine(c.anchor.line);
  };
  return (
    <section
      className="mb-2"
      aria-labelledby="student-comments-title"
      data-testid="student-comments"
    >
      <h3 className="h6 mb-1" id="student-comments-title">
        {t('live.comments.studentTitle', { count: open.length })}
      </h3>
      <ul className="list-unstyled mb-0">
        {open.map((c) => (
          <li
            key={c.id}
            className="border-start border-3 border-primary ps-2 mb-2 small"
            data-testid="student-comment"
            data-removed={gone.has(c.id) ? 'true' : 'false'}
          >
            <span className={`d-block ${gone.has(c.id) ? 'text-danger' : 'text-body-secondary'}`}>
              {where(c)}
            </span>
            <span className="d-block text-break">
              <span className="fw-semibold">{c.author}: </span>
              {c.text}
            </span>
            <span className="d-flex gap-2 mt-1">
              {!gone.has(c.id) && (
                <button
                  type="button"
                  className="btn btn-sm btn-outline-secondary py-0"
                  aria-label={t('live.comments.showLabel', { text: c.text })}
                  onClick={() => show(c)}
                >
                  {t('live.comments.show')}
                </button>
              )}
              <button
                type="button"
                className="btn btn-sm btn-outline-success py-0"
                aria-label={t('live.comments.resolveLabel', { text: c.text })}
                onClick={() =>
                  void studentLiveActions.resolve?.(c.id).catch(() => {
                    // The API client showed why; the comment stays.
                  })
                }
              >
                {t('live.comments.resolve')}
              </button>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
