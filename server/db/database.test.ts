import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { createTestDatabase, testEngine, type TestDatabase } from '../testing/test-db.ts';
import { migrateToLatest, openDatabase } from './database.ts';
import { migrations } from './migrations/index.ts';

describe(`database (${testEngine()})`, () => {
  let target: TestDatabase;
  beforeAll(async () => {
    target = await createTestDatabase();
  });
  afterAll(() => target.drop());

  it('applies the migrations once and is up to date on the next start', async () => {
    const first = openDatabase(target.config);
    // Every migration, in order (the list grows; none may be skipped or fail).
    expect(await migrateToLatest(first)).toEqual(Object.keys(migrations).sort());
    expect(Object.keys(migrations).slice(0, 3)).toEqual([
      '0001-users',
      '0002-projects',
      '0003-datalog',
    ]);
    await first.close();
    const second = openDatabase(target.config);
    expect(await migrateToLatest(second)).toEqual([]);
    expect(await second.ping()).toBe(true);
    await second.close();
  });

  it('replicas that start together apply each migration once', async () => {
    const fresh = await createTestDatabase();
    const replicas = [1, 2, 3].map(() => openDatabase(fresh.config));
    try {
      const applied = await Promise.all(replicas.map((db) => migrateToLatest(db)));
      // One replica applied everything; the others found nothing left (on SQLite the file's
      // own lock serialises them the same way).
      expect(applied.flat().sort()).toEqual(Object.keys(migrations).sort());
      const [first] = replicas;
      if (!first) throw new Error('no replica');
      const rows = await sql<{ name: string }>`select name from kysely_migration`.execute(
        first.kysely,
      );
      expect(rows.rows).toHaveLength(Object.keys(migrations).length);
    } finally {
      for (const db of replicas) await db.close();
      await fresh.drop();
    }
  });

  it('stores the users table the same way on both engines', async () => {
    const db = openDatabase(target.config);
    await migrateToLatest(db);
    await db.kysely
      .insertInto('users')
      .values({
        id: '0b8f8d2e-5a77-4c1e-9d8e-2f7a1c3b4d5e',
        firebase_uid: null,
        name: 'Ana',
        email: 'ana@example.com',
        photo_url: '',
        provider_id: '',
        role: 'user',
        email_verified: 0,
        created_at: '2026-01-02T03:04:05.000Z',
        updated_at: '2026-01-02T03:04:05.000Z',
      })
      .execute();
    const row = await db.kysely.selectFrom('users').selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({ id: '0b8f8d2e-5a77-4c1e-9d8e-2f7a1c3b4d5e', firebase_uid: null });
    expect(row.created_at).toBe('2026-01-02T03:04:05.000Z');
    await db.close();
  });

  it.runIf(testEngine() === 'sqlite')('runs SQLite in WAL mode', async () => {
    const db = openDatabase(target.config);
    const { rows } = await sql<{ journal_mode: string }>`pragma journal_mode`.execute(db.kysely);
    expect(rows[0]?.journal_mode).toBe('wal');
    await db.close();
  });
});
