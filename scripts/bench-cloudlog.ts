// Times the cloud datalog's aggregations in the database (server/datalog/series-query.ts)
// on SQLite and on a throw-away PostgreSQL:
// - N records (default 100,000) of two fields over one day, ingested through the store in
//   batches of 1000 (records and per-minute summaries), then every aggregation per minute
//   over the whole day, median of 5 runs;
// - 10 million records of four fields over a week, loaded in bulk with SQL and summarised
//   once (as the migration does for stored records), then every aggregation per minute over
//   the whole week: the summaries answer all but the median, which reads every record.
//
//   node --import tsx scripts/bench-cloudlog.ts [records]
//
// Env: GOGO_BENCH_DATABASES (default "sqlite,postgres"), GOGO_PG_PORT, BENCH_LARGE_RECORDS
// (default 10,000,000; 0 skips the large case).
import fs from 'node:fs';
import { sql } from 'kysely';
import os from 'node:os';
import path from 'node:path';
import { AGGREGATIONS, MEDIAN_RECORDS_MAX, PUBLIC_LOG_ID } from '../src/contract/datalog.ts';
import type { DatabaseConfig } from '../server/config.ts';
import { ChannelStore } from '../server/datalog/channel-store.ts';
import { fieldFigures, rebuildMinutes } from '../server/datalog/minute-summaries.ts';
import { querySeries } from '../server/datalog/series-query.ts';
import { HttpError } from '../server/http/errors.ts';
import { migrateToLatest, openDatabase } from '../server/db/database.ts';
import { envPort } from './auth-emulator.ts';
import { startTempPostgres } from './pg-temp.ts';

const N = Number(process.argv[2] ?? 100_000);
const LARGE = Number(process.env.BENCH_LARGE_RECORDS ?? 10_000_000);
const LARGE_FIELDS = ['temp', 'light', 'sound', 'humid'];
/** One record per field every 240 ms: 10 million records span about a week. */
const LARGE_STEP_MS = 240;
const DAY = 86_400_000;
const T0 = Date.UTC(2026, 0, 5);
const RUNS = 5;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

