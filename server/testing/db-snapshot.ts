// Every row of every table as text, to show that a refused call changed nothing.
import type { Kysely } from 'kysely';
import type { TestApp } from './test-app.ts';

/** Tables that change on any call (migrations, rate buckets): never part of a snapshot. */
const BOOKKEEPING = new Set(['kysely_migration', 'kysely_migration_lock', 'rate_buckets']);

export async function databaseSnapshot(t: TestApp): Promise<Record<string, string>> {
  const db = t.app.services.db.kysely as unknown as Kysely<Record<string, object>>;
  const out: Record<string, string> = {};
  for (const table of await db.introspection.getTables()) {
    if (BOOKKEEPING.has(table.name) || table.isView) continue;
    const rows = await db.selectFrom(table.name).selectAll().execute();
    out[table.name] = rows
      .map((r) => JSON.stringify(r))
      .sort()
      .join('\n');
  }
  return out;
}
