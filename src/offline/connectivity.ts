// Finds out whether the API can be reached (docs/offline.md): a health check at start, when
// the browser says it is back online or the page becomes visible again, after an API call
// failed to reach the server, and every HEALTH_RETRY_MS while it cannot be reached. The answer goes
// to the connectivity store, which turns offline mode on and off.
import { API_BASE_PATH } from '../contract/base-path.ts';

export const HEALTH_RETRY_MS = 10_000;
const CHECK_TIMEOUT_MS = 5_000;

interface ConnectivityDeps {
  fetch: typeof fetch;
  /** Where the health check goes (`{api}/health`). */
  healthUrl: string;
  /** The browser believes it has a network (navigator.onLine). */
  online: () => boolean;
  report: (reachable: boolean) => void;
  checking?: (busy: boolean) => void;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
}

export class ConnectivityService {
  private timer: unknown = null;
  private running: Promise<boolean> | null = null;
  private last: boolean | null = null;

  constructor(private readonly deps: ConnectivityDeps) {}

  /** The last answer (null before the first check ended). */
  get reachable(): boolean | null {
    return this.last;
  }

  /** Checks now (a check already running is shared). */
  check(): Promise<boolean> {
    this.running ??= this.probe().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async probe(): Promise<boolean> {
    const d = this.deps;
    this.cancelRetry();
    d.checking?.(true);
    let ok = false;
    if (d.online()) {
      try {
        const res = await d.fetch(d.healthUrl, {
          cache: 'no-store',
          signal: AbortSignal.timeout(CHECK_TIMEOUT_MS),
        });
        ok = res.ok;
      } catch {
        ok = false;
      }
    }
    d.checking?.(false);
    this.last = ok;
    d.report(ok);
    if (!ok) this.scheduleRetry();
    return ok;
  }

  private scheduleRetry(): void {
    const set = this.deps.setTimer ?? ((fn, ms) => setTimeout(fn, ms));
    this.timer = set(() => {
      this.timer = null;
      void this.check();
    }, HEALTH_RETRY_MS);
  }

  private cancelRetry(): void {
    if (this.timer === null) return;
    (this.deps.clearTimer ?? ((h) => clearTimeout(h as ReturnType<typeof setTimeout>)))(this.timer);
    this.timer = null;
  }

  stop(): void {
    this.cancelRetry();
  }
}

export const healthUrl = (apiBase: string) => `${apiBase || API_BASE_PATH}/health`;
