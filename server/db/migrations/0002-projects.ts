// Projects with likes and remix parents, catalogs of projects, and shared workspaces
// (spec core §3, §7). Portable column types only (see schema.ts).
import type { Kysely, Migration } from 'kysely';

export const projects: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('projects')
      .addColumn('uuid', 'varchar(36)', (c) => c.primaryKey())
      .addColumn('owner_id', 'varchar(36)', (c) =>
        c.notNull().references('users.id').onDelete('cascade'),
      )
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('header_image', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('code', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('is_published', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('parent_uuid', 'varchar(36)', (c) =>
        c.references('projects.uuid').onDelete('set null'),
      )
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('projects_owner_idx')
      .on('projects')
      .columns(['owner_id', 'updated_at'])
      .execute();
    await db.schema
      .createIndex('projects_published_idx')
      .on('projects')
      .columns(['is_published', 'updated_at'])
      .execute();
    await db.schema
      .createIndex('projects_parent_idx')
      .on('projects')
      .column('parent_uuid')
      .execute();

    await db.schema
      .createTable('project_likes')
      .addColumn('project_uuid', 'varchar(36)', (c) =>
        c.notNull().references('projects.uuid').onDelete('cascade'),
      )
      .addColumn('user_id', 'varchar(36)', (c) =>
        c.notNull().references('users.id').onDelete('cascade'),
      )
      .addColumn('created_at', 'text', (c) => c.notNull())
      // One like per user and project.
      .addPrimaryKeyConstraint('project_likes_pk', ['project_uuid', 'user_id'])
      .execute();

    await db.schema
      .createTable('catalogs')
      .addColumn('uuid', 'varchar(36)', (c) => c.primaryKey())
      .addColumn('owner_id', 'varchar(36)', (c) =>
        c.notNull().references('users.id').onDelete('cascade'),
      )
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('name_key', 'text', (c) => c.notNull())
      .addColumn('header_image', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    // 'You already have this catalog': enforced here too, so two racing creates cannot both win.
    await db.schema
      .createIndex('catalogs_owner_name_idx')
      .on('catalogs')
      .columns(['owner_id', 'name_key'])
      .unique()
      .execute();

    await db.schema
      .createTable('catalog_projects')
      .addColumn('catalog_uuid', 'varchar(36)', (c) =>
        c.notNull().references('catalogs.uuid').onDelete('cascade'),
      )
      .addColumn('project_uuid', 'varchar(36)', (c) =>
        c.notNull().references('projects.uuid').onDelete('cascade'),
      )
      .addColumn('added_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('catalog_projects_pk', ['catalog_uuid', 'project_uuid'])
      .execute();
    await db.schema
      .createIndex('catalog_projects_project_idx')
      .on('catalog_projects')
      .column('project_uuid')
      .execute();

    await db.schema
      .createTable('workspaces')
      .addColumn('key', 'varchar(36)', (c) => c.primaryKey())
      .addColumn('xml', 'text', (c) => c.notNull())
      .addColumn('xml_hash', 'varchar(64)', (c) => c.notNull().unique())
      .addColumn('uid', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
  },
  async down(db: Kysely<unknown>) {
    for (const table of ['workspaces', 'catalog_projects', 'catalogs', 'project_likes']) {
      await db.schema.dropTable(table).execute();
    }
    await db.schema.dropTable('projects').execute();
  },
};
