import { describe, expect, it } from 'vitest';
import { dateOffsetMs } from './datalog-config.ts';

const range = { min: 5_000, max: 65_000 };
const readAt = Date.UTC(2026, 2, 1, 9, 0, 0);

describe('dateOffsetMs', () => {
  it('places the last record of a clockless board at the time of the read', () => {
    expect(range.max + dateOffsetMs({ dateMode: 'auto', start: '' }, range, readAt)).toBe(readAt);
  });

  it('keeps a real clock as it is', () => {
    const clock = { min: Date.UTC(2025, 0, 1), max: Date.UTC(2025, 0, 2) };
    expect(dateOffsetMs({ dateMode: 'auto', start: '' }, clock, readAt)).toBe(0);
  });

  it('puts the first record on the chosen start date', () => {
    const start = '2026-01-15T08:30';
    const offset = dateOffsetMs({ dateMode: 'start', start }, range, readAt);
    expect(range.min + offset).toBe(new Date(start).getTime());
  });

  it('adds nothing in board mode or with an unreadable start date', () => {
    expect(dateOffsetMs({ dateMode: 'board', start: '' }, range, readAt)).toBe(0);
    expect(dateOffsetMs({ dateMode: 'start', start: 'soon' }, range, readAt)).toBe(0);
  });
});
