// The bus a server uses: in the process on SQLite (one server), LISTEN/NOTIFY on PostgreSQL
// (any number of replicas on that database).
import type { DatabaseConfig } from '../config.ts';
import type { Db } from '../db/database.ts';
import { LocalEventBus, type BusOptions, type EventBus } from './event-bus.ts';
import { PgEventBus } from './pg-event-bus.ts';

export async function openEventBus(
  db: Db,
  config: DatabaseConfig,
  options: BusOptions = {},
): Promise<EventBus> {
  if (config.kind === 'sqlite') return new LocalEventBus(db.kysely, options);
  const bus = new PgEventBus(db.kysely, config.url, options);
  await bus.start();
  return bus;
}
