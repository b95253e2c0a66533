// Remote lab (classroom-and-labs §3 "Session", "Remote lab session", "Remote lab and lab
// group"): labs (one board station each), lab groups, and sessions with their queue. Times
// of sessions are integer milliseconds (bigint) so expiry is plain arithmetic in SQL on both
// engines; docs/remote-lab.md.
import { sql, type Kysely, type Migration } from 'kysely';

export const remoteLab: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('remote_labs')
      .addColumn('uuid', 'varchar(36)', (c) => c.primaryKey())
      .addColumn('owner_id', 'varchar(36)', (c) =>
        c.notNull().references('users.id').onDelete('cascade'),
      )
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
      // JSON array of strings.
      .addColumn('keywords', 'text', (c) => c.notNull().defaultTo('[]'))
      // One lab per board (the GoGo ID).
      .addColumn('board_id', 'varchar(64)', (c) => c.notNull().unique())
      // scrypt: salt and hash, hex.
      .addColumn('pin_hash', 'text', (c) => c.notNull())
      .addColumn('access_code', 'varchar(16)', (c) => c.notNull().unique())
      // sha256 of the CLI station key; null: none made.
      .addColumn('station_key_hash', 'text')
      // sha256 of the station's current broker password; null: no station connected yet.
      .addColumn('station_secret_hash', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('remote_labs_owner_idx')
      .on('remote_labs')
      .columns(['owner_id', 'updated_at'])
      .execute();

    await db.schema
      .createTable('lab_groups')
      .addColumn('uuid', 'varchar(36)', (c) => c.primaryKey())
      .addColumn('owner_id', 'varchar(36)', (c) =>
        c.notNull().references('users.id').onDelete('cascade'),
      )
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('keywords', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('access_code', 'varchar(16)', (c) => c.notNull().unique())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('lab_groups_owner_idx')
      .on('lab_groups')
      .columns(['owner_id', 'updated_at'])
      .execute();
    await db.schema
      .createTable('lab_group_boards')
      .addColumn('group_uuid', 'varchar(36)', (c) =>
        c.notNull().references('lab_groups.uuid').onDelete('cascade'),
      )
      .addColumn('board_id', 'varchar(64)', (c) => c.notNull())
      .addColumn('position', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('lab_group_boards_pk', ['group_uuid', 'board_id'])
      .execute();

    await db.schema
      .createTable('lab_sessions')
      // A positive 31-bit integer drawn at random (spec §3: a numeric session id, 0 = none).
      .addColumn('id', 'integer', (c) => c.primaryKey())
      .addColumn('user_id', 'varchar(36)', (c) =>
        c.notNull().references('users.id').onDelete('cascade'),
      )
      .addColumn('board_id', 'varchar(64)', (c) => c.notNull())
      .addColumn('lesson_uuid', 'varchar(36)')
      // 11 cable, 12 remote lab, 13 remote access.
      .addColumn('method', 'integer', (c) => c.notNull())
      .addColumn('state', 'varchar(16)', (c) => c.notNull())
      // Random hex: the session's topics are named by it (unguessable).
      .addColumn('topic_key', 'varchar(64)', (c) => c.notNull())
      // sha256 of the broker password handed to the holder; null while waiting.
      .addColumn('secret_hash', 'text')
      .addColumn('answer', 'integer', (c) => c.notNull().defaultTo(0))
      // The answer the holder's app last reported with alive (a cable session's only source).
      .addColumn('reported_answer', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('started_at', 'bigint')
      .addColumn('last_alive_at', 'bigint', (c) => c.notNull())
      // Lesson time limit; null: none.
      .addColumn('ends_at', 'bigint')
      .addColumn('ended_at', 'bigint')
      .addColumn('end_reason', 'varchar(32)')
      .execute();
    // One holder per board: at most one active session for a board (cable sessions hold no
    // lab board and are excluded).
    await db.schema
      .createIndex('lab_sessions_holder_idx')
      .on('lab_sessions')
      .column('board_id')
      .unique()
      .where(sql.raw<boolean>("state = 'active' and method <> 11"))
      .execute();
    await db.schema
      .createIndex('lab_sessions_queue_idx')
      .on('lab_sessions')
      .columns(['board_id', 'state', 'created_at'])
      .execute();
    await db.schema
      .createIndex('lab_sessions_user_idx')
      .on('lab_sessions')
      .columns(['user_id', 'state'])
      .execute();
    await db.schema
      .createIndex('lab_sessions_alive_idx')
      .on('lab_sessions')
      .columns(['state', 'last_alive_at'])
      .execute();
  },

  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('lab_sessions').execute();
    await db.schema.dropTable('lab_group_boards').execute();
    await db.schema.dropTable('lab_groups').execute();
    await db.schema.dropTable('remote_labs').execute();
  },
};
