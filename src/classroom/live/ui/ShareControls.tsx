// Share with the class: broadcast the teacher's program, or hand a program out.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import IconButton from '../../../ui/icon-button/IconButton.tsx';
import { programNow } from '../program-now.ts';
import type { LiveSeat } from '../teacher-live.ts';
import { teacherLive } from '../teacher-runtime.ts';
import HandoutDialog from './HandoutDialog.tsx';
import { lead } from './lead-calls.ts';

export default function ShareControls({
  broadcasting,
  other,
  seats,
}: {
  broadcasting: boolean;
  other: string | null;
  seats: LiveSeat[];
}) {
  const { t } = useTranslation('classroom');
  const [busy, setBusy] = useState(false);
  const [handing, setHanding] = useState(false);
  const name = programNow().name;
  const toggle = async () => {
    setBusy(true);
    await lead(() => teacherLive.broadcast(!broadcasting));
    setBusy(false);
  };
  return (
    <div className="d-flex flex-wrap align-items-center gap-2 mb-3" data-testid="live-share">
      <IconButton
        icon={broadcasting ? 'broadcast-pin' : 'broadcast'}
        className={`btn ${broadcasting ? 'btn-warning' : 'btn-outline-primary'}`}
        aria-pressed={broadcasting}
        busy={busy}
        onClick={() => void toggle()}
      >
        {broadcasting ? t('live.broadcast.stop') : t('live.broadcast.start')}
      </IconButton>
      <IconButton
        icon="box-arrow-right"
        className="btn btn-outline-primary"
        disabled={seats.length === 0}
        onClick={() => setHanding(true)}
      >
        {t('live.handout.open')}
      </IconButton>
      <span className="small" role="status">
        {broadcasting
          ? t('live.broadcast.on', { name: name || t('live.broadcast.untitled') })
          : other
            ? t('live.broadcast.other', { by: other })
            : ''}
      </span>
      {handing && <HandoutDialog seats={seats} onClose={() => setHanding(false)} />}
    </div>
  );
}
