// Times the cloud datalog's aggregations in the database (server/datalog/series-query.ts)
// on SQLite and on a throw-away PostgreSQL: N records (default 100,000) of two fields over
// one day, every aggregation per minute over the whole day, median of 5 runs. Also times
// ingestion through the store in batches of 1000.
//
//   node --import tsx scripts/bench-cloudlog.ts [records]
//
// Env: GOGO_BENCH_DATABASES (default "sqlite,postgres"), GOGO_PG_PORT.
import fs from 'node:fs';
import { sql } from 'kysely';
import os from 'node:os';
import path from 'node:path';
import { AGGREGATIONS, PUBLIC_LOG_ID } from '../src/contract/datalog.ts';
import type { DatabaseConfig } from '../server/config.ts';
import { ChannelStore } from '../server/datalog/channel-store.ts';
import { querySeries } from '../server/datalog/series-query.ts';
import { migrateToLatest, openDatabase } from '../server/db/database.ts';
import { envPort } from './auth-emulator.ts';
import { startTempPostgres } from './pg-temp.ts';

const N = Number(process.argv[2] ?? 100_000);
const DAY = 86_400_000;
const T0 = Date.UTC(2026, 0, 5);
const RUNS = 5;

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

async function bench(kind: string, config: DatabaseConfig): Promise<void> {
  const db = openDatabase(config);
  try {
    await migrateToLatest(db);
    // The public log takes anonymous writes, so no user is needed.
    const store = new ChannelStore(db.kysely, () => T0 + 2 * DAY);
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

const databases = (process.env.GOGO_BENCH_DATABASES ?? 'sqlite,postgres').split(',');
if (databases.includes('sqlite')) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gogo-bench-cloudlog-'));
  try {
    await bench('sqlite', { kind: 'sqlite', file: path.join(dir, 'bench.sqlite') });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
if (databases.includes('postgres')) {
  const pg = await startTempPostgres({ port: envPort('GOGO_PG_PORT'), durable: true });
  try {
    await bench('postgres', { kind: 'postgres', url: pg.url, poolMax: 5 });
  } finally {
    await pg.stop();
  }
}