async function bench(kind: string, config: DatabaseConfig): Promise<void> {
  const db = openDatabase(config);
  try {
    await migrateToLatest(db);
    // The public log takes anonymous writes, so no user is needed.
    const store = new ChannelStore(db.kysely, { clock: () => T0 + 2 * DAY });
    const started = performance.now();
    for (let i = 0; i < N; i += 1000) {
      const batch = [];
      for (let j = i; j < Math.min(N, i + 1000); j++) {
        batch.push({
          name: j % 2 === 0 ? 'temp' : 'light',
          value: Math.sin(j / 500) * 50 + (j % 7),
          time: T0 + Math.floor((j / N) * DAY),
        });
      }
      await store.ingest(null, PUBLIC_LOG_ID, batch);
    }
    const ingestMs = performance.now() - started;
    console.log(
      `${kind}: ingested ${N} records in ${ingestMs.toFixed(0)} ms (${Math.round((N / ingestMs) * 1000)} records/s, batches of 1000)`,
    );
    // The floor: reading the channel's rows once, without grouping.
    const scans: number[] = [];
    for (let r = 0; r < RUNS; r++) {
      const t = performance.now();
      await sql`select count(*), sum(value) from datalog_records where channel_id = ${PUBLIC_LOG_ID}`.execute(
        db.kysely,
      );
      scans.push(performance.now() - t);
    }
    console.log(
      `${kind}: baseline scan (count + sum, no grouping): ${median(scans).toFixed(1)} ms`,
    );
    for (const aggregation of AGGREGATIONS) {
      const times: number[] = [];
      let points = 0;
      for (let r = 0; r < RUNS; r++) {
        const t = performance.now();
        const series = await querySeries(db.kysely, {
          channel: PUBLIC_LOG_ID,
          fields: ['light', 'temp'],
          aggregation,
          period: 'minute',
          from: T0,
          to: T0 + DAY,
          tz: 0,
          window: 5,
        });
        times.push(performance.now() - t);
        points = series.reduce((n, s) => n + s.t.length, 0);
      }
      console.log(
        `${kind}: ${aggregation.padEnd(14)} per minute over ${N} records → ${points} points: ${median(times).toFixed(1)} ms (median of ${RUNS})`,
      );
    }
  } finally {
    await db.close();
  }
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** Loads `LARGE` records into the public log with one SQL statement per engine. */
async function loadLarge(kind: string, db: ReturnType<typeof openDatabase>): Promise<number> {
  const fields = LARGE_FIELDS.length;
  const name = sql`case i % ${fields} ${sql.join(
    LARGE_FIELDS.map((f, k) => sql`when ${k} then ${f}`),
    sql` `,
  )} end`;
  const columns = sql`${PUBLIC_LOG_ID}, ${name}, ${T0} + (i / ${fields}) * ${LARGE_STEP_MS} + i % ${fields},
    ((i * 7919) % 1000) / 10.0`;
  if (kind === 'sqlite') {
    await sql`insert into datalog_records (channel_id, field, t, value)
      with recursive seq(i) as (select 0 union all select i + 1 from seq where i < ${LARGE - 1})
      select ${columns} from seq`.execute(db.kysely);
  } else {
    await sql`insert into datalog_records (channel_id, field, t, value)
      select ${columns} from generate_series(0::bigint, ${LARGE - 1}::bigint) as i`.execute(
      db.kysely,
    );
    await sql`analyze datalog_records`.execute(db.kysely);
  }
  return T0 + Math.ceil(LARGE / fields) * LARGE_STEP_MS;
}

async function benchLarge(kind: string, config: DatabaseConfig): Promise<void> {
  const db = openDatabase(config);
  try {
    await migrateToLatest(db);
    let t = performance.now();
    const end = await loadLarge(kind, db);
    console.log(`${kind}: loaded ${LARGE} records in bulk in ${seconds(performance.now() - t)}`);
    t = performance.now();
    await rebuildMinutes(db.kysely, { channel: PUBLIC_LOG_ID });
    if (kind === 'postgres') await sql`analyze datalog_minutes`.execute(db.kysely);
    console.log(`${kind}: per-minute summaries built in ${seconds(performance.now() - t)}`);
    for (const [colour, field] of LARGE_FIELDS.entries()) {
      const f = await fieldFigures(db.kysely, PUBLIC_LOG_ID, field);
      if (!f) continue;
      await db.kysely
        .insertInto('datalog_fields')
        .values({
          channel_id: PUBLIC_LOG_ID,
          name: field,
          tag: field,
          colour,
          records: f.records,
          first_at: f.firstAt,
          last_at: f.lastAt,
          last_value: f.lastValue,
          writer: '',
        })
        .execute();
    }
    const from = T0;
    const to = Math.ceil(end / 60_000) * 60_000;
    for (const aggregation of AGGREGATIONS) {
      const runs = aggregation === 'median' ? 1 : 3;
      const times: number[] = [];
      let points = 0;
      let refused = false;
      for (let r = 0; r < runs; r++) {
        const started = performance.now();
        try {
          const series = await querySeries(db.kysely, {
            channel: PUBLIC_LOG_ID,
            fields: LARGE_FIELDS,
            aggregation,
            period: 'minute',
            from,
            to,
            tz: 0,
            window: 5,
          });
          points = series.reduce((n, s) => n + s.t.length, 0);
        } catch (error) {
          // The median sorts every record: over MEDIAN_RECORDS_MAX it is refused.
          if (!(error instanceof HttpError) || error.code !== 'too_many_records') throw error;
          refused = true;
        }
        times.push(performance.now() - started);
      }
      if (refused) {
        console.log(
          `${kind}: ${aggregation.padEnd(14)} refused (too_many_records: over ${MEDIAN_RECORDS_MAX} records) in ${median(times).toFixed(1)} ms`,
        );
        continue;
      }
      const source = aggregation === 'median' ? 'every record' : 'summaries';
      console.log(
        `${kind}: ${aggregation.padEnd(14)} per minute over ${LARGE} records (${((to - from) / DAY).toFixed(1)} days) → ${points} points: ${median(times).toFixed(1)} ms (${source}, median of ${runs})`,
      );
    }
  } finally {
    await db.close();
  }
}

const databases = (process.env.GOGO_BENCH_DATABASES ?? 'sqlite,postgres').split(',');
if (databases.includes('sqlite')) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gogo-bench-cloudlog-'));
  try {
    await bench('sqlite', { kind: 'sqlite', file: path.join(dir, 'bench.sqlite') });
    if (LARGE > 0)
      await benchLarge('sqlite', { kind: 'sqlite', file: path.join(dir, 'large.sqlite') });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
if (databases.includes('postgres')) {
  const pg = await startTempPostgres({ port: envPort('GOGO_PG_PORT'), durable: true });
  try {
    await bench('postgres', { kind: 'postgres', url: pg.url, poolMax: 5 });
    if (LARGE > 0) {
      // A database of its own, so the large case starts from an empty public log.
      const admin = openDatabase({ kind: 'postgres', url: pg.url, poolMax: 1 });
      await sql`create database bench_large`.execute(admin.kysely);
      await admin.close();
      const url = new URL(pg.url);
      url.pathname = '/bench_large';
      await benchLarge('postgres', { kind: 'postgres', url: url.toString(), poolMax: 5 });
    }
  } finally {
    await pg.stop();
  }
}
