// The teacher's side of a live class (docs/classroom.md "Live classroom"): starts the
// session, follows the class's event stream (the session, hands up, the roster), logs in to
// the broker and reads every student's program and board topics, putting deltas back
// together (a delta it cannot place asks the class for a sync, at most once a second). It
// leads the class through the server's calls: stop the boards, eyes on me, resolve a hand,
// end. Framework-free: the UI reads `subscribe` snapshots through one adapter, which hears
// at most one change per `notifyEveryMs` however many messages arrive.
import {
  LIVE_FULL_EVERY_MS,
  LIVE_PROGRAM_EVERY_MS,
  LIVE_SILENT_MS,
  liveTopics,
  parseStudentTopic,
  type Comment,
  type LiveBoardMessage,
  type LiveBoardState,
  type LiveProgramMessage,
  type LiveState,
} from '../../contract/live-class.ts';
import { StateHolder } from '../../core/state-holder.ts';
import { ProgramSender, receiveBoard, receiveProgram, type LiveProgram } from './deltas.ts';
import { followEvents, type StreamStatus } from './follow-events.ts';
import type { LiveApi } from './live-api.ts';
import { openLiveLink, type LinkStatus, type LiveLink, type MqttConnect } from './live-link.ts';
import type { ProgramNow } from './student-live.ts';

/** How often a broadcasting teacher's page looks for a changed program. */
const BROADCAST_LOOK_MS = 200;

export interface LiveSeat {
  email: string;
  name: string;
  key: string;
  program: LiveProgram | null;
  board: LiveBoardState | null;
  /** When the last message of this student arrived (this page's clock), or null. */
  seenAt: number | null;
  /** The student's app said it left (its broker will). */
  gone: boolean;
}

export interface TeacherLiveState {
  classUuid: string | null;
  live: LiveState | null;
  stream: StreamStatus | 'off';
  link: LinkStatus | 'off';
  /** The session could not start (the API client showed why). */
  failed: boolean;
  seats: LiveSeat[];
  /** This page sends its program to the class (the teacher's broadcast). */
  broadcasting: boolean;
}

interface TeacherLiveDeps {
  api: Pick<
    LiveApi,
    | 'events'
    | 'eventsUrl'
    | 'start'
    | 'join'
    | 'state'
    | 'stop'
    | 'eyes'
    | 'resolveHand'
    | 'end'
    | 'broadcast'
    | 'handout'
  >;
  /** The teacher's open program (what a broadcast shows). */
  program?: () => ProgramNow;
  origin: string;
  connect?: MqttConnect;
  now?: () => number;
  notifyEveryMs?: number;
  /** Hears every student message placed on a seat (the bench times delivery with it). */
  onReceive?: (seat: LiveSeat, kind: 'p' | 'b') => void;
}

const initial = (): TeacherLiveState => ({
  classUuid: null,
  live: null,
  stream: 'off',
  link: 'off',
  failed: false,
  seats: [],
  broadcasting: false,
});

/** Online: heard from within LIVE_SILENT_MS and not gone. */
export function seatOnline(seat: LiveSeat, now: number): boolean {
  return !seat.gone && seat.seenAt !== null && now - seat.seenAt < LIVE_SILENT_MS;
}

export class TeacherLive {
  private readonly holder = new StateHolder<TeacherLiveState>(initial());
  private abort: AbortController | null = null;
  private link: LiveLink | null = null;
  private base = '';
  private joining = false;
  private seats = new Map<string, LiveSeat>();
  private notifyTimer: ReturnType<typeof setTimeout> | null = null;
  private lastSyncAsk = 0;
  private readonly now: () => number;
  private readonly sender = new ProgramSender();
  private broadcastTimer: ReturnType<typeof setInterval> | null = null;
  private broadcastFull = 0;
  private broadcastChangedAt = 0;

  constructor(private readonly deps: TeacherLiveDeps) {
    this.now = deps.now ?? Date.now;
  }

  private get state(): TeacherLiveState {
    return this.holder.get();
  }

  /** Calls `listener` with the state now and after every change; returns the unsubscribe. */
  subscribe(listener: (s: TeacherLiveState) => void): () => void {
    return this.holder.subscribe(listener, { now: true });
  }

  snapshot(): TeacherLiveState {
    return this.holder.get();
  }

  private set(patch: Partial<TeacherLiveState>): void {
    this.holder.patch(patch);
  }

  /** Seats changed: the listeners hear it once per notifyEveryMs. */
  private seatsChanged(): void {
    if (this.notifyTimer) return;
    this.notifyTimer = setTimeout(() => {
      this.notifyTimer = null;
      this.set({ seats: this.orderedSeats() });
    }, this.deps.notifyEveryMs ?? 100);
  }

