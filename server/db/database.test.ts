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

  // The server and a command (make-admin, move-data) may open the same file at once. A write
  // that waited too long for the other's lock fails; the next writes must still be committed
  // (a driver that leaves the failed statement open keeps its transaction open: later saves
  // are answered, never committed, held from every other process and lost on a crash).
  it.runIf(testEngine() === 'sqlite')(
    'commits the writes that follow one refused while another process held the lock',
    async () => {
      const server = openDatabase(target.config);
      const command = openDatabase(target.config);
      await migrateToLatest(server);
      const row = (id: string, name: string) => ({
        id,
        firebase_uid: null,
        name,
        email: `${name}@example.com`,
        photo_url: '',
        provider_id: '',
        role: 'user',
        email_verified: 0,
        created_at: '2026-01-02T03:04:05.000Z',
        updated_at: '2026-01-02T03:04:05.000Z',
      });
      try {
        await sql`pragma busy_timeout = 50`.execute(server.kysely);
        await command.kysely.connection().execute(async (c) => {
          await sql`begin immediate`.execute(c);
          await c
            .insertInto('users')
            .values(row('1b8f8d2e-5a77-4c1e-9d8e-2f7a1c3b4d5e', 'cmd'))
            .execute();
          await expect(
            server.kysely
              .insertInto('users')
              .values(row('2b8f8d2e-5a77-4c1e-9d8e-2f7a1c3b4d5e', 'early'))
              .execute(),
          ).rejects.toThrow(/locked|busy/i);
          await sql`commit`.execute(c);
        });
        await server.kysely
          .insertInto('users')
          .values(row('3b8f8d2e-5a77-4c1e-9d8e-2f7a1c3b4d5e', 'later'))
          .execute();
        // Another process sees the later write and may write in turn.
        const reader = openDatabase(target.config);
        try {
          const names = await reader.kysely
            .selectFrom('users')
            .select('name')
            .where('name', 'in', ['cmd', 'early', 'later'])
            .orderBy('name')
            .execute();
          expect(names.map((n) => n.name)).toEqual(['cmd', 'later']);
          await sql`pragma busy_timeout = 50`.execute(reader.kysely);
          await reader.kysely
            .updateTable('users')
            .set({ name: 'renamed' })
            .where('name', '=', 'cmd')
            .execute();
        } finally {
          await reader.close();
        }
      } finally {
        await command.close();
        await server.close();
      }
    },
  );
});
