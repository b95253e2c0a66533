import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useBoardValue } from './board-value.ts';

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('useBoardValue (a virtual board control shows the board’s value)', () => {
  it('shows what the board holds, not what the control last held', () => {
    const sent: number[] = [];
    // A panel that mounts after navigation: the board already reads 800.
    const { result, rerender } = renderHook(
      ({ actual }) => useBoardValue(actual, (v) => sent.push(v)),
      {
        initialProps: { actual: 800 },
      },
    );
    expect(result.current[0]).toBe(800);
    // The board changes by itself (a program, a test): the control follows.
    rerender({ actual: 120 });
    expect(result.current[0]).toBe(120);
    expect(sent).toEqual([]);
  });

  it('keeps the chosen value while the board catches up, then shows the board again', () => {
    const sent: number[] = [];
    const { result, rerender } = renderHook(
      ({ actual }) => useBoardValue(actual, (v) => sent.push(v)),
      {
        initialProps: { actual: 0 },
      },
    );
    act(() => result.current[1](500));
    expect(sent).toEqual([500]);
    expect(result.current[0]).toBe(500);
    // The board refused part of it (clamped): once the hold ends, its value shows.
    rerender({ actual: 255 });
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(result.current[0]).toBe(255);
  });
});
