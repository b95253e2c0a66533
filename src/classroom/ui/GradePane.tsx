// The submission's pane in the editor's widget area: whose program for which lesson, when,
// the grade (and where it came from) and the note. A teacher of the class edits them (grade
// 0..the lesson's points, or the note alone while there is no grade), marks the lesson
// complete or starts it over, and comments on the program's blocks or lines; the student
// reads them.
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import type { Grade } from '../../contract/grades.ts';
import { confirm } from '../../shell/confirm.ts';
import { showToast } from '../../state/ui.ts';
import { readGradeInput } from '../grade-input.ts';
import { classroom } from '../runtime.ts';
import { submissionView } from '../submission-view.ts';
import CheckReportView from './CheckReportView.tsx';
import { formatDate, formatPoints } from './format.ts';
import GradeFields from './GradeFields.tsx';
import StateBadge from './StateBadge.tsx';
import './classroom.css';
import SaveFailed from './SaveFailed.tsx';
import SubmissionComments from './SubmissionComments.tsx';

function GradeForm({ grade }: { grade: Grade }) {
  const { t } = useTranslation('classroom');
  const [points, setPoints] = useState(grade.grade === null ? '' : String(grade.grade));
  const [note, setNote] = useState(grade.note);
  const [tried, setTried] = useState(false);
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState(false);
  const max = grade.lesson.maxPoints;
  // Without a grade yet, an empty grade sends the note alone.
  const noteAlone = grade.grade === null;
  const input = readGradeInput(points, max, noteAlone);
  const saveButton = useRef<HTMLButtonElement>(null);

  const save = async () => {
    setTried(true);
    if (input.kind === 'invalid') return;
    setBusy(true);
    setFailed(false);
    try {
      if (input.kind === 'grade') {
        submissionView.grade = await classroom.gradeSubmission(
          grade.uuid,
          grade.suuid,
          input.points,
          note,
        );
        showToast('success', t('submission.graded'));
      } else {
        submissionView.grade = await classroom.noteSubmission(grade.uuid, grade.suuid, note);
        showToast('success', t('submission.noteSaved'));
      }
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
      // The Save button lost focus while it was disabled: the keyboard comes back to it
      // rather than starting over at the top of the page.
      const focused = document.activeElement;
      if (!focused || focused === document.body) {
        requestAnimationFrame(() => saveButton.current?.focus());
      }
    }
  };

  return (
    <form
      className="d-flex flex-column gap-2"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <GradeFields
        max={max}
        points={points}
        onPoints={setPoints}
        note={note}
        onNote={setNote}
        input={input}
        tried={tried}
        noteAlone={noteAlone}
      />
      {failed && <SaveFailed className="py-1 px-2 small mb-0" />}
      <button
        ref={saveButton}
        type="submit"
        className="btn btn-sm btn-primary align-self-start"
        disabled={busy}
      >
        {input.kind === 'note' ? t('submission.saveNote') : t('submission.save')}
      </button>
    </form>
  );
}

/**
 * The teacher's actions on the student's lesson (the current submission only): mark it
 * complete, or start it over (asked first; the gradebook then shows it not started).
 */
function LessonActions({ grade }: { grade: Grade }) {
  const { t } = useTranslation('classroom');
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const student = grade.student.name || grade.student.email;

  const complete = async () => {
    setBusy(true);
    try {
      submissionView.grade = await classroom.completeFor(grade.uuid, grade.luuid, grade.user_email);
      showToast('success', t('grading.completed', { student }));
    } catch {
      // The API client showed why.
    } finally {
      setBusy(false);
    }
  };

  const reset = async () => {
    if (!(await confirm(t('grading.resetConfirm', { student, lesson: grade.lesson.name })))) {
      return;
    }
    setBusy(true);
    try {
      await classroom.resetFor(grade.uuid, grade.luuid, grade.user_email);
      showToast('success', t('grading.wasReset', { student, lesson: grade.lesson.name }));
      void navigate(`/classroom/classd/${grade.uuid}/gradebook`);
    } catch {
      setBusy(false);
    }
  };

  return (
    <div className="d-flex flex-wrap gap-2 mt-3" data-testid="lesson-actions">
      {grade.state !== 'complete' && (
        <button
          type="button"
          className="btn btn-sm btn-outline-success"
          disabled={busy}
          onClick={() => void complete()}
        >
          {t('grading.complete')}
        </button>
      )}
      <button
        type="button"
        className="btn btn-sm btn-outline-danger"
        disabled={busy}
        onClick={() => void reset()}
      >
        {t('grading.reset')}
      </button>
    </div>
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
        <span data-testid="submitted-at">
          {g.submittedAt === null
            ? t('submission.notSubmitted')
            : t('submission.at', { date: formatDate(g.submittedAt) })}
        </span>
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
        <>
          <GradeForm key={g.suuid} grade={g} />
          {g.current && <LessonActions grade={g} />}
          {/* Comments go on the student's program: a teacher's entry without one has none. */}
          {g.current && g.submittedAt !== null && (
            <SubmissionComments key={`${g.luuid}:${g.user_email}`} grade={g} />
          )}
        </>
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
