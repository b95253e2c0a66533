// The student's side of a live class (docs/classroom.md "Live classroom"). While a lesson of
// the class is open in the editor it follows the class's event stream; while the session is
// on it logs in to the broker and sends the program (at most once a second: one splice of
// the text, the whole program every 10 s and when a teacher asks) and the board (at most
// twice a second, the fields that changed). It carries out what the teacher sends: stop the
// board over whatever link the student uses, open a handed-out program (the current one is
// kept as a version), and it keeps the teacher's broadcast program and comments for the UI.
// Framework-free: the UI reads `subscribe` snapshots through one adapter.
import {
  LIVE_BOARD_EVERY_MS,
  LIVE_FULL_EVERY_MS,
  LIVE_PROGRAM_EVERY_MS,
  liveTopics,
  type Comment,
  type LiveBoardState,
  type LiveCompile,
  type LiveEvent,
  type LiveProgramMessage,
  type LiveState,
} from '../../contract/live-class.ts';
import { StateHolder } from '../../core/state-holder.ts';
import { BoardSender, ProgramSender, receiveProgram, type LiveProgram } from './deltas.ts';
import { followEvents, type StreamStatus } from './follow-events.ts';
import type { LiveApi } from './live-api.ts';
import { openLiveLink, type LinkStatus, type LiveLink, type MqttConnect } from './live-link.ts';

/** How often the student's app looks for a changed program or board. */
const LOOK_EVERY_MS = 200;

export interface ProgramNow {
  xml: string;
  logo: string;
  mode: 'blocks' | 'logo';
  name: string;
}

interface StudentLiveDeps {
  api: Pick<
    LiveApi,
    'events' | 'eventsUrl' | 'join' | 'hand' | 'comments' | 'resolveComment' | 'state'
  >;
  /** The page's origin (a broker path is on it). */
  origin: string;
  connect?: MqttConnect;
  program(): ProgramNow;
  compile(logo: string): Promise<LiveCompile>;
  board(): LiveBoardState;
  /** Stops the board's program and turns its motors off, over its own link. */
  stopBoard(): Promise<void>;
  /**
   * Opens a handed-out program, keeping the current one as a version; without it a
   * handed-out program is not taken (the app cannot keep the student's program yet).
   */
  handout?(code: string, name: string, by: string): void;
  now?: () => number;
}

export interface StudentLiveState {
  classUuid: string | null;
  luuid: string | null;
  live: LiveState | null;
  stream: StreamStatus | 'off';
  link: LinkStatus | 'off';
  /** The student was removed from the class during the session. */
  removed: boolean;
  /** The teacher's broadcast program, while there is one. */
  broadcast: LiveProgram | null;
  comments: Comment[];
  /** When the teacher last stopped this board. */
  stoppedAt: number | null;
  handedOut: { name: string; by: string; at: number } | null;
}

const initial = (): StudentLiveState => ({
  classUuid: null,
  luuid: null,
  live: null,
  stream: 'off',
  link: 'off',
  removed: false,
  broadcast: null,
  comments: [],
  stoppedAt: null,
  handedOut: null,
});

export class StudentLive {
  private readonly holder = new StateHolder<StudentLiveState>(initial());
  private abort: AbortController | null = null;
  private link: LiveLink | null = null;
  private joining = false;
  private timers: ReturnType<typeof setInterval>[] = [];
  private readonly programs = new ProgramSender();
  private readonly boards = new BoardSender();
  private lastFull = 0;
  private lastProgram: ProgramNow | null = null;
  private changedAt = 0;
  private compiled: { logo: string; result: LiveCompile | null } | null = null;
  private readonly now: () => number;

  constructor(private readonly deps: StudentLiveDeps) {
    this.now = deps.now ?? Date.now;
  }

  private get state(): StudentLiveState {
    return this.holder.get();
  }

  /** Calls `listener` with the state now and after every change; returns the unsubscribe. */
  subscribe(listener: (s: StudentLiveState) => void): () => void {
    return this.holder.subscribe(listener, { now: true });
  }

  snapshot(): StudentLiveState {
    return this.holder.get();
  }

