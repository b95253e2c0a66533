// The lesson in the editor's widget area: its name and description, Submit (the program as
// it is now), where the student's work stands (kept on the server, or only in this browser),
// the student's state, grade and the teacher's note. A failed submit says 'Unable to Save'
// and leaves the program as it was.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { NOTE_MAX } from '../../contract/grades.ts';
import { cableSession } from '../../remote-lab/index.ts';
import { showToast } from '../../state/ui.ts';
import Markdown from '../../ui/markdown/Markdown.tsx';
import { lessonSession } from '../lesson-session.ts';
import { lessonSessionService } from '../runtime.ts';
import LessonDescriptionModal from './LessonDescriptionModal.tsx';
import { ProgressDetails } from './ProgressCard.tsx';
import './classroom.css';
import SaveFailed from './SaveFailed.tsx';
import IconButton from '../../ui/icon-button/IconButton.tsx';
import StudentLiveBar from '../live/ui/StudentLiveBar.tsx';
import StudentComments from '../live/ui/StudentComments.tsx';
import Tooltip from '../../ui/tooltip/Tooltip.tsx';

export default function LessonPane() {
  const { t } = useTranslation('classroom');
  const s = useSnapshot(lessonSession);
  const [modal, setModal] = useState(false);
  const [note, setNote] = useState('');
  const active = s.active;

  useEffect(() => {
    void lessonSessionService.refresh();
  }, [active?.uuid]);

  if (!active)
    return <p className="lesson-pane small text-body-secondary">{t('lessonPane.none')}</p>;

  const submit = async () => {
    if (await lessonSessionService.submit(note)) {
      setNote('');
      showToast('success', t('lessonPane.submitted'));
    }
  };
  // Unknown (the progress could not be read): let the server decide.
  const canSubmit = s.progress?.canSubmit ?? true;

  return (
    <div className="lesson-pane" data-testid="lesson-pane">
      <div className="d-flex align-items-start gap-2 mb-2">
        <h2 className="h6 mb-0 me-auto text-break">{active.name}</h2>
        <Tooltip text={t('lesson.description')}>
          <button
            type="button"
            className="btn btn-sm btn-outline-secondary"
            aria-label={t('lesson.description')}
            onClick={() => setModal(true)}
          >
            <i className="bi bi-arrows-angle-expand" aria-hidden="true" />
          </button>
        </Tooltip>
      </div>
      {canSubmit && (
        <div className="mb-2">
          <label htmlFor="lesson-submit-note" className="form-label small mb-0">
            {t('lessonPane.note')}
          </label>
          <textarea
            id="lesson-submit-note"
            className="form-control form-control-sm"
            rows={2}
            maxLength={NOTE_MAX}
            value={note}
            onChange={(e) => setNote(e.target.value)}
          />
        </div>
      )}
      <div className="d-flex flex-wrap gap-2 mb-2">
        <IconButton
          icon="send"
          busy={s.submitting}
          className="btn btn-sm btn-primary"
          disabled={!canSubmit}
          onClick={() => void submit()}
        >
          {t('lessonPane.submit')}
        </IconButton>
        <IconButton
          icon="arrow-clockwise"
          className="btn btn-sm btn-outline-secondary"
          disabled={s.loadingProgress}
          onClick={() => void lessonSessionService.refresh()}
        >
          {t('lessonPane.refresh')}
        </IconButton>
        <button
          type="button"
          className="btn btn-sm btn-outline-secondary"
          onClick={() => lessonSessionService.end()}
        >
          {t('lessonPane.leave')}
        </button>
      </div>
      <StudentLiveBar />
      <StudentComments />
      {s.submitFailed && <SaveFailed className="py-1 px-2 small" />}
      {s.work && (
        <p className="small mb-2" role="status" data-testid="lesson-work-status">
          <i
            className={`bi ${s.work === 'local' ? 'bi-laptop' : 'bi-cloud-check'} me-1`}
            aria-hidden="true"
          />
          {t(`lessonPane.work.${s.work}`)}
        </p>
      )}
      {s.progress && !s.progress.canSubmit && !s.progress.grade && (
        <p className="small text-body-secondary">{t('lessonPane.notStudent')}</p>
      )}
      {active.hasCheck && canSubmit && (
        <p className="small mb-2" data-testid="lesson-auto-check">
          <i className="bi bi-clipboard-check me-1" aria-hidden="true" />
          {t('lessonPane.autoCheck')}
        </p>
      )}
      <CableAnswer />
      {s.progress && (s.progress.canSubmit || s.progress.grade) && (
        <div className="mb-2">
          <ProgressDetails progress={s.progress} />
        </div>
      )}
      {active.desc.trim() && <Markdown text={active.desc} className="border-top pt-2" />}
      <Link
        to={`/classroom/lessond/${active.uuid}${active.classUuid ? `?class=${active.classUuid}` : ''}`}
        className="small"
      >
        {t('lessonPane.openLesson')}
      </Link>
      {modal && (
        <LessonDescriptionModal
          name={active.name}
          desc={active.desc}
          onClose={() => setModal(false)}
        />
      )}
    </div>
  );
}

/** A cable board's answer, recorded for the lesson (src/remote-lab/cable-session.ts). */
function CableAnswer() {
  const { t } = useTranslation('classroom');
  const c = useSnapshot(cableSession);
  if (c.phase === 'off') return null;
  if (c.problem) {
    return (
      <p className="alert alert-warning py-1 px-2 small" role="status" data-testid="cable-answer">
        {t(`lessonPane.cable.${c.problem}`)}
      </p>
    );
  }
  return (
    <p className="small mb-2" role="status" data-testid="cable-answer">
      <i className="bi bi-usb-plug me-1" aria-hidden="true" />
      {t(c.phase === 'recording' ? 'lessonPane.cable.recording' : 'lessonPane.cable.opening')}
      {c.lastSent !== null && (
        <span className="d-block">{t('lessonPane.cable.lastSent', { answer: c.lastSent })}</span>
      )}
    </p>
  );
}
