// A fresh, empty database per test file: a temporary SQLite file, or, when
// TEST_DATABASE_URL names a PostgreSQL server (scripts/pg-temp.ts), a new database on it
// that is dropped afterwards. The same suites therefore run on both engines.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { DatabaseConfig } from '../config.ts';

export interface TestDatabase {
  config: DatabaseConfig;
  /** Environment variables that make loadConfig() pick this database. */
  env: Record<string, string>;
  drop(): Promise<void>;
}

export const testEngine = (): 'sqlite' | 'postgres' =>
  process.env.TEST_DATABASE_URL ? 'postgres' : 'sqlite';

export async function createTestDatabase(): Promise<TestDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gogo-test-db-'));
    const file = path.join(dir, 'test.sqlite');
    return {
      config: { kind: 'sqlite', file },
      env: { SQLITE_FILE: file },
      drop: async () => fs.rmSync(dir, { recursive: true, force: true }),
    };
  }
  const name = `gogo_test_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    config: { kind: 'postgres', url: url.toString(), poolMax: 5 },
    env: { DATABASE_URL: url.toString() },
    async drop() {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}
