// Who may list a remote lab's board (docs/remote-lab.md "Who may list a board"): its owner,
// the people the owner shared the lab with (by e-mail; a share matches an account whose
// provider vouched for that e-mail), and, on official lessons' lists, moderators when the
// owner made the lab official.
import type { Kysely, Migration } from 'kysely';

export const labSharing: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .alterTable('remote_labs')
      .addColumn('is_official', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .createTable('lab_shares')
      .addColumn('lab_uuid', 'varchar(36)', (c) =>
        c.notNull().references('remote_labs.uuid').onDelete('cascade'),
      )
      // Lower-case.
      .addColumn('email', 'varchar(254)', (c) => c.notNull())
      .addColumn('added_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('lab_shares_pk', ['lab_uuid', 'email'])
      .execute();
    await db.schema.createIndex('lab_shares_email_idx').on('lab_shares').column('email').execute();
    await db.schema.alterTable('lab_sessions').addColumn('group_uuid', 'varchar(36)').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('lab_sessions').dropColumn('group_uuid').execute();
    await db.schema.dropTable('lab_shares').execute();
    await db.schema.alterTable('remote_labs').dropColumn('is_official').execute();
  },
};
