import { beforeEach, describe, expect, it, vi } from 'vitest';
import type * as Module from './session-start.ts';

// The module keeps whether sign-in was asked for: a fresh copy for every test.
let mod: typeof Module;
beforeEach(async () => {
  vi.resetModules();
  mod = await import('./session-start.ts');
});

describe('session start', () => {
  it('starts sign-in once, on the first call to needSession', () => {
    const start = vi.fn();
    mod.setSessionStarter(start);
    expect(start).not.toHaveBeenCalled();
    mod.needSession();
    mod.needSession();
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('starts sign-in when the starter comes after it was asked for', () => {
    mod.needSession();
    const start = vi.fn();
    mod.setSessionStarter(start);
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('resolves sessionWanted only once sign-in was asked for', async () => {
    let resolved = false;
    const wanted = mod.sessionWanted().then(() => (resolved = true));
    await Promise.resolve();
    expect(resolved).toBe(false);
    mod.needSession();
    await wanted;
    expect(resolved).toBe(true);
    await expect(mod.sessionWanted()).resolves.toBeUndefined();
  });
});
