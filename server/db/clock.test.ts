import { describe, expect, it } from 'vitest';
import { now } from './clock.ts';

describe('row clock', () => {
  it('gives strictly increasing timestamps even within one millisecond', () => {
    const stamps = Array.from({ length: 1000 }, () => now());
    expect(new Set(stamps).size).toBe(stamps.length);
    expect([...stamps].sort()).toEqual(stamps);
  });

  it('stays close to the wall clock', () => {
    expect(Math.abs(Date.parse(now()) - Date.now())).toBeLessThan(5_000);
  });
});
