// The lessons of a class, in the teacher's order (classroom-and-labs §7 add-lesson,
// lessons, delete-lesson, reorder-lesson), with an optional due time per lesson. Removing a
// lesson from a class keeps its submissions: adding it back shows them again.
import { type Kysely } from 'kysely';
import { CLASS_LESSONS_MAX, type ClassLesson } from '../../src/contract/classroom.ts';
import { now } from '../db/clock.ts';
import type { Database } from '../db/schema.ts';
import type { Caller } from './caller.ts';
import type { ClassStore } from './class-store.ts';
import { classroomError } from './errors.ts';
import type { ClassroomEvents } from './events.ts';
import type { LessonStore } from './lesson-store.ts';

export class ClassLessonStore {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly classes: ClassStore,
    private readonly lessons: LessonStore,
    private readonly events: ClassroomEvents,
  ) {}

  async list(caller: Caller, uuid: string): Promise<ClassLesson[]> {
    await this.classes.view(caller, uuid);
    return this.rows(uuid);
  }

  /** The class's lessons in order (no access check: callers have made it). */
  async rows(uuid: string): Promise<ClassLesson[]> {
    const rows = await this.db
      .selectFrom('class_lessons as cl')
      .innerJoin('lessons as l', 'l.uuid', 'cl.lesson_uuid')
      .innerJoin('users as u', 'u.id', 'l.owner_id')
      .select([
        'l.uuid',
        'l.name',
        'l.description',
        'l.is_official',
        'l.owner_id',
        'l.max_points',
        'l.time_limit',
        'u.name as owner_name',
        'u.photo_url as owner_photo',
        'cl.position',
        'cl.due_at',
        'cl.added_at',
      ])
      .where('cl.class_uuid', '=', uuid)
      .orderBy('cl.position')
      .orderBy('cl.added_at')
      .execute();
    return rows.map((r, position) => ({
      uuid: r.uuid,
      name: r.name,
      desc: r.description,
      official: r.is_official === 1,
      owner: { id: r.owner_id, name: r.owner_name, photoUrl: r.owner_photo },
      position,
      dueAt: r.due_at,
      maxPoints: r.max_points,
      timeLimit: r.time_limit,
      addedAt: r.added_at,
    }));
  }

  async add(caller: Caller, uuid: string, lessonUuids: readonly string[]): Promise<ClassLesson[]> {
    await this.classes.asTeacher(caller, uuid);
    const wanted = [...new Set(lessonUuids)];
    for (const luuid of wanted) {
      const lesson = await this.lessons.view(caller, luuid);
      if (!lesson.permissions.addToClass) throw classroomError('lesson_not_found');
    }
    const current = await this.rows(uuid);
    const fresh = wanted.filter((l) => !current.some((c) => c.uuid === l));
    if (current.length + fresh.length > CLASS_LESSONS_MAX) {
      throw classroomError('class_lessons_full');
    }
    if (fresh.length > 0) {
      const time = now();
      await this.db
        .insertInto('class_lessons')
        .values(
          fresh.map((luuid, i) => ({
            class_uuid: uuid,
            lesson_uuid: luuid,
            position: current.length + i,
            due_at: null,
            added_at: time,
          })),
        )
        .onConflict((oc) => oc.columns(['class_uuid', 'lesson_uuid']).doNothing())
        .execute();
      await this.touch(uuid);
      const students = await this.db
        .selectFrom('class_members')
        .select('user_id')
        .where('class_uuid', '=', uuid)
        .where('type', '=', 'student')
        .where('user_id', 'is not', null)
        .execute();
      await this.events.emit('lesson-added', {
        classUuid: uuid,
        lessonUuids: fresh,
        studentUserIds: students.flatMap((r) => (r.user_id === null ? [] : [r.user_id])),
        by: caller.id,
      });
    }
    return this.rows(uuid);
  }

  async remove(
    caller: Caller,
    uuid: string,
    lessonUuids: readonly string[],
  ): Promise<ClassLesson[]> {
    await this.classes.asTeacher(caller, uuid);
    const current = await this.rows(uuid);
    const wanted = [...new Set(lessonUuids)];
    if (wanted.some((l) => !current.some((c) => c.uuid === l))) {
      throw classroomError('lesson_not_in_class');
    }
    await this.db
      .deleteFrom('class_lessons')
      .where('class_uuid', '=', uuid)
      .where('lesson_uuid', 'in', wanted)
      .execute();
    await this.renumber(
      uuid,
      current.map((c) => c.uuid).filter((l) => !wanted.includes(l)),
    );
    return this.rows(uuid);
  }

  /** `order` must name every lesson of the class exactly once. */
  async reorder(caller: Caller, uuid: string, order: readonly string[]): Promise<ClassLesson[]> {
    await this.classes.asTeacher(caller, uuid);
    const current = await this.rows(uuid);
    if (order.some((l) => !current.some((c) => c.uuid === l))) {
      throw classroomError('lesson_not_in_class');
    }
    const same =
      order.length === current.length &&
      new Set(order).size === order.length &&
      order.every((l) => current.some((c) => c.uuid === l));
    if (!same) throw classroomError('reorder_mismatch');
    await this.renumber(uuid, order);
    return this.rows(uuid);
  }

  async setDue(
    caller: Caller,
    uuid: string,
    luuid: string,
    dueAt: string | null,
  ): Promise<ClassLesson[]> {
    await this.classes.asTeacher(caller, uuid);
    let due: string | null = null;
    if (dueAt !== null) {
      const time = Date.parse(dueAt);
      if (!/^\d{4}-\d\d-\d\dT/.test(dueAt) || Number.isNaN(time)) {
        throw classroomError('invalid_date');
      }
      due = new Date(time).toISOString();
    }
    const result = await this.db
      .updateTable('class_lessons')
      .set({ due_at: due })
      .where('class_uuid', '=', uuid)
      .where('lesson_uuid', '=', luuid)
      .executeTakeFirst();
    if (result.numUpdatedRows === 0n) throw classroomError('lesson_not_in_class');
    return this.rows(uuid);
  }

  private async renumber(uuid: string, order: readonly string[]): Promise<void> {
    await this.db.transaction().execute(async (tx) => {
      for (const [position, luuid] of order.entries()) {
        await tx
          .updateTable('class_lessons')
          .set({ position })
          .where('class_uuid', '=', uuid)
          .where('lesson_uuid', '=', luuid)
          .execute();
      }
    });
    await this.touch(uuid);
  }

  private async touch(uuid: string): Promise<void> {
    await this.db
      .updateTable('classes')
      .set({ updated_at: now() })
      .where('uuid', '=', uuid)
      .execute();
  }
}