  private set(patch: Partial<StudentLiveState>): void {
    this.holder.patch(patch);
  }

  /** Takes part in the class's live session while this lesson is open (null: none). */
  follow(classUuid: string | null, luuid: string | null): void {
    if (classUuid === this.state.classUuid && luuid === this.state.luuid) return;
    this.leave();
    if (!classUuid) return;
    this.set({ ...initial(), classUuid, luuid, stream: 'connecting' });
    const abort = new AbortController();
    this.abort = abort;
    void followEvents(this.deps.api, classUuid, abort.signal, {
      onEvent: (event) => this.onEvent(event),
      onStatus: (stream) => {
        if (!abort.signal.aborted) this.set({ stream });
      },
    });
    if (luuid) void this.loadComments(classUuid, luuid);
  }

  private async loadComments(classUuid: string, luuid: string): Promise<void> {
    try {
      const list = await this.deps.api.comments(classUuid, luuid, null, { quiet: true });
      if (this.state.classUuid === classUuid) this.set({ comments: list.data });
    } catch {
      // Comments come again with the next one the teacher writes.
    }
  }

  /** Stops taking part (the lesson closed, sign-out). */
  leave(): void {
    this.abort?.abort();
    this.abort = null;
    this.disconnect();
    if (this.state.classUuid) this.set(initial());
  }

  private onEvent(event: LiveEvent): void {
    switch (event.type) {
      case 'state':
        this.set({
          live: event.state,
          ...(event.state.broadcast ? {} : { broadcast: null }),
        });
        if (event.state.active && event.state.me) void this.connect();
        else this.disconnect();
        return;
      case 'stop':
        // The board first: telling the UI re-renders the page, which the board need not wait for.
        void this.deps.stopBoard().catch(() => {});
        this.set({ stoppedAt: event.at });
        return;
      case 'handout':
        if (!this.deps.handout) return;
        this.deps.handout(event.code, event.name, event.by);
        this.set({ handedOut: { name: event.name, by: event.by, at: this.now() } });
        return;
      case 'comment': {
        if (event.comment.luuid !== this.state.luuid) return;
        const others = this.state.comments.filter((c) => c.id !== event.comment.id);
        this.set({ comments: [...others, event.comment] });
        return;
      }
      case 'removed':
        this.disconnect();
        this.set({ removed: true, live: null, broadcast: null });
        return;
      case 'roster':
        return;
    }
  }

  private async connect(): Promise<void> {
    const classUuid = this.state.classUuid;
    if (this.link || this.joining || !classUuid) return;
    this.joining = true;
    try {
      const login = await this.deps.api.join(classUuid, { quiet: true });
      if (this.state.classUuid !== classUuid || !this.state.live?.active) return;
      const t = liveTopics(login.base);
      this.goneTopic = t.board(login.key);
      this.programs.reset();
      this.boards.reset();
      this.link = await openLiveLink(
        login,
        this.deps.origin,
        {
          subscribe: [t.sync, t.broadcast],
          will: {
            topic: t.board(login.key),
            payload: JSON.stringify({ seq: 0, at: 0, gone: true }),
          },
          onStatus: (link) => {
            this.set({ link });
            if (link === 'online') this.sendAll(login.base, login.key, true);
            if (link === 'refused') {
              // The login ended (the session restarted): a new one, if still live.
              this.disconnect();
              setTimeout(() => {
                if (this.state.live?.active) void this.connect();
              }, 1000);
            }
          },
          onMessage: (topic, payload) => this.onMessage(login.base, login.key, topic, payload),
        },
        this.deps.connect,
      );
      this.timers = [
        // Looks often, sends at most once a LIVE_*_EVERY_MS: a change after a quiet spell
        // leaves at once instead of waiting for the next whole period.
        setInterval(() => {
          const now = this.now();
          if (now - this.programSentAt >= LIVE_PROGRAM_EVERY_MS) {
            this.sendProgram(login.base, login.key, false);
          }
          if (now - this.boardSentAt >= LIVE_BOARD_EVERY_MS) {
            this.sendBoard(login.base, login.key, false);
          }
        }, LOOK_EVERY_MS),
      ];
    } catch {
      this.set({ link: 'reconnecting' });
      setTimeout(() => {
        if (this.state.live?.active && !this.link) void this.connect();
      }, 3000);
    } finally {
      this.joining = false;
    }
  }

