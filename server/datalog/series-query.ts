// Aggregated series of a channel (classroom-and-labs §3 "Datalog settings"): one value per
// field and bucket, computed in the database with SQL both SQLite (3.25+) and PostgreSQL
// run unchanged: integer bucket arithmetic, GROUP BY, and window functions for first, last,
// median and moving average. Only the values are parameters; the aggregation picks one of
// the fixed statements below. Buckets of whole minutes read the per-minute summaries
// (minute-summaries.ts) instead of every record, except for the median.
import { sql, type Kysely, type RawBuilder } from 'kysely';
import {
  MEDIAN_RECORDS_MAX,
  MOVING_AVERAGE_MAX,
  PERIODS,
  SERIES_BUCKETS_MAX,
  type Aggregation,
  type Period,
  type SeriesPoints,
} from '../../src/contract/datalog.ts';
import { bucketShift } from '../../src/contract/datalog-ranges.ts';
import type { Database } from '../db/schema.ts';
import { HttpError } from '../http/errors.ts';
import { MINUTE } from './minute-summaries.ts';

interface SeriesRequest {
  channel: string;
  fields: string[];
  aggregation: Aggregation;
  period: Period;
  from: number;
  to: number;
  /** Minutes ahead of UTC, for local days and weeks. */
  tz: number;
  /** Buckets per moving average. */
  window: number;
}

const badSpan = () =>
  new HttpError(400, 'bad_range', 'The range must end after it starts (from < to)');
const tooManyPoints = () =>
  new HttpError(
    400,
    'too_many_points',
    `The range holds more than ${SERIES_BUCKETS_MAX} periods: choose a longer period or a shorter range`,
  );

interface Row {
  field: string;
  bucket: number | string;
  v: number | string | null;
}

/**
 * The moving average's frame size: a schema-checked integer (2..100), written as a literal
 * because SQLite does not accept a bound parameter there.
 */
function checkedWindow(window: number): number {
  if (!Number.isInteger(window) || window < 2 || window > MOVING_AVERAGE_MAX) {
    throw new HttpError(400, 'bad_request', 'window must be an integer from 2 to 100');
  }
  return window;
}

/** `value` per field and bucket of `b`. */
const perBucket = (value: RawBuilder<unknown>) =>
  sql`select field, bucket, ${value} as v from b group by field, bucket`;

/** `value` of each bucket's first row of `b` (with `columns`) in `order`. */
const firstInBucket = (
  value: RawBuilder<unknown>,
  columns: RawBuilder<unknown>,
  order: RawBuilder<unknown>,
) =>
  sql`select field, bucket, ${value} as v from (
          select field, bucket, ${columns},
            row_number() over (partition by field, bucket order by ${order}) as rn
          from b) ranked
        where rn = 1`;

/** The mean of the last `window` buckets' `mean`s, per field. */
function movingAverage(window: number, mean: RawBuilder<unknown>): RawBuilder<unknown> {
  const preceding = sql.raw(String(checkedWindow(window) - 1));
  return sql`select field, bucket,
          avg(m) over (partition by field order by bucket
                       rows between ${preceding} preceding and current row) as v
        from (select field, bucket, ${mean} as m from b group by field, bucket) means`;
}

/** The fixed statement of each aggregation over the bucketed records `b`. */
function statement(aggregation: Aggregation, window: number): RawBuilder<unknown> {
  switch (aggregation) {
    case 'count':
      return perBucket(sql`count(*)`);
    case 'mean':
      return perBucket(sql`avg(value)`);
    case 'sum':
      return perBucket(sql`sum(value)`);
    case 'max':
      return perBucket(sql`max(value)`);
    case 'min':
      return perBucket(sql`min(value)`);
    case 'first':
    case 'last':
      return firstInBucket(
        sql`value`,
        sql`value`,
        aggregation === 'first' ? sql`t asc` : sql`t desc`,
      );
    case 'median':
      // The middle value, or the mean of the two middle values (integer division agrees).
      return sql`select field, bucket, avg(value) as v from (
          select field, bucket, value,
            row_number() over (partition by field, bucket order by value) as rn,
            count(*) over (partition by field, bucket) as n
          from b) ranked
        where rn in ((n + 1) / 2, (n + 2) / 2)
        group by field, bucket`;
    case 'moving_average':
      return movingAverage(window, sql`avg(value)`);
  }
}

/**
 * The statement over per-minute summaries `b` (one row per minute, or per record at the
 * edges of the range): the same answers as `statement` over the records.
 */
