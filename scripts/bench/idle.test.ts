import { describe, expect, it } from 'vitest';
import { parseStat, processKind } from './idle.ts';

describe('idle bench: reading Chromium processes', () => {
  it('tells the process kinds apart by their --type switch', () => {
    expect(processKind('/usr/lib/chromium/chromium\0--no-sandbox\0--remote-debugging-pipe')).toBe(
      'browser',
    );
    expect(processKind('/usr/lib/chromium/chromium\0--type=gpu-process\0--no-sandbox')).toBe('gpu');
    expect(processKind('/usr/lib/chromium/chromium\0--type=renderer\0--lang=en')).toBe('renderer');
    expect(processKind('/usr/lib/chromium/chromium\0--type=utility\0--utility-sub-type=x')).toBe(
      'other',
    );
  });

  it('reads the parent and the CPU ticks of a stat line, whatever the name holds', () => {
    const stat =
      '4242 (chromium (x) y) S 4200 4242 4242 0 -1 4194560 1000 0 0 0 150 25 0 0 20 0 12 0 999 1 1';
    expect(parseStat(stat)).toEqual({ ppid: 4200, ticks: 175 });
  });
});
