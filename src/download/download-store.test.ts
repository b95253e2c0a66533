import { describe, expect, it } from 'vitest';
import { runsAfterDownload } from './download-store.ts';

describe('run after download', () => {
  it('is on for the virtual board and off for a real board until the user chooses', () => {
    expect(runsAfterDownload({ runAfterDownload: null }, 'simulated')).toBe(true);
    expect(runsAfterDownload({ runAfterDownload: null }, 'webhid')).toBe(false);
    expect(runsAfterDownload({ runAfterDownload: null }, 'plugin')).toBe(false);
  });

  it('follows the user’s choice on every board once made', () => {
    expect(runsAfterDownload({ runAfterDownload: false }, 'simulated')).toBe(false);
    expect(runsAfterDownload({ runAfterDownload: true }, 'webhid')).toBe(true);
  });
});
