// Cloud datalog (classroom-and-labs §2, §3): channels, their fields (tags with a name and a
// colour) and the records. Times are integer milliseconds (bigint) so buckets are plain
// integer arithmetic in SQL on both engines; values are double precision.
import { sql, type Kysely, type Migration } from 'kysely';
import { PUBLIC_LOG_ID } from '../../../src/contract/datalog.ts';

export const datalog: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('datalog_channels')
      .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
      // null only for the shared public log.
      .addColumn('owner_id', 'varchar(36)', (c) => c.references('users.id').onDelete('cascade'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('is_public', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('records', 'bigint', (c) => c.notNull().defaultTo(0))
      .addColumn('last_record_at', 'bigint')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('datalog_channels_owner_idx')
      .on('datalog_channels')
      .columns(['owner_id', 'created_at'])
      .execute();

    await db.schema
      .createTable('datalog_fields')
      .addColumn('channel_id', 'varchar(36)', (c) =>
        c.notNull().references('datalog_channels.id').onDelete('cascade'),
      )
      .addColumn('name', 'varchar(32)', (c) => c.notNull())
      .addColumn('tag', 'text', (c) => c.notNull())
      .addColumn('colour', 'integer', (c) => c.notNull())
      .addColumn('records', 'bigint', (c) => c.notNull())
      .addColumn('first_at', 'bigint', (c) => c.notNull())
      .addColumn('last_at', 'bigint', (c) => c.notNull())
      .addColumn('last_value', 'double precision', (c) => c.notNull())
      .addPrimaryKeyConstraint('datalog_fields_pk', ['channel_id', 'name'])
      .execute();

    await db.schema
      .createTable('datalog_records')
      .addColumn('channel_id', 'varchar(36)', (c) =>
        c.notNull().references('datalog_channels.id').onDelete('cascade'),
      )
      .addColumn('field', 'varchar(32)', (c) => c.notNull())
      .addColumn('t', 'bigint', (c) => c.notNull())
      .addColumn('value', 'double precision', (c) => c.notNull())
      .execute();
    // Every series query reads one channel's fields over a time span; with the value in
    // the index it never touches the table.
    await db.schema
      .createIndex('datalog_records_series_idx')
      .on('datalog_records')
      .columns(['channel_id', 'field', 't', 'value'])
      .execute();

    const time = new Date().toISOString();
    await sql`insert into datalog_channels (id, owner_id, name, is_public, records, created_at, updated_at)
      values (${PUBLIC_LOG_ID}, null, ${'Public log'}, 1, 0, ${time}, ${time})`.execute(db);
  },
  async down(db: Kysely<unknown>) {
    for (const table of ['datalog_records', 'datalog_fields', 'datalog_channels']) {
      await db.schema.dropTable(table).execute();
    }
  },
};
