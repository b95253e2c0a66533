import { describe, expect, it } from 'vitest';
import { sameData } from './same-data.ts';

describe('sameData', () => {
  it('matches equal plain data whatever the key order', () => {
    const a = { sensors: [1, 2, 3], rtc: { h: 10, m: 5 }, name: 'x', on: true, pi: null };
    const b = { pi: null, on: true, name: 'x', rtc: { m: 5, h: 10 }, sensors: [1, 2, 3] };
    expect(sameData(a, b)).toBe(true);
    expect(sameData(Number.NaN, Number.NaN)).toBe(true);
  });

  it('tells apart any difference, however deep', () => {
    const base = { sensors: [1, 2, 3], rtc: { h: 10, m: 5 } };
    expect(sameData(base, { sensors: [1, 2, 4], rtc: { h: 10, m: 5 } })).toBe(false);
    expect(sameData(base, { sensors: [1, 2], rtc: { h: 10, m: 5 } })).toBe(false);
    expect(sameData(base, { sensors: [1, 2, 3], rtc: { h: 10, m: 6 } })).toBe(false);
    expect(sameData(base, { sensors: [1, 2, 3], rtc: { h: 10 } })).toBe(false);
    expect(sameData(base, { sensors: [1, 2, 3], rtc: { h: 10, m: 5 }, extra: 0 })).toBe(false);
    expect(sameData({ a: undefined }, { b: undefined })).toBe(false);
    expect(sameData([1], { 0: 1 })).toBe(false);
    expect(sameData({ 0: 1 }, [1])).toBe(false);
    expect(sameData(null, {})).toBe(false);
    expect(sameData(0, '0')).toBe(false);
  });
});
