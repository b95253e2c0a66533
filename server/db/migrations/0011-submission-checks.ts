// The report of a lesson's automatic check on each submission (docs/classroom.md
// "Automatic check"): JSON text of src/contract/lesson-check.ts CheckReport, null when the
// lesson had no check.
import type { Kysely, Migration } from 'kysely';

export const submissionChecks: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('submissions').addColumn('check_report', 'text').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('submissions').dropColumn('check_report').execute();
  },
};
