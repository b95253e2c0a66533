// A class's live view (teachers): opening it starts or joins the live session. A grid of the
// class's students, each with their program (its Logo text), when it last changed, whether
// it compiles (and the first error) and their board; a student opens full size with their
// submissions. Lead the class: stop all boards (or one), eyes on me, the hands-up queue,
// end the session. Closing the view leaves the session to end by itself. The grid and the
// queue work from the keyboard alone (arrows between seats, Enter to open).
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import type { Class } from '../../../contract/classroom.ts';
import type { LiveHand } from '../../../contract/live-class.ts';
import { seatOnline, type LiveSeat } from '../teacher-live.ts';
import { teacherLive, teacherLiveView } from '../teacher-runtime.ts';
import HandsQueue from './HandsQueue.tsx';
import LeadControls from './LeadControls.tsx';
import { useNow } from './live-time.ts';
import SeatDialog from './SeatDialog.tsx';
import SeatGrid from './SeatGrid.tsx';
import ShareControls from './ShareControls.tsx';
import './live.css';

export default function LiveTab({ klass }: { klass: Class }) {
  const { t } = useTranslation('classroom');
  const { state } = useSnapshot(teacherLiveView);
  const [open, setOpen] = useState<string | null>(null);
  const now = useNow();

  useEffect(() => {
    void teacherLive.open(klass.uuid);
    // A broadcast goes on while the teacher edits in the editor (the app frame shows it).
    return () => teacherLive.leaveView();
  }, [klass.uuid]);

  const live = state.classUuid === klass.uuid ? state.live : null;
  if (state.failed) {
    return (
      <p className="alert alert-warning" role="alert">
        {t('live.status.failed')}
      </p>
    );
  }
  if (!live) return <p role="status">{t('live.status.connecting')}</p>;
  if (!live.active) {
    return (
      <div>
        <p role="status">{t('live.status.ended')}</p>
        <button
          type="button"
          className="btn btn-primary"
          onClick={() => {
            teacherLive.close();
            void teacherLive.open(klass.uuid);
          }}
        >
          {t('live.restart')}
        </button>
      </div>
    );
  }
  const seats = state.seats as LiveSeat[];
  const online = seats.filter((s) => seatOnline(s, now)).length;
  const trouble = state.stream === 'reconnecting' || state.link === 'reconnecting';
  const selected = seats.find((s) => s.email === open) ?? null;

  return (
    <div data-testid="live-view">
      <p className={trouble ? 'alert alert-warning py-1 px-2' : 'small'} role="status">
        {trouble
          ? t('live.status.reconnecting')
          : t('live.status.online', { online, total: seats.length })}
      </p>
      <LeadControls eyes={live.eyes} now={now} />
      <ShareControls
        broadcasting={state.broadcasting}
        other={live.broadcast && !state.broadcasting ? live.broadcast.by : null}
        seats={seats}
      />
      <HandsQueue hands={live.hands as LiveHand[]} onOpen={setOpen} />
      <h2 className="h6 mt-3" id="live-grid-title">
        {t('live.grid')}
      </h2>
      {seats.length === 0 ? (
        <p className="text-body-secondary">{t('live.noStudents')}</p>
      ) : (
        <SeatGrid seats={seats} now={now} onOpen={setOpen} />
      )}
      {selected && (
        <SeatDialog klass={klass} seat={selected} now={now} onClose={() => setOpen(null)} />
      )}
    </div>
  );
}
