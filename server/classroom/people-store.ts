// The people of a class (classroom-and-labs §3, §7): teachers and students by e-mail.
// The owner adds and removes teachers; any teacher adds and removes students. Students see
// the teacher list only (docs/classroom.md).
import { sql, type Kysely } from 'kysely';
import {
  CLASS_PEOPLE_MAX,
  PEOPLE_SORT_FIELDS,
  type PeopleAdded,
  type PeopleQuery,
  type Person,
  type PersonType,
} from '../../src/contract/classroom.ts';
import type { Pagination } from '../../src/contract/common.ts';
import { now } from '../db/clock.ts';
import { contains } from '../db/paging.ts';
import type { Database } from '../db/schema.ts';
import type { Caller } from './caller.ts';
import type { ClassStore, ClassView } from './class-store.ts';
import { classroomError } from './errors.ts';
import type { ClassroomEvents } from './events.ts';
import { parseSort, readPage, tablePage } from '../db/paging.ts';

export class PeopleStore {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly classes: ClassStore,
    private readonly events: ClassroomEvents,
  ) {}

  /** The class, if the caller may change its people of `type`. */
  private async manager(caller: Caller, uuid: string, type: PersonType): Promise<ClassView> {
    const view = await this.classes.view(caller, uuid);
    if (type === 'teacher' && !view.permissions.manageTeachers) {
      throw classroomError('not_class_owner');
    }
    if (type === 'student' && !view.permissions.manageStudents) {
      throw classroomError('not_class_teacher');
    }
    return view;
  }

  async add(
    caller: Caller,
    uuid: string,
    type: PersonType,
    emails: readonly string[],
  ): Promise<PeopleAdded> {
    const view = await this.manager(caller, uuid, type);
    const wanted = [...new Set(emails.map((e) => e.trim().toLowerCase()))];
    const existing = await this.db
      .selectFrom('class_members')
      .select(['email', 'type', 'user_id'])
      .where('class_uuid', '=', uuid)
      .where('email', 'in', wanted)
      .execute();
    const skipped: PeopleAdded['skipped'] = [];
    const fresh: string[] = [];
    for (const email of wanted) {
      const row = existing.find((r) => r.email === email);
      if (!row) fresh.push(email);
      else if (row.user_id === view.row.owner_id) skipped.push({ email, reason: 'owner' });
      else
        skipped.push({
          email,
          reason: `already_${row.type === 'teacher' ? 'teacher' : 'student'}`,
        });
    }
    if (view.teacherCount + view.studentCount + fresh.length > CLASS_PEOPLE_MAX) {
      throw classroomError('class_full');
    }
    if (fresh.length > 0) {
      const time = now();
      await this.db
        .insertInto('class_members')
        .values(
          fresh.map((email) => ({
            class_uuid: uuid,
            email,
            type,
            user_id: null,
            added_at: time,
          })),
        )
        // Added meanwhile by another teacher: theirs stands.
        .onConflict((oc) => oc.columns(['class_uuid', 'email']).doNothing())
        .execute();
      await this.events.emit('enrolled', { classUuid: uuid, emails: fresh, type, by: caller.id });
    }
    return { added: fresh, skipped };
  }

  async remove(
    caller: Caller,
    uuid: string,
    type: PersonType,
    emails: readonly string[],
  ): Promise<string[]> {
    const view = await this.manager(caller, uuid, type);
    const wanted = [...new Set(emails.map((e) => e.trim().toLowerCase()))];
    const rows = await this.db
      .selectFrom('class_members')
      .select(['email', 'user_id'])
      .where('class_uuid', '=', uuid)
      .where('type', '=', type)
      .where('email', 'in', wanted)
      .execute();
    if (rows.some((r) => r.user_id === view.row.owner_id)) {
      throw classroomError('owner_not_removable');
    }
    // Only the class's own people: an e-mail of someone else refuses the whole call.
    if (rows.length < wanted.length) throw classroomError('not_a_member');
    const removed = rows.map((r) => r.email);
    if (removed.length > 0) {
      await this.db
        .deleteFrom('class_members')
        .where('class_uuid', '=', uuid)
        .where('type', '=', type)
        .where('email', 'in', removed)
        .execute();
      await this.events.emit('unenrolled', {
        classUuid: uuid,
        emails: removed,
        type,
        by: caller.id,
      });
    }
    return removed;
  }

  async list(
    caller: Caller,
    uuid: string,
    type: PersonType,
    query: PeopleQuery,
  ): Promise<{ data: Person[]; pagination: Pagination }> {
    const view = await this.classes.view(caller, uuid);
    if (type === 'student' && !view.permissions.manageStudents) {
      throw classroomError('not_class_teacher');
    }
    const request = tablePage(query);
    const sort = parseSort(query.sort, PEOPLE_SORT_FIELDS, [{ field: 'name', direction: 'asc' }]);
    let base = this.db
      .selectFrom('class_members as m')
      .leftJoin('users as u', 'u.id', 'm.user_id')
      .where('m.class_uuid', '=', uuid)
      .where('m.type', '=', type);
    const text = query.filter?.trim();
    if (text)
      base = base.where((eb) => eb.or([contains('m.email', text), contains('u.name', text)]));
    const { total } = await base
      .select((eb) => eb.fn.countAll().as('total'))
      .executeTakeFirstOrThrow();
    let rows = base.select([
      'm.email',
      'm.type',
      'm.user_id',
      'm.added_at',
      'u.name',
      'u.photo_url',
    ]);
    for (const key of sort) {
      if (key.field === 'name') {
        // People without an account yet have no name: they sort by e-mail among themselves.
        rows = rows
          .orderBy(sql`coalesce(lower(u.name), '')`, key.direction)
          .orderBy('m.email', key.direction);
      } else if (key.field === 'email') rows = rows.orderBy('m.email', key.direction);
      else rows = rows.orderBy('m.added_at', key.direction);
    }
    return readPage(request, total, rows.orderBy('m.email'), (r): Person => ({
      email: r.email,
      name: r.name ?? '',
      photoUrl: r.photo_url ?? '',
      type: r.type === 'teacher' ? 'teacher' : 'student',
      isOwner: r.user_id === view.row.owner_id,
      hasAccount: r.user_id !== null,
      addedAt: r.added_at,
    }));
  }

  /** The student seat of `email` in the class (404 not_a_member when there is none). */
  async student(uuid: string, email: string): Promise<{ email: string; userId: string | null }> {
    const row = await this.db
      .selectFrom('class_members')
      .select(['email', 'user_id'])
      .where('class_uuid', '=', uuid)
      .where('type', '=', 'student')
      .where('email', '=', email.trim().toLowerCase())
      .executeTakeFirst();
    if (!row) throw classroomError('not_a_member');
    return { email: row.email, userId: row.user_id };
  }
}
