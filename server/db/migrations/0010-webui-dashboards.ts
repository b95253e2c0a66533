// Web UI dashboards (src/contract/webui.ts): one row per dashboard, its widgets as JSON
// text. share_token is null while sharing is off; unique, so a link names one dashboard.
import type { Kysely, Migration } from 'kysely';

export const webuiDashboards: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('webui_dashboards')
      .addColumn('uuid', 'varchar(36)', (c) => c.primaryKey())
      .addColumn('owner_id', 'varchar(36)', (c) =>
        c.notNull().references('users.id').onDelete('cascade'),
      )
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('widgets', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('share_token', 'varchar(32)', (c) => c.unique())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('webui_dashboards_owner_idx')
      .on('webui_dashboards')
      .columns(['owner_id', 'updated_at'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('webui_dashboards').execute();
  },
};
