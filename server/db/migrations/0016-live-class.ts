// The live classroom (docs/classroom.md "Live classroom"):
// - live_classes: a class's live session (while a teacher leads it): its key seed, eyes on
//   me, the broadcast; deleted when the session ends, with everything below but comments;
// - live_watchers: teachers' open live views (one row per stream, refreshed while open), so
//   every replica knows whether the class is watched;
// - live_hands: the hands-up queue;
// - live_logins: broker logins of the session's members (a hashed password each);
// - program_comments: a teacher's comments on a student's program (live or submitted),
//   anchored to a block or a Logo line; feedback, so kept after the session.
import { PostgresAdapter, type ColumnDefinitionBuilder, type Kysely, type Migration } from 'kysely';

export const liveClass: Migration = {
  async up(db: Kysely<unknown>) {
    const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
    const classRef = (c: ColumnDefinitionBuilder) =>
      c.notNull().references('classes.uuid').onDelete('cascade');
    await db.schema
      .createTable('live_classes')
      .addColumn('class_uuid', 'varchar(36)', (c) => classRef(c).primaryKey())
      // Random per session: the students' topic keys derive from it.
      .addColumn('session_id', 'varchar(64)', (c) => c.notNull())
      .addColumn('started_at', 'bigint', (c) => c.notNull())
      .addColumn('started_by', 'varchar(36)', (c) => c.notNull())
      // When the last teacher's live view closed (ms); null while one is open.
      .addColumn('idle_since', 'bigint')
      .addColumn('eyes_message', 'varchar(200)')
      .addColumn('eyes_until', 'bigint')
      .addColumn('eyes_by', 'varchar(200)')
      .addColumn('broadcast_by', 'varchar(200)')
      .addColumn('broadcast_name', 'varchar(200)')
      .execute();
    await db.schema
      .createTable('live_watchers')
      .addColumn('stream_id', 'varchar(64)', (c) => c.primaryKey())
      .addColumn('class_uuid', 'varchar(36)', classRef)
      .addColumn('user_id', 'varchar(36)', (c) => c.notNull())
      .addColumn('seen_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('live_watchers_class_idx')
      .on('live_watchers')
      .column('class_uuid')
      .execute();
    await db.schema
      .createTable('live_hands')
      .addColumn('class_uuid', 'varchar(36)', classRef)
      .addColumn('student_email', 'varchar(254)', (c) => c.notNull())
      .addColumn('name', 'varchar(200)', (c) => c.notNull())
      .addColumn('lesson_uuid', 'varchar(36)')
      .addColumn('raised_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('live_hands_pk', ['class_uuid', 'student_email'])
      .execute();
    await db.schema
      .createTable('live_logins')
      .addColumn('id', postgres ? 'serial' : 'integer', (c) =>
        postgres ? c.primaryKey() : c.primaryKey().autoIncrement(),
      )
      .addColumn('class_uuid', 'varchar(36)', classRef)
      .addColumn('role', 'varchar(10)', (c) => c.notNull())
      // The student's e-mail in the class ('' for a teacher).
      .addColumn('student_email', 'varchar(254)', (c) => c.notNull())
      .addColumn('user_id', 'varchar(36)', (c) => c.notNull())
      .addColumn('topic_key', 'varchar(64)', (c) => c.notNull())
      .addColumn('secret_hash', 'varchar(64)', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('live_logins_class_idx')
      .on('live_logins')
      .columns(['class_uuid', 'student_email'])
      .execute();
    await db.schema
      .createTable('program_comments')
      .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
      .addColumn('class_uuid', 'varchar(36)', classRef)
      .addColumn('lesson_uuid', 'varchar(36)', (c) =>
        c.notNull().references('lessons.uuid').onDelete('cascade'),
      )
      .addColumn('student_email', 'varchar(254)', (c) => c.notNull())
      .addColumn('suuid', 'varchar(36)')
      // JSON of the anchor ({kind: 'block', block} or {kind: 'line', line}).
      .addColumn('anchor', 'varchar(200)', (c) => c.notNull())
      .addColumn('text', 'text', (c) => c.notNull())
      .addColumn('author_id', 'varchar(36)', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('author_name', 'varchar(200)', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('resolved_at', 'text')
      .execute();
    await db.schema
      .createIndex('program_comments_student_idx')
      .on('program_comments')
      .columns(['class_uuid', 'lesson_uuid', 'student_email'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    for (const table of [
      'program_comments',
      'live_logins',
      'live_hands',
      'live_watchers',
      'live_classes',
    ]) {
      await db.schema.dropTable(table).execute();
    }
  },
};
