// Where each submission's grade came from (src/contract/grades.ts GradeSource): a teacher,
// the lesson's automatic check, a lab board's station, or a cable board reported by the
// student's own app. Existing grades get the source their row already shows.
import { sql, type Kysely, type Migration } from 'kysely';

export const gradeSources: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('submissions').addColumn('grade_source', 'varchar(16)').execute();
    await sql`update submissions set grade_source = case
        when graded_by is not null then 'teacher'
        when check_report is not null then 'check'
        when exists (select 1 from lab_sessions ls
          where cast(ls.id as varchar(64)) = submissions.session_id and ls.method = 11) then 'cable'
        when session_id is not null then 'lab'
        else null end
      where grade is not null`.execute(db);
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('submissions').dropColumn('grade_source').execute();
  },
};
