// The page's side of a worker, the same for every worker: started on first use, a typed
// Comlink remote of the worker's API, ended when a call is aborted, and started afresh on
// the next call after a crash (calls pending on the crashed worker fail instead of waiting
// forever). The worker side is one typed API object exposed with Comlink (workers/*.ts).
import * as Comlink from 'comlink';

/**
 * A worker API as the page calls it: every method returns a promise of its declared
 * result. (Comlink's own `Remote` type turns a union result into a union of promises,
 * which loses the discriminant of `{ ok: true } | { ok: false }` results.)
 */
export type WorkerApi<Api> = {
  readonly [K in keyof Api]: Api[K] extends (...args: infer A) => infer R
    ? (...args: A) => Promise<Awaited<R>>
    : never;
};

/** A started worker, as the bridge drives it (a browser Worker, or a Node worker thread). */
export interface WorkerHandle {
  endpoint: Comlink.Endpoint;
  terminate(): void;
  /** Calls `listener` when the worker fails (an uncaught error, a module that fails to load). */
  onCrash(listener: (error: Error) => void): void;
}

/** A browser Worker as a `WorkerHandle`. */
export function webWorker(worker: Worker): WorkerHandle {
  return {
    endpoint: worker,
    terminate: () => worker.terminate(),
    onCrash: (listener) =>
      worker.addEventListener('error', (e) =>
        listener(e.error instanceof Error ? e.error : new Error(e.message || 'worker failed')),
      ),
  };
}

/** The worker failed; calls pending on it fail with this. */
export class WorkerCrashedError extends Error {
  override name = 'WorkerCrashedError';
}

interface WorkerBridgeOptions {
  /** Hears that the worker crashed (after it was ended; the next call starts another). */
  onCrash?(error: Error): void;
}

interface Started<Api> {
  handle: WorkerHandle;
  remote: Comlink.Remote<Api>;
  api: WorkerApi<Api>;
}

export class WorkerBridge<Api> {
  private current: Started<Api> | null = null;

  constructor(
    private readonly start: () => WorkerHandle,
    private readonly options: WorkerBridgeOptions = {},
  ) {}

  /** The worker's API; the first use starts the worker. */
  get api(): WorkerApi<Api> {
    this.current ??= this.launch();
    return this.current.api;
  }

  /** A worker is running. */
  get running(): boolean {
    return this.current !== null;
  }

  /**
   * Runs `call` on the API. An abort ends the worker (the next call starts another) and
   * rejects with an `AbortError`.
   */
  abortable<T>(
    signal: AbortSignal | undefined,
    call: (api: WorkerApi<Api>) => Promise<T>,
  ): Promise<T> {
    if (!signal) return call(this.api);
    if (signal.aborted) {
      this.terminate();
      return Promise.reject(new DOMException('Aborted', 'AbortError'));
    }
    const work = call(this.api);
    return new Promise<T>((resolve, reject) => {
      const onAbort = () => {
        this.terminate();
        reject(new DOMException('Aborted', 'AbortError'));
      };
      signal.addEventListener('abort', onAbort, { once: true });
      work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
    });
  }

  /** Ends the worker; the next call starts a fresh one. */
  terminate(): void {
    const c = this.current;
    this.current = null;
    if (!c) return;
    c.remote[Comlink.releaseProxy]();
    c.handle.terminate();
  }

  private launch(): Started<Api> {
    const handle = this.start();
    const remote = Comlink.wrap<Api>(handle.endpoint);
    let crash: (error: Error) => void = () => {};
    const crashed = new Promise<never>((_, reject) => (crash = reject));
    // Nobody may be waiting when it crashes.
    crashed.catch(() => {});
    const started: Started<Api> = { handle, remote, api: raceAll<Api>(remote, crashed) };
    handle.onCrash((error) => {
      if (this.current === started) this.terminate();
      crash(new WorkerCrashedError(error.message, { cause: error }));
      this.options.onCrash?.(error);
    });
    return started;
  }
}

/** `createWorkerBridge<Api>(() => webWorker(new Worker(new URL(...))))`. */
export function createWorkerBridge<Api>(
  start: () => WorkerHandle,
  options?: WorkerBridgeOptions,
): WorkerBridge<Api> {
  return new WorkerBridge<Api>(start, options);
}

type Call = (...args: unknown[]) => Promise<unknown>;

/**
 * The bridge's API with some methods of the page's own (those that transfer their inputs,
 * take an abort signal, or end the worker); every other method is the worker's. The
 * worker starts on the first call, not when a method is looked up.
 */
export function withOwnMethods<Api, Own extends object>(
  bridge: WorkerBridge<Api>,
  own: Own,
): Omit<WorkerApi<Api>, keyof Own> & Own {
  return new Proxy(own, {
    get(target, key) {
      if (key in target) return Reflect.get(target, key) as unknown;
      if (typeof key !== 'string' || key === 'then') return undefined;
      return (...args: unknown[]) =>
        (bridge.api as unknown as Record<string, Call>)[key]?.(...args);
    },
  }) as Omit<WorkerApi<Api>, keyof Own> & Own;
}

/** The remote's methods, each call failing when the worker crashes before it answers. */
function raceAll<Api>(remote: Comlink.Remote<Api>, crashed: Promise<never>): WorkerApi<Api> {
  const methods = remote as unknown as Record<string, Call>;
  return new Proxy({} as WorkerApi<Api>, {
    get(_, key) {
      // Not a thenable, and no symbol-keyed members: only the API's methods.
      if (typeof key !== 'string' || key === 'then') return undefined;
      return (...args: unknown[]) => Promise.race([methods[key]?.(...args), crashed]);
    },
  });
}
