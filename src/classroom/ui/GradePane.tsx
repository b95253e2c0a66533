// The submission's pane in the editor's widget area: whose program for which lesson, when,
// the grade (and where it came from) and the note. A teacher of the class edits them (grade
// 0..the lesson's points); the student reads them.
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { NOTE_MAX, type Grade } from '../../contract/grades.ts';
import { showToast } from '../../state/ui.ts';
import { classroom } from '../runtime.ts';
import { submissionView } from '../submission-view.ts';
import CheckReportView from './CheckReportView.tsx';
import { formatDate, formatPoints } from './format.ts';
import TextField from '../../ui/text-field/TextField.tsx';
import StateBadge from './StateBadge.tsx';
import './classroom.css';
import SaveFailed from './SaveFailed.tsx';

function GradeForm({ grade }: { grade: Grade }) {
  const { t } = useTranslation('classroom');
  const gradeId = useId();
  const [points, setPoints] = useState(grade.grade === null ? '' : String(grade.grade));
  const [note, setNote] = useState(grade.note);
  const [tried, setTried] = useState(false);
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState(false);
  const max = grade.lesson.maxPoints;
  const value = points.trim() === '' ? null : Number(points);
  const valid = value !== null && Number.isFinite(value) && value >= 0 && value <= max;

  const save = async () => {
    setTried(true);
    if (!valid || value === null) return;
    setBusy(true);
    setFailed(false);
    try {
      submissionView.grade = await classroom.gradeSubmission(grade.uuid, grade.suuid, value, note);
      showToast('success', t('submission.graded'));
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      className="d-flex flex-column gap-2"
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <div>
        <label className="form-label small mb-1" htmlFor={gradeId}>
          {t('submission.grade', { max })}
        </label>
        <input
          id={gradeId}
          type="number"
          min={0}
          max={max}
          step="any"
          className={`form-control form-control-sm${tried && !valid ? ' is-invalid' : ''}`}
          value={points}
          onChange={(e) => setPoints(e.target.value)}
        />
        <div className="invalid-feedback">
          {value === null
            ? t('ui:textField.required', { name: t('submission.gradeName') })
            : t('submission.range', { max })}
        </div>
      </div>
      <TextField
        label={t('submission.note')}
        labelClassName="form-label small mb-1"
        small
        rows={4}
        maxLength={NOTE_MAX}
        value={note}
        onChange={setNote}
      />
      {failed && <SaveFailed className="py-1 px-2 small mb-0" />}
      <button type="submit" className="btn btn-sm btn-primary align-self-start" disabled={busy}>
        {t('submission.save')}
      </button>
    </form>
  );
}

export default function GradePane() {
  const { t } = useTranslation('classroom');
  const { grade } = useSnapshot(submissionView);
  if (!grade) return null;
  const g = grade as Grade;
  return (
    <div className="lesson-pane" data-testid="grade-pane">
      <h2 className="h6 text-break mb-1">{g.lesson.name}</h2>
      <p className="small mb-1">
        {g.student.name || g.student.email}
        {g.student.name && <span className="text-body-secondary"> · {g.student.email}</span>}
      </p>
      <p className="small text-body-secondary mb-1">
        <Link to={`/classroom/classd/${g.uuid}/gradebook`}>{g.className}</Link> ·{' '}
        {t('submission.at', { date: formatDate(g.submittedAt) })}
      </p>
      <p className="mb-2">
        <StateBadge state={g.state} />
        {g.late && <span className="badge text-bg-warning ms-1">{t('gradebook.late')}</span>}
        {!g.current && (
          <span className="badge text-bg-light border ms-1">{t('submission.older')}</span>
        )}
      </p>
      {g.grade !== null && g.gradeSource && (
        <p className="small mb-2" data-testid="grade-source" data-source={g.gradeSource}>
          {t(`submission.source.${g.gradeSource}`)}
        </p>
      )}
      {g.studentNote.trim() && (
        <figure>
          <figcaption className="small text-body-secondary">
            {t('submission.studentNote')}
          </figcaption>
          <blockquote className="small mb-0" style={{ whiteSpace: 'pre-wrap' }}>
            {g.studentNote}
          </blockquote>
        </figure>
      )}
      {g.check && <CheckReportView report={g.check} />}
      {g.canGrade ? (
        <GradeForm key={g.suuid} grade={g} />
      ) : (
        <div data-testid="lesson-progress">
          <p className="mb-1" data-testid="lesson-grade">
            {g.grade === null
              ? t('submission.notGraded')
              : t('progress.grade', { grade: formatPoints(g.grade), max: g.lesson.maxPoints })}
          </p>
          {g.note.trim() && (
            <figure className="mb-0">
              <figcaption className="small text-body-secondary">{t('progress.note')}</figcaption>
              <blockquote
                className="small mb-0"
                style={{ whiteSpace: 'pre-wrap' }}
                data-testid="lesson-note"
              >
                {g.note}
              </blockquote>
            </figure>
          )}
        </div>
      )}
    </div>
  );
}
