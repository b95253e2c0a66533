// The send throttle of the web UI: a dashboard's slider and each topic the board bridge
// publishes go out at most once per period, the latest value winning.

/** The timers a throttle runs on (the real ones unless a caller brings its own). */
export interface Timers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const realTimers: Timers = {
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
};

export interface Throttle<T> {
  push(value: T): void;
  /** Forgets the value waiting for its turn; the period keeps running. */
  drop(): void;
  /** Forgets the waiting value and ends the period: the next value goes out at once. */
  cancel(): void;
}

/**
 * Calls `send` at most once per `ms` with the latest value: the first value at once, the
 * last one of a burst when the period ends (so the final slider position always arrives).
 */
export function throttleLatest<T>(
  send: (value: T) => void,
  ms: number,
  timers: Timers = realTimers,
): Throttle<T> {
  let timer: unknown = null;
  let pending: { value: T } | null = null;
  const flush = () => {
    timer = null;
    if (!pending) return;
    const { value } = pending;
    pending = null;
    send(value);
    timer = timers.setTimeout(flush, ms);
  };
  return {
    push(value) {
      pending = { value };
      if (timer === null) flush();
    },
    drop() {
      pending = null;
    },
    cancel() {
      if (timer !== null) timers.clearTimeout(timer);
      timer = null;
      pending = null;
    },
  };
}
