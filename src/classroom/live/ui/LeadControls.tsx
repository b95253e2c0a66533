// Lead the class: stop every board, eyes on me (extend, end) and end the session.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  EYES_DEFAULT_MINUTES,
  EYES_MAX_MINUTES,
  EYES_MESSAGE_MAX,
} from '../../../contract/live-class.ts';
import { confirm } from '../../../shell/confirm.ts';
import { showToast } from '../../../state/ui.ts';
import IconButton from '../../../ui/icon-button/IconButton.tsx';
import { teacherLive } from '../teacher-runtime.ts';
import { lead } from './lead-calls.ts';
import { useClock } from './live-time.ts';

export default function LeadControls({
  eyes,
  now,
}: {
  eyes: { message: string; until: number } | null;
  now: number;
}) {
  const { t } = useTranslation('classroom');
  const clock = useClock();
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState<string | null>(null);
  const run = async (what: string, work: () => Promise<void>, done?: string) => {
    setBusy(what);
    const ok = await lead(work);
    setBusy(null);
    if (ok && done) showToast('success', done);
  };
  const minutesLeft = eyes ? Math.max(0, Math.ceil((eyes.until - now) / 60_000)) : 0;
  return (
    <div className="d-flex flex-wrap align-items-end gap-2 mb-3">
      <IconButton
        icon="stop-circle"
        className="btn btn-danger"
        busy={busy === 'stop'}
        onClick={() => void run('stop', () => teacherLive.stop(), t('live.stopSent'))}
      >
        {t('live.stopAll')}
      </IconButton>
      {eyes ? (
        <div className="d-flex flex-wrap align-items-center gap-2" data-testid="live-eyes-on">
          <span role="status">{t('live.eyes.on', { time: clock(eyes.until) })}</span>
          <button
            type="button"
            className="btn btn-outline-secondary"
            disabled={busy !== null || minutesLeft + EYES_DEFAULT_MINUTES > EYES_MAX_MINUTES}
            onClick={() =>
              void run('eyes', () =>
                teacherLive.eyes(eyes.message, minutesLeft + EYES_DEFAULT_MINUTES),
              )
            }
          >
            {t('live.eyes.extend', { minutes: EYES_DEFAULT_MINUTES })}
          </button>
          <button
            type="button"
            className="btn btn-outline-secondary"
            disabled={busy !== null}
            onClick={() => void run('eyes', () => teacherLive.eyes('', 0))}
          >
            {t('live.eyes.end')}
          </button>
        </div>
      ) : (
        <form
          className="d-flex flex-wrap align-items-end gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            void run('eyes', () => teacherLive.eyes(message.trim(), EYES_DEFAULT_MINUTES));
          }}
        >
          <div>
            <label htmlFor="live-eyes-message" className="form-label small mb-0">
              {t('live.eyes.label')}
            </label>
            <input
              id="live-eyes-message"
              className="form-control"
              maxLength={EYES_MESSAGE_MAX}
              value={message}
              placeholder={t('live.eyes.placeholder')}
              onChange={(e) => setMessage(e.target.value)}
            />
          </div>
          <IconButton icon="eye" type="submit" className="btn btn-primary" busy={busy === 'eyes'}>
            {t('live.eyes.start', { minutes: EYES_DEFAULT_MINUTES })}
          </IconButton>
        </form>
      )}
      <button
        type="button"
        className="btn btn-outline-danger ms-auto"
        disabled={busy !== null}
        onClick={() =>
          void (async () => {
            if (await confirm(t('live.confirmEnd'))) await run('end', () => teacherLive.end());
          })()
        }
      >
        {t('live.end')}
      </button>
    </div>
  );
}
