// The student's side of a remote-lab session (classroom-and-labs §3 "Remote lab session",
// §7 "Sessions"; docs/remote-lab.md): connect by GoGo ID and pin or by access code, wait in
// the queue, hold the board through the remote transport, keep the session alive carrying
// the board's answer byte, and disconnect. Framework-free: it writes its state into the
// object it is given (a Valtio store in the app, a plain object in tests).
import type { CodeConnectBody, SessionAnswer, SessionConnectBody } from '../contract/remote-lab.ts';
import { ConnectMethod, DeviceError, type DeviceConnection } from '../device/device.ts';
import type { RemoteLabApi } from './remote-lab-api.ts';

type RemotePhase = 'idle' | 'connecting' | 'waiting' | 'active' | 'ended';

/** Spec §3: sessionToken, sessionId, lastAlive, answer (8 bits), plus what the UI shows. */
export interface RemoteLabState {
  /** The broker password of the active session (null while waiting or without a session). */
  sessionToken: string | null;
  /** 0 = no session. */
  sessionId: number;
  /** When the server last answered an alive (ms since 1970), 0 = never. */
  lastAlive: number;
  /** The board's answer byte as this app last saw it. */
  answer: number;
  /** The answer the server recorded for the session (the station's report). */
  recordedAnswer: number;
  phase: RemotePhase;
  connectMethod: ConnectMethod | null;
  boardId: string | null;
  lessonUuid: string | null;
  /** Place in the queue (1 = next); 0 while holding the board. */
  position: number;
  /** ISO time when the lesson's time limit ends the session, or null. */
  endsAt: string | null;
  boardOnline: boolean;
  endReason: string | null;
}

export const emptyRemoteLab = (): RemoteLabState => ({
  sessionToken: null,
  sessionId: 0,
  lastAlive: 0,
  answer: 0,
  recordedAnswer: 0,
  phase: 'idle',
  connectMethod: null,
  boardId: null,
  lessonUuid: null,
  position: 0,
  endsAt: null,
  boardOnline: false,
  endReason: null,
});

/** Spec §3: setting a session id of zero clears the session token. */
export function setSessionId(state: RemoteLabState, id: number): void {
  state.sessionId = id;
  if (id === 0) state.sessionToken = null;
}

interface RemoteSessionDeps {
  api: Pick<RemoteLabApi, 'connect' | 'codeConnect' | 'alive' | 'disconnect'>;
  device: DeviceConnection;
  /** Turns the broker URL of a grant (maybe a path) into a ws(s):// URL. */
  brokerUrl(url: string): string;
  state: RemoteLabState;
  timers?: {
    setTimeout(fn: () => void, ms: number): unknown;
    clearTimeout(handle: unknown): void;
  };
  now?: () => number;
}

/** When an alive fails (the server is unreachable), try again this soon. */
const RETRY_MS = 2000;

export class RemoteSession {
  private timer: unknown = null;
  private ended: AbortController | null = null;
  /** The device holds this session's remote link. */
  private linked = false;
  private linking = false;
  private readonly unsubscribe: (() => void)[];
  private readonly timers: NonNullable<RemoteSessionDeps['timers']>;
  private readonly now: () => number;

  constructor(private readonly deps: RemoteSessionDeps) {
    this.timers = deps.timers ?? {
      setTimeout: (fn, ms) => setTimeout(fn, ms),
      clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
    };
    this.now = deps.now ?? Date.now;
    this.unsubscribe = [
      deps.device.on('status', (s) => {
        if (this.linked) this.state.answer = s.answer;
      }),
      deps.device.on('state', (snap) => {
        // Another connection replaced the remote link (USB, plugin, virtual board): the
        // session is of no use any more, so the board goes to the next in line.
        if (this.linked && !this.linking && snap.transport !== 'remote') {
          this.linked = false;
          if (this.state.phase === 'active') void this.disconnect();
        }
      }),
    ];
  }

  get state(): RemoteLabState {
    return this.deps.state;
  }

  /** By GoGo ID: with a pin (Remote Access), or a board on the lesson's lists (Remote Lab). */
  connectById(body: SessionConnectBody): Promise<SessionAnswer> {
    return this.open(() => this.deps.api.connect(body, { quiet: true }));
  }

  /** By the access code of a lab or a lab group (Remote Lab). */
  connectByCode(body: CodeConnectBody): Promise<SessionAnswer> {
    return this.open(() => this.deps.api.codeConnect(body, { quiet: true }));
  }