  private disconnect(): void {
    for (const t of this.timers) clearInterval(t);
    this.timers = [];
    // Leaving on purpose says so at once (the broker's will covers a lost connection).
    if (this.link?.status === 'online' && this.goneTopic) {
      this.link.publish(this.goneTopic, JSON.stringify({ seq: 0, at: this.now(), gone: true }));
    }
    this.link?.close();
    this.link = null;
    if (this.state.link !== 'off') this.set({ link: 'off' });
  }

  private onMessage(base: string, key: string, topic: string, payload: string): void {
    const t = liveTopics(base);
    if (topic === t.sync) {
      this.sendAll(base, key, true);
      return;
    }
    if (topic === t.broadcast) {
      try {
        const message = JSON.parse(payload) as LiveProgramMessage;
        const next = receiveProgram(this.state.broadcast, message);
        // Kept even before the state says a broadcast is on (the two travel apart); the UI
        // shows it only while one is.
        if (next) this.set({ broadcast: next });
      } catch {
        // A malformed message is dropped; the next whole one repairs the view.
      }
    }
  }

  private sendAll(base: string, key: string, full: boolean): void {
    this.sendProgram(base, key, full);
    this.sendBoard(base, key, full);
  }

  private sendProgram(base: string, key: string, full: boolean): void {
    const link = this.link;
    if (!link || link.status !== 'online') return;
    const now = this.now();
    const current = this.deps.program();
    const last = this.lastProgram;
    if (!last || last.xml !== current.xml || last.logo !== current.logo) this.changedAt = now;
    this.lastProgram = current;
    if (this.compiled?.logo !== current.logo) {
      const logo = current.logo;
      this.compiled = { logo, result: null };
      void this.deps
        .compile(logo)
        .then((result) => {
          if (this.compiled?.logo === logo) this.compiled = { logo, result };
        })
        .catch(() => {});
    }
    const whole = full || now - this.lastFull >= LIVE_FULL_EVERY_MS;
    const message = this.programs.next(
      {
        at: this.changedAt,
        luuid: this.state.luuid,
        mode: current.mode,
        xml: current.xml,
        logo: current.logo,
        compile: this.compiled.result,
        name: current.name,
      },
      whole,
    );
    if (whole) this.lastFull = now;
    if (message) {
      this.programSentAt = now;
      link.publish(liveTopics(base).program(key), JSON.stringify(message));
    }
  }

  private sendBoard(base: string, key: string, full: boolean): void {
    const link = this.link;
    if (!link || link.status !== 'online') return;
    const now = this.now();
    // A whole board every 10 s is also the "still here" the grid counts on.
    const whole = full || now - this.lastBoardFull >= LIVE_FULL_EVERY_MS;
    if (whole) this.lastBoardFull = now;
    const message = this.boards.next(this.deps.board(), whole, now);
    if (message) {
      this.boardSentAt = now;
      link.publish(liveTopics(base).board(key), JSON.stringify(message));
    }
  }

  private lastBoardFull = 0;
  private programSentAt = 0;
  private boardSentAt = 0;
  private goneTopic: string | null = null;

  async raiseHand(up: boolean): Promise<void> {
    const classUuid = this.state.classUuid;
    if (!classUuid) return;
    const live = await this.deps.api.hand(classUuid, up, this.state.luuid);
    if (this.state.classUuid === classUuid) this.set({ live });
  }

  async resolveComment(id: string): Promise<void> {
    const classUuid = this.state.classUuid;
    if (!classUuid) return;
    const comment = await this.deps.api.resolveComment(classUuid, id);
    this.onEvent({ type: 'comment', comment });
  }

  /** Forgets the note about a handed-out program (the student read it). */
  dismissHandout(): void {
    this.set({ handedOut: null });
  }
}
