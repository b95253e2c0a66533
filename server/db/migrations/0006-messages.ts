// Messages (core §2 navbar): announcements to everyone (recipient_id null) and events for
// one user, with one read mark per reader. Portable column types only (see schema.ts).
import type { Kysely, Migration } from 'kysely';

export const messages: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('messages')
      .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
      // null: an announcement to every user.
      .addColumn('recipient_id', 'varchar(36)', (c) => c.references('users.id').onDelete('cascade'))
      .addColumn('sender_id', 'varchar(36)', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('title', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('body', 'text', (c) => c.notNull().defaultTo(''))
      // JSON object of names and numbers (src/contract/messages.ts MessageParams).
      .addColumn('params', 'text', (c) => c.notNull().defaultTo('{}'))
      .addColumn('link', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('messages_recipient_idx')
      .on('messages')
      .columns(['recipient_id', 'created_at'])
      .execute();

    await db.schema
      .createTable('message_reads')
      .addColumn('message_id', 'varchar(36)', (c) =>
        c.notNull().references('messages.id').onDelete('cascade'),
      )
      .addColumn('user_id', 'varchar(36)', (c) =>
        c.notNull().references('users.id').onDelete('cascade'),
      )
      .addColumn('read_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('message_reads_pk', ['message_id', 'user_id'])
      .execute();
    await db.schema
      .createIndex('message_reads_user_idx')
      .on('message_reads')
      .column('user_id')
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('message_reads').execute();
    await db.schema.dropTable('messages').execute();
  },
};