  private orderedSeats(live = this.state.live): LiveSeat[] {
    const order = live?.students ?? [];
    return order.map((s) => this.seats.get(s.key)).filter((s): s is LiveSeat => s !== undefined);
  }

  private readonly commentListeners = new Set<(comment: Comment) => void>();

  /** Hears each comment written or resolved in the class (by any teacher or the student). */
  onComment(listener: (comment: Comment) => void): () => void {
    this.commentListeners.add(listener);
    return () => this.commentListeners.delete(listener);
  }

  /** The live view is on screen (a broadcast may outlive it). */
  private viewOpen = false;

  /**
   * The live view closed: the session's stream and link close too, unless this page is
   * broadcasting (then when the broadcast stops).
   */
  leaveView(): void {
    this.viewOpen = false;
    if (!this.state.broadcasting) this.close();
  }

  /** Starts (or joins) the class's live session and watches it until `close`. */
  async open(classUuid: string): Promise<void> {
    this.viewOpen = true;
    if (this.state.classUuid === classUuid) return;
    this.close();
    this.set({ ...initial(), classUuid, stream: 'connecting' });
    try {
      const live = await this.deps.api.start(classUuid);
      if (this.state.classUuid !== classUuid) return;
      this.applyState(live);
    } catch {
      if (this.state.classUuid === classUuid) this.set({ failed: true, stream: 'off' });
      return;
    }
    const abort = new AbortController();
    this.abort = abort;
    void followEvents(this.deps.api, classUuid, abort.signal, {
      onEvent: (event) => {
        if (event.type === 'state') this.applyState(event.state);
        else if (event.type === 'roster') void this.reloadState(classUuid);
        else if (event.type === 'comment') for (const l of this.commentListeners) l(event.comment);
      },
      onStatus: (stream) => {
        if (!abort.signal.aborted) this.set({ stream });
      },
    });
  }

  private async reloadState(classUuid: string): Promise<void> {
    try {
      const live = await this.deps.api.state(classUuid, { quiet: true });
      if (this.state.classUuid === classUuid) this.applyState(live);
    } catch {
      // The next state event brings it.
    }
  }

  private applyState(live: LiveState): void {
    const next = new Map<string, LiveSeat>();
    for (const s of live.students) {
      const known = this.seats.get(s.key);
      next.set(s.key, known ?? { ...s, program: null, board: null, seenAt: null, gone: false });
    }
    this.seats = next;
    this.set({ live, seats: this.orderedSeats(live) });
    // Another teacher (or the session's end) stopped the broadcast.
    if (this.state.broadcasting && (!live.active || !live.broadcast)) this.stopSending();
    if (live.active) void this.connect();
    else this.disconnect();
  }

  private async connect(): Promise<void> {
    const classUuid = this.state.classUuid;
    if (this.link || this.joining || !classUuid) return;
    this.joining = true;
    try {
      const login = await this.deps.api.join(classUuid, { quiet: true });
      if (this.state.classUuid !== classUuid || !this.state.live?.active) return;
      this.base = login.base;
      const t = liveTopics(login.base);
      this.link = await openLiveLink(
        login,
        this.deps.origin,
        {
          subscribe: [t.anyStudent],
          onStatus: (link) => {
            this.set({ link });
            // Nothing is retained on the broker: ask every student for its whole state.
            if (link === 'online') {
              this.askSync(true);
              this.sendBroadcast(true);
            }
            if (link === 'refused') {
              this.disconnect();
              setTimeout(() => {
                if (this.state.live?.active && this.state.classUuid === classUuid) {
                  void this.connect();
                }
              }, 1000);
            }
          },
          onMessage: (topic, payload) => this.onMessage(topic, payload),
        },
        this.deps.connect,
      );
    } catch {
      this.set({ link: 'reconnecting' });
      setTimeout(() => {
        if (this.state.live?.active && !this.link && this.state.classUuid === classUuid) {
          void this.connect();
        }
      }, 3000);
    } finally {
      this.joining = false;
    }
  }

  private askSync(force = false): void {
    const now = this.now();
    if (!force && now - this.lastSyncAsk < 1000) return;
    this.lastSyncAsk = now;
    this.link?.publish(liveTopics(this.base).sync, '{}');
  }

  private onMessage(topic: string, payload: string): void {
    const parsed = parseStudentTopic(this.base, topic);
    if (!parsed) return;
    const seat = this.seats.get(parsed.key);
    if (!seat) return;
    let message: unknown;
    try {
      message = JSON.parse(payload);
    } catch {
      return;
    }
    if (typeof message !== 'object' || message === null) return;
    let next: LiveSeat;
    if (parsed.kind === 'p') {
      const program = receiveProgram(seat.program, message as LiveProgramMessage);
      if (!program) {
        this.askSync();
        return;
      }
      next = { ...seat, program, seenAt: this.now(), gone: false };
    } else {
      const m = message as LiveBoardMessage;
      if (m.gone) {
        next = { ...seat, gone: true };
      } else {
        const board = receiveBoard(seat.board, m);
        if (!board) {
          this.askSync();
          return;
        }
        next = { ...seat, board, seenAt: this.now(), gone: false };
      }
    }
    // A student who just came (or came back) gets the broadcast whole.
    if (!seatOnline(seat, this.now()) && !next.gone) this.wantFull = true;
    this.seats.set(parsed.key, next);
    this.deps.onReceive?.(next, parsed.kind);
    this.seatsChanged();
  }

