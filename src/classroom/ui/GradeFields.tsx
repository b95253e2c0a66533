// The points and the note of a grading form (a submission's grade pane, and the gradebook's
// dialog for a student who has not submitted). The owner reads the points with
// readGradeInput and shows its verdict here once the teacher has tried to save.
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { NOTE_MAX } from '../../contract/grades.ts';
import TextField from '../../ui/text-field/TextField.tsx';
import type { GradeInput } from '../grade-input.ts';

export default function GradeFields({
  max,
  points,
  onPoints,
  note,
  onNote,
  input,
  tried,
  noteAlone,
  small = true,
}: {
  max: number;
  points: string;
  onPoints: (value: string) => void;
  note: string;
  onNote: (value: string) => void;
  input: GradeInput;
  tried: boolean;
  /** An empty grade saves the note alone (say so under the field). */
  noteAlone: boolean;
  small?: boolean;
}) {
  const { t } = useTranslation('classroom');
  const gradeId = useId();
  const hintId = useId();
  const invalid = tried && input.kind === 'invalid';
  return (
    <>
      <div>
        <label className={`form-label mb-1${small ? ' small' : ''}`} htmlFor={gradeId}>
          {t('submission.grade', { max })}
        </label>
        <input
          id={gradeId}
          type="number"
          min={0}
          max={max}
          step="any"
          className={`form-control${small ? ' form-control-sm' : ''}${invalid ? ' is-invalid' : ''}`}
          value={points}
          aria-describedby={noteAlone ? hintId : undefined}
          onChange={(e) => onPoints(e.target.value)}
        />
        <div className="invalid-feedback">
          {input.kind === 'invalid' && input.reason === 'required'
            ? t('ui:textField.required', { name: t('submission.gradeName') })
            : t('submission.range', { max })}
        </div>
        {noteAlone && (
          <div id={hintId} className="form-text small">
            {t('submission.noteAloneHint')}
          </div>
        )}
      </div>
      <TextField
        label={t('submission.note')}
        labelClassName={`form-label mb-1${small ? ' small' : ''}`}
        small={small}
        rows={4}
        maxLength={NOTE_MAX}
        value={note}
        onChange={onNote}
      />
    </>
  );
}
