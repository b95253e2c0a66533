// A lab station (docs/remote-lab.md "Stations"): bridges one board to the remote-lab broker
// for whoever holds it. The same class runs in `npm run lab-station` (the virtual board in
// Node) and in the station page (a USB board over WebHID, or the page's virtual board).
//
// - It registers the board: retained presence (online, board type, version, firmware, the
//   answer byte, the session it serves) every 2 s and at once on a change; the broker's will
//   says offline when the station vanishes.
// - It follows `control`: when a new session gets the board, the board is quieted (program
//   stopped, motors off, answer cleared) so every student starts alike.
// - It forwards the holder's commands (not firmware, Wi-Fi credentials or the flash pointer)
//   and runs paced sequences on its own clock; a download is journaled, and a station that
//   dies mid-download writes the last complete program back when it starts again, so no
//   half-written program ever runs.
// - It streams the board's reports to the holder: status at most every 50 ms, everything
//   else at once.
// - It reconnects every 5 s after a broker loss.
import {
  keyOfTopic,
  labTopics,
  parseControl,
  type StationPresence,
} from '../../contract/lab-topics.ts';
import {
  BROKER_RECONNECT_MS,
  STATION_ALIVE_MS,
  STATUS_FORWARD_MS,
} from '../../contract/remote-lab.ts';
import type { Transport } from '../../device/transport.ts';
import { TimerPacer, type Pacer } from '../../device/protocol/pacer.ts';
import {
  decodeDown,
  encodePing,
  encodeProgress,
  encodeReports,
  encodeSequenceEnd,
  SequenceStatus,
  type PacedPayload,
} from '../../device/remote/wire.ts';
import { MqttLink, type MqttConnect } from '../../net/mqtt-link.ts';

/** What a station needs from the server (src/contract/remote-lab.ts StationGrant). */
export interface StationAccess {
  board_id: string;
  /** ws(s):// URL of the broker. */
  url: string;
  username: string;
  password: string;
  base: string;
}

/** The last complete program, kept where the station runs (a file, local storage). */
export interface JournalState {
  committed: { image: number[]; autorun: boolean } | null;
  /** A download started and did not finish. */
  pending: boolean;
}

export interface ProgramJournal {
  load(): Promise<JournalState | null>;
  save(state: JournalState): Promise<void>;
}

const memoryJournal = (): ProgramJournal => {
  let state: JournalState | null = null;
  return {
    load: () => Promise.resolve(state),
    save: (s) => {
      state = structuredClone(s);
      return Promise.resolve();
    },
  };
};

export type StationEvent =
  | { type: 'broker'; connected: boolean }
  | { type: 'session'; id: number | null }
  | { type: 'board'; board: StationPresence['board'] }
  | { type: 'answer'; answer: number }
  | { type: 'download'; done: number; total: number }
  | { type: 'download-end'; ok: boolean }
  | { type: 'restored'; bytes: number }
  | { type: 'refused'; category: number; command: number };

interface StationOptions {
  access: StationAccess;
  board: Transport;
  /** The caller opened the board already (a USB chooser must run in the user's click). */
  boardOpen?: boolean;
  journal?: ProgramJournal;
  /** Shown on the labs page: "node-virtual", "browser-webhid", "browser-virtual". */
  kind: string;
  connect?: MqttConnect;
  /** New broker access after the broker refused the old one (the server rotated it). */
  renew?: () => Promise<StationAccess>;
  /** Paces sequences for boards without a clock of their own (WebHID). */
  pacer?: Pacer;
  onEvent?: (e: StationEvent) => void;
  reconnectMs?: number;
  aliveMs?: number;
  statusForwardMs?: number;
}

/** Commands a holder may not send through a station (docs/remote-lab.md "What a station forwards"). */
function isForwardable(payload: Uint8Array): boolean {
  const [category, command] = [payload[0], payload[1]];
  if (category === 0) return command !== 201 && command !== 202;
  // MEM_SET_POINTER aims at the firmware area; 10/11 set the board's Wi-Fi credentials.
  if (category === 1) return command !== 2 && command !== 10 && command !== 11;
  return category === 2 || category === 20;
}

const isStatus = (r: Uint8Array) => r[0] === 0 && r.length >= 35;
/** GoGo 6 (4) and GoGo 7 (6) report the answer byte (docs/builtin-sensors.md). */
const hasAnswer = (type: number) => type === 4 || type === 6;

