// Creates or edits a lesson: name (required), Markdown description, starter program (Logo
// text, or the program open in the editor), points, an optional time limit and an optional
// automatic check (JSON, checked as it is typed; docs/classroom.md "Automatic check"). A
// failed save keeps every field ('Unable to Save' with the reason in a toast).
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirm } from '../../shell/confirm.ts';
import {
  DEFAULT_MAX_POINTS,
  LESSON_DESC_MAX,
  LESSON_LOGO_MAX,
  LESSON_NAME_MAX,
  MAX_POINTS_MAX,
  TIME_LIMIT_MAX,
  type Lesson,
  type LessonInput,
} from '../../contract/lessons.ts';
import { currentProgramText, program } from '../../program/index.ts';
import MarkdownEditor from '../../ui/markdown/MarkdownEditor.tsx';
import { checkText, EXAMPLE_CHECK, parseCheckText } from '../check-text.ts';
import { classroom } from '../runtime.ts';
import TextField from '../../ui/text-field/TextField.tsx';
import SaveFailed from './SaveFailed.tsx';
import IconButton from '../../ui/icon-button/IconButton.tsx';

interface Draft {
  name: string;
  desc: string;
  logo: string;
  code: string;
  maxPoints: string;
  timeLimit: string;
  check: string;
}

const draftOf = (l: Lesson | null): Draft => ({
  name: l?.name ?? '',
  desc: l?.desc ?? '',
  logo: l?.logo ?? '',
  code: l?.code ?? '',
  maxPoints: String(l?.maxPoints ?? DEFAULT_MAX_POINTS),
  timeLimit: l?.timeLimit ? String(l.timeLimit) : '',
  check: checkText(l?.check),
});

const whole = (text: string, min: number, max: number): number | null => {
  const n = Number(text);
  return Number.isInteger(n) && n >= min && n <= max ? n : null;
};

export default function LessonForm({
  lesson,
  onSaved,
  onCancel,
}: {
  lesson: Lesson | null;
  onSaved: (lesson: Lesson) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation(['classroom', 'shell']);
  const ids = { points: useId(), limit: useId(), check: useId() };
  const [initial] = useState(() => draftOf(lesson));
  const [draft, setDraft] = useState(initial);
  const [tried, setTried] = useState(false);
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState(false);
  const set = (changes: Partial<Draft>) => setDraft((d) => ({ ...d, ...changes }));
  const dirty = JSON.stringify(draft) !== JSON.stringify(initial);
  const points = whole(draft.maxPoints, 1, MAX_POINTS_MAX);
  const limit = draft.timeLimit.trim() === '' ? null : whole(draft.timeLimit, 1, TIME_LIMIT_MAX);
  const limitBad = draft.timeLimit.trim() !== '' && limit === null;
  const check = parseCheckText(draft.check);

  const takeEditorProgram = () => {
    const code = currentProgramText();
    set({ code, logo: program.logoCode.slice(0, LESSON_LOGO_MAX) });
  };

  const save = async () => {
    setTried(true);
    if (!draft.name.trim() || points === null || limitBad || !check.ok) return;
    const input: LessonInput = {
      name: draft.name.trim(),
      desc: draft.desc,
      logo: draft.logo,
      code: draft.code,
      maxPoints: points,
      timeLimit: limit,
      check: check.ok ? check.check : null,
    };
    setBusy(true);
    setFailed(false);
    try {
      onSaved(
        lesson
          ? await classroom.updateLesson(lesson.uuid, input)
          : await classroom.createLesson(input),
      );
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };

  const cancel = async () => {
    if (!dirty || (await confirm(t('shell:confirm.unsavedData')))) onCancel();
  };

  return (
    <form
      className="d-flex flex-column gap-3"
      data-testid="lesson-form"
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <TextField
        label={t('fields.lessonName')}
        value={draft.name}
        maxLength={LESSON_NAME_MAX}
        onChange={(name) => set({ name })}
        required
        showRequired={tried}
        autoFocus
      />
      <MarkdownEditor
        label={t('fields.description')}
        value={draft.desc}
        maxLength={LESSON_DESC_MAX}
        onChange={(desc) => set({ desc })}
      />
      <div>
        <TextField
          label={t('fields.starter')}
          code
          rows={6}
          maxLength={LESSON_LOGO_MAX}
          value={draft.logo}
          help={draft.code ? t('lesson.starterFromEditor') : t('lesson.starterHelp')}
          onChange={(logo) => set({ logo, code: '' })}
        />
        <div className="d-flex gap-2 mt-1">
          <IconButton
            icon="box-arrow-in-down"
            className="btn btn-sm btn-outline-secondary"
            onClick={takeEditorProgram}
          >
            {t('lesson.useEditorProgram')}
          </IconButton>
          {(draft.code || draft.logo) && (
            <button
              type="button"
              className="btn btn-sm btn-outline-secondary"
              onClick={() => set({ code: '', logo: '' })}
            >
              {t('lesson.clearStarter')}
            </button>
          )}
        </div>
      </div>
      <div className="row g-3">
        <div className="col-sm-6">
          <label className="form-label" htmlFor={ids.points}>
            {t('fields.points')}
          </label>
          <input
            id={ids.points}
            type="number"
            min={1}
            max={MAX_POINTS_MAX}
            className={`form-control${tried && points === null ? ' is-invalid' : ''}`}
            value={draft.maxPoints}
            onChange={(e) => set({ maxPoints: e.target.value })}
          />
          <div className="invalid-feedback">{t('lesson.pointsRange', { max: MAX_POINTS_MAX })}</div>
        </div>
        <div className="col-sm-6">
          <label className="form-label" htmlFor={ids.limit}>
            {t('fields.timeLimit')}
          </label>
          <input
            id={ids.limit}
            type="number"
            min={1}
            max={TIME_LIMIT_MAX}
            className={`form-control${tried && limitBad ? ' is-invalid' : ''}`}
            value={draft.timeLimit}
            placeholder={t('lesson.noLimit')}
            onChange={(e) => set({ timeLimit: e.target.value })}
          />
          <div className="invalid-feedback">{t('lesson.limitRange', { max: TIME_LIMIT_MAX })}</div>
        </div>
      </div>
      <div>
        <label className="form-label" htmlFor={ids.check}>
          {t('fields.check')}
        </label>
        <textarea
          id={ids.check}
          className={`form-control font-monospace${check.ok ? '' : ' is-invalid'}`}
          rows={draft.check ? 10 : 2}
          value={draft.check}
          spellCheck={false}
          data-testid="lesson-check"
          aria-invalid={!check.ok}
          aria-describedby={`${ids.check}-help${check.ok ? '' : ` ${ids.check}-error`}`}
          onChange={(e) => set({ check: e.target.value })}
        />
        {!check.ok && (
          <div id={`${ids.check}-error`} className="invalid-feedback" role="alert">
            {t(check.key, { path: check.path })}
          </div>
        )}
        <div id={`${ids.check}-help`} className="form-text">
          {t('lesson.checkHelp')}
        </div>
        {!draft.check.trim() && (
          <button
            type="button"
            className="btn btn-sm btn-outline-secondary mt-1"
            onClick={() => set({ check: checkText(EXAMPLE_CHECK) })}
          >
            {t('lesson.checkExample')}
          </button>
        )}
      </div>
      {failed && <SaveFailed />}
      <div className="d-flex gap-2 justify-content-end">
        <button type="button" className="btn btn-outline-secondary" onClick={() => void cancel()}>
          {t('cancel')}
        </button>
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {lesson ? t('save') : t('lesson.create')}
        </button>
      </div>
    </form>
  );
}
