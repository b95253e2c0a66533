// Classroom (classroom-and-labs §3, §7): classes with access codes and members by e-mail,
// lessons with boards lists, the lessons of each class in order, submissions with grades,
// and uploaded header images. Portable column types only (see schema.ts); docs/classroom.md.
import { sql, type Kysely, type Migration } from 'kysely';

export const classroom: Migration = {
  async up(db: Kysely<unknown>) {
    // Class seats are matched by e-mail only for verified addresses (docs/classroom.md).
    await db.schema
      .alterTable('users')
      .addColumn('email_verified', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();

    await db.schema
      .createTable('classes')
      .addColumn('uuid', 'varchar(36)', (c) => c.primaryKey())
      .addColumn('owner_id', 'varchar(36)', (c) =>
        c.notNull().references('users.id').onDelete('cascade'),
      )
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('header_image', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('is_official', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('access_code', 'varchar(16)', (c) => c.notNull().unique())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('classes_owner_idx')
      .on('classes')
      .columns(['owner_id', 'updated_at'])
      .execute();
    await db.schema
      .createIndex('classes_official_idx')
      .on('classes')
      .columns(['is_official', 'updated_at'])
      .execute();

    await db.schema
      .createTable('class_members')
      .addColumn('class_uuid', 'varchar(36)', (c) =>
        c.notNull().references('classes.uuid').onDelete('cascade'),
      )
      // Lower-case; the person's identity in the class (spec §3 people by {email}).
      .addColumn('email', 'varchar(254)', (c) => c.notNull())
      .addColumn('type', 'varchar(16)', (c) => c.notNull())
      // The account behind the e-mail once known (joined by code, or a verified sign-in).
      .addColumn('user_id', 'varchar(36)', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('added_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('class_members_pk', ['class_uuid', 'email'])
      .execute();
    await db.schema
      .createIndex('class_members_user_idx')
      .on('class_members')
      .columns(['user_id', 'type'])
      .execute();
    await db.schema
      .createIndex('class_members_email_idx')
      .on('class_members')
      .columns(['email', 'type'])
      .execute();
    await db.schema
      .createIndex('class_members_type_idx')
      .on('class_members')
      .columns(['class_uuid', 'type', 'added_at'])
      .execute();

    await db.schema
      .createTable('lessons')
      .addColumn('uuid', 'varchar(36)', (c) => c.primaryKey())
      .addColumn('owner_id', 'varchar(36)', (c) =>
        c.notNull().references('users.id').onDelete('cascade'),
      )
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('code', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('logo', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('is_official', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('max_points', 'integer', (c) => c.notNull().defaultTo(100))
      // Minutes a remote-lab session may last; null: no limit.
      .addColumn('time_limit', 'integer')
      // The remote lab's automatic check (its own format); null: none.
      .addColumn('auto_check', 'text')
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('lessons_owner_idx')
      .on('lessons')
      .columns(['owner_id', 'updated_at'])
      .execute();
    await db.schema
      .createIndex('lessons_official_idx')
      .on('lessons')
      .columns(['is_official', 'updated_at'])
      .execute();

    await db.schema
      .createTable('lesson_boards')
      .addColumn('lesson_uuid', 'varchar(36)', (c) =>
        c.notNull().references('lessons.uuid').onDelete('cascade'),
      )
      .addColumn('list', 'varchar(16)', (c) => c.notNull())
      .addColumn('board_id', 'varchar(64)', (c) => c.notNull())
      .addColumn('position', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('lesson_boards_pk', ['lesson_uuid', 'list', 'board_id'])
      .execute();
    await db.schema
      .createIndex('lesson_boards_board_idx')
      .on('lesson_boards')
      .column('board_id')
      .execute();

    await db.schema
      .createTable('class_lessons')
      .addColumn('class_uuid', 'varchar(36)', (c) =>
        c.notNull().references('classes.uuid').onDelete('cascade'),
      )
      .addColumn('lesson_uuid', 'varchar(36)', (c) =>
        c.notNull().references('lessons.uuid').onDelete('cascade'),
      )
      .addColumn('position', 'integer', (c) => c.notNull())
      .addColumn('due_at', 'text')
      .addColumn('added_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('class_lessons_pk', ['class_uuid', 'lesson_uuid'])
      .execute();
    await db.schema
      .createIndex('class_lessons_lesson_idx')
      .on('class_lessons')
      .column('lesson_uuid')
      .execute();

    await db.schema
      .createTable('submissions')
      .addColumn('suuid', 'varchar(36)', (c) => c.primaryKey())
      .addColumn('class_uuid', 'varchar(36)', (c) =>
        c.notNull().references('classes.uuid').onDelete('cascade'),
      )
      .addColumn('lesson_uuid', 'varchar(36)', (c) =>
        c.notNull().references('lessons.uuid').onDelete('cascade'),
      )
      // The student's e-mail in the class (class_members.email).
      .addColumn('student_email', 'varchar(254)', (c) => c.notNull())
      // Who sent it (the student, or null for a teacher's grade without a program).
      .addColumn('user_id', 'varchar(36)', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('code', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('student_note', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('session_id', 'varchar(64)')
      .addColumn('grade', 'double precision')
      .addColumn('note', 'text', (c) => c.notNull().defaultTo(''))
      .addColumn('state', 'varchar(16)', (c) => c.notNull())
      .addColumn('is_late', 'integer', (c) => c.notNull().defaultTo(0))
      // 1 for the cell's current submission; a later one or a reset clears it.
      .addColumn('is_current', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('submitted_at', 'text', (c) => c.notNull())
      .addColumn('graded_at', 'text')
      .addColumn('graded_by', 'varchar(36)', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('completed_at', 'text')
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .execute();
    // One current submission per cell, even when two submits race.
    await db.schema
      .createIndex('submissions_current_idx')
      .on('submissions')
      .columns(['class_uuid', 'lesson_uuid', 'student_email'])
      .unique()
      .where(sql.ref('is_current'), '=', 1)
      .execute();
    await db.schema
      .createIndex('submissions_cell_idx')
      .on('submissions')
      .columns(['class_uuid', 'student_email', 'lesson_uuid', 'submitted_at'])
      .execute();
    await db.schema
      .createIndex('submissions_lesson_idx')
      .on('submissions')
      .column('lesson_uuid')
      .execute();

    await db.schema
      .createTable('classroom_images')
      .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
      .addColumn('owner_id', 'varchar(36)', (c) =>
        c.notNull().references('users.id').onDelete('cascade'),
      )
      .addColumn('content_type', 'varchar(32)', (c) => c.notNull())
      .addColumn('bytes', 'integer', (c) => c.notNull())
      // Base64: one portable text column on both engines.
      .addColumn('data', 'text', (c) => c.notNull())
      .addColumn('created_at', 'text', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('classroom_images_owner_idx')
      .on('classroom_images')
      .column('owner_id')
      .execute();
  },
  async down(db: Kysely<unknown>) {
    for (const table of [
      'classroom_images',
      'submissions',
      'class_lessons',
      'lesson_boards',
      'lessons',
      'class_members',
      'classes',
    ]) {
      await db.schema.dropTable(table).execute();
    }
    await db.schema.alterTable('users').dropColumn('email_verified').execute();
  },
};
