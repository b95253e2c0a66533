// Paced writes (a download's 10 ms between chunks, board-protocol §4): the pause between
// two writes is measured by a Pacer, never by the caller. In the app the pacer's clock runs
// in the device worker (`WorkerPacer` in worker-pacer.ts), where a busy page or a
// background tab's timer throttling cannot stretch it; the page only performs each write.
// Transports that move reports on a clock of their own (the simulated board's virtual USB
// frames) pace themselves instead (`Transport.writePaced`).

export interface Pacer {
  /**
   * Calls `write(i)` for i = 0 … gapsMs.length − 1: write i starts `gapsMs[i]` ms after
   * write i − 1 started, and never before write i − 1 finished. Rejects with the first
   * failed write (later ones are not made).
   */
  run(
    gapsMs: readonly number[],
    write: (index: number) => Promise<void>,
    onProgress?: (done: number, total: number) => void,
  ): Promise<void>;
}

/** How often progress is reported at most (≤ 60 messages a second). */
export const PROGRESS_INTERVAL_MS = 16;

/** Reports progress at most every 16 ms and always at the end. */
export function throttledProgress(
  onProgress: ((done: number, total: number) => void) | undefined,
  now: () => number = () => performance.now(),
): (done: number, total: number) => void {
  let last = -Infinity;
  return (done, total) => {
    if (!onProgress) return;
    const t = now();
    if (done === total || t - last >= PROGRESS_INTERVAL_MS) {
      last = t;
      onProgress(done, total);
    }
  };
}

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/**
 * A pacer on this thread's timers (Node, tests, and any thread without a worker). The
 * pause runs from the start of the previous write, so the time a write takes to reach the
 * device (up to a USB frame, more behind a busy board) overlaps the pause instead of adding
 * to it: the device still sees its writes at least the pause apart, give or take a frame.
 */
export class TimerPacer implements Pacer {
  constructor(private readonly now: () => number = () => performance.now()) {}

  async run(
    gapsMs: readonly number[],
    write: (index: number) => Promise<void>,
    onProgress?: (done: number, total: number) => void,
  ): Promise<void> {
    const progress = throttledProgress(onProgress, this.now);
    let started = -Infinity;
    for (let i = 0; i < gapsMs.length; i++) {
      const gap = gapsMs[i] ?? 0;
      // Timers round a fractional delay down (and may fire early): wait until the clock
      // agrees that the whole pause has passed.
      for (let wait = started + gap - this.now(); i > 0 && wait > 0;) {
        await sleep(Math.ceil(wait));
        wait = started + gap - this.now();
      }
      started = this.now();
      await write(i);
      progress(i + 1, gapsMs.length);
    }
  }
}
