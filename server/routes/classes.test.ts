import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatAccessCode } from '../../src/contract/classroom.ts';
import { toCaller } from '../classroom/caller.ts';
import type { ClassroomEventMap } from '../classroom/events.ts';
import { classroomLink, remoteLabGrader } from '../classroom/remote-lab-link.ts';
import { signInWithGoogle, signUpWithPassword, uniqueEmail } from '../testing/emulator-accounts.ts';
import { apiCaller, type ApiCall } from '../testing/api-caller.ts';
import { startTestApp, type TestApp } from '../testing/test-app.ts';
import { FIRST_OF_THREE_BY_TWO } from '../testing/pagination.ts';

const ADMIN = 'admin-classes@example.com';

describe('classroom: a whole lesson cycle', () => {
  let t: TestApp;
  let call: ApiCall;
  let teacher: string;
  let teacherEmail: string;
  let student: string;
  let studentEmail: string;
  let studentUid: string;
  let stranger: string;
  const events: { name: string; payload: unknown }[] = [];

  beforeAll(async () => {
    t = await startTestApp({ ADMIN_EMAILS: ADMIN });
    call = apiCaller(t);
    teacherEmail = uniqueEmail('teacher');
    studentEmail = uniqueEmail('student');
    teacher = (await signInWithGoogle(t.emulatorHost, teacherEmail, 'Tess Teacher')).idToken;
    const studentAccount = await signInWithGoogle(t.emulatorHost, studentEmail, 'Sam Student');
    student = studentAccount.idToken;
    studentUid = studentAccount.uid;
    stranger = (await signInWithGoogle(t.emulatorHost, uniqueEmail('stranger'), 'Stan')).idToken;
    const names: (keyof ClassroomEventMap)[] = [
      'grade-posted',
      'note-posted',
      'lesson-added',
      'submitted',
      'completed',
      'enrolled',
    ];
    for (const name of names) {
      t.app.services.classroom.events.on(name, (payload) => {
        events.push({ name, payload });
      });
    }
  });
  afterAll(() => t.close());

  const newClass = async (token = teacher, name = 'Robotics 101') => {
    const res = await call('POST', '/class/create', token, { name, desc: '# Welcome' });
    expect(res.status).toBe(201);
    return res.body as { uuid: string; access_code: string };
  };
  const newLesson = async (token = teacher, extra: Record<string, unknown> = {}) => {
    const res = await call('POST', '/lesson/create', token, {
      name: 'Blink',
      desc: 'Make the **LED** blink',
      code: '<xml><block type="led_on"/></xml>',
      ...extra,
    });
    expect(res.status).toBe(201);
    return res.body as { uuid: string };
  };

  it('runs create → code-enrol → submit → grade → see the grade', async () => {
    const cls = await newClass();
    expect(cls).toMatchObject({ name: 'Robotics 101', role: 'owner', official: false });
    expect(cls.access_code).toMatch(/^[34679ACDEFGHJKMNPQRTUVWXY]{8}$/);
    const lesson = await newLesson();
    const added = await call('POST', `/class/${cls.uuid}/add-lesson`, teacher, {
      lessons: [lesson.uuid],
    });
    expect(added.body.data.map((l: { uuid: string }) => l.uuid)).toEqual([lesson.uuid]);
    expect(events.at(-1)).toEqual({
      name: 'lesson-added',
      payload: {
        classUuid: cls.uuid,
        lessonUuids: [lesson.uuid],
        studentUserIds: [],
        by: expect.any(String),
      },
    });

    // The student types the code in lower case with its dash.
    const typed = formatAccessCode(cls.access_code).toLowerCase();
    const joined = await call('PUT', '/class/code-enroll', student, { access_code: typed });
    expect(joined.status).toBe(200);
    expect(joined.body).toMatchObject({ uuid: cls.uuid, role: 'student', access_code: null });
    expect(joined.body.permissions).toMatchObject({ edit: false, grade: false, unenrol: true });

    const seen = await call('GET', `/lesson/${lesson.uuid}`, student);
    expect(seen.body).toMatchObject({ name: 'Blink', code: '<xml><block type="led_on"/></xml>' });
    const before = await call('GET', `/lesson/${lesson.uuid}/grade/student`, student);
    expect(before.body).toMatchObject({ state: 'not_started', canSubmit: true, grade: null });

    const sent = await call('PUT', `/lesson/${lesson.uuid}/grade/submit`, student, {
      code: '<xml><block type="led_off"/></xml>',
      note: 'Done!',
      session_id: null,
      grade: 100,
    });
    expect(sent.status).toBe(200);
    // A grade the client merely claims is not stored.
    expect(sent.body).toMatchObject({
      state: 'submitted',
      grade: null,
      studentNote: 'Done!',
      note: '',
      user_email: studentEmail,
      current: true,
      canGrade: false,
      student: { name: 'Sam Student' },
      lesson: { uuid: lesson.uuid, name: 'Blink', maxPoints: 100 },
    });
    const { suuid } = sent.body;

    const book = await call('GET', `/class/${cls.uuid}/grades`, teacher);
    expect(book.body.students).toEqual([
      { email: studentEmail, name: 'Sam Student', photoUrl: '', hasAccount: true, removed: false },
    ]);
    expect(book.body.cells).toEqual([
      expect.objectContaining({
        user_email: studentEmail,
        luuid: lesson.uuid,
        suuid,
        state: 'submitted',
        gradeSource: null,
      }),
    ]);

    const opened = await call('GET', `/class/${cls.uuid}/grade/${suuid}`, teacher);
    expect(opened.body).toMatchObject({
      code: '<xml><block type="led_off"/></xml>',
      canGrade: true,
      submittedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });

    const graded = await call('PUT', `/class/${cls.uuid}/grade/${suuid}`, teacher, {
      grade: 87.456,
      note: 'Nice blinking',
    });
    expect(graded.body).toMatchObject({
      state: 'graded',
      grade: 87.46,
      gradeSource: 'teacher',
      note: 'Nice blinking',
    });
    expect((await call('GET', `/class/${cls.uuid}/grades`, teacher)).body.cells).toEqual([
      expect.objectContaining({ suuid, grade: 87.46, gradeSource: 'teacher' }),
    ]);
    const studentId = (await call('GET', '/user/me', student)).body.id;
    expect(events.filter((e) => e.name === 'grade-posted').at(-1)?.payload).toMatchObject({
      classUuid: cls.uuid,
      suuid,
      studentEmail,
      studentUserId: studentId,
      grade: 87.46,
    });
    expect(events.filter((e) => e.name === 'note-posted').at(-1)?.payload).toMatchObject({
      note: 'Nice blinking',
    });

    const after = await call('GET', `/lesson/${lesson.uuid}/grade/student`, student);
    expect(after.body).toMatchObject({
      class_uuid: cls.uuid,
      state: 'graded',
      grade: { grade: 87.46, note: 'Nice blinking' },
    });
    const mine = await call('GET', `/submission/${suuid}`, student);
    expect(mine.body).toMatchObject({ suuid, grade: 87.46 });
    const completions = await call('GET', `/class/${cls.uuid}/my-completions`, student);
    expect(completions.body.data).toEqual([
      {
        luuid: lesson.uuid,
        state: 'graded',
        suuid,
        grade: 87.46,
        maxPoints: 100,
        note: 'Nice blinking',
      },
    ]);

    // A lesson added later names the class's students, for their messages.
    const second = await newLesson();
    await call('POST', `/class/${cls.uuid}/add-lesson`, teacher, { lessons: [second.uuid] });
    expect(events.filter((e) => e.name === 'lesson-added').at(-1)?.payload).toMatchObject({
      lessonUuids: [second.uuid],
      studentUserIds: [studentId],
    });

    // Another signed-in user sees none of it.
    expect((await call('GET', `/submission/${suuid}`, stranger)).status).toBe(404);
    expect((await call('GET', `/class/${cls.uuid}`, stranger)).body.error).toBe('class_not_found');
    expect((await call('GET', `/lesson/${lesson.uuid}`, stranger)).status).toBe(404);
  });

  it('keeps earlier submissions as history, completes and resets a lesson', async () => {
    const cls = await newClass();
    const lesson = await newLesson();
    await call('POST', `/class/${cls.uuid}/add-lesson`, teacher, { lessons: [lesson.uuid] });
    await call('PUT', '/class/code-enroll', student, { access_code: cls.access_code });
    const first = (
      await call('PUT', `/lesson/${lesson.uuid}/grade/submit`, student, { code: 'v1' })
    ).body;
    const second = (
      await call('PUT', `/lesson/${lesson.uuid}/grade/submit`, student, { code: 'v2' })
    ).body;
    expect(second.suuid).not.toBe(first.suuid);
    expect((await call('GET', `/submission/${first.suuid}`, student)).body).toMatchObject({
      code: 'v1',
      current: false,
    });
    const book = (await call('GET', `/class/${cls.uuid}/grades`, teacher)).body;
    expect(book.cells.map((c: { suuid: string }) => c.suuid)).toEqual([second.suuid]);

    const done = await call('PUT', `/lesson/${lesson.uuid}/grade/complete`, student, {});
    expect(done.body).toMatchObject({ suuid: second.suuid, state: 'complete' });
    // A later grade keeps it complete.
    const regraded = await call('POST', `/class/${cls.uuid}/grade`, teacher, {
      grade: 10,
      luuid: lesson.uuid,
      user_email: studentEmail.toUpperCase(),
    });
    expect(regraded.status).toBe(201);
    expect(regraded.body).toMatchObject({ suuid: second.suuid, state: 'complete', grade: 10 });

    // Reset is the teacher's; the student cannot.
    const body = { user_email: studentEmail, class_uuid: cls.uuid };
    expect((await call('PUT', `/lesson/${lesson.uuid}/grade/reset`, student, body)).status).toBe(
      403,
    );
    const reset = await call('PUT', `/lesson/${lesson.uuid}/grade/reset`, teacher, body);
    expect(reset.body).toMatchObject({ state: 'not_started', grade: null, class_uuid: cls.uuid });
    expect((await call('GET', `/class/${cls.uuid}/grades`, teacher)).body.cells).toEqual([]);
    expect((await call('GET', `/submission/${second.suuid}`, student)).body.current).toBe(false);

    // A teacher grades a student who sent nothing: a graded entry without a program.
    const offline = await call('POST', `/class/${cls.uuid}/grade`, teacher, {
      grade: 5,
      luuid: lesson.uuid,
      user_email: studentEmail,
      note: 'Done on paper',
    });
    expect(offline.body).toMatchObject({
      state: 'graded',
      grade: 5,
      code: '',
      note: 'Done on paper',
    });
    const tooHigh = await call('PUT', `/class/${cls.uuid}/grade/${offline.body.suuid}`, teacher, {
      grade: 101,
    });
    expect(tooHigh.status).toBe(400);
    expect(tooHigh.body.error).toBe('grade_out_of_range');
    const noted = await call('PUT', `/class/${cls.uuid}/note`, teacher, {
      suuid: offline.body.suuid,
      note: 'See me',
    });
    expect(noted.body.note).toBe('See me');
    // The gradebook says nothing was submitted, so nothing was late, and the teacher graded.
    const graded = await call('GET', `/class/${cls.uuid}/grades`, teacher);
    expect(graded.body.cells).toEqual([
      expect.objectContaining({
        suuid: offline.body.suuid,
        state: 'graded',
        grade: 5,
        gradeSource: 'teacher',
        submittedAt: null,
        late: false,
      }),
    ]);
    // So does the entry itself.
    const entry = await call('GET', `/class/${cls.uuid}/grade/${offline.body.suuid}`, teacher);
    expect(entry.body).toMatchObject({ submittedAt: null, late: false, code: '' });
  });

  it('refuses a wrong, malformed or rotated access code with the spec message', async () => {
    const cls = await newClass();
    for (const code of ['', 'AAAA-AAAA', 'nonsense', cls.access_code.slice(0, 7)]) {
      const res = await call('PUT', '/class/code-enroll', stranger, { access_code: code });
      expect(res.status, code).toBe(404);
      expect(res.body).toEqual({
        error: 'wrong_access_code',
        message: 'Please re-check the entered Access Code',
      });
    }
    const rotated = await call('PUT', `/class/${cls.uuid}/access-code`, teacher, {});
    expect(rotated.body.access_code).not.toBe(cls.access_code);
    const old = await call('PUT', '/class/code-enroll', stranger, { access_code: cls.access_code });
    expect(old.body.error).toBe('wrong_access_code');
    const fresh = await call('PUT', '/class/code-enroll', stranger, {
      access_code: rotated.body.access_code,
    });
    expect(fresh.body.role).toBe('student');
    // Joining twice is harmless; the teacher cannot join as a student.
    expect(
      (await call('PUT', '/class/code-enroll', stranger, { access_code: rotated.body.access_code }))
        .status,
    ).toBe(200);
    const own = await call('PUT', '/class/code-enroll', teacher, {
      access_code: rotated.body.access_code,
    });
    expect(own.body.error).toBe('already_teacher');
  });

  it('limits access-code guesses per user', async () => {
    const guesser = (await signInWithGoogle(t.emulatorHost, uniqueEmail('guess'))).idToken;
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      statuses.push(
        (await call('PUT', '/class/code-enroll', guesser, { access_code: 'XXXXXXXX' })).status,
      );
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(404));
    expect(statuses.slice(10)).toEqual([429, 429]);
  });

  it('manages people by e-mail: add several, skip members, remove, and the removed lose access', async () => {
    const cls = await newClass();
    const a = uniqueEmail('pa');
    const b = uniqueEmail('pb');
    const res = await call('POST', `/class/${cls.uuid}/people/add`, teacher, {
      type: 'student',
      people: [{ email: a }, { email: b.toUpperCase() }, { email: teacherEmail }],
    });
    expect(res.body).toEqual({
      added: [a, b],
      skipped: [{ email: teacherEmail, reason: 'owner' }],
    });
    const list = await call('GET', `/class/${cls.uuid}/people/student?sort=email|desc`, teacher);
    expect(list.body.data.map((p: { email: string }) => p.email)).toEqual([a, b].sort().reverse());
    expect(list.body.data[0]).toMatchObject({ name: '', hasAccount: false, type: 'student' });
    expect(list.body.links.pagination).toMatchObject({ total: 2, current_page: 1, last_page: 1 });
    const teachers = await call('GET', `/class/${cls.uuid}/people/teacher`, teacher);
    expect(teachers.body.data).toEqual([
      expect.objectContaining({ email: teacherEmail, isOwner: true, name: 'Tess Teacher' }),
    ]);

    // The invited student signs in with a verified e-mail and finds the class.
    const invited = (await signInWithGoogle(t.emulatorHost, a, 'Ada Invited')).idToken;
    const enrolled = await call('GET', '/class/my-enrolled', invited);
    expect(enrolled.body.data.map((c: { uuid: string }) => c.uuid)).toEqual([cls.uuid]);
    const named = await call('GET', `/class/${cls.uuid}/people/student?filter=invited`, teacher);
    expect(named.body.data).toEqual([
      expect.objectContaining({ email: a, name: 'Ada Invited', hasAccount: true }),
    ]);
    // Students see the teachers, not their classmates.
    expect((await call('GET', `/class/${cls.uuid}/people/teacher`, invited)).status).toBe(200);
    const classmates = await call('GET', `/class/${cls.uuid}/people/student`, invited);
    expect(classmates.status).toBe(403);
    expect(classmates.body.error).toBe('not_class_teacher');

    // Someone not in the class refuses the whole call: only the class's people are named.
    const stranger = await call('PUT', `/class/${cls.uuid}/people/delete/student`, teacher, {
      emails: [a, uniqueEmail('nobody')],
    });
    expect([stranger.status, stranger.body.error]).toEqual([404, 'not_a_member']);
    const removed = await call('PUT', `/class/${cls.uuid}/people/delete/student`, teacher, {
      emails: [a],
    });
    expect(removed.body).toEqual({ removed: [a] });
    expect((await call('GET', `/class/${cls.uuid}`, invited)).body.error).toBe('class_not_found');
    const owner = await call('PUT', `/class/${cls.uuid}/people/delete/teacher`, teacher, {
      emails: [teacherEmail],
    });
    expect(owner.status).toBe(409);
    expect(owner.body.error).toBe('owner_not_removable');

    const bad = await call('POST', `/class/${cls.uuid}/people/add`, teacher, {
      type: 'student',
      people: [{ email: 'not-an-email' }],
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('email');
    const wrongType = await call('POST', `/class/${cls.uuid}/people/add`, teacher, {
      type: 'parent',
      people: [{ email: a }],
    });
    expect(wrongType.status).toBe(400);
  });

  it('keeps a removed student in the gradebook, marked removed, and re-adding brings them back', async () => {
    const cls = await newClass();
    const lesson = await newLesson();
    await call('POST', `/class/${cls.uuid}/add-lesson`, teacher, { lessons: [lesson.uuid] });
    const email = uniqueEmail('removed');
    const pupil = (await signInWithGoogle(t.emulatorHost, email, 'Rita Removed')).idToken;
    await call('PUT', '/class/code-enroll', pupil, { access_code: cls.access_code });
    // A classmate who stays, and one removed before doing anything (nothing of theirs to keep).
    const stays = uniqueEmail('stays');
    const idle = uniqueEmail('idle');
    await call('POST', `/class/${cls.uuid}/people/add`, teacher, {
      type: 'student',
      people: [{ email: stays }, { email: idle }],
    });
    const sent = await call('PUT', `/lesson/${lesson.uuid}/grade/submit`, pupil, {
      code: '<xml><block type="led_off"/></xml>',
    });
    const { suuid } = sent.body as { suuid: string };
    await call('PUT', `/class/${cls.uuid}/grade/${suuid}`, teacher, { grade: 42, note: 'Good' });

    const removed = await call('PUT', `/class/${cls.uuid}/people/delete/student`, teacher, {
      emails: [email, idle],
    });
    expect([...(removed.body.removed as string[])].sort()).toEqual([email, idle].sort());
    const book = await call('GET', `/class/${cls.uuid}/grades`, teacher);
    expect(book.status).toBe(200);
    // Students in the class first, then those no longer in it, with their name and work.
    expect(book.body.students).toEqual([
      { email: stays, name: '', photoUrl: '', hasAccount: false, removed: false },
      { email, name: 'Rita Removed', photoUrl: '', hasAccount: true, removed: true },
    ]);
    expect(book.body.cells).toEqual([
      expect.objectContaining({ user_email: email, suuid, grade: 42, state: 'graded' }),
    ]);
    // The teacher still reads and grades the kept submission; the student no longer does.
    const opened = await call('GET', `/class/${cls.uuid}/grade/${suuid}`, teacher);
    expect(opened.body).toMatchObject({ suuid, grade: 42, student: { name: 'Rita Removed' } });
    const regraded = await call('PUT', `/class/${cls.uuid}/grade/${suuid}`, teacher, {
      grade: 45,
    });
    expect(regraded.body).toMatchObject({ grade: 45 });
    expect((await call('GET', `/submission/${suuid}`, pupil)).status).toBe(404);
    // A removed student's students list stays the class's: other classes do not show them.
    const other = await newClass();
    expect((await call('GET', `/class/${other.uuid}/grades`, teacher)).body.students).toEqual([]);

    const again = await call('POST', `/class/${cls.uuid}/people/add`, teacher, {
      type: 'student',
      people: [{ email }],
    });
    expect(again.body).toEqual({ added: [email], skipped: [] });
    const back = await call('GET', `/class/${cls.uuid}/grades`, teacher);
    // The seat waits for its account again, but the work already names the student.
    expect(back.body.students).toEqual([
      { email, name: 'Rita Removed', photoUrl: '', hasAccount: false, removed: false },
      { email: stays, name: '', photoUrl: '', hasAccount: false, removed: false },
    ]);
    expect(back.body.cells).toEqual([
      expect.objectContaining({ user_email: email, suuid, grade: 45, hasNote: true, note: 'Good' }),
    ]);
    const progress = await call('GET', `/lesson/${lesson.uuid}/grade/student`, pupil);
    expect(progress.body).toMatchObject({
      class_uuid: cls.uuid,
      state: 'graded',
      grade: { suuid, grade: 45, note: 'Good' },
    });
  });

  it('matches an invited e-mail only once it is verified', async () => {
    const cls = await newClass();
    const email = uniqueEmail('unverified');
    await call('POST', `/class/${cls.uuid}/people/add`, teacher, {
      type: 'teacher',
      people: [{ email }],
    });
    // Someone signs up with that address and a password: unverified, so not the teacher.
    const impostor = (await signUpWithPassword(t.emulatorHost, email)).idToken;
    expect((await call('GET', `/class/${cls.uuid}`, impostor)).status).toBe(404);
    const joined = await call('PUT', '/class/code-enroll', impostor, {
      access_code: cls.access_code,
    });
    expect(joined.status).toBe(403);
    expect(joined.body.error).toBe('email_unverified');
  });

  it('orders, reorders, removes lessons and sets due times', async () => {
    const cls = await newClass();
    const l1 = await newLesson();
    const l2 = await newLesson();
    const l3 = await newLesson();
    await call('POST', `/class/${cls.uuid}/add-lesson`, teacher, {
      lessons: [l1.uuid, l2.uuid, l3.uuid, l1.uuid],
    });
    const order = [l3.uuid, l1.uuid, l2.uuid];
    const reordered = await call('PUT', `/class/${cls.uuid}/reorder-lesson`, teacher, {
      lessons: order,
    });
    expect(reordered.body.data.map((l: { uuid: string }) => l.uuid)).toEqual(order);
    expect(reordered.body.data.map((l: { position: number }) => l.position)).toEqual([0, 1, 2]);
    const partial = await call('PUT', `/class/${cls.uuid}/reorder-lesson`, teacher, {
      lessons: [l1.uuid, l2.uuid],
    });
    expect(partial.status).toBe(400);
    expect(partial.body.error).toBe('reorder_mismatch');

    const due = await call('PUT', `/class/${cls.uuid}/lesson-due`, teacher, {
      luuid: l1.uuid,
      dueAt: '2000-01-01T00:00:00Z',
    });
    expect(due.body.data[1].dueAt).toBe('2000-01-01T00:00:00.000Z');
    const badDate = await call('PUT', `/class/${cls.uuid}/lesson-due`, teacher, {
      luuid: l1.uuid,
      dueAt: 'tomorrow',
    });
    expect(badDate.body.error).toBe('invalid_date');
    // A submission after the due time is late.
    await call('PUT', '/class/code-enroll', student, { access_code: cls.access_code });
    const late = await call('PUT', `/lesson/${l1.uuid}/grade/submit`, student, {
      code: 'x',
      class_uuid: cls.uuid,
    });
    expect(late.body.late).toBe(true);

    const left = await call('PUT', `/class/${cls.uuid}/delete-lesson`, teacher, {
      lessons: [l1.uuid],
    });
    expect(left.body.data.map((l: { uuid: string }) => l.uuid)).toEqual([l3.uuid, l2.uuid]);
    const gone = await call('PUT', `/class/${cls.uuid}/delete-lesson`, teacher, {
      lessons: [l1.uuid],
    });
    expect(gone.body.error).toBe('lesson_not_in_class');
    // The student can no longer submit to a lesson removed from their class.
    const refused = await call('PUT', `/lesson/${l1.uuid}/grade/submit`, student, { code: 'y' });
    expect(refused.status).toBe(404);
  });

  it('asks which class when a lesson is in several of the student’s classes', async () => {
    const lesson = await newLesson();
    const c1 = await newClass();
    const c2 = await newClass();
    for (const c of [c1, c2]) {
      await call('POST', `/class/${c.uuid}/add-lesson`, teacher, { lessons: [lesson.uuid] });
      await call('PUT', '/class/code-enroll', student, { access_code: c.access_code });
    }
    const ambiguous = await call('PUT', `/lesson/${lesson.uuid}/grade/submit`, student, {
      code: 'z',
    });
    expect(ambiguous.status).toBe(400);
    expect(ambiguous.body.error).toBe('class_required');
    const chosen = await call('PUT', `/lesson/${lesson.uuid}/grade/submit`, student, {
      code: 'z',
      class_uuid: c2.uuid,
    });
    expect(chosen.body.uuid).toBe(c2.uuid);
    expect((await call('GET', `/class/${c1.uuid}/grades`, teacher)).body.cells).toEqual([]);
  });

  it('browses, filters, sorts and pages classes', async () => {
    const owner = (await signInWithGoogle(t.emulatorHost, uniqueEmail('browse'), 'B')).idToken;
    for (const name of ['Gamma class', 'alpha class', 'Beta class']) await newClass(owner, name);
    const res = await call('GET', '/class/browse/my?sort=name|asc&per_page=2', owner);
    expect(res.body.data.map((c: { name: string }) => c.name)).toEqual([
      'alpha class',
      'Beta class',
    ]);
    expect(res.body.links.pagination).toEqual(FIRST_OF_THREE_BY_TWO);
    const filtered = await call('GET', '/class/browse/my?filter=GAMMA', owner);
    expect(filtered.body.data.map((c: { name: string }) => c.name)).toEqual(['Gamma class']);
    const bad = await call('GET', '/class/browse/my?sort=secret|asc', owner);
    expect(bad.status).toBe(400);
    expect(bad.body.message).toContain('sort');
    expect((await call('GET', '/class/browse/everything', owner)).status).toBe(400);
    expect((await call('GET', '/class/browse/official', owner)).body.data).toEqual([]);
  });

  it('clones a class with its lessons and a new code, without its people', async () => {
    const cls = await newClass();
    const lesson = await newLesson();
    await call('POST', `/class/${cls.uuid}/add-lesson`, teacher, { lessons: [lesson.uuid] });
    await call('PUT', '/class/code-enroll', student, { access_code: cls.access_code });
    const copy = await call('POST', `/class/${cls.uuid}/clone`, teacher, { name: 'Robotics 102' });
    expect(copy.status).toBe(201);
    expect(copy.body).toMatchObject({ name: 'Robotics 102', studentCount: 0, lessonCount: 1 });
    expect(copy.body.access_code).not.toBe(cls.access_code);
    // A student of a class that is not official cannot clone it.
    const refused = await call('POST', `/class/${cls.uuid}/clone`, student, {});
    expect(refused.status).toBe(403);
  });

  it('lets only moderators mark classes and lessons official; everyone may read and join those', async () => {
    const admin = (await signInWithGoogle(t.emulatorHost, ADMIN, 'Admin')).idToken;
    const modEmail = uniqueEmail('mod');
    await call('POST', '/user/create', admin, { email: modEmail, name: 'Mo', role: 'moderator' });
    const mod = (await signInWithGoogle(t.emulatorHost, modEmail, 'Mo')).idToken;
    const cls = await newClass();
    const lesson = await newLesson();
    await call('POST', `/class/${cls.uuid}/add-lesson`, teacher, { lessons: [lesson.uuid] });

    const self = await call('PUT', `/class/${cls.uuid}`, teacher, { official: true });
    expect(self.status).toBe(403);
    expect(self.body.error).toBe('moderator_only');
    expect((await call('PUT', `/class/${cls.uuid}`, mod, { official: true })).body.official).toBe(
      true,
    );
    expect(
      (await call('PUT', `/lesson/${lesson.uuid}/prop`, teacher, { official: true })).status,
    ).toBe(403);
    expect(
      (await call('PUT', `/lesson/${lesson.uuid}/prop`, mod, { official: true })).body.official,
    ).toBe(true);
    // Moderators cannot edit the content.
    expect((await call('PUT', `/class/${cls.uuid}`, mod, { name: 'Mine now' })).status).toBe(403);

    const visitor = (await signInWithGoogle(t.emulatorHost, uniqueEmail('vis'))).idToken;
    const official = await call('GET', '/class/browse/official', visitor);
    expect(official.body.data.map((c: { uuid: string }) => c.uuid)).toContain(cls.uuid);
    const read = await call('GET', `/class/${cls.uuid}`, visitor);
    expect(read.body).toMatchObject({ role: 'none', access_code: null });
    expect(read.body.permissions).toMatchObject({ enrol: true, clone: true, edit: false });
    expect(
      (await call('GET', `/lesson/browse/official`, visitor)).body.data.length,
    ).toBeGreaterThan(0);
    const joined = await call('PUT', `/class/${cls.uuid}/enroll`, visitor, {});
    expect(joined.body.role).toBe('student');
    const left = await call('PUT', `/class/${cls.uuid}/unenroll`, visitor, {});
    expect(left.body.role).toBe('none');

    // A class that is not official needs its code.
    const closed = await newClass();
    const needsCode = await call('PUT', `/class/${closed.uuid}/enroll`, mod, {});
    expect(needsCode.status).toBe(403);
    expect(needsCode.body.error).toBe('enrol_needs_code');
  });

  it('keeps lessons private, refuses deleting one another teacher uses, and manages boards', async () => {
    const other = (await signInWithGoogle(t.emulatorHost, uniqueEmail('t2'), 'Other T')).idToken;
    const lesson = await newLesson(teacher, { maxPoints: 10, timeLimit: 15 });
    expect(lesson).toMatchObject({ maxPoints: 10, timeLimit: 15 });
    const theirs = await newClass(other);
    // Not shared with them: they cannot add it.
    const add = await call('POST', `/class/${theirs.uuid}/add-lesson`, other, {
      lessons: [lesson.uuid],
    });
    expect(add.status).toBe(404);
    // Co-teaching gives them the lesson; then it is in use in their class.
    const mine = await newClass();
    await call('POST', `/class/${mine.uuid}/add-lesson`, teacher, { lessons: [lesson.uuid] });
    const otherEmail = (await call('GET', '/user/me', other)).body.email;
    await call('POST', `/class/${mine.uuid}/people/add`, teacher, {
      type: 'teacher',
      people: [{ email: otherEmail }],
    });
    expect(
      (await call('POST', `/class/${theirs.uuid}/add-lesson`, other, { lessons: [lesson.uuid] }))
        .status,
    ).toBe(200);
    expect(
      (await call('PUT', `/lesson/${lesson.uuid}`, other, { name: 'Hijack' })).body.error,
    ).toBe('not_lesson_owner');
    const del = await call('DELETE', `/lesson/${lesson.uuid}`, teacher);
    expect(del.status).toBe(409);
    expect(del.body.error).toBe('lesson_in_use');

    // Boards of the teacher's own remote labs (docs/remote-lab.md "Who may list a board").
    for (const board_id of ['GG-7001', 'GG-7002']) {
      await call('POST', '/lab/create', teacher, { name: board_id, board_id, pin: '1234' });
    }
    const boards = await call('PUT', `/lesson/${lesson.uuid}/boards/private`, teacher, {
      boards: [{ board_id: 'GG-7001' }, { board_id: 'GG-7002' }, { board_id: 'GG-7001' }],
    });
    expect(boards.body).toEqual({ boards: [{ board_id: 'GG-7001' }, { board_id: 'GG-7002' }] });
    const badId = await call('PUT', `/lesson/${lesson.uuid}/boards/private`, teacher, {
      boards: [{ board_id: '<script>' }],
    });
    expect(badId.status).toBe(400);
    expect(
      (await call('PUT', `/lesson/${lesson.uuid}/boards/official`, teacher, { boards: [] })).status,
    ).toBe(403);
    expect(
      (await call('GET', `/lesson/${lesson.uuid}/boards/student`, other)).body.boards,
    ).toHaveLength(2);

    // Without the other class the owner may delete it; its class places go too.
    await call('PUT', `/class/${theirs.uuid}/delete-lesson`, other, { lessons: [lesson.uuid] });
    expect((await call('DELETE', `/lesson/${lesson.uuid}`, teacher)).status).toBe(200);
    expect((await call('GET', `/class/${mine.uuid}/lessons`, teacher)).body.data).toEqual([]);
  });

  it('stores a grade from Submit only when a registered session grader vouches for it', async () => {
    const cls = await newClass();
    const lesson = await newLesson();
    await call('POST', `/class/${cls.uuid}/add-lesson`, teacher, { lessons: [lesson.uuid] });
    await call('PUT', '/class/code-enroll', student, { access_code: cls.access_code });
    const { submissions } = t.app.services.classroom;
    submissions.setSessionGrader(async ({ sessionId }) => (sessionId === 'lab-42' ? 64 : null));
    try {
      const vouched = await call('PUT', `/lesson/${lesson.uuid}/grade/submit`, student, {
        code: 'c',
        session_id: 'lab-42',
        grade: 100,
        class_uuid: cls.uuid,
      });
      expect(vouched.body).toMatchObject({
        state: 'graded',
        grade: 64,
        gradeSource: 'lab',
        session_id: 'lab-42',
      });
      const unknown = await call('PUT', `/lesson/${lesson.uuid}/grade/submit`, student, {
        code: 'c',
        session_id: 'lab-43',
        grade: 100,
        class_uuid: cls.uuid,
      });
      expect(unknown.body).toMatchObject({ state: 'submitted', grade: null, gradeSource: null });
    } finally {
      submissions.setSessionGrader(null);
    }
    // Other server modules record grades they decided themselves.
    const row = await t.app.services.users.findByUid(studentUid);
    const recorded = await submissions.recordGrade({
      student: toCaller(row ?? expect.fail('the student has no row')),
      lessonUuid: lesson.uuid,
      classUuid: cls.uuid,
      grade: 255,
      source: 'cable',
      sessionId: 'lab-44',
      code: '<xml/>',
    });
    expect(recorded).toMatchObject({
      state: 'graded',
      grade: 100,
      gradeSource: 'cable',
      session_id: 'lab-44',
    });
    expect(events.filter((e) => e.name === 'grade-posted').at(-1)?.payload).toMatchObject({
      suuid: recorded.suuid,
      by: null,
    });
    const seen = await call(
      'GET',
      `/lesson/${lesson.uuid}/grade/student?class_uuid=${cls.uuid}`,
      student,
    );
    expect(seen.body.grade.suuid).toBe(recorded.suuid);
  });

  it('uploads header images by their bytes and serves them safely', async () => {
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    );
    const upload = (body: Buffer, type: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/classroom/image',
        headers: { authorization: `Bearer ${teacher}`, 'content-type': type },
        payload: body,
      });
    const res = await upload(png, 'image/png');
    expect(res.statusCode).toBe(201);
    const { url, type, bytes } = res.json();
    expect({ type, bytes }).toEqual({ type: 'image/png', bytes: png.length });
    const served = await t.app.inject({ url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-security-policy']).toContain("default-src 'none'");
    expect(served.rawPayload.equals(png)).toBe(true);

    // HTML that claims to be a PNG, and an SVG, are refused.
    const html = await upload(Buffer.from('<html><script>alert(1)</script>'), 'image/png');
    expect(html.statusCode).toBe(415);
    expect(html.json().error).toBe('image_type');
    expect(
      (await upload(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'image/svg+xml'))
        .statusCode,
    ).toBe(415);
    const big = await upload(Buffer.concat([png, Buffer.alloc(2 * 1024 * 1024)]), 'image/png');
    expect(big.statusCode).toBe(413);

    // The path is a valid header image; another site's path is not.
    const cls = await newClass();
    expect(
      (await call('PUT', `/class/${cls.uuid}`, teacher, { headerImage: url })).body.headerImage,
    ).toBe(url);
    const bad = await call('PUT', `/class/${cls.uuid}`, teacher, { headerImage: '/etc/passwd' });
    expect(bad.body.error).toBe('invalid_url');
    expect(
      (await t.app.inject({ url: '/api/v1/classroom/image/6f1c1e5e-0b7a-4d8e-9a53-8d2b8a0c1f00' }))
        .statusCode,
    ).toBe(404);
  });

  it('answers bad input with a 400 that names the field', async () => {
    const cls = await newClass();
    const cases: [string, string, unknown, string][] = [
      ['POST', '/class/create', { name: '' }, 'body/name'],
      ['POST', '/class/create', { name: 'x'.repeat(101) }, 'body/name'],
      ['POST', '/class/create', { name: 'ok', desc: 'x'.repeat(20_001) }, 'body/desc'],
      ['POST', '/lesson/create', { name: 'ok', maxPoints: 0 }, 'body/maxPoints'],
      ['POST', '/lesson/create', { name: 'ok', timeLimit: 601 }, 'body/timeLimit'],
      ['PUT', `/class/${cls.uuid}/note`, { suuid: 'nope', note: '' }, 'body/suuid'],
      ['PUT', '/class/code-enroll', { access_code: 'x'.repeat(33) }, 'body/access_code'],
      [
        'POST',
        `/class/${cls.uuid}/grade`,
        { grade: -1, luuid: cls.uuid, user_email: 'a@b.co' },
        'body/grade',
      ],
    ];
    for (const [method, path, body, field] of cases) {
      const res = await call(method as 'POST', path, teacher, body);
      expect(res.status, path).toBe(400);
      expect(res.body.message, path).toContain(field);
    }
    expect((await call('GET', '/class/NOT-A-UUID', teacher)).status).toBe(400);
  });
});

describe('classroom ↔ remote lab', () => {
  let t: TestApp;
  let call: ApiCall;

  beforeAll(async () => {
    t = await startTestApp();
    call = apiCaller(t);
  });
  afterAll(() => t.close());

  it('offers the lesson boards, its time limit, and records a board answer as the grade', async () => {
    const teacher = (await signInWithGoogle(t.emulatorHost, uniqueEmail('rl-t'), 'T')).idToken;
    const account = await signInWithGoogle(t.emulatorHost, uniqueEmail('rl-s'), 'S');
    const outsider = await signInWithGoogle(t.emulatorHost, uniqueEmail('rl-o'), 'O');
    const cls = (await call('POST', '/class/create', teacher, { name: 'Lab class' })).body;
    const lesson = (
      await call('POST', '/lesson/create', teacher, { name: 'Lab', maxPoints: 50, timeLimit: 20 })
    ).body;
    await call('POST', `/class/${cls.uuid}/add-lesson`, teacher, { lessons: [lesson.uuid] });
    await call('POST', '/lab/create', teacher, { name: 'Lab', board_id: 'GG-9', pin: '1234' });
    await call('PUT', `/lesson/${lesson.uuid}/boards/private`, teacher, {
      boards: [{ board_id: 'GG-9' }],
    });
    await call('PUT', '/class/code-enroll', account.idToken, { access_code: cls.access_code });
    await call('POST', '/auth', outsider.idToken, {});

    const { classroom, users } = t.app.services;
    const link = classroomLink(classroom, users);
    const student = await users.findByUid(account.uid);
    const other = await users.findByUid(outsider.uid);
    if (!student || !other) throw new Error('accounts missing');
    expect(await link.lessonBoards(student, lesson.uuid)).toMatchObject({
      official: [],
      private: ['GG-9'],
    });
    expect(await link.lessonBoards(other, lesson.uuid)).toBeNull();
    expect(await link.lessonTimeLimit(lesson.uuid)).toBe(20);

    await link.recordAnswer({
      sessionId: 7,
      userId: student.id,
      lessonUuid: lesson.uuid,
      answer: 200,
      source: 'lab',
    });
    const progress = await call('GET', `/lesson/${lesson.uuid}/grade/student`, account.idToken);
    expect(progress.body).toMatchObject({
      state: 'graded',
      grade: { grade: 50, gradeSource: 'lab', session_id: '7' },
    });
    // Someone practising outside a class gets no grade, and no error.
    await link.recordAnswer({
      sessionId: 8,
      userId: other.id,
      lessonUuid: lesson.uuid,
      answer: 9,
      source: 'cable',
    });

    // A Submit naming a session the remote lab never ran, or someone else's, is refused.
    const grader = remoteLabGrader(t.app.services.remoteLab);
    const args = { lessonUuid: lesson.uuid, classUuid: cls.uuid, userId: student.id };
    for (const sessionId of ['123456', 'not-a-number']) {
      await expect(grader({ ...args, sessionId })).rejects.toMatchObject({
        statusCode: 404,
        code: 'session_not_found',
      });
    }
    const theirs = await t.app.services.remoteLab.sessions.create({
      userId: other.id,
      boardId: 'usb-gogo7',
      lessonUuid: lesson.uuid,
      method: 11,
      state: 'active',
      at: Date.now(),
    });
    await expect(grader({ ...args, sessionId: String(theirs.id) })).rejects.toMatchObject({
      code: 'session_not_found',
    });
  });
});
