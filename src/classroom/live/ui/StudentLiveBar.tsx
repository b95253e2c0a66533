// The live class in the student's lesson pane: hands up (one click; the teacher's resolve
// lowers it here), and what the teacher did to this student's board or seat.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import IconButton from '../../../ui/icon-button/IconButton.tsx';
import { studentLiveActions } from '../student-live-actions.ts';
import { studentLiveView } from '../student-live-store.ts';

export default function StudentLiveBar() {
  const { t } = useTranslation('classroom');
  const { state } = useSnapshot(studentLiveView);
  const [busy, setBusy] = useState(false);
  if (!state) return null;
  if (state.removed) {
    return (
      <p className="alert alert-warning py-1 px-2 small" role="status" data-testid="live-removed">
        {t('live.student.removed')}
      </p>
    );
  }
  const live = state.live;
  if (!live?.active) return null;
  const handUp = live.hands.length > 0;
  const hand = async () => {
    setBusy(true);
    try {
      await studentLiveActions.raiseHand?.(!handUp);
    } catch {
      // The API client showed why; the hand stays as it was.
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="mb-2" data-testid="live-student">
      <IconButton
        icon="hand-index-thumb"
        busy={busy}
        className={`btn btn-sm ${handUp ? 'btn-warning' : 'btn-outline-primary'}`}
        aria-pressed={handUp}
        onClick={() => void hand()}
      >
        {handUp ? t('live.student.lowerHand') : t('live.student.raiseHand')}
      </IconButton>
      <p className="small mb-0 mt-1" role="status">
        {handUp && t('live.student.handIsUp')}
        {state.stoppedAt !== null && (
          <span className="d-block" data-testid="live-stopped">
            {t('live.student.stopped')}
          </span>
        )}
        {(state.stream === 'reconnecting' || state.link === 'reconnecting') &&
          t('live.student.reconnecting')}
      </p>
    </div>
  );
}
