// A lesson's boards list (spec §3 "Lesson: boards lists official, private, student"): the
// remote-lab boards a lesson runs on, one board id per line. Only boards the author may list
// are offered and kept (docs/remote-lab.md "Who may list a board"): on the private list their
// own labs and labs shared with them, on the official list labs made official.
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BOARD_ID_PATTERN, BOARDS_MAX, type BoardListType } from '../../contract/lessons.ts';
import { showToast } from '../../state/ui.ts';
import { apiErrorText } from '../../ui/error-text.ts';
import { classroom } from '../runtime.ts';
import { useLoad } from './use-load.ts';

const BOARD_ID = new RegExp(BOARD_ID_PATTERN);

export default function BoardsEditor({
  luuid,
  list,
  initial,
  onSaved,
}: {
  luuid: string;
  list: BoardListType;
  initial: string[];
  onSaved: (ids: string[]) => void;
}) {
  const { t } = useTranslation('classroom');
  const id = useId();
  const [text, setText] = useState(initial.join('\n'));
  const [problem, setProblem] = useState<string | null>(null);
  const listable = useLoad(
    (signal) => classroom.listableBoards(list, { signal, quiet: true }),
    `${list}`,
  );
  const ids = [...new Set(text.split(/[\s,]+/).filter(Boolean))];
  const bad = ids.filter((b) => !BOARD_ID.test(b));
  const offered = listable.data?.data ?? [];
  const addable = offered.filter((b) => !ids.includes(b.board_id));

  const save = async () => {
    if (bad.length) return setProblem(t('boards.invalid', { list: bad.join(', ') }));
    if (ids.length > BOARDS_MAX) return setProblem(t('boards.tooMany', { max: BOARDS_MAX }));
    if (listable.data) {
      const refused = ids.filter((b) => !offered.some((o) => o.board_id === b));
      if (refused.length > 0) {
        const key = list === 'official' ? 'boards.notOfficial' : 'boards.notAllowed';
        return setProblem(t(key, { list: refused.join(', ') }));
      }
    }
    setProblem(null);
    try {
      const saved = await classroom.setLessonBoards(luuid, list, ids, { quiet: true });
      onSaved(saved.boards.map((b) => b.board_id));
      showToast('success', t('saved'));
    } catch (e) {
      setProblem(apiErrorText(e));
    }
  };

  return (
    <div className="mb-3">
      <label className="form-label" htmlFor={id}>
        {t(`boards.${list}`)}
      </label>
      <textarea
        id={id}
        className={`form-control font-monospace${problem ? ' is-invalid' : ''}`}
        rows={3}
        value={text}
        onChange={(e) => setText(e.target.value)}
        aria-describedby={`${id}-help`}
        data-testid={`boards-${list}`}
      />
      <div
        id={`${id}-help`}
        className={problem ? 'invalid-feedback d-block' : 'form-text'}
        role={problem ? 'alert' : undefined}
      >
        {problem ?? t(list === 'official' ? 'boards.helpOfficial' : 'boards.helpPrivate')}
      </div>
      <div className="d-flex flex-wrap gap-2 mt-1">
        {addable.length > 0 && (
          <select
            className="form-select form-select-sm w-auto"
            aria-label={t('boards.add')}
            value=""
            onChange={(e) => {
              const board = e.target.value;
              if (board) setText((s) => (s.trim() === '' ? board : `${s.trimEnd()}\n${board}`));
            }}
            data-testid={`boards-${list}-add`}
          >
            <option value="">{t('boards.add')}</option>
            {addable.map((b) => (
              <option key={b.board_id} value={b.board_id}>
                {b.mine || list === 'official'
                  ? t('boards.option', { board: b.board_id, name: b.name })
                  : t('boards.optionShared', { board: b.board_id, name: b.name })}
              </option>
            ))}
          </select>
        )}
        <button
          type="button"
          className="btn btn-sm btn-outline-primary"
          onClick={() => void save()}
        >
          {t('boards.save')}
        </button>
      </div>
    </div>
  );
}
