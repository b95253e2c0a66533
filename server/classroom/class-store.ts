// Classes (classroom-and-labs §3 "Class", §7): create, read, edit, delete, clone, the
// browse lists, access codes and enrolment. Who may do what is the role table of
// docs/classroom.md, resolved once per call by `view()` into the caller's relation and
// permissions. Plain Kysely, identical on SQLite and PostgreSQL.
import { randomUUID } from 'node:crypto';
import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import {
  CLASS_PEOPLE_MAX,
  CLASS_SORT_FIELDS,
  isValidHeaderImage,
  normalizeAccessCode,
  type Class,
  type ClassInput,
  type ClassListQuery,
  type ClassPermissions,
  type ClassRole,
  type ClassUpdate,
} from '../../src/contract/classroom.ts';
import type { Pagination } from '../../src/contract/common.ts';
import { now } from '../db/clock.ts';
import type { ClassesTable, ClassRow, Database } from '../db/schema.ts';
import { HttpError } from '../http/errors.ts';
import { newAccessCode } from '../access-code.ts';
import { isAdmin, isModerator, memberOf, type Caller } from './caller.ts';
import { classroomError } from './errors.ts';
import type { ClassroomEvents } from './events.ts';
import { namedTablePage, toCount } from '../db/paging.ts';

/** A class as the caller sees it: the row, their relation and what they may do. */
export interface ClassView {
  row: ClassRow;
  role: ClassRole;
  permissions: ClassPermissions;
  ownerName: string;
  ownerPhoto: string;
  lessonCount: number;
  teacherCount: number;
  studentCount: number;
}

type ClassListKind = 'official' | 'my' | 'other' | 'enrolled';

export interface ClassroomPolicy {
  /** Who may create and clone classes and lessons (CLASSROOM_CREATORS). */
  creators: 'anyone' | 'teachers';
}

function canCreate(policy: ClassroomPolicy, caller: Caller): boolean {
  return policy.creators === 'anyone' || ['teacher', 'moderator', 'admin'].includes(caller.role);
}

export function assertCanCreate(policy: ClassroomPolicy, caller: Caller): void {
  if (!canCreate(policy, caller)) throw classroomError('creator_role');
}

function checkHeaderImage(value: string | undefined): void {
  if (value !== undefined && !isValidHeaderImage(value)) throw classroomError('invalid_url');
}

/** True when a unique index refused a row (SQLite or PostgreSQL). */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; message?: string };
  return e.code === '23505' || /UNIQUE constraint failed/.test(e.message ?? '');
}