function summaryStatement(aggregation: Aggregation, window: number): RawBuilder<unknown> {
  const mean = sql`sum(total) / cast(sum(n) as double precision)`;
  switch (aggregation) {
    case 'count':
      return perBucket(sql`sum(n)`);
    case 'mean':
      return perBucket(mean);
    case 'sum':
      return perBucket(sql`sum(total)`);
    case 'max':
      return perBucket(sql`max(high)`);
    case 'min':
      return perBucket(sql`min(low)`);
    case 'first':
      return firstInBucket(sql`first_v`, sql`first_v, last_v`, sql`first_t asc`);
    case 'last':
      return firstInBucket(sql`last_v`, sql`first_v, last_v`, sql`last_t desc`);
    case 'moving_average':
      return movingAverage(window, mean);
    case 'median':
      throw new Error('the median needs every record');
  }
}

/**
 * The records in [from, to) as one-record summaries (the partial minutes at the ends of a
 * range). Each end is its own range, so the database walks the index instead of the channel.
 */
function edge(channel: string, names: RawBuilder<unknown>, from: number, to: number) {
  return sql`select field, t as m, 1 as n, value as total, value as low, value as high,
      t as first_t, value as first_v, t as last_t, value as last_v
    from datalog_records
    where channel_id = ${channel} and field in (${names}) and t >= ${from} and t < ${to}`;
}

/** Whether the summaries answer the query: whole-minute buckets, not the median. */
function summariesAnswer(aggregation: Aggregation, p: number, shift: number): boolean {
  return aggregation !== 'median' && p % MINUTE === 0 && shift % MINUTE === 0;
}

const tooManyRecords = () =>
  new HttpError(
    400,
    'too_many_records',
    `The median reads every record, at most ${MEDIAN_RECORDS_MAX} per chart: choose a shorter range`,
  );

/**
 * Refuses a median over more than MEDIAN_RECORDS_MAX records (the summaries count them
 * without reading the records): it sorts every record of every bucket.
 */
async function checkMedianSize(
  db: Kysely<Database>,
  request: SeriesRequest,
  names: RawBuilder<unknown>,
): Promise<void> {
  const from = request.from - (request.from % MINUTE);
  const result = await sql<{ n: number | string | null }>`
    select sum(n) as n from datalog_minutes
    where channel_id = ${request.channel} and field in (${names})
      and minute >= ${from} and minute < ${request.to}`.execute(db);
  if (Number(result.rows[0]?.n ?? 0) > MEDIAN_RECORDS_MAX) throw tooManyRecords();
}

export async function querySeries(
  db: Kysely<Database>,
  request: SeriesRequest,
): Promise<SeriesPoints[]> {
  const { from, to, period, fields } = request;
  if (from >= to) throw badSpan();
  const p = PERIODS[period];
  if ((to - from) / p > SERIES_BUCKETS_MAX) throw tooManyPoints();
  if (fields.length === 0) return [];
  const shift = bucketShift(period, request.tz);
  const names = sql.join(fields.map((f) => sql`${f}`));
  if (request.aggregation === 'median') await checkMedianSize(db, request, names);
  // A moving average over a range starts with the buckets before it, so the first points
  // average a full window; those earlier buckets are read but not returned.
  const readFrom =
    request.aggregation === 'moving_average' ? Math.max(0, from - (request.window - 1) * p) : from;
  // Whole minutes come from the summaries, the records of the partial minutes at either
  // end from the records themselves (each as a one-record summary).
  const a = Math.ceil(readFrom / MINUTE) * MINUTE;
  const z = Math.floor(to / MINUTE) * MINUTE;
  const useSummaries = summariesAnswer(request.aggregation, p, shift) && a < z;
  const result = useSummaries
    ? await sql<Row>`
    with parts as (
      select field, minute as m, n, total, low, high, first_t, first_v, last_t, last_v
      from datalog_minutes
      where channel_id = ${request.channel} and field in (${names})
        and minute >= ${a} and minute < ${z}
      union all
      ${edge(request.channel, names, readFrom, a)}
      union all
      ${edge(request.channel, names, z, to)}
    ),
    b as (
      select field, m - ((m + ${shift}) % ${p}) as bucket,
        n, total, low, high, first_t, first_v, last_t, last_v
      from parts
    )
    select field, bucket, v from (${summaryStatement(request.aggregation, request.window)}) agg
    order by field, bucket`.execute(db)
    : await sql<Row>`
    with b as (
      select field, t, value, t - ((t + ${shift}) % ${p}) as bucket
      from datalog_records
      where channel_id = ${request.channel} and field in (${names})
        and t >= ${readFrom} and t < ${to}
    )
    select field, bucket, v from (${statement(request.aggregation, request.window)}) agg
    order by field, bucket`.execute(db);

  const bySeries = new Map<string, SeriesPoints>(
    fields.map((name) => [name, { name, t: [], v: [] }]),
  );
  for (const row of result.rows) {
    const bucket = Number(row.bucket);
    if (bucket + p <= from || row.v === null) continue;
    const series = bySeries.get(row.field);
    if (!series) continue;
    series.t.push(bucket);
    series.v.push(Number(row.v));
  }
  return [...bySeries.values()];
}
