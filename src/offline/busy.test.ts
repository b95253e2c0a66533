import { afterEach, describe, expect, it } from 'vitest';
import { downloadStatus } from '../download/download-store.ts';
import { firmware } from '../firmware/firmware-state.ts';
import { boardBusy, whenBoardIdle } from './busy.ts';

const tick = () => new Promise((r) => setTimeout(r, 0));

describe('board work that a new version must not cut off', () => {
  afterEach(() => {
    downloadStatus.phase = null;
    downloadStatus.extracting = false;
    firmware.phase = 'idle';
  });

  it('is idle when nothing runs, and resolves at once', async () => {
    expect(boardBusy()).toBe(false);
    await expect(whenBoardIdle()).resolves.toBeUndefined();
  });

  it('waits for a download and then for a firmware update that follows it', async () => {
    downloadStatus.phase = 'writing';
    let idle = false;
    void whenBoardIdle().then(() => (idle = true));
    await tick();
    expect(idle).toBe(false);
    // The download ends while a firmware update starts: still busy.
    firmware.phase = 'updating';
    downloadStatus.phase = null;
    await tick();
    expect(idle).toBe(false);
    firmware.phase = 'success';
    await tick();
    expect(idle).toBe(true);
  });

  it('counts reading code back from the board as busy', async () => {
    downloadStatus.extracting = true;
    expect(boardBusy()).toBe(true);
    let idle = false;
    void whenBoardIdle().then(() => (idle = true));
    await tick();
    expect(idle).toBe(false);
    downloadStatus.extracting = false;
    await tick();
    expect(idle).toBe(true);
  });
});
