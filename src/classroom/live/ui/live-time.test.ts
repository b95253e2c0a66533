import { describe, expect, it } from 'vitest';
import { ago } from './live-time.ts';

// The key and count the live view's "changed … ago" line is translated from.
const said = (key: string, o?: Record<string, unknown>) => `${key}:${String(o?.count)}`;

describe('ago', () => {
  it('says seconds under a minute, minutes under an hour, then hours', () => {
    const now = 10_000_000;
    expect(ago(said, now - 4_400, now)).toBe('live.changed.seconds:4');
    expect(ago(said, now - 59_000, now)).toBe('live.changed.seconds:59');
    expect(ago(said, now - 90_000, now)).toBe('live.changed.minutes:2');
    expect(ago(said, now - 59 * 60_000, now)).toBe('live.changed.minutes:59');
    expect(ago(said, now - 3 * 3_600_000, now)).toBe('live.changed.hours:3');
  });

  it('never says a negative time when the student’s clock runs ahead', () => {
    expect(ago(said, 5_000, 1_000)).toBe('live.changed.seconds:0');
  });
});
