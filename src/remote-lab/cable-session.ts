// A cable board in a lesson (USB 11, docs/remote-lab.md "A cable board in a lesson"): while
// a student who may submit has a lesson open and a board is connected by cable (WebHID, the
// plugin, or the virtual board standing in for one), a session for that lesson and board
// carries the board's answer byte to the server in its alives, so the gradebook shows the
// grade the board produced. The board itself never depends on it: a refused or unreachable
// server only stops the recording, with a message. Framework-free: it writes its state into
// the object it is given (a Valtio store in the app, a plain object in tests).
import type { RemoteLabApi } from './remote-lab-api.ts';
import {
  ConnectionType,
  type ConnectionSnapshot,
  type DeviceConnection,
} from '../device/device.ts';

/**
 * - `off`: no lesson, or no cable board.
 * - `opening`: asking the server for a session.
 * - `recording`: alives carry the board's answer.
 * - `stopped`: the server refused the session (`problem` says why); the board works on.
 */
type CablePhase = 'off' | 'opening' | 'recording' | 'stopped';

/** Why the answer is not being recorded (the pane's message). */
type CableProblem = 'lesson' | 'signed-out' | 'too-many' | 'server' | null;

export interface CableSessionState {
  phase: CablePhase;
  sessionId: number;
  /** The id the session gives the cable board (see `cableBoardId`). */
  boardId: string | null;
  lessonUuid: string | null;
  /** The answer byte the board reports now. */
  answer: number;
  /** The last answer the server accepted in an alive, null before the first. */
  lastSent: number | null;
  problem: CableProblem;
}

export const emptyCableSession = (): CableSessionState => ({
  phase: 'off',
  sessionId: 0,
  boardId: null,
  lessonUuid: null,
  answer: 0,
  lastSent: null,
  problem: null,
});

/**
 * A cable board reports no GoGo ID, so its session names it by how it is reached and its
 * board type: `usb-gogo7` (WebHID or the plugin), `virtual-gogo7` (the virtual board).
 */
export function cableBoardId(snap: ConnectionSnapshot): string | null {
  if (snap.status !== 'connected' || snap.connectionType === ConnectionType.remote) return null;
  const type = snap.board.boardType;
  // The type arrives with the first status report.
  if (type === 0) return null;
  if (snap.transport === 'simulated') return `virtual-gogo${type}`;
  if (snap.transport === 'webhid' || snap.transport === 'plugin') return `usb-gogo${type}`;
  return null;
}

interface CableSessionDeps {
  api: Pick<RemoteLabApi, 'cableConnect' | 'alive' | 'disconnect'>;
  device: Pick<DeviceConnection, 'snapshot' | 'on'>;
  state: CableSessionState;
  timers?: {
    setTimeout(fn: () => void, ms: number): unknown;
    clearTimeout(handle: unknown): void;
  };
}

/** After a failed call (the server is unreachable), try again this soon. */
const CABLE_RETRY_MS = 3000;

export class CableSession {
  private lesson: string | null = null;
  private signedIn = true;
  private timer: unknown = null;
  /** The steps run one at a time, in this chain; at most one more waits behind the running one. */
  private chain: Promise<void> = Promise.resolve();
  private queued = false;
  private readonly unsubscribe: (() => void)[];
  private readonly timers: NonNullable<CableSessionDeps['timers']>;

  constructor(private readonly deps: CableSessionDeps) {
    this.timers = deps.timers ?? {
      setTimeout: (fn, ms) => setTimeout(fn, ms),
      clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
    };
    this.unsubscribe = [
      deps.device.on('status', (s) => {
        if (s.answer === this.state.answer) return;
        this.state.answer = s.answer;
        // A new answer goes at once, not at the next alive.
        if (this.state.phase === 'recording') void this.kick();
      }),
      deps.device.on('state', () => void this.kick()),
    ];
  }

  get state(): CableSessionState {
    return this.deps.state;
  }

  /** The lesson whose answer is recorded (null: none, or the student may not submit). */
  setLesson(uuid: string | null): void {
    if (uuid === this.lesson) return;
    this.lesson = uuid;
    void this.kick();
  }

  /**
   * Whether a user is signed in. Signing out ends the session while the token still works
   * (the app calls this before the sign-out; resolves once the server was told) and records
   * nothing until the user signs in again.
   */
  setSignedIn(on: boolean): Promise<void> {
    if (on === this.signedIn) return this.chain;
    this.signedIn = on;
    if (on && this.state.problem === 'signed-out') {
      Object.assign(this.state, { phase: 'off', problem: null });
    }
    return this.kick();
  }

