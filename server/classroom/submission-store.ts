// Submissions and grades (classroom-and-labs §3 "Grade", §7): a student's Submit, a
// teacher's grade and note, complete and reset, the gradebook (students × lessons, each
// cell the current submission) and reading one submission. States and rules are in
// src/contract/grades.ts; who may do what in docs/classroom.md.
import { randomUUID } from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import {
  GRADE_SOURCES,
  type CellState,
  type Completion,
  type Grade,
  type Gradebook,
  type GradeSource,
  type LessonProgress,
  type SubmissionState,
} from '../../src/contract/grades.ts';
import type { CheckReport } from '../../src/contract/lesson-check.ts';
import { reportGrade } from '../../src/core/check/run-check.ts';
import { now } from '../db/clock.ts';
import type { Database, SubmissionsTable } from '../db/schema.ts';
import { memberOf, type Caller } from './caller.ts';
import type { ClassLessonStore } from './class-lessons.ts';
import { isUniqueViolation, type ClassStore, type ClassView } from './class-store.ts';
import { classroomError } from './errors.ts';
import type { ClassroomEventMap, ClassroomEvents } from './events.ts';
import { storedCheck, storedReport, type SubmissionChecker } from './lesson-checker.ts';
import type { LessonStore } from './lesson-store.ts';
import type { PeopleStore } from './people-store.ts';

/**
 * Vouches for a grade a client sends with Submit: the remote lab registers one that answers
 * the grade its session `sessionId` earned for this student and lesson, or null.
 */
export type SessionGrader = (input: {
  sessionId: string;
  lessonUuid: string;
  classUuid: string;
  userId: string;
}) => Promise<number | null>;

/** A student's seat in one class that holds the lesson. */
export interface Seat {
  classUuid: string;
  email: string;
}

interface NewSubmission {
  classUuid: string;
  lessonUuid: string;
  email: string;
  userId: string | null;
  code: string;
  studentNote: string;
  sessionId: string | null;
  grade: number | null;
  gradeSource: GradeSource | null;
  gradedBy: string | null;
  state: SubmissionState;
  checkReport?: CheckReport | null;
}

/** Grades keep two decimals. */
const points = (grade: number) => Math.round(grade * 100) / 100;

