// A lesson's boards list (spec §3 "Lesson: boards lists official, private, student"): the
// remote-lab boards a lesson runs on, one tag per board id. Only boards the author may list
// are offered and kept (docs/remote-lab.md "Who may list a board"): on the private list their
// own labs and labs shared with them, on the official list labs made official.
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BOARD_ID_PATTERN, BOARDS_MAX, type BoardListType } from '../../contract/lessons.ts';
import { showToast } from '../../state/ui.ts';
import { apiErrorText } from '../../ui/error-text.ts';
import TagInput, { type TagInputHandle } from '../../ui/tag-input/TagInput.tsx';
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
  const [ids, setIds] = useState<string[]>(initial);
  const field = useRef<TagInputHandle>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const listable = useLoad(
    (signal) => classroom.listableBoards(list, { signal, quiet: true }),
    `${list}`,
  );
  const offered = listable.data?.data ?? [];
  const addable = offered.filter((b) => !ids.includes(b.board_id));

  const save = async () => {
    // A board ID typed without Enter counts too (unless it is refused).
    const typed = field.current?.commit() ?? ids;
    if (typed === null) return;
    if (listable.data) {
      const refused = typed.filter((b) => !offered.some((o) => o.board_id === b));
      if (refused.length > 0) {
        const key = list === 'official' ? 'boards.notOfficial' : 'boards.notAllowed';
        return setProblem(t(key, { list: refused.join(', ') }));
      }
    }
    setProblem(null);
    try {
      const saved = await classroom.setLessonBoards(luuid, list, typed, { quiet: true });
      onSaved(saved.boards.map((b) => b.board_id));
      showToast('success', t('saved'));
    } catch (e) {
      setProblem(apiErrorText(e));
    }
  };

  return (
    <div className="mb-3">
      <TagInput
        label={t(`boards.${list}`)}
        value={ids}
        onChange={(next) => {
          setProblem(null);
          setIds(next);
        }}
        validate={(board, list) =>
          !BOARD_ID.test(board)
            ? t('boards.notId', { board })
            : list.length >= BOARDS_MAX
              ? t('boards.tooMany', { max: BOARDS_MAX })
              : null
        }
        error={problem}
        help={t(list === 'official' ? 'boards.helpOfficial' : 'boards.helpPrivate')}
        code
        testId={`boards-${list}`}
        ref={field}
      />
      <div className="d-flex flex-wrap gap-2 mt-1">
        {addable.length > 0 && (
          <select
            className="form-select form-select-sm w-auto"
            aria-label={t('boards.add')}
            value=""
            onChange={(e) => {
              const board = e.target.value;
              if (board) setIds((list) => (list.includes(board) ? list : [...list, board]));
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