export class ClassStore {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly events: ClassroomEvents,
    private readonly policy: ClassroomPolicy,
  ) {}

  /** The class with the caller's relation: 404 class_not_found unless they may read it. */
  async view(caller: Caller, uuid: string): Promise<ClassView> {
    const row = await this.detailed(caller, this.db.selectFrom('classes as c'))
      .where('c.uuid', '=', uuid)
      .executeTakeFirst();
    const view = row && this.toView(caller, row);
    if (!view || !this.readable(caller, view)) throw classroomError('class_not_found');
    return view;
  }

  /** view() for a caller who must be a teacher of the class (or an admin). */
  async asTeacher(caller: Caller, uuid: string): Promise<ClassView> {
    const view = await this.view(caller, uuid);
    if (!view.permissions.edit) throw classroomError('not_class_teacher');
    return view;
  }

  /** view() for the owner of the class (or an admin). */
  async asOwner(caller: Caller, uuid: string): Promise<ClassView> {
    const view = await this.view(caller, uuid);
    if (!view.permissions.delete) throw classroomError('not_class_owner');
    return view;
  }

  private readable(caller: Caller, view: ClassView): boolean {
    return view.role !== 'none' || view.row.is_official === 1 || isModerator(caller);
  }

  async get(caller: Caller, uuid: string): Promise<Class> {
    return this.toClass(caller, await this.view(caller, uuid));
  }

  async create(caller: Caller, input: ClassInput): Promise<Class> {
    assertCanCreate(this.policy, caller);
    checkHeaderImage(input.headerImage);
    if (input.official !== undefined && !isModerator(caller)) {
      throw classroomError('moderator_only');
    }
    const uuid = await this.insert(caller, {
      name: input.name.trim(),
      description: input.desc ?? '',
      header_image: input.headerImage?.trim() ?? '',
      is_official: input.official ? 1 : 0,
    });
    return this.get(caller, uuid);
  }

  /** Inserts a class with a fresh access code and its owner as a teacher. */
  private async insert(
    caller: Caller,
    fields: Pick<ClassesTable, 'name' | 'description' | 'header_image' | 'is_official'>,
    lessonsFrom?: string,
  ): Promise<string> {
    const uuid = randomUUID();
    for (let attempt = 0; ; attempt++) {
      const time = now();
      try {
        await this.db.transaction().execute(async (tx) => {
          await tx
            .insertInto('classes')
            .values({
              uuid,
              owner_id: caller.id,
              ...fields,
              access_code: newAccessCode(),
              created_at: time,
              updated_at: time,
            })
            .execute();
          await tx
            .insertInto('class_members')
            .values({
              class_uuid: uuid,
              email: caller.email,
              type: 'teacher',
              user_id: caller.id,
              added_at: time,
            })
            .execute();
          if (lessonsFrom !== undefined) {
            const lessons = await tx
              .selectFrom('class_lessons')
              .select(['lesson_uuid', 'position'])
              .where('class_uuid', '=', lessonsFrom)
              .execute();
            if (lessons.length > 0) {
              await tx
                .insertInto('class_lessons')
                .values(
                  lessons.map((l) => ({
                    class_uuid: uuid,
                    lesson_uuid: l.lesson_uuid,
                    position: l.position,
                    due_at: null,
                    added_at: time,
                  })),
                )
                .execute();
            }
          }
        });
        return uuid;
      } catch (error) {
        // Two codes out of 25^8 colliding is rare; draw again a few times.
        if (attempt < 4 && isUniqueViolation(error)) continue;
        throw error;
      }
    }
  }

  async update(caller: Caller, uuid: string, patch: ClassUpdate): Promise<Class> {
    const view = await this.view(caller, uuid);
    const content = patch.name !== undefined || patch.desc !== undefined;
    if ((content || patch.headerImage !== undefined) && !view.permissions.edit) {
      throw classroomError('not_class_teacher');
    }
    if (patch.official !== undefined && !view.permissions.setOfficial) {
      throw classroomError('moderator_only');
    }
    checkHeaderImage(patch.headerImage);
    const changes: Partial<ClassesTable> = { updated_at: now() };
    if (patch.name !== undefined) changes.name = patch.name.trim();
    if (patch.desc !== undefined) changes.description = patch.desc;
    if (patch.headerImage !== undefined) changes.header_image = patch.headerImage.trim();
    if (patch.official !== undefined) changes.is_official = patch.official ? 1 : 0;
    await this.db.updateTable('classes').set(changes).where('uuid', '=', uuid).execute();
    return this.get(caller, uuid);
  }

  async remove(caller: Caller, uuid: string): Promise<void> {
    await this.asOwner(caller, uuid);
    await this.db.deleteFrom('classes').where('uuid', '=', uuid).execute();
  }

  /** A new class of the caller's with the same content and lessons, no people, a new code. */
  async clone(caller: Caller, uuid: string, name: string | undefined): Promise<Class> {
    const view = await this.view(caller, uuid);
    assertCanCreate(this.policy, caller);
    if (!view.permissions.clone) throw classroomError('not_class_teacher');
    const copy = await this.insert(
      caller,
      {
        name: name?.trim() ?? view.row.name,
        description: view.row.description,
        header_image: view.row.header_image,
        is_official: 0,
      },
      uuid,
    );
    return this.get(caller, copy);
  }

  async rotateCode(caller: Caller, uuid: string): Promise<string> {
    await this.asTeacher(caller, uuid);
    for (let attempt = 0; ; attempt++) {
      const code = newAccessCode();
      try {
        await this.db
          .updateTable('classes')
          .set({ access_code: code, updated_at: now() })
          .where('uuid', '=', uuid)
          .execute();
        return code;
      } catch (error) {
        if (attempt < 4 && isUniqueViolation(error)) continue;
        throw error;
      }
    }
  }

  /** Joins the class behind an access code as a student. */
  async codeEnroll(caller: Caller, typed: string): Promise<Class> {
    const code = normalizeAccessCode(typed);
    const found =
      code === ''
        ? undefined
        : await this.db
            .selectFrom('classes')
            .select('uuid')
            .where('access_code', '=', code)
            .executeTakeFirst();
    if (!found) throw classroomError('wrong_access_code');
    return this.join(caller, found.uuid, true);
  }

  /** Joins an official class without a code. */
  async enroll(caller: Caller, uuid: string): Promise<Class> {
    return this.join(caller, uuid, false);
  }

  private async join(caller: Caller, uuid: string, withCode: boolean): Promise<Class> {
    const view = withCode ? await this.viewUnchecked(caller, uuid) : await this.view(caller, uuid);
    if (view.role === 'owner' || view.role === 'teacher') throw classroomError('already_teacher');
    if (view.role === 'student') return this.toClass(caller, view);
    if (!withCode && view.row.is_official !== 1) throw classroomError('enrol_needs_code');
    if (caller.email === '') throw classroomError('email_required');
    if (view.teacherCount + view.studentCount >= CLASS_PEOPLE_MAX) {
      throw classroomError('class_full');
    }
    const existing = await this.db
      .selectFrom('class_members')
      .select(['user_id'])
      .where('class_uuid', '=', uuid)
      .where('email', '=', caller.email)
      .executeTakeFirst();
    if (existing) {
      // A seat for this e-mail that is not the caller's: unverified, or another account.
      if (existing.user_id === null) throw classroomError('email_unverified');
      throw new HttpError(
        403,
        'forbidden',
        'This e-mail is in the class under another account; sign in with that account',
      );
    }
    try {
      await this.db
        .insertInto('class_members')
        .values({
          class_uuid: uuid,
          email: caller.email,
          type: 'student',
          user_id: caller.id,
          added_at: now(),
        })
        .execute();
    } catch (error) {
      // The same person joining twice at once: the first insert won, and that is the seat.
      if (!isUniqueViolation(error)) throw error;
    }
    await this.events.emit('enrolled', {
      classUuid: uuid,
      emails: [caller.email],
      type: 'student',
      by: caller.id,
    });
    // The class as it now is for the new student, without reading it again.
    return this.toClass(caller, {
      ...view,
      role: 'student',
      permissions: this.permissions(caller, 'student', view.row.is_official === 1),
      studentCount: view.studentCount + 1,
    });
  }

  /** A student leaves the class. */
  async unenroll(caller: Caller, uuid: string): Promise<Class> {
    const view = await this.view(caller, uuid);
    if (view.role === 'owner' || view.role === 'teacher') throw classroomError('already_teacher');
    if (view.role !== 'student') throw classroomError('not_a_member');
    const seats = await this.db
      .deleteFrom('class_members')
      .where('class_uuid', '=', uuid)
      .where('type', '=', 'student')
      .where(memberOf(caller, 'class_members'))
      .returning('email')
      .execute();
    await this.events.emit('unenrolled', {
      classUuid: uuid,
      emails: seats.map((s) => s.email),
      type: 'student',
      by: caller.id,
    });
    const after = await this.viewUnchecked(caller, uuid);
    return this.toClass(caller, after);
  }

  /** The class with the caller's relation, whether or not they may read it (code-enrol). */
  private async viewUnchecked(caller: Caller, uuid: string): Promise<ClassView> {
    const row = await this.detailed(caller, this.db.selectFrom('classes as c'))
      .where('c.uuid', '=', uuid)
      .executeTakeFirst();
    if (!row) throw classroomError('class_not_found');
    return this.toView(caller, row);
  }

  async list(
    caller: Caller,
    kind: ClassListKind,
    query: ClassListQuery,
  ): Promise<{ data: Class[]; pagination: Pagination }> {
    let base = this.db.selectFrom('classes as c');
    const memberAs = (type: 'teacher' | 'student') =>
      sql<boolean>`exists (select 1 from class_members m where m.class_uuid = c.uuid and m.type = ${type} and ${memberOf(caller, 'm')})`;
    switch (kind) {
      case 'official':
        base = base.where('c.is_official', '=', 1);
        break;
      case 'my':
        base = base.where('c.owner_id', '=', caller.id);
        break;
      case 'other':
        base = base.where('c.owner_id', '!=', caller.id).where(memberAs('teacher'));
        break;
      case 'enrolled':
        base = base.where(memberAs('student'));
        break;
    }
    const page = await namedTablePage(
      'c',
      base,
      query,
      CLASS_SORT_FIELDS,
      (filtered) => this.detailed(caller, filtered),
      (row) => this.toClass(caller, this.toView(caller, row)),
    );
    if (kind === 'enrolled') await this.bindSeats(caller);
    return page;
  }

  /**
   * Binds the seats teachers added for the caller's verified e-mail to their account, so
   * the people lists show their name and a later e-mail change keeps their classes.
   */
  async bindSeats(caller: Caller): Promise<void> {
    if (!caller.emailVerified) return;
    await this.db
      .updateTable('class_members')
      .set({ user_id: caller.id })
      .where('email', '=', caller.email)
      .where('user_id', 'is', null)
      .execute();
  }

  private detailed<O>(
    caller: Caller,
    query: SelectQueryBuilder<Database & { c: ClassesTable }, 'c', O>,
  ) {
    return query
      .innerJoin('users as u', 'u.id', 'c.owner_id')
      .selectAll('c')
      .select(['u.name as owner_name', 'u.photo_url as owner_photo'])
      .select((eb) => [
        eb
          .selectFrom('class_lessons as cl')
          .whereRef('cl.class_uuid', '=', 'c.uuid')
          .select(eb.fn.countAll().as('n'))
          .as('lesson_count'),
        eb
          .selectFrom('class_members as tm')
          .whereRef('tm.class_uuid', '=', 'c.uuid')
          .where('tm.type', '=', 'teacher')
          .select(eb.fn.countAll().as('n'))
          .as('teacher_count'),
        eb
          .selectFrom('class_members as sm')
          .whereRef('sm.class_uuid', '=', 'c.uuid')
          .where('sm.type', '=', 'student')
          .select(eb.fn.countAll().as('n'))
          .as('student_count'),
        // 'teacher' sorts after 'student': a person on both lists counts as a teacher.
        eb
          .selectFrom('class_members as mm')
          .whereRef('mm.class_uuid', '=', 'c.uuid')
          .where(memberOf(caller, 'mm'))
          .select((sub) => sub.fn.max('mm.type').as('t'))
          .as('member_type'),
      ]);
  }

  private toView(
    caller: Caller,
    row: ClassRow & {
      owner_name: string;
      owner_photo: string;
      lesson_count: unknown;
      teacher_count: unknown;
      student_count: unknown;
      member_type: string | null;
    },
  ): ClassView {
    const role: ClassRole =
      row.owner_id === caller.id
        ? 'owner'
        : row.member_type === 'teacher'
          ? 'teacher'
          : row.member_type === 'student'
            ? 'student'
            : 'none';
    const permissions = this.permissions(caller, role, row.is_official === 1);
    return {
      row,
      role,
      permissions,
      ownerName: row.owner_name,
      ownerPhoto: row.owner_photo,
      lessonCount: toCount(row.lesson_count),
      teacherCount: toCount(row.teacher_count),
      studentCount: toCount(row.student_count),
    };
  }

  private permissions(caller: Caller, role: ClassRole, official: boolean): ClassPermissions {
    const admin = isAdmin(caller);
    const teacher = role === 'owner' || role === 'teacher' || admin;
    return {
      edit: teacher,
      delete: role === 'owner' || admin,
      manageTeachers: role === 'owner' || admin,
      manageStudents: teacher,
      grade: teacher,
      setOfficial: isModerator(caller),
      clone: canCreate(this.policy, caller) && (teacher || official),
      enrol: official && role === 'none',
      unenrol: role === 'student',
    };
  }

  toClass(_caller: Caller, view: ClassView): Class {
    const { row } = view;
    return {
      uuid: row.uuid,
      name: row.name,
      desc: row.description,
      headerImage: row.header_image,
      official: row.is_official === 1,
      owner: { id: row.owner_id, name: view.ownerName, photoUrl: view.ownerPhoto },
      role: view.role,
      access_code: view.permissions.edit ? row.access_code : null,
      lessonCount: view.lessonCount,
      teacherCount: view.teacherCount,
      studentCount: view.studentCount,
      permissions: view.permissions,
      createdAt: row.created_at,
      updatedAt: row.updated_at,
    };
  }
}
