// A teacher's comments on one student's program for a lesson (the live full view, the
// submission being graded): write one on a block (a click on the block picks it, or the list
// of blocks) or on a Logo line, see the open ones, resolve them. A comment the student
// resolves leaves the list (the live view hears it on the class's event stream).
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../../api/client.ts';
import {
  COMMENT_TEXT_MAX,
  type Comment,
  type CommentAnchor,
} from '../../../contract/live-class.ts';
import { showToast } from '../../../state/ui.ts';
import IconButton from '../../../ui/icon-button/IconButton.tsx';
import { liveApi } from '../live-api.ts';
import { teacherLive } from '../teacher-runtime.ts';

const calls = liveApi(api);

export interface BlockChoice {
  id: string;
  text: string;
}

export default function TeacherComments({
  classUuid,
  luuid,
  email,
  suuid,
  mode,
  blocks,
  logo,
  picked,
  onPick,
}: {
  classUuid: string;
  luuid: string;
  email: string;
  suuid: string | null;
  mode: 'blocks' | 'logo';
  /** The program's blocks, in reading order. */
  blocks: readonly BlockChoice[];
  logo: string;
  /** The block or 1-based line picked on the program, or null. */
  picked: string | number | null;
  onPick: (what: string | number | null) => void;
}) {
  const { t } = useTranslation('classroom');
  const [comments, setComments] = useState<Comment[] | null>(null);
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const lines = logo.split('\n');

  const take = useCallback(
    (c: Comment) => {
      if (c.luuid !== luuid || c.user_email !== email) return;
      setComments((list) => [...(list ?? []).filter((o) => o.id !== c.id), c]);
    },
    [luuid, email],
  );

  useEffect(() => {
    let gone = false;
    calls.comments(classUuid, luuid, email).then(
      (list) => {
        if (!gone) setComments(list.data);
      },
      () => {
        if (!gone) setComments([]);
      },
    );
    const stop = teacherLive.onComment(take);
    return () => {
      gone = true;
      stop();
    };
  }, [classUuid, luuid, email, take]);

  const anchor: CommentAnchor | null =
    mode === 'blocks'
      ? typeof picked === 'string' && blocks.some((b) => b.id === picked)
        ? { kind: 'block', block: picked }
        : null
      : typeof picked === 'number' && picked >= 1 && picked <= lines.length
        ? { kind: 'line', line: picked }
        : null;

  const add = async () => {
    if (!anchor || !text.trim()) return;
    setBusy(true);
    try {
      const made = await calls.addComment(classUuid, {
        luuid,
        user_email: email,
        suuid,
        anchor,
        text: text.trim(),
      });
      take(made);
      setText('');
      showToast('success', t('live.comments.added'));
    } catch {
      // The API client showed why; the text stays to send again.
    } finally {
      setBusy(false);
    }
  };

  const resolve = async (c: Comment) => {
    try {
      take(await calls.resolveComment(classUuid, c.id));
    } catch {
      // The API client showed why.
    }
  };

  const where = (a: CommentAnchor) => {
    if (a.kind === 'line') return t('live.comments.onLine', { line: a.line });
    const block = blocks.find((b) => b.id === a.block);
    return block
      ? t('live.comments.onBlock', { block: block.text })
      : t('live.comments.blockRemoved');
  };
  const open = (comments ?? []).filter((c) => c.resolvedAt === null);
  const resolved = (comments ?? []).length - open.length;

  return (
    <section className="mt-3" aria-labelledby="live-comments-title" data-testid="teacher-comments">
      <h3 className="h6" id="live-comments-title">
        {t('live.comments.title')}
      </h3>
      <form
        className="mb-2"
        onSubmit={(e) => {
          e.preventDefault();
          void add();
        }}
      >
        <label className="form-label small mb-0" htmlFor="live-comment-anchor">
          {mode === 'blocks' ? t('live.comments.pickBlock') : t('live.comments.pickLine')}
        </label>
        <select
          id="live-comment-anchor"
          className="form-select form-select-sm mb-1"
          value={picked === null ? '' : String(picked)}
          onChange={(e) => {
            const v = e.target.value;
            onPick(v === '' ? null : mode === 'blocks' ? v : Number(v));
          }}
        >
          <option value="">{t('live.comments.choose')}</option>
          {mode === 'blocks'
            ? blocks.map((b, i) => (
                <option key={b.id} value={b.id}>
                  {t('live.comments.blockOption', { n: i + 1, block: b.text })}
                </option>
              ))
            : lines.map((line, i) => (
                <option key={i} value={String(i + 1)}>
                  {t('live.comments.lineOption', { line: i + 1, text: line.trim() })}
                </option>
              ))}
        </select>
        <label className="form-label small mb-0" htmlFor="live-comment-text">
          {t('live.comments.text')}
        </label>
        <textarea
          id="live-comment-text"
          className="form-control form-control-sm mb-1"
          rows={2}
          maxLength={COMMENT_TEXT_MAX}
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
        <IconButton
          type="submit"
          icon="chat-left-text"
          className="btn btn-sm btn-primary"
          busy={busy}
          disabled={!anchor || !text.trim()}
        >
          {t('live.comments.add')}
        </IconButton>
      </form>
      {comments === null ? null : open.length === 0 ? (
        <p className="small text-body-secondary mb-1">{t('live.comments.none')}</p>
      ) : (
        <ul className="list-group mb-1" aria-labelledby="live-comments-title">
          {open.map((c) => (
            <li
              key={c.id}
              className="list-group-item small d-flex flex-wrap align-items-start gap-2"
              data-testid="teacher-comment"
            >
              <span className="me-auto text-break">
                <span className="d-block text-body-secondary">{where(c.anchor)}</span>
                {c.text}
              </span>
              <button
                type="button"
                className="btn btn-sm btn-outline-success"
                aria-label={t('live.comments.resolveLabel', { text: c.text })}
                onClick={() => void resolve(c)}
              >
                {t('live.comments.resolve')}
              </button>
            </li>
          ))}
        </ul>
      )}
      {resolved > 0 && (
        <p className="small text-body-secondary mb-0" role="status" data-testid="comments-resolved">
          {t('live.comments.resolvedCount', { count: resolved })}
        </p>
      )}
    </section>
  );
}
