// Per-minute summaries of a channel's records (table datalog_minutes): for each channel,
// field and minute, the count, sum, minimum, maximum, and the first and last record (time
// and value). Ingest adds a batch's summaries in its transaction; deleting records rebuilds
// the minutes they touched. A series query of whole minutes (periods of a minute and
// longer, every aggregation but the median) reads these rows instead of every record.
//
// Ties: the first record of a minute is the earliest (an earlier-stored one wins a tie),
// the last is the latest (a later-stored one wins a tie), as the field's last value is.
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';

export const MINUTE = 60_000;

interface MinuteSummary {
  field: string;
  minute: number;
  n: number;
  total: number;
  low: number;
  high: number;
  first_t: number;
  first_v: number;
  last_t: number;
  last_v: number;
}

/** The summaries of a batch, one per field and minute, in the batch's order. */
export function summariseMinutes(
  rows: readonly { field: string; t: number; value: number }[],
): MinuteSummary[] {
  const out = new Map<string, MinuteSummary>();
  for (const { field, t, value } of rows) {
    const minute = t - (t % MINUTE);
    const key = `${field}\n${minute}`;
    const s = out.get(key);
    if (!s) {
      out.set(key, {
        field,
        minute,
        n: 1,
        total: value,
        low: value,
        high: value,
        first_t: t,
        first_v: value,
        last_t: t,
        last_v: value,
      });
      continue;
    }
    s.n++;
    s.total += value;
    if (value < s.low) s.low = value;
    if (value > s.high) s.high = value;
    if (t < s.first_t) {
      s.first_t = t;
      s.first_v = value;
    }
    if (t >= s.last_t) {
      s.last_t = t;
      s.last_v = value;
    }
  }
  return [...out.values()];
}

/** Adds summaries to a channel's minutes (merging with rows already there). */
export async function addMinutes(
  trx: Transaction<Database> | Kysely<Database>,
  channel: string,
  summaries: readonly MinuteSummary[],
): Promise<void> {
  // 100 rows × 11 parameters stays far below either engine's parameter limit.
  for (let i = 0; i < summaries.length; i += 100) {
    await trx
      .insertInto('datalog_minutes')
      .values(summaries.slice(i, i + 100).map((s) => ({ channel_id: channel, ...s })))
      .onConflict((oc) =>
        oc.columns(['channel_id', 'field', 'minute']).doUpdateSet({
          n: sql`datalog_minutes.n + excluded.n`,
          total: sql`datalog_minutes.total + excluded.total`,
          low: sql`case when excluded.low < datalog_minutes.low then excluded.low else datalog_minutes.low end`,
          high: sql`case when excluded.high > datalog_minutes.high then excluded.high else datalog_minutes.high end`,
          first_v: sql`case when excluded.first_t < datalog_minutes.first_t then excluded.first_v else datalog_minutes.first_v end`,
          first_t: sql`case when excluded.first_t < datalog_minutes.first_t then excluded.first_t else datalog_minutes.first_t end`,
          last_v: sql`case when excluded.last_t >= datalog_minutes.last_t then excluded.last_v else datalog_minutes.last_v end`,
          last_t: sql`case when excluded.last_t >= datalog_minutes.last_t then excluded.last_t else datalog_minutes.last_t end`,
        }),
      )
      .execute();
  }
}

interface MinuteScope {
  channel?: string;
  field?: string;
  /** Minutes starting at or after `from` and before `to` (ms, whole minutes). */
  from?: number;
  to?: number;
}

/**
 * Rebuilds the summaries in `scope` from the records (after records were deleted, or
 * loaded in bulk). The earliest record of a minute is its first, the latest its last.
 */
export async function rebuildMinutes(
  db: Kysely<Database> | Transaction<Database>,
  scope: MinuteScope,
): Promise<void> {
  const where = (minute: ReturnType<typeof sql>, t: ReturnType<typeof sql>) => {
    const parts = [sql`1 = 1`];
    if (scope.channel !== undefined) parts.push(sql`channel_id = ${scope.channel}`);
    if (scope.field !== undefined) parts.push(sql`field = ${scope.field}`);
    if (scope.from !== undefined) parts.push(sql`${minute} >= ${scope.from}`);
    if (scope.to !== undefined) parts.push(sql`${t} < ${scope.to}`);
    return sql.join(parts, sql` and `);
  };
  await sql`delete from datalog_minutes where ${where(sql`minute`, sql`minute`)}`.execute(db);
  await sql`insert into datalog_minutes
      (channel_id, field, minute, n, total, low, high, first_t, first_v, last_t, last_v)
    select channel_id, field, minute, count(*), sum(value), min(value), max(value),
      min(t), max(case when rf = 1 then value end), max(t), max(case when rl = 1 then value end)
    from (
      select channel_id, field, t, value, t - (t % ${MINUTE}) as minute,
        row_number() over (partition by channel_id, field, t - (t % ${MINUTE}) order by t asc) as rf,
        row_number() over (partition by channel_id, field, t - (t % ${MINUTE}) order by t desc) as rl
      from datalog_records
      where ${where(sql`t`, sql`t`)}
    ) r
    group by channel_id, field, minute`.execute(db);
}

interface FieldFigures {
  records: number;
  firstAt: number;
  lastAt: number;
  lastValue: number;
}

/** A field's running figures read back from its summaries; null when it has no records. */
export async function fieldFigures(
  db: Kysely<Database> | Transaction<Database>,
  channel: string,
  field: string,
): Promise<FieldFigures | null> {
  const totals = await db
    .selectFrom('datalog_minutes')
    .select((eb) => [
      eb.fn.sum<number | string | null>('n').as('n'),
      eb.fn.min<number | string | null>('first_t').as('first_at'),
    ])
    .where('channel_id', '=', channel)
    .where('field', '=', field)
    .executeTakeFirst();
  if (!totals || totals.n === null || Number(totals.n) === 0) return null;
  const last = await db
    .selectFrom('datalog_minutes')
    .select(['last_t', 'last_v'])
    .where('channel_id', '=', channel)
    .where('field', '=', field)
    .orderBy('minute', 'desc')
    .limit(1)
    .executeTakeFirstOrThrow();
  return {
    records: Number(totals.n),
    firstAt: Number(totals.first_at),
    lastAt: Number(last.last_t),
    lastValue: last.last_v,
  };
}
