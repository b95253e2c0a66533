// Compiles off the event loop. A compile is CPU work (linear in the program, ~ms for the
// largest one), and every request of the process waits while the event loop runs it, so
// the server hands compiles to a small pool of worker threads, each with its own instance
// of the WebAssembly module:
// - at most `queueMax` compiles wait for a free worker; beyond that the answer is 429
//   compile_busy with Retry-After (the client's 'Cloud Service is unavailable' message,
//   spec core §8; a 5xx would read as 'Syntax Error.');
// - a compile running longer than `budgetMs` ends its worker (a thread cannot be
//   interrupted otherwise), answers 422 compile_timeout, and a fresh worker takes its place;
// - a worker that dies is replaced, and its compile answers 503 compile_failed.
// `workers: 0` compiles on the event loop: the benchmark's reference, not for servers.
// The same workers run lessons' automatic checks (compile, then the VM over the scenario's
// virtual time) under their own budget, `checkBudgetMs`.
import { Worker } from 'node:worker_threads';
import type { CheckReport, LessonCheck } from '../../src/contract/lesson-check.ts';
import type { LogoCompileResponse } from '../../src/core/logo-response.ts';
import { HttpError } from '../http/errors.ts';
import type { LogoCompiler } from './logo-compiler.ts';

export type CompileJob =
  | { id: number; kind?: 'compile'; source: string; version: string }
  | { id: number; kind: 'check'; logo: string; check: LessonCheck };

export type CompileAnswer =
  { id: number; response: LogoCompileResponse } | { id: number; report: CheckReport };

export interface CompilePoolOptions {
  workers: number;
  queueMax: number;
  budgetMs: number;
  /** CPU budget of one automatic check (default 10 s). */
  checkBudgetMs?: number;
  /** The worker entry (tests start a stand-in that can be slow or crash). */
  threadUrl?: URL;
}

const compileBusy = () =>
  new HttpError(429, 'compile_busy', 'The compiler is busy; try again in a moment', 1);
const compileTimeout = (ms: number) =>
  new HttpError(
    422,
    'compile_timeout',
    `The program took longer than ${ms} ms to compile; make it shorter and try again`,
  );
const compileFailed = () =>
  new HttpError(503, 'compile_failed', 'The compiler stopped; try again', 1);

interface Pending {
  job: CompileJob;
  resolve: (answer: CompileAnswer) => void;
  reject: (error: Error) => void;
}

interface Slot {
  worker: Worker;
  ready: Promise<void>;
  started: boolean;
  busy: Pending | null;
  timer: NodeJS.Timeout | null;
}

const THREAD_URL = new URL('./compile-thread.mjs', import.meta.url);

export class CompilePool {
  private readonly slots: Slot[] = [];
  private readonly queue: Pending[] = [];
  private nextId = 1;
  private closed = false;
  /** Workers replaced after a timeout or a crash (for tests and logs). */
  replaced = 0;

  constructor(
    private readonly compiler: LogoCompiler,
    private readonly options: CompilePoolOptions,
  ) {
    for (let i = 0; i < options.workers; i++) this.slots.push(this.spawn());
  }

  /** Resolves when every worker has loaded the module. */
  async ready(): Promise<void> {
    await Promise.all(this.slots.map((s) => s.ready));
  }

  /** Compiles `source` for `version`; rejects with an HttpError when busy or too slow. */
  async compile(source: string, version: string): Promise<LogoCompileResponse> {
    if (this.options.workers === 0) return this.compiler.compile(source, version);
    const answer = await this.submit({ id: this.nextId++, source, version });
    if (!('response' in answer)) throw compileFailed();
    return answer.response;
  }

  /**
   * Runs `logo` against a lesson's automatic check in a worker; rejects like `compile`
   * (busy, over the check budget: compile_timeout, a worker lost).
   */
  async check(logo: string, check: LessonCheck): Promise<CheckReport> {
    if (this.options.workers === 0) return this.compiler.check(logo, check);
    const answer = await this.submit({ id: this.nextId++, kind: 'check', logo, check });
    if (!('report' in answer)) throw compileFailed();
    return answer.report;
  }

