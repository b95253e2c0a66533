// Extensions (classroom-and-labs §3 "Extension", §7): published block libraries, the users
// who added them, and their source workspaces. Portable column types only (see schema.ts).
import type { Kysely, Migration } from 'kysely';

export const extensions: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('extensions')
      .addColumn('uuid', 'varchar(36)', (c) => c.primaryKey())
      .addColumn('owner_id', 'varchar(36)', (c) =>
        c.notNull().references('users.id').onDelete('cascade'),
      )
      .addColumn('name', 'text', (c) => c.notNull())
      // lower(trimmed name), unique: 'Library name exists' (a name is a toolbox category).
      .addColumn('name_key', 'text', (c) => c.notNull().unique())
      .addColumn('image_url', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('short_description', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('firmware_core', 'text', (c) => c.notNull().defaultTo(''))
      // The blocks: JSON of src/contract/extensions.ts ExtensionLibrary.
      .addColumn('library', 'text', (c) => c.notNull())
      .addColumn('workspace', 'text', (c) => c.notNull())
      .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('is_official', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('is_archived', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('extensions_browse_idx')
      .on('extensions')
      .columns(['is_archived', 'is_official', 'updated_at'])
      .execute();
    await db.schema
      .createIndex('extensions_owner_idx')
      .on('extensions')
      .columns(['owner_id', 'updated_at'])
      .execute();

    await db.schema
      .createTable('extension_users')
      .addColumn('extension_uuid', 'varchar(36)', (c) =>
        c.notNull().references('extensions.uuid').onDelete('cascade'),
      )
      .addColumn('user_id', 'varchar(36)', (c) =>
        c.notNull().references('users.id').onDelete('cascade'),
      )
      .addColumn('added_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('extension_users_pk', ['extension_uuid', 'user_id'])
      .execute();
    await db.schema
      .createIndex('extension_users_user_idx')
      .on('extension_users')
      .columns(['user_id', 'added_at'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('extension_users').execute();
    await db.schema.dropTable('extensions').execute();
  },
};
