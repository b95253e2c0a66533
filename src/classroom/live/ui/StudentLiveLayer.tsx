// What a student always sees of a live class, over whatever screen is open: the indicator
// while a teacher watches or broadcasts, and the teacher's "eyes on me" covering the editor
// until its time is up or the teacher ends it; the teacher's comments beside their blocks
// and lines in the editor.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { studentLiveView } from '../student-live-store.ts';
import CommentBubbles from './CommentBubbles.tsx';
import './live.css';

export default function StudentLiveLayer() {
  const { t, i18n } = useTranslation('classroom');
  const { state } = useSnapshot(studentLiveView);
  const [now, setNow] = useState(() => Date.now());
  const eyes = state?.live?.active ? state.live.eyes : null;
  useEffect(() => {
    if (!eyes) return;
    // Ends by itself when its time is up, even without a word from the server.
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [eyes]);
  if (!state?.live?.active) return state ? <CommentBubbles /> : null;
  const { watching, broadcast } = state.live;
  const covering = eyes !== null && eyes.until > now;
  return (
    <>
      <CommentBubbles />
      {(watching || broadcast) && (
        <p
          className="live-indicator badge text-bg-warning"
          role="status"
          data-testid="live-watching"
        >
          <i className="bi bi-eye me-1" aria-hidden="true" />
          {broadcast ? t('live.student.broadcasting') : t('live.student.watching')}
        </p>
      )}
      {covering && (
        <div
          className="live-eyes"
          role="dialog"
          aria-modal="true"
          aria-labelledby="live-eyes-title"
          data-testid="live-eyes"
        >
          <div className="live-eyes-card">
            <h2 id="live-eyes-title" className="h3">
              <i className="bi bi-eye me-2" aria-hidden="true" />
              {t('live.student.eyesTitle')}
            </h2>
            {eyes.message && <p className="fs-4 text-break">{eyes.message}</p>}
            <p className="text-body-secondary mb-0">
              {t('live.student.eyesUntil', {
                time: new Date(eyes.until).toLocaleTimeString(i18n.language, {
                  hour: '2-digit',
                  minute: '2-digit',
                }),
              })}
            </p>
          </div>
        </div>
      )}
    </>
  );
}
