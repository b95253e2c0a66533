import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as Module from './first-screen.ts';

let mod: typeof Module;
beforeEach(async () => {
  vi.resetModules();
  vi.useFakeTimers();
  mod = await import('./first-screen.ts');
});
afterEach(() => {
  vi.useRealTimers();
});

describe('afterFirstScreen', () => {
  it('resolves when the first screen takes input, before the longest wait', async () => {
    let done = false;
    const after = mod.afterFirstScreen(4000).then(() => (done = true));
    await vi.advanceTimersByTimeAsync(1000);
    expect(done).toBe(false);
    mod.firstScreenShown();
    await after;
    expect(done).toBe(true);
  });

  it('resolves after the longest wait when no screen says so', async () => {
    let done = false;
    void mod.afterFirstScreen(4000).then(() => (done = true));
    await vi.advanceTimersByTimeAsync(3999);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(done).toBe(true);
  });

  it('resolves at once once the first screen was shown', async () => {
    mod.firstScreenShown();
    let done = false;
    void mod.afterFirstScreen(4000).then(() => (done = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(done).toBe(true);
  });
});

describe('isFirstScreenShown and whenFirstScreenShown', () => {
  it('say no and wait until the first screen takes input, then say yes', async () => {
    expect(mod.isFirstScreenShown()).toBe(false);
    let done = false;
    void mod.whenFirstScreenShown().then(() => (done = true));
    // However long it takes: no time limit.
    await vi.advanceTimersByTimeAsync(60_000);
    expect(done).toBe(false);
    mod.firstScreenShown();
    await vi.advanceTimersByTimeAsync(0);
    expect(done).toBe(true);
    expect(mod.isFirstScreenShown()).toBe(true);
  });
});
