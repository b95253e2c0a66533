// A student's own latest program for a lesson (src/contract/lesson-work.ts): kept by the
// student as they work, read back by them when they start the lesson again, and readable by
// the class's teachers. Nobody else sees it: a classmate, another teacher or a moderator is
// refused like for a submission (docs/classroom.md "Lesson work").
import type { Kysely } from 'kysely';
import type { LessonWork } from '../../src/contract/lesson-work.ts';
import { now } from '../db/clock.ts';
import type { Database } from '../db/schema.ts';
import type { Caller } from './caller.ts';
import type { ClassStore } from './class-store.ts';
import { classroomError } from './errors.ts';
import type { LessonStore } from './lesson-store.ts';
import type { Seat, SubmissionStore } from './submission-store.ts';

export class LessonWorkStore {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly classes: ClassStore,
    private readonly lessons: LessonStore,
    private readonly submissions: SubmissionStore,
  ) {}

  /** The caller's own work in the lesson (code null while they have kept none). */
  async mine(caller: Caller, lessonUuid: string, classUuid?: string): Promise<LessonWork> {
    await this.lessons.view(caller, lessonUuid);
    const seat = await this.submissions.seat(caller, lessonUuid, classUuid);
    return this.read(lessonUuid, seat);
  }

  /** Keeps `code` as the caller's latest program for the lesson, replacing the one before. */
  async keep(
    caller: Caller,
    lessonUuid: string,
    body: { code: string; class_uuid?: string | undefined },
  ): Promise<LessonWork> {
    await this.lessons.view(caller, lessonUuid);
    const seat = await this.submissions.seat(caller, lessonUuid, body.class_uuid);
    const time = now();
    await this.db
      .insertInto('lesson_work')
      .values({
        class_uuid: seat.classUuid,
        lesson_uuid: lessonUuid,
        student_email: seat.email,
        user_id: caller.id,
        code: body.code,
        updated_at: time,
      })
      .onConflict((oc) =>
        oc
          .columns(['class_uuid', 'lesson_uuid', 'student_email'])
          .doUpdateSet({ code: body.code, user_id: caller.id, updated_at: time }),
      )
      .execute();
    return {
      luuid: lessonUuid,
      class_uuid: seat.classUuid,
      user_email: seat.email,
      code: body.code,
      updatedAt: time,
    };
  }

  /** A student's work, for a teacher of the class (a removed student's too, while kept). */
  async ofStudent(
    caller: Caller,
    classUuid: string,
    lessonUuid: string,
    email: string,
  ): Promise<LessonWork> {
    const view = await this.classes.view(caller, classUuid);
    if (!view.permissions.grade) throw classroomError('not_class_teacher');
    const inClass = await this.db
      .selectFrom('class_lessons')
      .select('lesson_uuid')
      .where('class_uuid', '=', classUuid)
      .where('lesson_uuid', '=', lessonUuid)
      .executeTakeFirst();
    if (!inClass) throw classroomError('lesson_not_in_class');
    const seat = { classUuid, email: email.trim().toLowerCase() };
    const work = await this.read(lessonUuid, seat);
    if (work.code === null) {
      const member = await this.db
        .selectFrom('class_members')
        .select('email')
        .where('class_uuid', '=', classUuid)
        .where('type', '=', 'student')
        .where('email', '=', seat.email)
        .executeTakeFirst();
      if (!member) throw classroomError('not_a_member');
    }
    return work;
  }

  private async read(lessonUuid: string, seat: Seat): Promise<LessonWork> {
    const row = await this.db
      .selectFrom('lesson_work')
      .select(['code', 'updated_at'])
      .where('class_uuid', '=', seat.classUuid)
      .where('lesson_uuid', '=', lessonUuid)
      .where('student_email', '=', seat.email)
      .executeTakeFirst();
    return {
      luuid: lessonUuid,
      class_uuid: seat.classUuid,
      user_email: seat.email,
      code: row?.code ?? null,
      updatedAt: row?.updated_at ?? null,
    };
  }
}
