// Time for the flash engine. In the browser it is the wall clock; in tests and benchmarks it
// is the simulated link's virtual clock (1 ms USB frames), so flash times are computed,
// deterministic and never paced by timers (worker timers clamp to ~4 ms).
export interface Clock {
  /** Milliseconds since some origin. */
  now(): number;
  /** Calls `fn` after `ms`; returns a function that cancels it. */
  setTimer(ms: number, fn: () => void): () => void;
}

export const realClock: Clock = {
  now: () => performance.now(),
  setTimer(ms, fn) {
    const handle = setTimeout(fn, ms);
    return () => clearTimeout(handle);
  },
};

export function sleep(clock: Clock, ms: number): Promise<void> {
  return new Promise((resolve) => clock.setTimer(ms, resolve));
}