const STOP = Uint8Array.of(0, 13, 0);
const AUTORUN_OFF = Uint8Array.of(0, 12, 0);
const ALL_PORTS = Uint8Array.of(0, 7, 15);
const MOTORS_OFF = Uint8Array.of(0, 2, 0, 0);
const CLEAR_ANSWER = Uint8Array.of(0, 105);
/** How long after a new session the board's old answer is not believed. */
const ANSWER_SETTLE_MS = 500;

/** A download: MEM_LOGO_SET_POINTER, then MEM_WRITE chunks (board-protocol §4). */
function downloadOf(items: readonly PacedPayload[]): { image: number[]; autorun: boolean } | null {
  const first = items[0]?.payload;
  if (!first || first[0] !== 1 || first[1] !== 1) return null;
  const image: number[] = [];
  let autorun = false;
  for (const { payload: p } of items) {
    if (p[0] === 1 && p[1] === 3) image.push(...p.subarray(3, 3 + (p[2] ?? 0)));
    if (p[0] === 0 && p[1] === 12) autorun = p[2] === 1;
  }
  return { image, autorun };
}

/** The download that writes `image` back (board-protocol §4, 10 ms between chunks). */
function restoreSequence(image: readonly number[], autorun: boolean): PacedPayload[] {
  const items: PacedPayload[] = [
    { payload: STOP, gapMs: 0 },
    { payload: AUTORUN_OFF, gapMs: 0 },
    { payload: Uint8Array.of(1, 1, 0, 0), gapMs: 0 },
  ];
  const data = image.length > 0 ? image : [0];
  for (let at = 0; at < data.length; at += 60) {
    const chunk = data.slice(at, at + 60);
    items.push({ payload: Uint8Array.of(1, 3, chunk.length, ...chunk), gapMs: at === 0 ? 0 : 10 });
  }
  items.push({ payload: Uint8Array.of(0, 12, autorun ? 1 : 0), gapMs: 15 });
  return items;
}

export class LabStation {
  private client: MqttLink | null = null;
  private access: StationAccess;
  private session: { key: string; id: number } | null = null;
  private board: StationPresence['board'] = null;
  private answer = 0;
  private answerSettlesAt = 0;
  private pending: Uint8Array[] = [];
  private latestStatus: Uint8Array | null = null;
  private lastStatusSent = 0;
  private flushTimer: ReturnType<typeof setTimeout> | null = null;
  private aliveTimer: ReturnType<typeof setInterval> | null = null;
  private reopenTimer: ReturnType<typeof setInterval> | null = null;
  private sequenceRunning = false;
  private stopped = false;
  private unsubscribe: (() => void)[] = [];
  private readonly journal: ProgramJournal;
  private readonly pacer: Pacer;

  constructor(private readonly options: StationOptions) {
    this.access = options.access;
    this.journal = options.journal ?? memoryJournal();
    this.pacer = options.pacer ?? new TimerPacer();
  }

  get sessionId(): number | null {
    return this.session?.id ?? null;
  }

  get connected(): boolean {
    return this.client?.connected ?? false;
  }

  /** Opens the board, puts back a complete program if a download was cut, joins the broker. */
  async start(): Promise<void> {
    const { board } = this.options;
    this.unsubscribe = [
      board.on('report', (r) => this.onReport(r)),
      board.on('close', () => this.onBoardGone()),
    ];
    if (!this.options.boardOpen) await board.open();
    await this.recover();
    await this.connect();
    this.aliveTimer = setInterval(() => this.tick(), this.options.aliveMs ?? STATION_ALIVE_MS);
  }

  /** Leaves the broker (presence says offline) and closes the board. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.aliveTimer) clearInterval(this.aliveTimer);
    if (this.reopenTimer) clearInterval(this.reopenTimer);
    if (this.flushTimer) clearTimeout(this.flushTimer);
    const client = this.client;
    this.client = null;
    if (client?.connected) {
      await client
        .publish(labTopics(this.access.base).presence, this.presenceText(false), {
          qos: 1,
          retain: true,
        })
        .catch(() => {});
    }
    await client?.close();
    this.unsubscribe.forEach((u) => u());
    await this.options.board.close();
  }

  /** A download cut short last time: write the last complete program back. */
  private async recover(): Promise<void> {
    const state = await this.journal.load();
    if (!state?.pending) return;
    const committed = state.committed;
    const items = restoreSequence(committed?.image ?? [], committed?.autorun ?? false);
    await this.runOnBoard(items, () => {});
    await this.journal.save({ committed, pending: false });
    this.emit({ type: 'restored', bytes: committed?.image.length ?? 0 });
  }

