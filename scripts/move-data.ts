// Moves a school's whole database from SQLite to PostgreSQL (docs/deploy.md "Growing out of
// SQLite"):
//
//   npm run move-data -- --from data/gogo.sqlite --to postgres://user:pw@host/db [--replace]
//
// Both are brought to the latest schema first (the source file is migrated in place, as the
// server would on its next start). Every table the migrations made (users, roles, projects,
// catalogs, datalog channels and records, classes, lessons, submissions, grades,
// extensions, messages, labs, sessions, dashboards…) is copied in one transaction, parents
// before children, then verified: the row count and an order-independent checksum of every
// row of every table must match on both sides, or the transaction is rolled back. A target
// that holds data already is refused unless --replace (which empties it first). The event
// bus's outbox and the rate-limit buckets are not moved: they only matter for minutes.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import BetterSqlite3 from 'better-sqlite3';
import pg from 'pg';
import { PUBLIC_LOG_ID } from '../src/contract/datalog.ts';
import { migrateToLatest, openDatabase } from '../server/db/database.ts';

/** Tables that are not moved (the migrator's own and minutes-long state). */
const SKIPPED = new Set([
  'kysely_migration',
  'kysely_migration_lock',
  'bus_events',
  'rate_buckets',
]);
const BATCH = 500;

export interface MoveOptions {
  from: string;
  to: string;
  /** Empty a target that holds data instead of refusing. */
  replace?: boolean;
  log?: (message: string) => void;
}

export interface TableReport {
  table: string;
  rows: number;
  checksum: string;
}

interface Column {
  name: string;
  type: string;
}

/** The same text for a value on either engine (PostgreSQL gives bigints as strings). */
function canonical(value: unknown, type: string): string | null {
  if (value === null || value === undefined) return null;
  if (type === 'bytea') return Buffer.from(value as Uint8Array).toString('hex');
  if (/int|double|real|numeric/.test(type)) return String(Number(value));
  return String(value);
}

/** Sum of the rows' hashes (mod 2^64): the same whatever order the rows come in. */
function checksum(rows: Record<string, unknown>[], columns: Column[]): string {
  let sum = 0n;
  for (const row of rows) {
    const text = JSON.stringify(columns.map((c) => canonical(row[c.name], c.type)));
    sum = (sum + createHash('sha256').update(text).digest().readBigUInt64BE(0)) % 2n ** 64n;
  }
  return sum.toString(16).padStart(16, '0');
}

/** The target's tables, parents before children (foreign keys). */
async function tablesInOrder(client: pg.Client): Promise<string[]> {
  const tables = (
    await client.query<{ name: string }>(
      `select table_name as name from information_schema.tables
       where table_schema = 'public' and table_type = 'BASE TABLE'`,
    )
  ).rows
    .map((r) => r.name)
    .filter((t) => !SKIPPED.has(t));
  const edges = (
    await client.query<{ child: string; parent: string }>(
      `select c.conrelid::regclass::text as child, c.confrelid::regclass::text as parent
       from pg_constraint c join pg_namespace n on n.oid = c.connamespace
       where c.contype = 'f' and n.nspname = 'public'`,
    )
  ).rows;
  const order: string[] = [];
  const placed = new Set<string>();
  while (order.length < tables.length) {
    const next = tables.filter(
      (t) =>
        !placed.has(t) &&
        edges.every((e) => e.child !== t || e.parent === t || placed.has(e.parent)),
    );
    if (next.length === 0) throw new Error('the tables reference each other in a circle');
    for (const t of next.sort()) {
      order.push(t);
      placed.add(t);
    }
  }
  return order;
}

async function columnsOf(client: pg.Client, table: string): Promise<Column[]> {
  return (
    await client.query<Column>(
      `select column_name as name, data_type as type from information_schema.columns
       where table_schema = 'public' and table_name = $1 order by ordinal_position`,
      [table],
    )
  ).rows;
}

