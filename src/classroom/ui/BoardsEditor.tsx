// A lesson's boards list (spec §3 "Lesson: boards lists official, private, student"): the
// remote-lab boards a lesson runs on, one board id per line.
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BOARD_ID_PATTERN, BOARDS_MAX, type BoardListType } from '../../contract/lessons.ts';
import { showToast } from '../../state/ui.ts';
import { classroom } from '../runtime.ts';

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
  const ids = [...new Set(text.split(/[\s,]+/).filter(Boolean))];
  const bad = ids.filter((b) => !BOARD_ID.test(b));

  const save = async () => {
    if (bad.length) return setProblem(t('boards.invalid', { list: bad.join(', ') }));
    if (ids.length > BOARDS_MAX) return setProblem(t('boards.tooMany', { max: BOARDS_MAX }));
    setProblem(null);
    try {
      const saved = await classroom.setLessonBoards(luuid, list, ids);
      onSaved(saved.boards.map((b) => b.board_id));
      showToast('success', t('saved'));
    } catch {
      // shown by the API client
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
      />
      <div id={`${id}-help`} className={problem ? 'invalid-feedback d-block' : 'form-text'}>
        {problem ?? t('boards.help')}
      </div>
      <button
        type="button"
        className="btn btn-sm btn-outline-primary mt-1"
        onClick={() => void save()}
      >
        {t('boards.save')}
      </button>
    </div>
  );
}
