// Paced writes (a download's 10 ms between chunks, board-protocol §4): the pause between
// two writes is measured by a Pacer, never by the caller. In the app the pacer's clock runs
// in the device worker (`WorkerPacer` in worker-pacer.ts), where a busy page or a
// background tab's timer throttling cannot stretch it; the page only performs each write.
// Transports that move reports on a clock of their own (the simulated board's virtual USB
// frames) pace themselves instead (`Transport.writePaced`).

export interface Pacer {
  /**
   * Calls `write(i)` for i = 0 … gapsMs.length − 1: write i starts `gapsMs[i]` ms after
   * write i − 1 started (finished, when write i − 1 itself had no pause before it), and
   * never before write i − 1 finished. Rejects with the first failed write (later ones
   * are not made).
   */
  run(
    gapsMs: readonly number[],
    write: (index: number) => Promise<void>,
    onProgress?: (done: number, total: number) => void,
  ): Promise<void>;
}

/** How often progress is reported at most (≤ 60 messages a second). */
const PROGRESS_INTERVAL_MS = 16;

/** Reports progress at most every 16 ms and always at the end. */
function throttledProgress(
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

/** What a timer pacer waits with (injected in tests). */
export interface PacerTimers {
  /** Resolves after about `ms` ms (a timer: may fire a little early or late). */
  sleep(ms: number): Promise<void>;
  /** Resolves in a following task, as soon as the event loop gets to it (no timer clamp). */
  yieldTask(): Promise<void>;
}

/** A task queued behind the current ones without a timer: worker and browser timers clamp
 * nested zero delays to 4 ms, a message port does not. */
function messageYield(): () => Promise<void> {
  let channel: MessageChannel | null = null;
  const waiting: (() => void)[] = [];
  return () =>
    new Promise<void>((resolve) => {
      if (!channel) {
        channel = new MessageChannel();
        channel.port1.onmessage = () => waiting.shift()?.();
      }
      waiting.push(resolve);
      channel.port2.postMessage(null);
    });
}

const nodeImmediate = (globalThis as { setImmediate?: (f: () => void) => unknown }).setImmediate;

const realTimers: PacerTimers = {
  sleep: (ms) => new Promise<void>((r) => setTimeout(r, ms)),
  // Node: setImmediate (a message port would keep the process alive); elsewhere a port.
  yieldTask: nodeImmediate ? () => new Promise<void>((r) => nodeImmediate(r)) : messageYield(),
};

/** Below this many ms left, the pacer stops sleeping on timers and yields task by task. */
export const FINE_WAIT_MS = 1;

/**
 * A pacer on this thread's timers (the device worker, Node, tests). Write i starts
 * `gapsMs[i]` after write i − 1 started, never before write i − 1 finished: the time a write
 * takes to reach the device (up to a USB frame, more behind a busy board) overlaps the pause
 * instead of adding to it, and every write still starts at least its whole pause after the
 * one before (the firmware's 10 ms between chunks, board-protocol §4).
 *
 * What is left to lose is the wake-up: a timer rounds its delay to whole milliseconds and
 * fires late, and one that fires a fraction early would cost another whole timer. So the
 * pacer sleeps on a timer only for the whole milliseconds that surely remain and waits out
 * the last one task by task, without a timer.
 */
export class TimerPacer implements Pacer {
  constructor(
    private readonly now: () => number = () => performance.now(),
    private readonly timers: PacerTimers = realTimers,
  ) {}

  async run(
    gapsMs: readonly number[],
    write: (index: number) => Promise<void>,
    onProgress?: (done: number, total: number) => void,
  ): Promise<void> {
    const progress = throttledProgress(onProgress, this.now);
    let from = -Infinity;
    for (let i = 0; i < gapsMs.length; i++) {
      if (i > 0) await this.waitUntil(from + (gapsMs[i] ?? 0));
      const started = this.now();
      await write(i);
      // A write sent with no pause after the one before may have waited for the bus behind
      // it (one report per USB frame): the next pause counts from when it was taken.
      from = i > 0 && !gapsMs[i] ? this.now() : started;
      progress(i + 1, gapsMs.length);
    }
  }

  private async waitUntil(at: number): Promise<void> {
    for (let left = at - this.now(); left > 0; left = at - this.now()) {
      if (left > FINE_WAIT_MS)
        await this.timers.sleep(Math.max(1, Math.floor(left - FINE_WAIT_MS)));
      else await this.timers.yieldTask();
    }
  }
}
