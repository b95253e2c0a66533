// A class's live view (teachers): opening it starts or joins the live session. A grid of the
// class's students, each with their program (its Logo text), when it last changed, whether
// it compiles (and the first error) and their board; a student opens full size with their
// submissions. Lead the class: stop all boards (or one), eyes on me, the hands-up queue,
// end the session. Closing the view leaves the session to end by itself. The grid and the
// queue work from the keyboard alone (arrows between seats, Enter to open).
import { memo, useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import type { Class } from '../../../contract/classroom.ts';
import type { GradebookCell } from '../../../contract/grades.ts';
import {
  EYES_DEFAULT_MINUTES,
  EYES_MAX_MINUTES,
  EYES_MESSAGE_MAX,
  type LiveBoardState,
  type LiveHand,
} from '../../../contract/live-class.ts';
import {
  currentProgramText,
  parseProgramFile,
  PROGRAM_FILE_SUFFIX,
} from '../../../program/index.ts';
import { confirm } from '../../../shell/confirm.ts';
import { showToast } from '../../../state/ui.ts';
import Loading from '../../../ui/busy/Loading.tsx';
import IconButton from '../../../ui/icon-button/IconButton.tsx';
import Modal from 'react-bootstrap/Modal';
import { classroom } from '../../runtime.ts';
import type { LiveProgram } from '../deltas.ts';
import { programNow } from '../program-now.ts';
import { seatOnline, type LiveSeat } from '../teacher-live.ts';
import { teacherLive, teacherLiveView } from '../teacher-runtime.ts';
import { gridColumns, seatAfterKey } from './grid-keys.ts';
import ReadOnlyBlocks from './ReadOnlyBlocks.tsx';
import TeacherComments, { type BlockChoice } from './TeacherComments.tsx';
import './live.css';

/** Ticks once a second so "changed 5 s ago" and online marks stay true. */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

function useClock() {
  const { i18n } = useTranslation();
  return (ms: number) =>
    new Date(ms).toLocaleTimeString(i18n.language, { hour: '2-digit', minute: '2-digit' });
}

/** Runs a lead call; a failure was shown by the API client. */
async function lead(work: () => Promise<void>): Promise<boolean> {
  try {
    await work();
    return true;
  } catch {
    return false;
  }
}

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

function LeadControls({
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

function ShareControls({
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

function HandoutDialog({ seats, onClose }: { seats: LiveSeat[]; onClose: () => void }) {
  const { t } = useTranslation('classroom');
  const [source, setSource] = useState<'current' | 'file'>('current');
  const [file, setFile] = useState<{ name: string; code: string } | null>(null);
  const [fileError, setFileError] = useState(false);
  const [everyone, setEveryone] = useState(true);
  const [chosen, setChosen] = useState<Set<string>>(() => new Set());
  const [busy, setBusy] = useState(false);
  const current = programNow().name || t('live.broadcast.untitled');
  const ready = (source === 'current' || file !== null) && (everyone || chosen.size > 0);
  const readFile = async (picked: File | undefined) => {
    setFile(null);
    setFileError(false);
    if (!picked) return;
    try {
      // A file that cannot be read (gone from the disk meanwhile) is no program either.
      const code = await picked.text();
      parseProgramFile(code);
      setFile({ name: picked.name.replace(/\.gogo\.xml$|\.xml$/i, ''), code });
    } catch {
      setFileError(true);
    }
  };
  const send = async () => {
    const program =
      source === 'current' ? { name: programNow().name, code: currentProgramText() } : file;
    if (!program) return;
    setBusy(true);
    const emails = everyone ? undefined : [...chosen];
    let count: number | null = null;
    const ok = await lead(async () => {
      count = await teacherLive.handout(program.code, program.name, emails);
    });
    setBusy(false);
    if (!ok) return;
    showToast(
      'success',
      count === null ? t('live.handout.sentAll') : t('live.handout.sent', { count }),
    );
    onClose();
  };
  return (
    <Modal show onHide={onClose} aria-labelledby="live-handout-title">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (ready) void send();
        }}
      >
        <Modal.Header closeButton>
          <Modal.Title id="live-handout-title">{t('live.handout.title')}</Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <p className="small">{t('live.handout.intro')}</p>
          <fieldset className="mb-3">
            <legend className="h6">{t('live.handout.which')}</legend>
            <div className="form-check">
              <input
                className="form-check-input"
                type="radio"
                name="live-handout-source"
                id="live-handout-current"
                checked={source === 'current'}
                onChange={() => setSource('current')}
              />
              <label className="form-check-label text-break" htmlFor="live-handout-current">
                {t('live.handout.current', { name: current })}
              </label>
            </div>
            <div className="form-check">
              <input
                className="form-check-input"
                type="radio"
                name="live-handout-source"
                id="live-handout-file"
                checked={source === 'file'}
                onChange={() => setSource('file')}
              />
              <label className="form-check-label" htmlFor="live-handout-file">
                {t('live.handout.file')}
              </label>
            </div>
            {source === 'file' && (
              <div className="mt-2">
                <label htmlFor="live-handout-pick" className="form-label small">
                  {t('live.handout.pick')}
                </label>
                <input
                  id="live-handout-pick"
                  type="file"
                  className={`form-control ${fileError ? 'is-invalid' : ''}`}
                  accept={`${PROGRAM_FILE_SUFFIX},.xml`}
                  aria-describedby={fileError ? 'live-handout-bad' : undefined}
                  onChange={(e) => void readFile(e.target.files?.[0])}
                />
                {fileError && (
                  <div className="invalid-feedback" id="live-handout-bad">
                    {t('live.handout.badFile')}
                  </div>
                )}
              </div>
            )}
          </fieldset>
          <fieldset>
            <legend className="h6">{t('live.handout.who')}</legend>
            <div className="form-check">
              <input
                className="form-check-input"
                type="checkbox"
                id="live-handout-all"
                checked={everyone}
                onChange={(e) => setEveryone(e.target.checked)}
              />
              <label className="form-check-label" htmlFor="live-handout-all">
                {t('live.handout.everyone')}
              </label>
            </div>
            {!everyone &&
              seats.map((seat) => (
                <div className="form-check ms-3" key={seat.key}>
                  <input
                    className="form-check-input"
                    type="checkbox"
                    id={`live-handout-${seat.key}`}
                    checked={chosen.has(seat.email)}
                    onChange={(e) => {
                      const next = new Set(chosen);
                      if (e.target.checked) next.add(seat.email);
                      else next.delete(seat.email);
                      setChosen(next);
                    }}
                  />
                  <label
                    className="form-check-label text-break"
                    htmlFor={`live-handout-${seat.key}`}
                  >
                    {seat.name}
                  </label>
                </div>
              ))}
          </fieldset>
        </Modal.Body>
        <Modal.Footer>
          <button type="button" className="btn btn-outline-secondary" onClick={onClose}>
            {t('cancel')}
          </button>
          <IconButton
            type="submit"
            icon="box-arrow-right"
            className="btn btn-primary"
            busy={busy}
            disabled={!ready}
          >
            {t('live.handout.send')}
          </IconButton>
        </Modal.Footer>
      </form>
    </Modal>
  );
}

/**
 * The seats, one Tab stop: the arrow keys move between them as laid out, Enter opens one, and
 * Tab goes on to the seat's own buttons.
 */
function SeatGrid({
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

function HandsQueue({ hands, onOpen }: { hands: LiveHand[]; onOpen: (email: string) => void }) {
  const { t } = useTranslation('classroom');
  const clock = useClock();
  const section = useRef<HTMLElement>(null);
  // The place in the queue of a hand resolved from its button: when it leaves, the keyboard
  // goes on to the next hand's Resolve (or to the queue's heading), not back to the page's top.
  const resolving = useRef<{ email: string; index: number } | null>(null);
  useEffect(() => {
    const was = resolving.current;
    if (!was || hands.some((h) => h.email === was.email)) return;
    resolving.current = null;
    const focused = document.activeElement;
    if (focused && focused !== document.body && section.current?.contains(focused) !== true) return;
    const buttons = section.current?.querySelectorAll<HTMLElement>('[data-resolve-hand]');
    const next = buttons?.[Math.min(was.index, (buttons?.length ?? 0) - 1)];
    (next ?? section.current?.querySelector<HTMLElement>('h2'))?.focus();
  }, [hands]);
  return (
    <section aria-labelledby="live-hands-title" data-testid="live-hands" ref={section}>
      <h2 className="h6" id="live-hands-title" tabIndex={-1}>
        {t('live.hands.title', { count: hands.length })}
      </h2>
      {hands.length === 0 ? (
        <p className="small text-body-secondary">{t('live.hands.empty')}</p>
      ) : (
        <ol className="list-group list-group-numbered">
          {hands.map((hand, i) => (
            <li
              key={hand.email}
              className="list-group-item d-flex flex-wrap align-items-center gap-2"
            >
              <span className="me-auto">
                {hand.name}{' '}
                <span className="small text-body-secondary">
                  {t('live.hands.at', { time: clock(hand.at) })}
                </span>
              </span>
              <button
                type="button"
                className="btn btn-sm btn-outline-primary"
                aria-label={t('live.openStudent', { name: hand.name })}
                onClick={() => onOpen(hand.email)}
              >
                {t('live.open')}
              </button>
              <button
                type="button"
                className="btn btn-sm btn-success"
                aria-label={t('live.hands.resolveStudent', { name: hand.name })}
                data-resolve-hand
                onClick={() => {
                  resolving.current = { email: hand.email, index: i };
                  void lead(() => teacherLive.resolveHand(hand.email));
                }}
              >
                {t('live.hands.resolve')}
              </button>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

function ago(t: (key: string, o?: Record<string, unknown>) => string, at: number, now: number) {
  const seconds = Math.max(0, Math.round((now - at) / 1000));
  if (seconds < 60) return t('live.changed.seconds', { count: seconds });
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return t('live.changed.minutes', { count: minutes });
  return t('live.changed.hours', { count: Math.round(minutes / 60) });
}

function CompileLine({ program }: { program: LiveProgram }) {
  const { t } = useTranslation('classroom');
  const c = program.compile;
  if (!c) return null;
  if (c.ok) {
    return (
      <p className="small text-success mb-1" data-testid="live-compiles">
        <i className="bi bi-check-circle me-1" aria-hidden="true" />
        {t('live.compiles')}
      </p>
    );
  }
  return (
    <p className="small text-danger mb-1 text-break" data-testid="live-compile-error">
      <i className="bi bi-x-circle me-1" aria-hidden="true" />
      {c.error && c.error.line > 0
        ? t('live.error', { line: c.error.line, message: c.error.message })
        : t('live.errorNoLine', { message: c.error?.message ?? '' })}
    </p>
  );
}

const PORTS = ['A', 'B', 'C', 'D'];

function BoardSummary({ board, full }: { board: LiveBoardState | null; full?: boolean }) {
  const { t } = useTranslation(['classroom', 'device']);
  if (!board || board.link === 'none') {
    return <p className="small text-body-secondary mb-0">{t('live.board.none')}</p>;
  }
  const type =
    board.type === null
      ? ''
      : t(`device:boards.${board.type}`, {
          defaultValue: t('device:boards.other', { type: board.type }),
        });
  return (
    <div className="small" data-testid="live-board">
      <p className="mb-1">
        {t(`live.board.link.${board.link}`)}
        {type && ` · ${type}`} ·{' '}
        <span className={board.running ? 'text-success fw-semibold' : ''}>
          {board.running ? t('live.board.running') : t('live.board.stopped')}
        </span>
      </p>
      <p className="mb-1" data-testid="live-motors">
        <span className="visually-hidden">{t('live.board.motors')}: </span>
        {board.motors.length === 0
          ? t('live.board.noMotors')
          : board.motors.map((m, i) => (
              <span
                key={i}
                className={`badge me-1 ${m.on ? 'text-bg-success' : 'text-bg-secondary'}`}
              >
                {m.on
                  ? t('live.board.motorOn', {
                      port: PORTS[i] ?? i + 1,
                      dir: t(`live.board.dir.${m.dir}`),
                      power: m.power,
                    })
                  : t('live.board.motorOff', { port: PORTS[i] ?? i + 1 })}
              </span>
            ))}
      </p>
      <dl className={`live-sensors mb-0 ${full ? 'fs-6' : ''}`}>
        {Array.from({ length: 8 }, (_, i) => (
          <div key={i}>
            <dt className="fw-normal text-body-secondary">
              {t('live.board.sensor', { n: i + 1 })}
            </dt>
            <dd className="mb-0">{board.sensors[i] ?? '–'}</dd>
          </div>
        ))}
      </dl>
    </div>
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
          onClick={() =>
            void lead(() => teacherLive.stop([seat.email])).then(
              (ok) => ok && showToast('success', t('live.stopSent')),
            )
          }
        >
          {t('live.stop')}
        </button>
      </div>
    </article>
  );
});

/**
 * A student's program at full size, read-only (blocks, or the Logo text by line), with the
 * teacher's comments on it: a click on a block or a line picks what the next one is on.
 */
function SeatProgram({
  klass,
  seat,
  program: p,
}: {
  klass: Class;
  seat: LiveSeat;
  program: LiveProgram;
}) {
  const { t } = useTranslation('classroom');
  const [picked, setPicked] = useState<string | number | null>(null);
  const [blocks, setBlocks] = useState<BlockChoice[]>([]);
  const lines = p.logo.split('\n');
  return (
    <>
      {p.mode === 'blocks' ? (
        <>
          <ReadOnlyBlocks
            xml={p.xml}
            label={t('live.detail.blocksOf', { name: seat.name })}
            onBlock={setPicked}
            onBlocks={setBlocks}
            picked={typeof picked === 'string' ? picked : null}
            testId="live-full-blocks"
          />
          <details className="mt-2">
            <summary>{t('live.student.broadcastAsLogo')}</summary>
            <pre className="bg-body-tertiary p-2" data-testid="live-full-program">
              {p.logo}
            </pre>
          </details>
        </>
      ) : (
        <pre
          className="bg-body-tertiary p-2 live-logo-lines"
          data-testid="live-full-program"
          aria-label={t('live.detail.program')}
        >
          {lines.map((line, i) => (
            // A click picks the line; the list below the program is the keyboard's way.
            <span
              key={i}
              className={picked === i + 1 ? 'live-logo-line picked' : 'live-logo-line'}
              data-line={i + 1}
              onClick={() => setPicked(i + 1)}
            >
              {line}
              {'\n'}
            </span>
          ))}
        </pre>
      )}
      {p.luuid ? (
        <TeacherComments
          key={`${p.luuid}:${seat.email}`}
          classUuid={klass.uuid}
          luuid={p.luuid}
          email={seat.email}
          suuid={null}
          mode={p.mode}
          blocks={blocks}
          logo={p.logo}
          picked={picked}
          onPick={setPicked}
        />
      ) : (
        <p className="small text-body-secondary mt-2">{t('live.comments.noLesson')}</p>
      )}
    </>
  );
}

function SeatDialog({
  klass,
  seat,
  now,
  onClose,
}: {
  klass: Class;
  seat: LiveSeat;
  now: number;
  onClose: () => void;
}) {
  const { t } = useTranslation('classroom');
  const [cells, setCells] = useState<GradebookCell[] | null>(null);
  const [lessons, setLessons] = useState<Record<string, string>>({});
  useEffect(() => {
    let gone = false;
    classroom.gradebook(klass.uuid).then(
      (book) => {
        if (gone) return;
        setLessons(Object.fromEntries(book.lessons.map((l) => [l.luuid, l.name])));
        setCells(book.cells.filter((c) => c.user_email === seat.email));
      },
      () => {
        if (!gone) setCells([]);
      },
    );
    return () => {
      gone = true;
    };
  }, [klass.uuid, seat.email]);
  const p = seat.program;
  return (
    <Modal show onHide={onClose} size="xl" scrollable aria-labelledby="live-student-title">
      <Modal.Header closeButton>
        <Modal.Title id="live-student-title" className="text-break">
          {seat.name}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <div className="row g-3">
          <section className="col-lg-8 live-program" aria-labelledby="live-program-title">
            <h3 className="h6" id="live-program-title">
              {t('live.detail.program')}
              {p?.name ? ` · ${p.name}` : ''}
            </h3>
            {p ? (
              <>
                <p className="small text-body-secondary mb-1">
                  {t(`live.detail.mode.${p.mode}`)} · {ago(t, p.at, now)}
                </p>
                <CompileLine program={p} />
                <SeatProgram klass={klass} seat={seat} program={p} />
              </>
            ) : (
              <p className="text-body-secondary">{t('live.noProgram')}</p>
            )}
          </section>
          <section className="col-lg-4" aria-labelledby="live-board-title">
            <h3 className="h6" id="live-board-title">
              {t('live.detail.board')}
            </h3>
            <BoardSummary board={seat.board} full />
            <h3 className="h6 mt-3">{t('live.detail.submissions')}</h3>
            {cells === null ? (
              <Loading />
            ) : cells.length === 0 ? (
              <p className="small text-body-secondary">{t('live.detail.noSubmissions')}</p>
            ) : (
              <ul className="small ps-3">
                {cells.map((c) => (
                  <li key={c.suuid}>
                    <a href={`#/program/submission/${c.suuid}`}>{lessons[c.luuid] ?? c.luuid}</a> ·{' '}
                    {t(`state.${c.state}`)}
                    {c.grade !== null && ` · ${c.grade}`}
                  </li>
                ))}
              </ul>
            )}
          </section>
        </div>
      </Modal.Body>
      <Modal.Footer>
        <button
          type="button"
          className="btn btn-outline-danger"
          onClick={() =>
            void lead(() => teacherLive.stop([seat.email])).then(
              (ok) => ok && showToast('success', t('live.stopSent')),
            )
          }
        >
          {t('live.stop')}
        </button>
        <button type="button" className="btn btn-primary" onClick={onClose}>
          {t('close')}
        </button>
      </Modal.Footer>
    </Modal>
  );
}