  private async connect(): Promise<void> {
    const t = labTopics(this.access.base);
    const link = await MqttLink.open({
      url: this.access.url,
      username: this.access.username,
      password: this.access.password,
      subscribe: [t.control, t.anyDown],
      subscribeQos: 1,
      reconnectMs: this.options.reconnectMs ?? BROKER_RECONNECT_MS,
      will: { topic: t.presence, payload: this.presenceText(false), qos: 1, retain: true },
      ...(this.options.connect ? { connect: this.options.connect } : {}),
      // Without newer access the client keeps trying the old login.
      onRefused: this.options.renew ? 'end' : 'retry',
      onStatus: (status) => {
        if (status === 'online') {
          this.emit({ type: 'broker', connected: true });
          this.publishPresence();
        } else if (status === 'offline') {
          this.emit({ type: 'broker', connected: false });
        } else if (status === 'refused') {
          // The server gave this station newer access (or removed the lab): ask again.
          void this.renew();
        }
      },
      onMessage: (topic, payload) => {
        if (topic === t.control) this.onControl(payload);
        else this.onDown(topic, payload);
      },
    });
    if (this.stopped) return void link.close();
    this.client = link;
  }

  private async renew(): Promise<void> {
    const renew = this.options.renew;
    if (!renew || this.stopped) return;
    const old = this.client;
    this.client = null;
    await old?.close();
    try {
      this.access = await renew();
    } catch {
      // The server is unreachable too: try again at the next broker error.
    }
    if (!this.stopped) await this.connect();
  }

  // ---- Board → holder --------------------------------------------------------------------

  private onReport(r: Uint8Array): void {
    if (isStatus(r)) {
      const board = { type: r[17] ?? 0, version: r[18] ?? 0, firmware: r[20] ?? 0 };
      let answer = hasAnswer(board.type) ? (r[34] ?? 0) : 0;
      if (Date.now() < this.answerSettlesAt) {
        // The old session's answer may still be in flight; believe only the cleared value.
        if (answer === 0) this.answerSettlesAt = 0;
        else answer = 0;
      }
      const changed =
        !this.board ||
        this.board.type !== board.type ||
        this.board.version !== board.version ||
        this.board.firmware !== board.firmware;
      this.board = board;
      if (changed) this.emit({ type: 'board', board });
      if (changed || answer !== this.answer) {
        if (answer !== this.answer) this.emit({ type: 'answer', answer });
        this.answer = answer;
        this.publishPresence();
      }
      if (!this.session) return;
      this.latestStatus = r;
      this.scheduleFlush(
        Math.max(
          0,
          (this.options.statusForwardMs ?? STATUS_FORWARD_MS) - (Date.now() - this.lastStatusSent),
        ),
      );
      return;
    }
    if (!this.session) return;
    this.pending.push(r);
    // Bursts (a data log read) leave together.
    this.scheduleFlush(2);
  }

  private scheduleFlush(ms: number): void {
    if (this.flushTimer) return;
    this.flushTimer = setTimeout(() => {
      this.flushTimer = null;
      this.flush();
    }, ms);
  }

  private flush(): void {
    const client = this.client;
    const session = this.session;
    if (!client?.connected || !session) {
      this.pending = [];
      this.latestStatus = null;
      return;
    }
    const reports = this.pending;
    this.pending = [];
    if (this.latestStatus) {
      reports.push(this.latestStatus);
      this.latestStatus = null;
      this.lastStatusSent = Date.now();
    }
    if (reports.length === 0) return;
    // Frames stay well under the broker's limits: at most 1000 reports each.
    for (let i = 0; i < reports.length; i += 1000) {
      client.post(
        labTopics(this.access.base).up(session.key),
        encodeReports(reports.slice(i, i + 1000)),
      );
    }
  }

  private onBoardGone(): void {
    this.board = null;
    this.emit({ type: 'board', board: null });
    this.publishPresence();
    const board = this.options.board;
    if (this.reopenTimer || !board.restore) return;
    // A USB board that comes back is picked up again.
    this.reopenTimer = setInterval(() => {
      void board.restore?.().then((ok) => {
        if (ok && this.reopenTimer) {
          clearInterval(this.reopenTimer);
          this.reopenTimer = null;
        }
      });
    }, this.options.reconnectMs ?? BROKER_RECONNECT_MS);
  }

  // ---- Server → station ------------------------------------------------------------------

