// Class membership is looked up per class and account on nearly every classroom call: an
// index that starts with the account and then the class finds the one row directly, where
// (user_id, type) walked every class the account belongs to.
import type { Kysely, Migration } from 'kysely';

export const classroomLookups: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.dropIndex('class_members_user_idx').execute();
    await db.schema
      .createIndex('class_members_user_class_idx')
      .on('class_members')
      .columns(['user_id', 'class_uuid', 'type'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('class_members_user_class_idx').execute();
    await db.schema
      .createIndex('class_members_user_idx')
      .on('class_members')
      .columns(['user_id', 'type'])
      .execute();
  },
};