/** Rows the migrations themselves insert (the public log): not the school's data. */
async function userRows(client: pg.Client, table: string): Promise<number> {
  const seeded = table === 'datalog_channels' ? ` where id <> '${PUBLIC_LOG_ID}'` : '';
  const r = await client.query<{ n: string }>(`select count(*) as n from "${table}"${seeded}`);
  return Number(r.rows[0]?.n ?? 0);
}

export async function moveData(options: MoveOptions): Promise<TableReport[]> {
  const log = options.log ?? (() => {});
  if (!fs.existsSync(options.from)) throw new Error(`no SQLite file at ${options.from}`);
  if (!/^postgres(ql)?:\/\//.test(options.to)) throw new Error('--to must be a postgres:// URL');
  // Both at the latest schema, so their tables and columns are the same.
  for (const config of [
    { kind: 'sqlite' as const, file: options.from },
    { kind: 'postgres' as const, url: options.to, poolMax: 2 },
  ]) {
    const db = openDatabase(config);
    try {
      await migrateToLatest(db);
    } finally {
      await db.close();
    }
  }
  const source = new BetterSqlite3(options.from, { readonly: true });
  const target = new pg.Client({ connectionString: options.to });
  await target.connect();
  try {
    const tables = await tablesInOrder(target);
    const holding = [];
    for (const t of tables) if ((await userRows(target, t)) > 0) holding.push(t);
    if (holding.length > 0 && !options.replace) {
      throw new Error(
        `the target holds data already (${holding.join(', ')}); pass --replace to empty it first`,
      );
    }
    await target.query('begin');
    try {
      for (const t of [...tables].reverse()) await target.query(`delete from "${t}"`);
      const reports: TableReport[] = [];
      for (const table of tables) {
        const columns = await columnsOf(target, table);
        const names = columns.map((c) => `"${c.name}"`).join(', ');
        const rows = source.prepare(`select ${names} from "${table}"`).all() as Record<
          string,
          unknown
        >[];
        for (let at = 0; at < rows.length; at += BATCH) {
          const batch = rows.slice(at, at + BATCH);
          const values: unknown[] = [];
          const tuples = batch.map((row) => {
            const marks = columns.map((c) => {
              values.push(row[c.name] ?? null);
              return `$${values.length}`;
            });
            return `(${marks.join(', ')})`;
          });
          await target.query(
            `insert into "${table}" (${names}) values ${tuples.join(', ')}`,
            values,
          );
        }
        const copied = (await target.query(`select ${names} from "${table}"`)).rows as Record<
          string,
          unknown
        >[];
        const want = checksum(rows, columns);
        const got = checksum(copied, columns);
        if (copied.length !== rows.length || want !== got) {
          throw new Error(
            `${table}: ${rows.length} rows (checksum ${want}) in SQLite, ${copied.length} (${got}) in PostgreSQL`,
          );
        }
        reports.push({ table, rows: rows.length, checksum: got });
        log(`${table}: ${rows.length} rows, checksum ${got}`);
      }
      await target.query('commit');
      return reports;
    } catch (error) {
      await target.query('rollback');
      throw error;
    }
  } finally {
    source.close();
    await target.end();
  }
}

async function cli(argv: string[]): Promise<void> {
  const value = (flag: string) => {
    const at = argv.indexOf(flag);
    return at >= 0 ? argv[at + 1] : undefined;
  };
  const from = value('--from');
  const to = value('--to');
  if (!from || !to) {
    throw new Error(
      'usage: npm run move-data -- --from data/<file>.db --to postgres://… [--replace]',
    );
  }
  const reports = await moveData({
    from: path.resolve(from),
    to,
    replace: argv.includes('--replace'),
    log: (m) => console.error(`move-data: ${m}`),
  });
  const rows = reports.reduce((n, r) => n + r.rows, 0);
  console.error(`move-data: ${reports.length} tables, ${rows} rows moved and verified`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  cli(process.argv.slice(2)).catch((error: unknown) => {
    console.error(`move-data: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
}