  private onControl(payload: Uint8Array): void {
    const control = parseControl(payload);
    if (!control) return;
    const next = control.session ? { key: control.session.key, id: control.session.id } : null;
    if (next?.key === this.session?.key) return;
    this.session = next;
    this.pending = [];
    this.latestStatus = null;
    this.emit({ type: 'session', id: next?.id ?? null });
    if (next) {
      // Every holder starts with a quiet board and no answer.
      this.answer = 0;
      this.answerSettlesAt = Date.now() + ANSWER_SETTLE_MS;
      for (const p of [STOP, ALL_PORTS, MOTORS_OFF, CLEAR_ANSWER]) {
        this.options.board.write(p).catch(() => {});
      }
    }
    this.publishPresence();
  }

  // ---- Holder → board --------------------------------------------------------------------

  private onDown(topic: string, payload: Uint8Array): void {
    const key = keyOfTopic(topic);
    const session = this.session;
    // Only the current holder's frames reach the board.
    if (!session || key !== session.key) return;
    const frame = decodeDown(payload);
    if (!frame) return;
    if (frame.type === 'command') {
      if (!isForwardable(frame.payload)) {
        this.emit({
          type: 'refused',
          category: frame.payload[0] ?? 0,
          command: frame.payload[1] ?? 0,
        });
        return;
      }
      this.options.board.write(frame.payload).catch(() => {});
      return;
    }
    void this.runSequence(session.key, frame.id, frame.items);
  }

  private reply(key: string, frame: Uint8Array): void {
    this.client?.post(labTopics(this.access.base).up(key), frame, { qos: 1 });
  }

  private async runSequence(key: string, id: number, items: PacedPayload[]): Promise<void> {
    if (this.sequenceRunning) {
      this.reply(key, encodeSequenceEnd(id, SequenceStatus.busy));
      return;
    }
    if (!items.every((it) => isForwardable(it.payload))) {
      this.reply(key, encodeSequenceEnd(id, SequenceStatus.refused));
      return;
    }
    this.sequenceRunning = true;
    const download = downloadOf(items);
    const total = items.length;
    let lastProgress = 0;
    // A board behind a worker reports progress on a channel of its own, which may deliver
    // the last report after the write has resolved: progress after the end is stale.
    let ended = false;
    const progress = (done: number) => {
      if (ended) return;
      const now = Date.now();
      if (done < total && now - lastProgress < 50) return;
      lastProgress = now;
      this.reply(key, encodeProgress(id, done, total));
      if (download) this.emit({ type: 'download', done, total });
    };
    try {
      let run = items;
      let skip = 0;
      if (download) {
        const before = await this.journal.load();
        await this.journal.save({ committed: before?.committed ?? null, pending: true });
        // Nothing runs while the program area holds part of the new program.
        run = [{ payload: STOP, gapMs: 0 }, { payload: AUTORUN_OFF, gapMs: 0 }, ...items];
        skip = 2;
      }
      await this.runOnBoard(run, (done) => progress(Math.max(0, done - skip)));
      ended = true;
      if (download) {
        await this.journal.save({ committed: download, pending: false });
        this.emit({ type: 'download-end', ok: true });
      }
      this.reply(key, encodeSequenceEnd(id, SequenceStatus.done));
    } catch {
      ended = true;
      if (download) this.emit({ type: 'download-end', ok: false });
      this.reply(key, encodeSequenceEnd(id, SequenceStatus.failed));
    } finally {
      this.sequenceRunning = false;
    }
  }

  private async runOnBoard(items: PacedPayload[], onDone: (done: number) => void): Promise<void> {
    const board = this.options.board;
    const payloads = items.map((i) => i.payload);
    const gaps = items.map((i) => i.gapMs);
    if (board.writePaced) {
      await board.writePaced(payloads, gaps, (done) => onDone(done));
    } else {
      await this.pacer.run(
        gaps,
        (i) => board.write(payloads[i] ?? STOP),
        (done) => onDone(done),
      );
    }
  }

  // ---- Presence --------------------------------------------------------------------------

  private tick(): void {
    this.publishPresence();
    if (this.session && this.client?.connected) this.reply(this.session.key, encodePing());
  }

  private presenceText(online: boolean): string {
    const p: StationPresence = {
      online,
      board: online ? this.board : null,
      answer: online ? this.answer : 0,
      session: online ? (this.session?.key ?? null) : null,
      kind: this.options.kind,
    };
    return JSON.stringify(p);
  }

  private publishPresence(): void {
    const client = this.client;
    if (!client?.connected) return;
    client.post(labTopics(this.access.base).presence, this.presenceText(true), {
      qos: 1,
      retain: true,
    });
  }

  private emit(e: StationEvent): void {
    this.options.onEvent?.(e);
  }
}