  /** Ends any session (the app's end of life; tests). */
  async dispose(): Promise<void> {
    this.unsubscribe.forEach((u) => u());
    this.lesson = null;
    this.stopTimer();
    await this.close();
  }

  /** Brings the session in line with the lesson and the board, one call at a time. */
  private kick(): Promise<void> {
    // A step already waiting will see the latest lesson, board and sign-in.
    if (this.queued) return this.chain;
    this.queued = true;
    this.chain = this.chain
      .then(() => {
        this.queued = false;
        return this.step();
      })
      .catch(() => {
        // step() reports its failures in the state.
      });
    return this.chain;
  }

  private async step(): Promise<void> {
    const s = this.state;
    const board = cableBoardId(this.deps.device.snapshot);
    const want = this.signedIn && this.lesson !== null && board !== null;
    const same = s.sessionId !== 0 && s.lessonUuid === this.lesson && s.boardId === board;
    if (!want || (s.sessionId !== 0 && !same)) {
      await this.close();
      if (!want) {
        Object.assign(s, emptyCableSession(), { answer: s.answer });
        // Signed out in an open lesson with a board: the pane asks to sign in again.
        if (!this.signedIn && this.lesson !== null && board !== null) {
          Object.assign(s, { phase: 'stopped', problem: 'signed-out' });
        }
        return;
      }
    }
    // Refused for this lesson: nothing more until the lesson or the board changes.
    if (s.phase === 'stopped' && s.lessonUuid === this.lesson && s.boardId === board) return;
    if (s.sessionId === 0) await this.open(board as string, this.lesson as string);
    else await this.alive();
  }

  private async open(boardId: string, lessonUuid: string): Promise<void> {
    const s = this.state;
    Object.assign(s, { phase: 'opening', boardId, lessonUuid, lastSent: null, problem: null });
    try {
      const a = await this.deps.api.cableConnect(
        { board_id: boardId, lesson_uuid: lessonUuid },
        { quiet: true },
      );
      s.sessionId = a.session_id;
      s.phase = 'recording';
      await this.alive();
    } catch (e) {
      this.failed(e);
    }
  }

  private async alive(): Promise<void> {
    const s = this.state;
    const id = s.sessionId;
    this.stopTimer();
    const answer = s.answer & 0xff;
    try {
      const a = await this.deps.api.alive({ session_id: id, session_ans: answer }, { quiet: true });
      if (s.sessionId !== id) return;
      if (a.state === 'ended') {
        // Expired (the server was away too long): a new session next time.
        s.sessionId = 0;
        this.schedule(0);
        return;
      }
      s.phase = 'recording';
      s.problem = null;
      s.lastSent = answer;
      this.schedule(a.alive_ms);
    } catch (e) {
      if (s.sessionId !== id) return;
      if ((e as { status?: number }).status === 404) s.sessionId = 0;
      this.failed(e);
    }
  }

  private failed(e: unknown): void {
    const s = this.state;
    const status = (e as { status?: number }).status ?? 0;
    if (status === 401) {
      Object.assign(s, { phase: 'stopped', sessionId: 0, problem: 'signed-out' });
    } else if (status === 404 || status === 403) {
      // The lesson is gone or closed to this student.
      Object.assign(s, { phase: 'stopped', sessionId: 0, problem: 'lesson' });
    } else if (status === 429) {
      Object.assign(s, { phase: 'stopped', sessionId: 0, problem: 'too-many' });
    } else {
      // Unreachable, or a passing failure: keep trying while the lesson and board last.
      s.problem = 'server';
      if (s.sessionId === 0) s.phase = 'opening';
      this.schedule(CABLE_RETRY_MS);
    }
  }

  private async close(): Promise<void> {
    const id = this.state.sessionId;
    this.stopTimer();
    this.state.sessionId = 0;
    if (id === 0) return;
    await this.deps.api.disconnect(id, { quiet: true }).catch(() => {
      // The server expires it after three missed alives anyway.
    });
  }

  private schedule(ms: number): void {
    this.stopTimer();
    this.timer = this.timers.setTimeout(() => {
      this.timer = null;
      void this.kick();
    }, ms);
  }

  private stopTimer(): void {
    if (this.timer !== null) this.timers.clearTimeout(this.timer);
    this.timer = null;
  }
}
