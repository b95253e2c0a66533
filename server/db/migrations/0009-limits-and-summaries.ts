// Limits on anonymous data and summaries for the cloud datalog at scale:
// - shared workspaces get a random key per share (the old unique hash told anyone whether a
//   given program had been shared) and the time they were last opened, for expiry;
// - datalog fields remember the writer who created them (per-writer quotas on the public
//   log);
// - datalog_minutes keeps one summary row per channel, field and minute, maintained at
//   ingest, so aggregations of whole minutes read summaries instead of every record. Rows
//   for the records already stored are built here.
import { sql, type Kysely, type Migration } from 'kysely';

export const limitsAndSummaries: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('workspaces_v2')
      .addColumn('key', 'varchar(36)', (c) => c.primaryKey())
      .addColumn('xml', 'text', (c) => c.notNull())
      .addColumn('uid', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('created_at', 'text', (c) => c.notNull())
      // Last time someone opened the share (ISO 8601, to the day); expiry counts from it.
      .addColumn('read_at', 'text', (c) => c.notNull())
      .execute();
    await sql`insert into workspaces_v2 (key, xml, uid, created_at, read_at)
      select key, xml, uid, created_at, created_at from workspaces`.execute(db);
    await db.schema.dropTable('workspaces').execute();
    await db.schema.alterTable('workspaces_v2').renameTo('workspaces').execute();
    await db.schema
      .createIndex('workspaces_read_at_idx')
      .on('workspaces')
      .column('read_at')
      .execute();

    await db.schema
      .alterTable('datalog_fields')
      .addColumn('writer', 'varchar(80)', (c) => c.notNull().defaultTo(''))
      .execute();
    await db.schema
      .createIndex('datalog_fields_writer_idx')
      .on('datalog_fields')
      .columns(['channel_id', 'writer'])
      .execute();

    await db.schema
      .createTable('datalog_minutes')
      .addColumn('channel_id', 'varchar(36)', (c) =>
        c.notNull().references('datalog_channels.id').onDelete('cascade'),
      )
      .addColumn('field', 'varchar(32)', (c) => c.notNull())
      .addColumn('minute', 'bigint', (c) => c.notNull())
      .addColumn('n', 'bigint', (c) => c.notNull())
      .addColumn('total', 'double precision', (c) => c.notNull())
      .addColumn('low', 'double precision', (c) => c.notNull())
      .addColumn('high', 'double precision', (c) => c.notNull())
      .addColumn('first_t', 'bigint', (c) => c.notNull())
      .addColumn('first_v', 'double precision', (c) => c.notNull())
      .addColumn('last_t', 'bigint', (c) => c.notNull())
      .addColumn('last_v', 'double precision', (c) => c.notNull())
      .addPrimaryKeyConstraint('datalog_minutes_pk', ['channel_id', 'field', 'minute'])
      .execute();
    // Summaries of the records stored so far (the first and last of a minute by time).
    await sql`insert into datalog_minutes
        (channel_id, field, minute, n, total, low, high, first_t, first_v, last_t, last_v)
      select channel_id, field, minute, count(*), sum(value), min(value), max(value),
        min(t), max(case when rf = 1 then value end), max(t), max(case when rl = 1 then value end)
      from (
        select channel_id, field, t, value, t - (t % 60000) as minute,
          row_number() over (partition by channel_id, field, t - (t % 60000) order by t asc) as rf,
          row_number() over (partition by channel_id, field, t - (t % 60000) order by t desc) as rl
        from datalog_records
      ) r
      group by channel_id, field, minute`.execute(db);
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('datalog_minutes').execute();
    await db.schema.dropIndex('datalog_fields_writer_idx').execute();
    await db.schema.alterTable('datalog_fields').dropColumn('writer').execute();
  },
};
