// The grading dialog of a gradebook cell the student has not started: a grade and a note
// (which make the cell, as a grade on a submission would), or the lesson marked complete.
// A failed save keeps what the teacher typed ('Unable to Save'; the API client's toast
// says why).
import { useState } from 'react';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';
import { confirm } from '../../shell/confirm.ts';
import GuardedModal from '../../shell/ui/GuardedModal.tsx';
import { showToast } from '../../state/ui.ts';
import { readGradeInput } from '../grade-input.ts';
import { classroom } from '../runtime.ts';
import GradeFields from './GradeFields.tsx';
import SaveFailed from './SaveFailed.tsx';

export interface UnstartedCell {
  classUuid: string;
  email: string;
  student: string;
  luuid: string;
  lesson: string;
  maxPoints: number;
}

export default function GradeStudentDialog({
  cell,
  onClose,
  onSaved,
}: {
  cell: UnstartedCell;
  onClose: () => void;
  /** The cell changed (the gradebook loads again). */
  onSaved: () => void;
}) {
  const { t } = useTranslation('classroom');
  const [points, setPoints] = useState('');
  const [note, setNote] = useState('');
  const [tried, setTried] = useState(false);
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState(false);
  const input = readGradeInput(points, cell.maxPoints, false);
  const dirty = points.trim() !== '' || note.trim() !== '';

  const run = async (action: () => Promise<unknown>, done: string) => {
    setBusy(true);
    setFailed(false);
    try {
      await action();
      showToast('success', done);
      onSaved();
      onClose();
    } catch {
      setFailed(true);
      setBusy(false);
    }
  };

  const save = () => {
    setTried(true);
    if (input.kind !== 'grade') return;
    void run(
      () => classroom.gradeStudent(cell.classUuid, cell.luuid, cell.email, input.points, note),
      t('submission.graded'),
    );
  };

  const cancel = async () => {
    if (!dirty || (await confirm(t('shell:confirm.unsavedData')))) onClose();
  };

  const complete = () =>
    void run(
      () => classroom.completeFor(cell.classUuid, cell.luuid, cell.email),
      t('grading.completed', { student: cell.student }),
    );

  return (
    <GuardedModal show dirty={dirty} onHide={onClose} aria-labelledby="grade-student-title">
      <form
        noValidate
        data-testid="grade-student"
        onSubmit={(e) => {
          e.preventDefault();
          save();
        }}
      >
        <Modal.Header closeButton closeLabel={t('close')}>
          <Modal.Title as="h2" className="h5" id="grade-student-title">
            {t('grading.title', { student: cell.student, lesson: cell.lesson })}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body className="d-flex flex-column gap-3">
          <p className="mb-0">{t('grading.notStarted', { student: cell.student })}</p>
          <GradeFields
            max={cell.maxPoints}
            points={points}
            onPoints={setPoints}
            note={note}
            onNote={setNote}
            input={input}
            tried={tried}
            noteAlone={false}
            small={false}
          />
          {failed && <SaveFailed />}
        </Modal.Body>
        <Modal.Footer>
          <button
            type="button"
            className="btn btn-outline-success me-auto"
            disabled={busy}
            onClick={complete}
          >
            {t('grading.complete')}
          </button>
          <button type="button" className="btn btn-outline-secondary" onClick={() => void cancel()}>
            {t('cancel')}
          </button>
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {t('submission.save')}
          </button>
        </Modal.Footer>
      </form>
    </GuardedModal>
  );
}
