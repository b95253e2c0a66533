// State that several server replicas share (docs/architecture.md "State across replicas"):
// - bus_events: the event bus's outbox (server/events/): every published event with an id
//   that grows in commit order, kept for minutes so a push stream that reconnects to another
//   replica replays what it missed (Last-Event-ID);
// - rate_buckets: per-client token buckets, updated atomically, so N replicas give one quota.
import { PostgresAdapter, type Kysely, type Migration } from 'kysely';

export const sharedState: Migration = {
  async up(db: Kysely<unknown>) {
    const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
    await db.schema
      .createTable('bus_events')
      .addColumn('id', postgres ? 'bigserial' : 'integer', (c) =>
        postgres ? c.primaryKey() : c.primaryKey().autoIncrement(),
      )
      .addColumn('topic', 'varchar(200)', (c) => c.notNull())
      // JSON text of the event's data.
      .addColumn('data', 'text', (c) => c.notNull())
      // Milliseconds since the epoch (pruning).
      .addColumn('at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('bus_events_topic_idx')
      .on('bus_events')
      .columns(['topic', 'id'])
      .execute();
    await db.schema.createIndex('bus_events_at_idx').on('bus_events').column('at').execute();

    await db.schema
      .createTable('rate_buckets')
      // Limit name and client key ("writes:ip:203.0.113.9").
      .addColumn('key', 'varchar(200)', (c) => c.primaryKey())
      .addColumn('tokens', 'double precision', (c) => c.notNull())
      // Milliseconds since the epoch of the last refill.
      .addColumn('at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('rate_buckets_at_idx').on('rate_buckets').column('at').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('rate_buckets').execute();
    await db.schema.dropTable('bus_events').execute();
  },
};
