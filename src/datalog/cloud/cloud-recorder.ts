// Program → cloud: what `cloud record "name" v` and `public cloud record "name" v` do when a
// program runs on a board the app hosts (the virtual board; a board plugin does the same).
// Records are stamped when they arrive, queued, and sent in batches: public ones to the
// public log, private ones to the chosen channel or the user's own log. Logging private
// data while logged out asks to log in or switch to the public log (classroom-and-labs §6);
// the records wait for the answer. Framework-free; the state object is a Valtio proxy in
// the app.
import { PUBLIC_LOG_ID, RECORDS_PER_BATCH_MAX } from '../../contract/datalog.ts';
import type { CloudDatalogApi } from './cloud-datalog-api.ts';
import { problemOf, type DatalogProblem } from './cloud-datalog-service.ts';

/** Records are gathered this long before a batch goes out. */
const FLUSH_MS = 500;
/** Records held while waiting (logged out, offline); the oldest go first beyond this. */
const QUEUE_MAX = 10_000;
/** After a network failure the queue is tried again this much later. */
const UPLOAD_RETRY_MS = 5000;

export interface CloudRecord {
  name: string;
  value: number;
  public: boolean;
}

interface CloudRecorderState {
  /** Private records wait: the user must log in or switch to the public log. */
  askLogin: boolean;
  /** The user chose the public log for private records until they log in. */
  publicOnly: boolean;
  /** The channel private records go to; null: the user's own log. */
  target: string | null;
  sent: number;
  waiting: number;
  problem: DatalogProblem | null;
}

export const initialRecorderState = (): CloudRecorderState => ({
  askLogin: false,
  publicOnly: false,
  target: null,
  sent: 0,
  waiting: 0,
  problem: null,
});

interface CloudRecorderDeps {
  api: CloudDatalogApi;
  state: CloudRecorderState;
  isLoggedIn: () => boolean;
  now?: () => number;
  setTimeout?: (fn: () => void, ms: number) => unknown;
}

interface Queued {
  name: string;
  value: number;
  time: number;
  public: boolean;
}

export class CloudRecorder {
  private queue: Queued[] = [];
  private timer: unknown = null;
  private flushing: Promise<void> | null = null;
  /** The user's own log, learnt from the first private record sent without a target. */
  private ownLog: string | null = null;
  private lastTime = 0;

  constructor(private readonly deps: CloudRecorderDeps) {}

  get state(): CloudRecorderState {
    return this.deps.state;
  }

  /** One record from a running program. */
  record(record: CloudRecord): void {
    if (!Number.isFinite(record.value)) return;
    // Records of one tick arrive in the same millisecond: a millisecond apart each, they
    // keep the program's order (first and last per period depend on it).
    const time = Math.max(this.deps.now?.() ?? Date.now(), this.lastTime + 1);
    this.lastTime = time;
    this.queue.push({ ...record, time });
    if (this.queue.length > QUEUE_MAX) this.queue.splice(0, this.queue.length - QUEUE_MAX);
    this.state.waiting = this.queue.length;
    this.schedule();
  }

  /** The user's answer to the login question: log to the public log instead. */
  switchToPublic(): void {
    this.state.publicOnly = true;
    this.state.askLogin = false;
    this.schedule();
  }

  /** Called when sign-in state changes: a login sends what waited privately. */
  sessionChanged(): void {
    if (this.deps.isLoggedIn()) {
      this.state.askLogin = false;
      this.state.publicOnly = false;
      this.schedule();
    } else {
      this.ownLog = null;
    }
  }

  setTarget(channel: string | null): void {
    this.state.target = channel;
  }

  private schedule(ms = FLUSH_MS): void {
    if (this.timer !== null) return;
    const later = this.deps.setTimeout ?? ((fn, delay) => setTimeout(fn, delay));
    this.timer = later(() => {
      this.timer = null;
      void this.flush();
    }, ms);
  }

  /** Sends everything that can go now; resolves when done (tests and page unload). */
  flush(): Promise<void> {
    this.flushing ??= this.send().finally(() => {
      this.flushing = null;
    });
    return this.flushing;
  }

  private async send(): Promise<void> {
    while (this.queue.length > 0) {
      const loggedIn = this.deps.isLoggedIn();
      const goesPublic = (r: Queued) => r.public || (!loggedIn && this.state.publicOnly);
      const publicBatch = this.queue.filter(goesPublic).slice(0, RECORDS_PER_BATCH_MAX);
      const privateWaiting = this.queue.some((r) => !goesPublic(r));
      if (publicBatch.length > 0) {
        if (!(await this.post(PUBLIC_LOG_ID, publicBatch, !loggedIn))) return;
        continue;
      }
      if (!privateWaiting) break;
      if (!loggedIn) {
        this.state.askLogin = true;
        return;
      }
      const batch = this.queue.slice(0, RECORDS_PER_BATCH_MAX);
      const channel = this.state.target ?? this.ownLog;
      if (channel === null) {
        // The first record goes alone and names the user's own log; the rest follow.
        if ((await this.findOwnLog(batch)) === null) return;
        continue;
      }
      if (!(await this.post(channel, batch, false))) return;
    }
  }

  /** Sends the first record through /datalog/record, which names the user's own log. */
  private async findOwnLog(batch: Queued[]): Promise<string | null> {
    const first = batch[0];
    if (!first) return null;
    try {
      const answer = await this.deps.api.record({
        name: first.name,
        value: first.value,
        time: first.time,
        public: false,
      });
      this.ownLog = answer.channel;
      this.done([first]);
      return answer.channel;
    } catch (error) {
      this.failed(error);
      return null;
    }
  }

  private async post(channel: string, batch: Queued[], anonymous: boolean): Promise<boolean> {
    try {
      await this.deps.api.ingest(
        channel,
        batch.map((r) => ({ name: r.name, value: r.value, time: r.time })),
        anonymous,
      );
      this.done(batch);
      return true;
    } catch (error) {
      this.failed(error);
      return false;
    }
  }

  private done(batch: Queued[]): void {
    const sent = new Set(batch);
    this.queue = this.queue.filter((r) => !sent.has(r));
    this.state.sent += batch.length;
    this.state.waiting = this.queue.length;
    this.state.problem = null;
  }

  private failed(error: unknown): void {
    const problem = problemOf(error);
    this.state.problem = problem;
    if (problem.kind === 'login') {
      this.state.askLogin = true;
      return;
    }
    // Records the server refused (bad name, too many fields) are dropped; network failures
    // keep them for the next record or retry.
    if (problem.kind === 'network') {
      this.schedule(UPLOAD_RETRY_MS);
    } else {
      this.queue = [];
      this.state.waiting = 0;
    }
  }
}
