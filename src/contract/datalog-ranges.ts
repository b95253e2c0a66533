// The named time ranges of the cloud datalog (classroom-and-labs §3) as [from, to) in
// milliseconds. Days, weeks, months and years are the viewer's local ones: `tz` is the
// minutes their clock is ahead of UTC (UTC+7 = 420). Weeks start on Monday.
import { PERIODS, type Period, type Range } from './datalog.ts';

const MINUTE = 60_000;
const HOUR = 3_600_000;
const DAY = 86_400_000;

const LAST: Partial<Record<Range, number>> = {
  last_5_minutes: 5 * MINUTE,
  last_15_minutes: 15 * MINUTE,
  last_30_minutes: 30 * MINUTE,
  last_hour: HOUR,
  last_6_hours: 6 * HOUR,
  last_12_hours: 12 * HOUR,
  last_24_hours: 24 * HOUR,
};

interface TimeSpan {
  from: number;
  to: number;
}

/** Start of the local calendar month `offset` months from the one holding `local`. */
function monthStart(local: Date, offset: number): number {
  return Date.UTC(local.getUTCFullYear(), local.getUTCMonth() + offset, 1);
}

export function rangeSpan(range: Range, now: number, tz = 0): TimeSpan {
  const last = LAST[range];
  if (last !== undefined) return { from: now - last, to: now + 1 };
  const shift = tz * MINUTE;
  // Work in "local time as if it were UTC", then shift back.
  const local = now + shift;
  const today = local - (((local % DAY) + DAY) % DAY);
  // 1970-01-01 was a Thursday: Monday is 3 days before an epoch-aligned week start.
  const monday = today - ((((today + 3 * DAY) % (7 * DAY)) + 7 * DAY) % (7 * DAY));
  const date = new Date(local);
  let span: TimeSpan;
  switch (range) {
    case 'today':
      span = { from: today, to: today + DAY };
      break;
    case 'yesterday':
      span = { from: today - DAY, to: today };
      break;
    case 'this_week':
      span = { from: monday, to: monday + 7 * DAY };
      break;
    case 'last_week':
      span = { from: monday - 7 * DAY, to: monday };
      break;
    case 'this_month':
      span = { from: monthStart(date, 0), to: monthStart(date, 1) };
      break;
    case 'last_month':
      span = { from: monthStart(date, -1), to: monthStart(date, 0) };
      break;
    case 'this_year':
      span = {
        from: Date.UTC(date.getUTCFullYear(), 0, 1),
        to: Date.UTC(date.getUTCFullYear() + 1, 0, 1),
      };
      break;
    default:
      span = {
        from: Date.UTC(date.getUTCFullYear() - 1, 0, 1),
        to: Date.UTC(date.getUTCFullYear(), 0, 1),
      };
  }
  return { from: span.from - shift, to: span.to - shift };
}

/**
 * The start of the bucket holding `time`: buckets are `period` long, aligned to local
 * midnight (`tz`) and, for weeks, to Monday. The database computes the same thing.
 */
export function bucketStart(time: number, period: Period, tz = 0): number {
  const p = PERIODS[period];
  return time - ((time + bucketShift(period, tz)) % p);
}

/**
 * The offset added to a time before taking it modulo the period: in [0, period), so the
 * sum stays non-negative and SQL's `%` (which keeps the dividend's sign) agrees with ours.
 */
export function bucketShift(period: Period, tz: number): number {
  const p = PERIODS[period];
  const shift = tz * MINUTE + (period === 'week' ? 3 * DAY : 0);
  return ((shift % p) + p) % p;
}