  private disconnect(): void {
    this.link?.close();
    this.link = null;
    if (this.state.link !== 'off') this.set({ link: 'off' });
  }

  /** Stops the live view (the session ends by itself 15 minutes later). */
  close(): void {
    const uuid = this.state.classUuid;
    if (uuid && this.state.broadcasting) {
      // Nobody is left to send it: the students' broadcast pane closes.
      void this.deps.api.broadcast(uuid, false, '', { quiet: true }).catch(() => {});
    }
    this.stopSending();
    this.abort?.abort();
    this.abort = null;
    this.disconnect();
    if (this.notifyTimer) clearTimeout(this.notifyTimer);
    this.notifyTimer = null;
    this.seats.clear();
    if (this.state.classUuid) this.set(initial());
  }

  private classUuid(): string {
    const uuid = this.state.classUuid;
    if (!uuid) throw new Error('no live class open');
    return uuid;
  }

  /** Stops every student's board, or only these students'. */
  async stop(emails?: string[]): Promise<void> {
    await this.deps.api.stop(this.classUuid(), emails);
  }

  /** Covers the students' editors with `message` for `minutes` (0 ends it). */
  async eyes(message: string, minutes: number): Promise<void> {
    const live = await this.deps.api.eyes(this.classUuid(), message, minutes);
    this.applyState(live);
  }

  async resolveHand(email: string): Promise<void> {
    const live = await this.deps.api.resolveHand(this.classUuid(), email);
    this.applyState(live);
  }

  /**
   * Starts or stops showing this page's program to the class: read-only beside each
   * student's own, live (at most once a second, the whole program every 10 s and to a
   * student who comes).
   */
  async broadcast(on: boolean): Promise<void> {
    const uuid = this.classUuid();
    const program = this.deps.program;
    if (on && !program) throw new Error('no program to broadcast');
    const live = await this.deps.api.broadcast(uuid, on, on && program ? program().name : '');
    if (this.state.classUuid !== uuid) return;
    if (on) {
      this.sender.reset();
      this.broadcastFull = 0;
      this.set({ broadcasting: true });
      this.sendBroadcast(true);
      this.broadcastTimer ??= setInterval(
        () => this.sendBroadcast(this.wantFull),
        BROADCAST_LOOK_MS,
      );
    } else {
      this.stopSending();
    }
    this.applyState(live);
    if (!on && !this.viewOpen) this.close();
  }

  private stopSending(): void {
    if (this.broadcastTimer) clearInterval(this.broadcastTimer);
    this.broadcastTimer = null;
    if (this.state.broadcasting) this.set({ broadcasting: false });
  }

  private lastBroadcast: ProgramNow | null = null;
  /** A student came: the next broadcast message is whole (at most one a second). */
  private wantFull = false;
  private broadcastSentAt = 0;

  private sendBroadcast(full: boolean): void {
    const link = this.link;
    const program = this.deps.program;
    if (!this.state.broadcasting || !program || !link || link.status !== 'online') return;
    const now = this.now();
    if (now - this.broadcastSentAt < LIVE_PROGRAM_EVERY_MS && !(full && !this.wantFull)) return;
    const current = program();
    const last = this.lastBroadcast;
    if (!last || last.xml !== current.xml || last.logo !== current.logo) {
      this.broadcastChangedAt = now;
    }
    this.lastBroadcast = current;
    const whole = full || now - this.broadcastFull >= LIVE_FULL_EVERY_MS;
    const message = this.sender.next(
      { at: this.broadcastChangedAt, luuid: null, compile: null, ...current },
      whole,
    );
    if (whole) {
      this.broadcastFull = now;
      this.wantFull = false;
    }
    if (!message) return;
    this.broadcastSentAt = now;
    link.publish(liveTopics(this.base).broadcast, JSON.stringify(message));
  }

  /**
   * Hands a program file out to every student of the class, or only these; each student's
   * open program is kept as a version first.
   */
  async handout(code: string, name: string, emails?: string[]): Promise<number | null> {
    const out = await this.deps.api.handout(this.classUuid(), code, name, emails);
    return out.emails?.length ?? null;
  }

  /** Ends the session for everyone (nothing of it is kept). */
  async end(): Promise<void> {
    const live = await this.deps.api.end(this.classUuid());
    this.applyState(live);
  }
}