export class SubmissionStore {
  private sessionGrader: SessionGrader | null = null;
  private checker: SubmissionChecker | null = null;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly classes: ClassStore,
    private readonly lessons: LessonStore,
    private readonly classLessons: ClassLessonStore,
    private readonly people: PeopleStore,
    private readonly events: ClassroomEvents,
  ) {}

  setSessionGrader(grader: SessionGrader | null): void {
    this.sessionGrader = grader;
  }

  /** Runs lessons' automatic checks on Submit (none: submissions wait for the teacher). */
  setChecker(checker: SubmissionChecker | null): void {
    this.checker = checker;
  }

  // Student side

  /** The caller's student seats in classes holding the lesson (all, or in `classUuid`). */
  private async seats(caller: Caller, lessonUuid: string, classUuid?: string): Promise<Seat[]> {
    let query = this.db
      .selectFrom('class_members as m')
      .innerJoin('class_lessons as cl', (join) =>
        join.onRef('cl.class_uuid', '=', 'm.class_uuid').on('cl.lesson_uuid', '=', lessonUuid),
      )
      .select(['m.class_uuid', 'm.email'])
      .where('m.type', '=', 'student')
      .where(memberOf(caller, 'm'));
    if (classUuid !== undefined) query = query.where('m.class_uuid', '=', classUuid);
    const rows = await query.orderBy('m.added_at').execute();
    return rows.map((r) => ({ classUuid: r.class_uuid, email: r.email }));
  }

  /** The caller is a student of a class that holds the lesson. */
  async studiesLesson(caller: Caller, lessonUuid: string): Promise<boolean> {
    return (await this.seats(caller, lessonUuid)).length > 0;
  }

  /**
   * The caller's one student seat for the lesson (in `classUuid`, or their only class holding
   * it): 403 not_enrolled without one, 409 class_required with several.
   */
  async seat(caller: Caller, lessonUuid: string, classUuid?: string): Promise<Seat> {
    const seats = await this.seats(caller, lessonUuid, classUuid);
    const [first] = seats;
    if (!first) throw classroomError('not_enrolled');
    if (seats.length > 1) throw classroomError('class_required');
    return first;
  }

  async submit(
    caller: Caller,
    lessonUuid: string,
    body: {
      code: string;
      note?: string | undefined;
      session_id?: string | null | undefined;
      grade?: number | null | undefined;
      class_uuid?: string | undefined;
    },
  ): Promise<Grade> {
    const lesson = await this.lessons.view(caller, lessonUuid);
    const seat = await this.seat(caller, lessonUuid, body.class_uuid);
    const sessionId = body.session_id ?? null;
    let grade: number | null = null;
    let gradeSource: GradeSource | null = null;
    if (sessionId !== null && this.sessionGrader) {
      const verified = await this.sessionGrader({
        sessionId,
        lessonUuid,
        classUuid: seat.classUuid,
        userId: caller.id,
      });
      if (verified !== null) {
        grade = points(Math.min(Math.max(verified, 0), lesson.row.max_points));
        gradeSource = 'lab';
      }
    }
    // A seat a teacher added by e-mail becomes this account's, so the teacher's grade and
    // note reach it (after the grader, which refuses a session that is not the caller's).
    await this.classes.bindSeats(caller);
    // The lesson's automatic check grades what the program does on the VM; a run the server
    // could not finish leaves the grade to the teacher.
    let checkReport: CheckReport | null = null;
    const check = grade === null && this.checker ? storedCheck(lesson.row.auto_check) : null;
    if (check && this.checker) {
      checkReport = await this.checker({ code: body.code, userId: caller.id }, check);
      if (checkReport.outcome !== 'not_run' && checkReport.outcome !== 'too_long') {
        grade = reportGrade(checkReport, lesson.row.max_points);
        gradeSource = 'check';
      }
    }
    const suuid = await this.insertCurrent({
      classUuid: seat.classUuid,
      lessonUuid,
      email: seat.email,
      userId: caller.id,
      code: body.code,
      studentNote: body.note ?? '',
      sessionId,
      grade,
      gradeSource,
      gradedBy: null,
      state: grade === null ? 'submitted' : 'graded',
      checkReport,
    });
    const event = { classUuid: seat.classUuid, lessonUuid, suuid, studentEmail: seat.email };
    await this.emitFor('submitted', { ...event, by: caller.id });
    if (grade !== null) await this.emitFor('grade-posted', { ...event, grade, by: null });
    return this.read(caller, suuid);
  }

  /** The caller's progress in a lesson: in `classUuid`, or their one class holding it. */
  async progress(caller: Caller, lessonUuid: string, classUuid?: string): Promise<LessonProgress> {
    await this.lessons.view(caller, lessonUuid);
    const seats = await this.seats(caller, lessonUuid, classUuid);
    const [seat] = seats;
    if (!seat) {
      // A class named without a seat in it: it must at least be one the caller may read.
      if (classUuid !== undefined) await this.classes.view(caller, classUuid);
      return {
        luuid: lessonUuid,
        class_uuid: null,
        state: 'not_started',
        canSubmit: false,
        grade: null,
      };
    }
    if (seats.length > 1) throw classroomError('class_required');
    return this.cellProgress(caller, lessonUuid, seat, true);
  }

  private async cellProgress(
    caller: Caller,
    lessonUuid: string,
    seat: Seat,
    canSubmit: boolean,
  ): Promise<LessonProgress> {
    const current = await this.current(seat.classUuid, lessonUuid, seat.email);
    return {
      luuid: lessonUuid,
      class_uuid: seat.classUuid,
      state: current ? (current.state as CellState) : 'not_started',
      canSubmit,
      grade: current ? await this.read(caller, current.suuid) : null,
    };
  }

  /** The caller's state in every lesson of a class they study in, in the class's order. */
  async completions(caller: Caller, uuid: string): Promise<Completion[]> {
    const view = await this.classes.view(caller, uuid);
    if (view.role !== 'student') throw classroomError('not_enrolled');
    const seat = await this.db
      .selectFrom('class_members as m')
      .select('m.email')
      .where('m.class_uuid', '=', uuid)
      .where('m.type', '=', 'student')
      .where(memberOf(caller, 'm'))
      .executeTakeFirstOrThrow();
    const lessons = await this.classLessons.rows(uuid);
    const cells = await this.db
      .selectFrom('submissions')
      .select(['suuid', 'lesson_uuid', 'state', 'grade', 'note'])
      .where('class_uuid', '=', uuid)
      .where('student_email', '=', seat.email)
      .where('is_current', '=', 1)
      .execute();
    return lessons.map((l) => {
      const cell = cells.find((c) => c.lesson_uuid === l.uuid);
      return {
        luuid: l.uuid,
        state: cell ? (cell.state as CellState) : 'not_started',
        suuid: cell?.suuid ?? null,
        grade: cell?.grade ?? null,
        maxPoints: l.maxPoints,
        note: cell?.note ?? '',
      };
    });
  }

  // Teacher side

  async gradebook(caller: Caller, uuid: string): Promise<Gradebook> {
    await this.asGrader(caller, uuid);
    const [seats, lessons, cells] = await Promise.all([
      this.db
        .selectFrom('class_members as m')
        .leftJoin('users as u', 'u.id', 'm.user_id')
        .select(['m.email', 'm.user_id', 'u.name', 'u.photo_url'])
        .where('m.class_uuid', '=', uuid)
        .where('m.type', '=', 'student')
        .execute(),
      this.classLessons.rows(uuid),
      this.db
        .selectFrom('submissions as s')
        // The account that made the work names a student whose seat is gone or unclaimed.
        .leftJoin('users as u', 'u.id', 's.user_id')
        .select([
          's.suuid',
          's.lesson_uuid',
          's.student_email',
          's.state',
          's.grade',
          's.grade_source',
          's.is_late',
          's.note',
          's.submitted_at',
          's.updated_at',
          // A teacher's grade or completion without a submission stores a row with no sender
          // and no program: nothing was submitted (so nothing was late).
          sql<number>`case when s.user_id is null and s.code = '' then 0 else 1 end`.as(
            'submitted',
          ),
          'u.name',
          'u.photo_url',
        ])
        .where('s.class_uuid', '=', uuid)
        .where('s.is_current', '=', 1)
        .execute(),
    ]);
    const luuids = new Set(lessons.map((l) => l.uuid));
    const shown = cells.filter((c) => luuids.has(c.lesson_uuid));
    const author = new Map<string, { name: string; photoUrl: string }>();
    for (const c of shown) {
      if (c.name !== null && !author.has(c.student_email)) {
        author.set(c.student_email, { name: c.name, photoUrl: c.photo_url ?? '' });
      }
    }
    type Student = Gradebook['students'][number];
    const inClass: Student[] = seats.map((s) => ({
      email: s.email,
      name: s.name ?? author.get(s.email)?.name ?? '',
      photoUrl: s.photo_url ?? author.get(s.email)?.photoUrl ?? '',
      hasAccount: s.user_id !== null,
      removed: false,
    }));
    // Removing a student (or a student leaving) ends the seat, never the work: whoever has a
    // current submission here stays in the gradebook, marked, until added again.
    const seated = new Set(seats.map((s) => s.email));
    const gone = new Map<string, Student>();
    for (const c of shown) {
      if (seated.has(c.student_email) || gone.has(c.student_email)) continue;
      const who = author.get(c.student_email);
      gone.set(c.student_email, {
        email: c.student_email,
        name: who?.name ?? '',
        photoUrl: who?.photoUrl ?? '',
        hasAccount: who !== undefined,
        removed: true,
      });
    }
    return {
      uuid,
      students: [...byName(inClass), ...byName([...gone.values()])],
      lessons: lessons.map((l) => ({
        luuid: l.uuid,
        name: l.name,
        maxPoints: l.maxPoints,
        dueAt: l.dueAt,
      })),
      cells: shown.map((c) => {
        const submitted = Number(c.submitted) === 1;
        return {
          user_email: c.student_email,
          luuid: c.lesson_uuid,
          suuid: c.suuid,
          state: c.state as SubmissionState,
          grade: c.grade,
          gradeSource: gradeSourceOf(c.grade_source),
          late: submitted && c.is_late === 1,
          hasNote: c.note !== '',
          note: c.note,
          submittedAt: submitted ? c.submitted_at : null,
          updatedAt: c.updated_at,
        };
      }),
    };
  }

  /** A teacher grades a student's lesson: the current submission, or a new one without code. */
  async gradeStudent(
    caller: Caller,
    uuid: string,
    input: { grade: number; luuid: string; user_email: string; note?: string | undefined },
  ): Promise<Grade> {
    await this.asGrader(caller, uuid);
    const maxPoints = await this.lessonInClass(uuid, input.luuid);
    const student = await this.people.student(uuid, input.user_email);
    const current = await this.current(uuid, input.luuid, student.email);
    const grade = checkGrade(input.grade, maxPoints);
    let suuid: string;
    if (current) {
      suuid = current.suuid;
      await this.applyGrade(suuid, current.state, grade, 'teacher', caller.id);
    } else {
      suuid = await this.insertCurrent({
        classUuid: uuid,
        lessonUuid: input.luuid,
        email: student.email,
        userId: null,
        code: '',
        studentNote: '',
        sessionId: null,
        grade,
        gradeSource: 'teacher',
        gradedBy: caller.id,
        state: 'graded',
      });
    }
    const event = { classUuid: uuid, lessonUuid: input.luuid, suuid, studentEmail: student.email };
    await this.emitFor('grade-posted', { ...event, grade, by: caller.id });
    if (input.note !== undefined) await this.writeNote(caller, uuid, suuid, input.note);
    return this.read(caller, suuid);
  }

  async updateGrade(
    caller: Caller,
    uuid: string,
    suuid: string,
    input: { grade: number; note?: string | undefined },
  ): Promise<Grade> {
    await this.asGrader(caller, uuid);
    const row = await this.inClass(uuid, suuid);
    const maxPoints = await this.lessonPoints(row.lesson_uuid);
    const grade = checkGrade(input.grade, maxPoints);
    await this.applyGrade(suuid, row.state, grade, 'teacher', caller.id);
    await this.emitFor('grade-posted', {
      classUuid: uuid,
      lessonUuid: row.lesson_uuid,
      suuid,
      studentEmail: row.student_email,
      grade,
      by: caller.id,
    });
    if (input.note !== undefined) await this.writeNote(caller, uuid, suuid, input.note);
    return this.read(caller, suuid);
  }

  async note(caller: Caller, uuid: string, suuid: string, note: string): Promise<Grade> {
    await this.asGrader(caller, uuid);
    await this.writeNote(caller, uuid, suuid, note);
    return this.read(caller, suuid);
  }

  private async writeNote(caller: Caller, uuid: string, suuid: string, note: string) {
    const row = await this.inClass(uuid, suuid);
    if (row.note === note) return;
    await this.db
      .updateTable('submissions')
      .set({ note, updated_at: now() })
      .where('suuid', '=', suuid)
      .execute();
    await this.emitFor('note-posted', {
      classUuid: uuid,
      lessonUuid: row.lesson_uuid,
      suuid,
      studentEmail: row.student_email,
      note,
      by: caller.id,
    });
  }

  /** Marks the lesson complete: the caller's own, or (a teacher) `user_email`'s. */
  async complete(
    caller: Caller,
    lessonUuid: string,
    body: { class_uuid?: string | undefined; user_email?: string | undefined },
  ): Promise<Grade> {
    await this.lessons.view(caller, lessonUuid);
    const seat =
      body.user_email === undefined
        ? await this.seat(caller, lessonUuid, body.class_uuid)
        : await this.taughtSeat(caller, lessonUuid, body.user_email, body.class_uuid);
    const current = await this.current(seat.classUuid, lessonUuid, seat.email);
    let suuid: string;
    if (current) {
      suuid = current.suuid;
      const time = now();
      await this.db
        .updateTable('submissions')
        .set({ state: 'complete', completed_at: time, updated_at: time })
        .where('suuid', '=', suuid)
        .execute();
    } else {
      suuid = await this.insertCurrent({
        classUuid: seat.classUuid,
        lessonUuid,
        email: seat.email,
        userId: body.user_email === undefined ? caller.id : null,
        code: '',
        studentNote: '',
        sessionId: null,
        grade: null,
        gradeSource: null,
        gradedBy: null,
        state: 'complete',
      });
    }
    await this.emitFor('completed', {
      classUuid: seat.classUuid,
      lessonUuid,
      suuid,
      studentEmail: seat.email,
      by: caller.id,
    });
    return this.read(caller, suuid);
  }

  /** A teacher starts a student's lesson over; earlier submissions stay readable. */
  async reset(
    caller: Caller,
    lessonUuid: string,
    body: { class_uuid?: string | undefined; user_email: string },
  ): Promise<LessonProgress> {
    await this.lessons.view(caller, lessonUuid);
    const seat = await this.taughtSeat(caller, lessonUuid, body.user_email, body.class_uuid);
    await this.db
      .updateTable('submissions')
      .set({ is_current: 0, updated_at: now() })
      .where('class_uuid', '=', seat.classUuid)
      .where('lesson_uuid', '=', lessonUuid)
      .where('student_email', '=', seat.email)
      .where('is_current', '=', 1)
      .execute();
    return this.cellProgress(caller, lessonUuid, seat, false);
  }

  /** The seat of `email` in a class the caller teaches that holds the lesson. */
  private async taughtSeat(
    caller: Caller,
    lessonUuid: string,
    email: string,
    classUuid: string | undefined,
  ): Promise<Seat> {
    const lower = email.trim().toLowerCase();
    if (classUuid !== undefined) {
      await this.asGrader(caller, classUuid);
      await this.lessonInClass(classUuid, lessonUuid);
      const student = await this.people.student(classUuid, lower);
      return { classUuid, email: student.email };
    }
    let taught = this.db
      .selectFrom('class_lessons as cl')
      .select('cl.class_uuid')
      .where('cl.lesson_uuid', '=', lessonUuid);
    if (caller.role !== 'admin') {
      taught = taught.where(
        sql<boolean>`exists (select 1 from class_members t where t.class_uuid = cl.class_uuid and t.type = 'teacher' and ${memberOf(caller, 't')})`,
      );
    }
    const classUuids = (await taught.execute()).map((r) => r.class_uuid);
    if (classUuids.length === 0) {
      throw classroomError(caller.role === 'admin' ? 'lesson_not_in_class' : 'not_class_teacher');
    }
    const rows = await this.db
      .selectFrom('class_members')
      .select(['class_uuid', 'email'])
      .where('class_uuid', 'in', classUuids)
      .where('type', '=', 'student')
      .where('email', '=', lower)
      .execute();
    const [first] = rows;
    if (!first) throw classroomError('not_a_member');
    if (rows.length > 1) throw classroomError('class_required');
    return { classUuid: first.class_uuid, email: first.email };
  }

  // Reading

  /** One submission, for its student or a teacher of its class (admins too). */
  async read(caller: Caller, suuid: string, classUuid?: string): Promise<Grade> {
    const row = await this.db
      .selectFrom('submissions as s')
      .innerJoin('classes as c', 'c.uuid', 's.class_uuid')
      .innerJoin('lessons as l', 'l.uuid', 's.lesson_uuid')
      .leftJoin('class_members as m', (join) =>
        join.onRef('m.class_uuid', '=', 's.class_uuid').onRef('m.email', '=', 's.student_email'),
      )
      .leftJoin('users as u', (join) =>
        join.on(sql<boolean>`u.id = coalesce(m.user_id, s.user_id)`),
      )
      .selectAll('s')
      .select([
        'c.name as class_name',
        'l.name as lesson_name',
        'l.max_points',
        'u.name as student_name',
        'u.photo_url as student_photo',
      ])
      .where('s.suuid', '=', suuid)
      .executeTakeFirst();
    if (!row || (classUuid !== undefined && row.class_uuid !== classUuid)) {
      throw classroomError('submission_not_found');
    }
    let view: ClassView;
    try {
      view = await this.classes.view(caller, row.class_uuid);
    } catch {
      throw classroomError('submission_not_found');
    }
    const canGrade = view.permissions.grade;
    if (!canGrade && !(await this.isOwnSubmission(caller, row))) {
      // A classmate's work does not exist for a student; other readers lack the role.
      throw classroomError(view.role === 'student' ? 'submission_not_found' : 'not_class_teacher');
    }
    return {
      uuid: row.class_uuid,
      suuid: row.suuid,
      luuid: row.lesson_uuid,
      user_email: row.student_email,
      grade: row.grade,
      gradeSource: gradeSourceOf(row.grade_source),
      note: row.note,
      studentNote: row.student_note,
      code: row.code,
      session_id: row.session_id,
      state: row.state as SubmissionState,
      late: row.is_late === 1,
      current: row.is_current === 1,
      className: row.class_name,
      student: {
        email: row.student_email,
        name: row.student_name ?? '',
        photoUrl: row.student_photo ?? '',
      },
      lesson: { uuid: row.lesson_uuid, name: row.lesson_name, maxPoints: row.max_points },
      canGrade,
      // As in the gradebook: a row with no sender and no program holds no submission.
      submittedAt: row.user_id === null && row.code === '' ? null : row.submitted_at,
      gradedAt: row.graded_at,
      completedAt: row.completed_at,
      updatedAt: row.updated_at,
      check: storedReport(row.check_report),
    };
  }

  private async isOwnSubmission(
    caller: Caller,
    row: { class_uuid: string; student_email: string },
  ): Promise<boolean> {
    const seat = await this.db
      .selectFrom('class_members as m')
      .select('m.email')
      .where('m.class_uuid', '=', row.class_uuid)
      .where('m.email', '=', row.student_email)
      .where('m.type', '=', 'student')
      .where(memberOf(caller, 'm'))
      .executeTakeFirst();
    return seat !== undefined;
  }

  // Server-side grades (the remote lab)

  /**
   * Records a grade the server decided itself (a remote-lab session's answer) for a
   * student's lesson: grades the current submission of that session, or adds a graded
   * submission (with `code` when given). Same rules and events as a teacher's grade.
   * `source` says who witnessed the answer: a lab board's station, or the student's own app
   * for a cable board.
   */
  async recordGrade(input: {
    student: Caller;
    lessonUuid: string;
    classUuid?: string;
    grade: number;
    source: 'lab' | 'cable';
    sessionId?: string | null;
    code?: string;
  }): Promise<Grade> {
    // A board's answer names no class: in several, the newest seat is the one in use.
    const seat = (await this.seats(input.student, input.lessonUuid, input.classUuid)).at(-1);
    if (!seat) throw classroomError('not_enrolled');
    const maxPoints = await this.lessonPoints(input.lessonUuid);
    const grade = points(Math.min(Math.max(input.grade, 0), maxPoints));
    const current = await this.current(seat.classUuid, input.lessonUuid, seat.email);
    const sessionId = input.sessionId ?? null;
    let suuid: string;
    if (current && input.code === undefined && current.session_id === sessionId) {
      suuid = current.suuid;
      await this.applyGrade(suuid, current.state, grade, input.source, null);
    } else {
      suuid = await this.insertCurrent({
        classUuid: seat.classUuid,
        lessonUuid: input.lessonUuid,
        email: seat.email,
        userId: input.student.id,
        code: input.code ?? '',
        studentNote: '',
        sessionId,
        grade,
        gradeSource: input.source,
        gradedBy: null,
        state: 'graded',
      });
    }
    await this.emitFor('grade-posted', {
      classUuid: seat.classUuid,
      lessonUuid: input.lessonUuid,
      suuid,
      studentEmail: seat.email,
      grade,
      by: null,
    });
    return this.read(input.student, suuid);
  }

  // Helpers

  /** Emits a per-student event with the account behind the student's seat. */
  private async emitFor<K extends 'submitted' | 'grade-posted' | 'note-posted' | 'completed'>(
    name: K,
    payload: Omit<ClassroomEventMap[K], 'studentUserId'>,
  ): Promise<void> {
    const seat = await this.db
      .selectFrom('class_members')
      .select('user_id')
      .where('class_uuid', '=', payload.classUuid)
      .where('email', '=', payload.studentEmail)
      .executeTakeFirst();
    await this.events.emit(name, {
      ...payload,
      studentUserId: seat?.user_id ?? null,
    } as ClassroomEventMap[K]);
  }

  private async asGrader(caller: Caller, uuid: string): Promise<ClassView> {
    const view = await this.classes.view(caller, uuid);
    if (!view.permissions.grade) throw classroomError('not_class_teacher');
    return view;
  }

  /** The lesson's points, if the lesson is in the class (404 lesson_not_in_class). */
  private async lessonInClass(uuid: string, lessonUuid: string): Promise<number> {
    const row = await this.db
      .selectFrom('class_lessons as cl')
      .innerJoin('lessons as l', 'l.uuid', 'cl.lesson_uuid')
      .select('l.max_points')
      .where('cl.class_uuid', '=', uuid)
      .where('cl.lesson_uuid', '=', lessonUuid)
      .executeTakeFirst();
    if (!row) throw classroomError('lesson_not_in_class');
    return row.max_points;
  }

  private async lessonPoints(lessonUuid: string): Promise<number> {
    const row = await this.db
      .selectFrom('lessons')
      .select('max_points')
      .where('uuid', '=', lessonUuid)
      .executeTakeFirst();
    if (!row) throw classroomError('lesson_not_found');
    return row.max_points;
  }

  private async inClass(uuid: string, suuid: string) {
    const row = await this.db
      .selectFrom('submissions')
      .select(['lesson_uuid', 'student_email', 'state', 'note'])
      .where('suuid', '=', suuid)
      .where('class_uuid', '=', uuid)
      .executeTakeFirst();
    if (!row) throw classroomError('submission_not_found');
    return row;
  }

  private current(classUuid: string, lessonUuid: string, email: string) {
    return this.db
      .selectFrom('submissions')
      .select(['suuid', 'state', 'session_id'])
      .where('class_uuid', '=', classUuid)
      .where('lesson_uuid', '=', lessonUuid)
      .where('student_email', '=', email)
      .where('is_current', '=', 1)
      .executeTakeFirst();
  }

  private async applyGrade(
    suuid: string,
    state: string,
    grade: number,
    source: GradeSource,
    by: string | null,
  ) {
    const time = now();
    await this.db
      .updateTable('submissions')
      .set({
        grade,
        grade_source: source,
        graded_at: time,
        graded_by: by,
        // A complete lesson stays complete when its grade changes.
        state: state === 'complete' ? 'complete' : 'graded',
        updated_at: time,
      })
      .where('suuid', '=', suuid)
      .execute();
  }

  /** Inserts the cell's new current submission; the previous one becomes history. */
  private async insertCurrent(s: NewSubmission): Promise<string> {
    const suuid = randomUUID();
    const due = await this.db
      .selectFrom('class_lessons')
      .select('due_at')
      .where('class_uuid', '=', s.classUuid)
      .where('lesson_uuid', '=', s.lessonUuid)
      .executeTakeFirst();
    for (let attempt = 0; ; attempt++) {
      const time = now();
      const row: SubmissionsTable = {
        suuid,
        class_uuid: s.classUuid,
        lesson_uuid: s.lessonUuid,
        student_email: s.email,
        user_id: s.userId,
        code: s.code,
        student_note: s.studentNote,
        session_id: s.sessionId,
        grade: s.grade,
        note: '',
        state: s.state,
        is_late: due?.due_at != null && time > due.due_at ? 1 : 0,
        is_current: 1,
        submitted_at: time,
        graded_at: s.grade === null ? null : time,
        graded_by: s.gradedBy,
        completed_at: s.state === 'complete' ? time : null,
        updated_at: time,
        check_report: s.checkReport ? JSON.stringify(s.checkReport) : null,
        grade_source: s.grade === null ? null : s.gradeSource,
      };
      try {
        await this.db.transaction().execute(async (tx: Transaction<Database>) => {
          await tx
            .updateTable('submissions')
            .set({ is_current: 0 })
            .where('class_uuid', '=', s.classUuid)
            .where('lesson_uuid', '=', s.lessonUuid)
            .where('student_email', '=', s.email)
            .where('is_current', '=', 1)
            .execute();
          await tx.insertInto('submissions').values(row).execute();
        });
        return suuid;
      } catch (error) {
        // Two submits of one cell at once: the other became current first; go after it.
        if (attempt < 3 && isUniqueViolation(error)) continue;
        throw error;
      }
    }
  }
}

const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/** By name (the e-mail when there is none), then e-mail: the same order on every engine. */
function byName<T extends { name: string; email: string }>(people: T[]): T[] {
  return people.sort(
    (a, b) =>
      collator.compare(a.name || a.email, b.name || b.email) ||
      (a.email < b.email ? -1 : a.email > b.email ? 1 : 0),
  );
}

/** A stored source; anything else (a grade from before sources were kept) is unknown. */
function gradeSourceOf(stored: string | null): GradeSource | null {
  return (GRADE_SOURCES as readonly string[]).includes(stored ?? '')
    ? (stored as GradeSource)
    : null;
}

function checkGrade(grade: number, maxPoints: number): number {
  if (!Number.isFinite(grade) || grade < 0 || grade > maxPoints) {
    throw classroomError('grade_out_of_range');
  }
  return points(grade);
}