  private submit(job: CompileJob): Promise<CompileAnswer> {
    if (this.closed || this.slots.length === 0) return Promise.reject(compileFailed());
    const free = this.slots.find((s) => s.started && s.busy === null);
    if (!free && this.queue.length >= this.options.queueMax) {
      return Promise.reject(compileBusy());
    }
    return new Promise((resolve, reject) => {
      const pending = { job, resolve, reject };
      if (free) this.run(free, pending);
      else this.queue.push(pending);
    });
  }

  /** Compiles waiting for a worker. */
  get waiting(): number {
    return this.queue.length;
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const p of this.queue.splice(0)) p.reject(compileFailed());
    await Promise.all(
      this.slots.map(async (s) => {
        if (s.timer) clearTimeout(s.timer);
        s.busy?.reject(compileFailed());
        s.busy = null;
        await s.worker.terminate();
      }),
    );
  }

  private spawn(): Slot {
    const worker = new Worker(this.options.threadUrl ?? THREAD_URL, {
      workerData: { module: this.compiler.module },
    });
    // A worker idle in the pool must not keep the process alive.
    worker.unref();
    const slot: Slot = {
      worker,
      ready: Promise.resolve(),
      started: false,
      busy: null,
      timer: null,
    };
    slot.ready = new Promise((resolve, reject) => {
      worker.once('message', () => {
        slot.started = true;
        worker.off('error', reject);
        resolve();
      });
      worker.once('error', reject);
    });
    slot.ready.catch(() => {});
    worker.on('message', (message: CompileAnswer | { ready: true }) => {
      if ('id' in message) this.answered(slot, message);
    });
    worker.on('error', () => this.lost(slot));
    worker.on('exit', () => this.lost(slot));
    return slot;
  }

  private run(slot: Slot, pending: Pending): void {
    slot.busy = pending;
    slot.timer = setTimeout(() => this.overBudget(slot), this.budgetOf(pending.job));
    slot.worker.postMessage(pending.job);
  }

  private budgetOf(job: CompileJob): number {
    return job.kind === 'check' ? (this.options.checkBudgetMs ?? 10_000) : this.options.budgetMs;
  }

  private answered(slot: Slot, answer: CompileAnswer): void {
    const pending = slot.busy;
    if (!pending || pending.job.id !== answer.id) return;
    this.finish(slot);
    pending.resolve(answer);
    this.next(slot);
  }

  private overBudget(slot: Slot): void {
    const pending = slot.busy;
    if (!pending) return;
    this.finish(slot);
    pending.reject(compileTimeout(this.budgetOf(pending.job)));
    this.replace(slot);
  }

  /**
   * A worker exited or failed: its compile fails and a new worker takes the slot, unless
   * it failed while starting (a broken install would only fail again): then the slot goes,
   * and with the last one every waiting compile fails.
   */
  private lost(slot: Slot): void {
    if (this.closed || !this.slots.includes(slot)) return;
    const pending = slot.busy;
    this.finish(slot);
    pending?.reject(compileFailed());
    if (slot.started) {
      this.replace(slot);
      return;
    }
    slot.worker.removeAllListeners();
    this.slots.splice(this.slots.indexOf(slot), 1);
    if (this.slots.length === 0) for (const p of this.queue.splice(0)) p.reject(compileFailed());
  }

  private finish(slot: Slot): void {
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = null;
    slot.busy = null;
  }

  private replace(slot: Slot): void {
    const index = this.slots.indexOf(slot);
    if (index < 0 || this.closed) return;
    this.replaced++;
    slot.worker.removeAllListeners();
    void slot.worker.terminate();
    const fresh = this.spawn();
    this.slots[index] = fresh;
    // Queued compiles go to the new worker once its module is loaded (the budget counts
    // compiling, not starting a thread).
    fresh.ready.then(
      () => this.next(fresh),
      () => {},
    );
  }

  private next(slot: Slot): void {
    if (!slot.started || slot.busy !== null || this.closed) return;
    const pending = this.queue.shift();
    if (pending) this.run(slot, pending);
  }
}
