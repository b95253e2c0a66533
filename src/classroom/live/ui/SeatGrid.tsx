// The seats: one card per student (program, compile line, board) in a grid that is one Tab
// stop, the arrow keys moving between seats as laid out.
import { memo, useCallback, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { seatOnline, type LiveSeat } from '../teacher-live.ts';
import BoardSummary from './BoardSummary.tsx';
import CompileLine from './CompileLine.tsx';
import { gridColumns, seatAfterKey } from './grid-keys.ts';
import { stopOne } from './lead-calls.ts';
import { ago } from './live-time.ts';

/**
 * The seats, one Tab stop: the arrow keys move between them as laid out, Enter opens one, and
 * Tab goes on to the seat's own buttons.
 */
export default function SeatGrid({
  seats,
  now,
  onOpen,
}: {
  seats: LiveSeat[];
  now: number;
  onOpen: (email: string) => void;
}) {
  const { t } = useTranslation('classroom');
  const grid = useRef<HTMLUListElement>(null);
  const [active, setActive] = useState(0);
  const current = Math.min(active, seats.length - 1);
  const onFocusSeat = useCallback((index: number) => setActive(index), []);

  const onKeyDown = (e: KeyboardEvent<HTMLUListElement>) => {
    const card = e.target as HTMLElement;
    // Only while a seat itself has focus: its buttons keep their keys.
    if (!card.classList.contains('live-seat') || !grid.current) return;
    const cards = [...grid.current.querySelectorAll<HTMLElement>('.live-seat')];
    const index = cards.indexOf(card);
    if (e.key === 'Enter') {
      const seat = seats[index];
      if (seat) onOpen(seat.email);
      e.preventDefault();
      return;
    }
    const next = seatAfterKey(e.key, index, cards.length, gridColumns(grid.current));
    if (next === null) return;
    e.preventDefault();
    setActive(next);
    cards[next]?.focus();
  };

  return (
    <>
      <p className="small text-body-secondary mb-1" id="live-grid-keys">
        {t('live.gridKeys')}
      </p>
      {/* The keys are the seats' own (they have focus); the list hears them as they bubble. */}
      <ul className="live-grid" aria-labelledby="live-grid-title" ref={grid} onKeyDown={onKeyDown}>
        {seats.map((seat, i) => (
          <li key={seat.key}>
            <SeatCard
              seat={seat}
              index={i}
              tabbable={i === current}
              online={seatOnline(seat, now)}
              now={now}
              onOpen={onOpen}
              onFocusSeat={onFocusSeat}
            />
          </li>
        ))}
      </ul>
    </>
  );
}

const SeatCard = memo(function SeatCard({
  seat,
  index,
  tabbable,
  online,
  now,
  onOpen,
  onFocusSeat,
}: {
  seat: LiveSeat;
  index: number;
  /** The grid's one Tab stop among the seats. */
  tabbable: boolean;
  online: boolean;
  now: number;
  onOpen: (email: string) => void;
  onFocusSeat: (index: number) => void;
}) {
  const { t } = useTranslation('classroom');
  const p = seat.program;
  return (
    <article
      className="card live-seat h-100"
      aria-labelledby={`live-seat-${seat.key}`}
      aria-describedby="live-grid-keys"
      tabIndex={tabbable ? 0 : -1}
      onFocus={(e) => {
        if (e.target === e.currentTarget) onFocusSeat(index);
      }}
      data-testid="live-seat"
      data-email={seat.email}
    >
      <div className="card-body p-2">
        <div className="d-flex align-items-center gap-2 mb-1">
          <h3 className="h6 mb-0 me-auto text-break" id={`live-seat-${seat.key}`}>
            {seat.name}
          </h3>
          <span className={`badge ${online ? 'text-bg-success' : 'text-bg-secondary'}`}>
            {online ? t('live.online') : t('live.offline')}
          </span>
        </div>
        {p ? (
          <>
            <p className="small text-body-secondary mb-1">{ago(t, p.at, now)}</p>
            <CompileLine program={p} />
            <pre className="bg-body-tertiary p-1 mb-1" data-testid="live-logo">
              {p.logo}
            </pre>
          </>
        ) : (
          <p className="small text-body-secondary">{t('live.noProgram')}</p>
        )}
        <BoardSummary board={seat.board} />
      </div>
      <div className="card-footer p-2 d-flex gap-2">
        <button
          type="button"
          className="btn btn-sm btn-outline-primary"
          aria-label={t('live.openStudent', { name: seat.name })}
          onClick={() => onOpen(seat.email)}
        >
          {t('live.open')}
        </button>
        <button
          type="button"
          className="btn btn-sm btn-danger"
          aria-label={t('live.stopStudent', { name: seat.name })}
          onClick={() => stopOne(seat.email, t('live.stopSent'))}
        >
          {t('live.stop')}
        </button>
      </div>
    </article>
  );
});
