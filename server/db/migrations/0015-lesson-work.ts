// A student's own latest program per class and lesson (src/contract/lesson-work.ts), kept as
// they work so Start lesson resumes it. Keyed like submissions, by the student's e-mail in
// the class, so it outlives a removal and returns with the student.
import type { Kysely, Migration } from 'kysely';

export const lessonWork: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('lesson_work')
      .addColumn('class_uuid', 'varchar(36)', (c) =>
        c.notNull().references('classes.uuid').onDelete('cascade'),
      )
      .addColumn('lesson_uuid', 'varchar(36)', (c) =>
        c.notNull().references('lessons.uuid').onDelete('cascade'),
      )
      .addColumn('student_email', 'varchar(254)', (c) => c.notNull())
      // The account that kept it last.
      .addColumn('user_id', 'varchar(36)', (c) => c.references('users.id').onDelete('set null'))
      .addColumn('code', 'text', (c) => c.notNull())
      .addColumn('updated_at', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('lesson_work_pk', ['class_uuid', 'lesson_uuid', 'student_email'])
      .execute();
    await db.schema
      .createIndex('lesson_work_lesson_idx')
      .on('lesson_work')
      .column('lesson_uuid')
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('lesson_work').execute();
  },
};