  private async open(call: () => Promise<SessionAnswer>): Promise<SessionAnswer> {
    if (this.state.sessionId !== 0 && this.state.phase !== 'ended') await this.disconnect();
    Object.assign(this.state, emptyRemoteLab(), { phase: 'connecting' });
    try {
      // The caller shows the failure (the spec's mapped messages) where the user typed.
      const answer = await call();
      await this.apply(answer);
      return answer;
    } catch (e) {
      Object.assign(this.state, emptyRemoteLab());
      throw e;
    }
  }

  /** Ends the session on the server and closes the link. */
  async disconnect(): Promise<void> {
    const id = this.state.sessionId;
    this.stopTimer();
    // The user's own choice: the link closes without an error.
    this.endLink(null);
    Object.assign(this.state, emptyRemoteLab());
    if (id !== 0) {
      await this.deps.api.disconnect(id, { quiet: true }).catch(() => {
        // The server will expire it after three missed alives anyway.
      });
    }
  }

  dispose(): void {
    this.stopTimer();
    this.unsubscribe.forEach((u) => u());
  }

  private async apply(a: SessionAnswer): Promise<void> {
    const s = this.state;
    setSessionId(s, a.session_id);
    s.phase = a.state;
    s.connectMethod =
      a.connect_method === 13 ? ConnectMethod.remoteAccess : ConnectMethod.remoteLab;
    s.boardId = a.board_id;
    s.lessonUuid = a.lesson_uuid;
    s.position = a.position;
    s.endsAt = a.ends_at;
    s.boardOnline = a.board_online;
    s.recordedAnswer = a.answer;
    s.lastAlive = this.now();
    if (a.state === 'ended') {
      s.endReason = a.end_reason;
      this.stopTimer();
      this.endLink(a.end_reason ?? 'disconnected');
      setSessionId(s, 0);
      return;
    }
    // The next alive is due whatever linking takes (a slow broker must not expire the session).
    this.schedule(a.alive_ms);
    if (a.state === 'active' && a.broker) {
      s.sessionToken = a.broker.password;
      await this.link(a);
    }
  }

  /** Opens the remote link with the session's grant. */
  private async link(a: SessionAnswer): Promise<void> {
    const broker = a.broker;
    if (!broker) return;
    this.endLink(null);
    const ended = new AbortController();
    this.ended = ended;
    this.linking = true;
    try {
      await this.deps.device.connect('remote', {
        method: a.connect_method === 13 ? ConnectMethod.remoteAccess : ConnectMethod.remoteLab,
        remote: {
          url: this.deps.brokerUrl(broker.url),
          username: broker.username,
          password: broker.password,
          up: broker.up,
          down: broker.down,
          presence: broker.presence,
          signal: ended.signal,
        },
      });
      this.linked = true;
    } catch (e) {
      // The broker is unreachable right now: the next alive asks for new access.
      this.state.sessionToken = null;
      if (!(e instanceof DeviceError)) throw e;
    } finally {
      this.linking = false;
    }
  }

  /** Ends the link: with a reason, the connection reports why (spec §8 messages). */
  private endLink(reason: string | null): void {
    const ended = this.ended;
    this.ended = null;
    const wasLinked = this.linked;
    this.linked = false;
    if (ended && reason !== null) ended.abort(reason);
    else if (wasLinked) void this.deps.device.disconnect();
  }

  private schedule(ms: number): void {
    this.stopTimer();
    this.timer = this.timers.setTimeout(() => void this.alive(), ms);
  }

  private stopTimer(): void {
    if (this.timer !== null) this.timers.clearTimeout(this.timer);
    this.timer = null;
  }

  private async alive(): Promise<void> {
    this.timer = null;
    const s = this.state;
    const id = s.sessionId;
    if (id === 0) return;
    let a: SessionAnswer;
    try {
      a = await this.deps.api.alive(
        {
          session_id: id,
          session_ans: s.answer & 0xff,
          ...(this.linked || this.linking ? {} : { renew: true }),
        },
        { quiet: true },
      );
    } catch (e) {
      const status = (e as { status?: number }).status;
      if (status === 404) {
        // The server no longer knows the session (it ended long ago).
        await this.apply({
          session_id: id,
          state: 'ended',
          connect_method: 12,
          board_id: s.boardId ?? '',
          lesson_uuid: s.lessonUuid,
          position: 0,
          alive_ms: 0,
          ends_at: null,
          answer: s.recordedAnswer,
          board_online: false,
          end_reason: 'expired',
          broker: null,
        });
        return;
      }
      if (s.sessionId === id) this.schedule(RETRY_MS);
      return;
    }
    // A disconnect or a new session happened meanwhile.
    if (s.sessionId !== id) return;
    await this.apply(a);
  }
}
