import { describe, expect, it } from 'vitest';
import { downloadPlan } from '../../download/download-plan.ts';
import { FINE_WAIT_MS, TimerPacer, type PacerTimers } from './pacer.ts';

/**
 * Time that moves only when the pacer waits: a timer of `ms` fires `late(ms)` after it
 * was due (negative: early, as timers that round to whole milliseconds do), a yielded
 * task an eighth of a millisecond on, and a write takes `writeMs[i]`.
 */
class TestTime implements PacerTimers {
  t = 0;
  constructor(private readonly late: (ms: number) => number = () => 0) {}

  now = () => this.t;

  sleep(ms: number): Promise<void> {
    this.t += Math.max(0, ms + this.late(ms));
    return Promise.resolve();
  }

  yieldTask(): Promise<void> {
    this.t += 0.125;
    return Promise.resolve();
  }
}

/** Runs a pacer on `time`; returns when each write started, rounded to 0.01 ms. */
async function starts(time: TestTime, gaps: readonly number[], writeMs: number[] = []) {
  const at: number[] = [];
  await new TimerPacer(time.now, time).run(gaps, async (i) => {
    at.push(Math.round(time.t * 100) / 100);
    time.t += writeMs[i] ?? 0;
  });
  return at;
}

const between = (at: number[]) => at.slice(1).map((t, i) => t - (at[i] ?? 0));
const plan = downloadPlan(new Uint8Array(2048), false);
const planGaps = plan.map((s) => s.gapMs);

describe('TimerPacer', () => {
  it("counts a write's own time towards the pause after it", async () => {
    // Each write takes 4 ms to be taken by the device: the next still starts 10 ms after it.
    const at = await starts(new TestTime(), [0, 10, 10, 10, 15], [4, 4, 4, 4, 4]);
    expect(at).toEqual([0, 10, 20, 30, 45]);
  });

  it('counts the pause after a write sent with no pause before it from its end', async () => {
    // Write 1 follows write 0 at once and waits 3 ms for the bus: write 2 comes 10 ms after.
    expect(await starts(new TestTime(), [0, 0, 10, 10], [0, 3, 3, 0])).toEqual([0, 0, 13, 23]);
  });

  it('never starts a write before the one before it finished', async () => {
    expect(await starts(new TestTime(), [0, 10, 10], [25, 1, 1])).toEqual([0, 25, 35]);
  });

  it('keeps every pause of a download whole, even on timers that fire early', async () => {
    // Timers that fire up to 0.9 ms early, in a repeating pattern, and writes of 0 to 3 ms.
    const time = new TestTime((ms) => -((ms * 7) % 10) / 10 - 0.05);
    const at = await starts(
      time,
      planGaps,
      planGaps.map((_, i) => i % 4),
    );
    between(at).forEach((gap, i) => expect(gap).toBeGreaterThanOrEqual(planGaps[i + 1] ?? 0));
  });

  it('does not spend a whole extra timer when a timer fires a little early', async () => {
    // A timer that rounded 10 ms down by 0.3 ms: the pacer waits out the rest task by task,
    // so the write is at most one yield late instead of a millisecond or more.
    const time = new TestTime(() => -0.3);
    const at = await starts(time, [0, 10, 10, 10]);
    between(at).forEach((gap) => {
      expect(gap).toBeGreaterThanOrEqual(10);
      expect(gap).toBeLessThan(10.2);
    });
  });

  it('absorbs a timer that fires late by less than its last millisecond', async () => {
    // Timers 0.4 ms late: the timer covers all but the last millisecond, so the pause ends
    // on time (within a yield), not at 10.4 or, rounded up, 11 ms.
    const at = await starts(new TestTime(() => 0.4), [0, 10, 10]);
    between(at).forEach((gap) => {
      expect(gap).toBeGreaterThanOrEqual(10);
      expect(gap).toBeLessThan(10 + FINE_WAIT_MS / 5);
    });
  });

  it('stops at the first failed write', async () => {
    const time = new TestTime();
    const made: number[] = [];
    const run = new TimerPacer(time.now, time).run([0, 10, 10], async (i) => {
      made.push(i);
      if (i === 1) throw new Error('unplugged');
    });
    await expect(run).rejects.toThrow('unplugged');
    expect(made).toEqual([0, 1]);
  });
});
