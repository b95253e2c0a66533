// While a teacher broadcasts their program, every screen says so (they may be editing it in
// the editor), with the way back to the live view and Stop broadcasting.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { teacherBroadcast } from '../teacher-broadcast-store.ts';
import './live.css';

export default function TeacherBroadcastBar() {
  const { t } = useTranslation('classroom');
  const { classUuid } = useSnapshot(teacherBroadcast);
  const [busy, setBusy] = useState(false);
  if (!classUuid) return null;
  const stop = async () => {
    setBusy(true);
    try {
      const { teacherLive } = await import('../teacher-runtime.ts');
      await teacherLive.broadcast(false);
    } catch {
      // The API client showed why; the broadcast goes on.
    } finally {
      setBusy(false);
    }
  };
  return (
    <div
      className="live-indicator live-teacher-bar"
      role="region"
      aria-label={t('live.broadcast.barLabel')}
    >
      <span className="badge text-bg-warning" data-testid="live-broadcasting">
        <i className="bi bi-broadcast me-1" aria-hidden="true" />
        {t('live.broadcast.bar')}
      </span>
      <Link className="btn btn-sm btn-light" to={`/classroom/classd/${classUuid}/live`}>
        {t('live.broadcast.backToLive')}
      </Link>
      <button
        type="button"
        className="btn btn-sm btn-warning"
        disabled={busy}
        onClick={() => void stop()}
      >
        {t('live.broadcast.stop')}
      </button>
    </div>
  );
}
