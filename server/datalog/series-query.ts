// Aggregated series of a channel (classroom-and-labs §3 "Datalog settings"): one value per
// field and bucket, computed in the database with SQL both SQLite (3.25+) and PostgreSQL
// run unchanged: integer bucket arithmetic, GROUP BY, and window functions for first, last,
// median and moving average. Only the values are parameters; the aggregation picks one of
// the fixed statements below.
import { sql, type Kysely, type RawBuilder } from 'kysely';
import {
  PERIODS,
  SERIES_BUCKETS_MAX,
  type Aggregation,
  type Period,
  type SeriesPoints,
} from '../../src/contract/datalog.ts';
import { bucketShift } from '../../src/contract/datalog-ranges.ts';
import type { Database } from '../db/schema.ts';
import { HttpError } from '../http/errors.ts';

export interface SeriesRequest {
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

export const badSpan = () =>
  new HttpError(400, 'bad_range', 'The range must end after it starts (from < to)');
export const tooManyPoints = () =>
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

/** The fixed statement of each aggregation over the bucketed records `b`. */
function statement(aggregation: Aggregation, window: number): RawBuilder<unknown> {
  switch (aggregation) {
    case 'count':
      return sql`select field, bucket, count(*) as v from b group by field, bucket`;
    case 'mean':
      return sql`select field, bucket, avg(value) as v from b group by field, bucket`;
    case 'sum':
      return sql`select field, bucket, sum(value) as v from b group by field, bucket`;
    case 'max':
      return sql`select field, bucket, max(value) as v from b group by field, bucket`;
    case 'min':
      return sql`select field, bucket, min(value) as v from b group by field, bucket`;
    case 'first':
    case 'last': {
      const order = aggregation === 'first' ? sql`t asc` : sql`t desc`;
      return sql`select field, bucket, value as v from (
          select field, bucket, value,
            row_number() over (partition by field, bucket order by ${order}) as rn
          from b) ranked
        where rn = 1`;
    }
    case 'median':
      // The middle value, or the mean of the two middle values (integer division agrees).
      return sql`select field, bucket, avg(value) as v from (
          select field, bucket, value,
            row_number() over (partition by field, bucket order by value) as rn,
            count(*) over (partition by field, bucket) as n
          from b) ranked
        where rn in ((n + 1) / 2, (n + 2) / 2)
        group by field, bucket`;
    case 'moving_average': {
      // The frame size is a schema-checked integer (2..100), written as a literal because
      // SQLite does not accept a bound parameter there.
      if (!Number.isInteger(window) || window < 2 || window > 100) {
        throw new HttpError(400, 'bad_request', 'window must be an integer from 2 to 100');
      }
      const preceding = sql.raw(String(window - 1));
      return sql`select field, bucket,
          avg(m) over (partition by field order by bucket
                       rows between ${preceding} preceding and current row) as v
        from (select field, bucket, avg(value) as m from b group by field, bucket) means`;
    }
  }
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
  // A moving average over a range starts with the buckets before it, so the first points
  // average a full window; those earlier buckets are read but not returned.
  const readFrom =
    request.aggregation === 'moving_average' ? Math.max(0, from - (request.window - 1) * p) : from;
  const result = await sql<Row>`
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
