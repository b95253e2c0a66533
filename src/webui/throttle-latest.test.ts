import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { throttleLatest } from './throttle-latest.ts';

describe('throttleLatest', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('sends the first value at once and the last of a burst when the period ends', () => {
    const sent: number[] = [];
    const t = throttleLatest((v: number) => sent.push(v), 100);
    t.push(1);
    t.push(2);
    t.push(3);
    expect(sent).toEqual([1]);
    vi.advanceTimersByTime(100);
    expect(sent).toEqual([1, 3]);
    vi.advanceTimersByTime(500);
    expect(sent).toEqual([1, 3]);
    t.push(4);
    expect(sent).toEqual([1, 3, 4]);
  });

  it('drops what is pending when cancelled', () => {
    const sent: number[] = [];
    const t = throttleLatest((v: number) => sent.push(v), 100);
    t.push(1);
    t.push(2);
    t.cancel();
    vi.advanceTimersByTime(200);
    expect(sent).toEqual([1]);
  });

  it('forgets a dropped value but still waits for the period to end', () => {
    const sent: number[] = [];
    const t = throttleLatest((v: number) => sent.push(v), 100);
    t.push(1);
    t.push(2);
    t.drop();
    vi.advanceTimersByTime(50);
    t.push(3);
    expect(sent).toEqual([1]);
    vi.advanceTimersByTime(50);
    expect(sent).toEqual([1, 3]);
  });
});
