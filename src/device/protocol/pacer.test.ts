import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TimerPacer } from './pacer.ts';

describe('TimerPacer', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  /** Runs the pacer with writes that take `writeMs[i]`; returns when each write started. */
  async function starts(gaps: number[], writeMs: number[]): Promise<number[]> {
    const t0 = Date.now();
    const at: number[] = [];
    const pacer = new TimerPacer(() => Date.now());
    const done = pacer.run(gaps, async (i) => {
      at.push(Date.now() - t0);
      await new Promise((r) => setTimeout(r, writeMs[i] ?? 0));
    });
    await vi.runAllTimersAsync();
    await done;
    return at;
  }

  it("counts a write's own time towards the pause after it", async () => {
    // Each write takes 4 ms to be taken by the device: the next still starts 10 ms after it.
    expect(await starts([0, 10, 10, 10, 15], [4, 4, 4, 4, 4])).toEqual([0, 10, 20, 30, 45]);
  });

  it('never starts a write before the one before it finished', async () => {
    expect(await starts([0, 10, 10], [25, 1, 1])).toEqual([0, 25, 35]);
  });

  it('stops at the first failed write', async () => {
    const pacer = new TimerPacer(() => Date.now());
    const made: number[] = [];
    const run = pacer.run([0, 10, 10], async (i) => {
      made.push(i);
      if (i === 1) throw new Error('unplugged');
    });
    const outcome = expect(run).rejects.toThrow('unplugged');
    await vi.runAllTimersAsync();
    await outcome;
    expect(made).toEqual([0, 1]);
  });
});
