// Opens the database named by the configuration and brings its schema up to date. One
// Kysely query layer over better-sqlite3 (default, a WAL-mode file) or a pg pool.
// better-sqlite3 stays although it is compiled from source where its prebuilt binary cannot
// be downloaded: libsql (the same API, its binary in the npm package) left a statement that
// failed with SQLITE_BUSY open, so every later write on that connection was answered but
// never committed, and crashed the process on a boolean parameter.
import fs from 'node:fs';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import type { DatabaseConfig } from '../config.ts';
import { migrations } from './migrations/index.ts';
import type { Database } from './schema.ts';

export interface Db {
  kysely: Kysely<Database>;
  kind: DatabaseConfig['kind'];
  /** True when the database answers a trivial query. */
  ping(): Promise<boolean>;
  close(): Promise<void>;
}

export function openDatabase(config: DatabaseConfig): Db {
  let kysely: Kysely<Database>;
  if (config.kind === 'sqlite') {
    fs.mkdirSync(path.dirname(config.file), { recursive: true });
    const file = new BetterSqlite3(config.file);
    file.pragma('journal_mode = WAL');
    // WAL makes NORMAL durable against application crashes; only an OS crash can lose
    // the last commits.
    file.pragma('synchronous = NORMAL');
    file.pragma('foreign_keys = ON');
    file.pragma('busy_timeout = 5000');
    kysely = new Kysely<Database>({ dialect: new SqliteDialect({ database: file }) });
  } else {
    const pool = new pg.Pool({ connectionString: config.url, max: config.poolMax });
    // An idle client losing its connection must not crash the process; nor may one a
    // request holds between two statements (a transaction) when the server goes away: the
    // pool drops it on release and the request's next query fails with an answer.
    pool.on('error', () => {});
    pool.on('connect', (client) => client.on('error', () => {}));
    kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  }
  const db: Db = {
    kysely,
    kind: config.kind,
    async ping() {
      try {
        await sql`select 1`.execute(kysely);
        return true;
      } catch {
        return false;
      }
    },
    close: () => kysely.destroy(),
  };
  if (config.kind === 'sqlite') sqliteFiles.set(db, path.resolve(config.file));
  return db;
}

/** pg_advisory_lock key of migrations ('mig1' in ASCII). */
const MIGRATION_LOCK = 0x6d696731;

/**
 * Applies every pending migration; throws with the failing migration's name. On PostgreSQL
 * replicas that start together take turns under a session lock: the first applies what is
 * pending, the others then find nothing to do (creating Kysely's own tables at once could
 * otherwise collide).
 */
export async function migrateToLatest(db: Db): Promise<string[]> {
  if (db.kind === 'sqlite') {
    // Kysely's migration transaction begins deferred, so processes opening one file together
    // would all read "nothing applied" and then collide; holding the write lock from the
    // start makes them take turns (the later ones find nothing to do). Openers in one
    // process queue here first: a synchronous driver waiting for the lock would block the
    // very thread that holds it.
    const file = sqliteFiles.get(db) ?? '';
    const before = sqliteMigrations.get(file) ?? Promise.resolve();
    const turn = before.catch(() => {}).then(() => migrateSqlite(db));
    sqliteMigrations.set(file, turn);
    const done = () => {
      if (sqliteMigrations.get(file) === turn) sqliteMigrations.delete(file);
    };
    turn.then(done, done);
    return turn;
  }
  return db.kysely.connection().execute(async (connection) => {
    await sql`select pg_advisory_lock(${MIGRATION_LOCK})`.execute(connection);
    try {
      return await migrateWith(connection);
    } finally {
      await sql`select pg_advisory_unlock(${MIGRATION_LOCK})`.execute(connection);
    }
  });
}

/** Each opened SQLite database's file, and the migration running in this process per file. */
const sqliteFiles = new WeakMap<Db, string>();
const sqliteMigrations = new Map<string, Promise<string[]>>();

function migrateSqlite(db: Db): Promise<string[]> {
  return db.kysely.connection().execute(async (connection) => {
    await sql`begin immediate`.execute(connection);
    try {
      const applied = await migrateWith(connection, { ownTransaction: false });
      await sql`commit`.execute(connection);
      return applied;
    } catch (error) {
      await sql`rollback`.execute(connection);
      throw error;
    }
  });
}

async function migrateWith(
  kysely: Kysely<Database>,
  { ownTransaction = true } = {},
): Promise<string[]> {
  const migrator = new Migrator({
    db: kysely,
    disableTransactions: !ownTransaction,
    // Features land from parallel branches, so a database may have run 0005 before 0004
    // arrives; each migration touches only its own tables, so the order between them is free.
    allowUnorderedMigrations: true,
    provider: { getMigrations: () => Promise.resolve(migrations) },
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error !== undefined) {
    const cause = error instanceof Error ? error.message : String(error);
    throw new Error(`database migration ${failed?.migrationName ?? ''} failed: ${cause}`, {
      cause: error,
    });
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
