// A student's own latest program per lesson (src/contract/lesson-work.ts) on the real server
// and database: kept and read back by the student, read by the class's teachers, and by no
// one else; it outlives a removal from the class and comes back with the student.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LESSON_CODE_MAX } from '../../src/contract/lessons.ts';
import { apiCaller, type ApiCall } from '../testing/api-caller.ts';
import { signInWithGoogle, uniqueEmail } from '../testing/emulator-accounts.ts';
import { startTestApp, type TestApp } from '../testing/test-app.ts';
import { testEngine } from '../testing/test-db.ts';

const program = (logo: string) =>
  `<xml xmlns="https://developers.google.com/blockly/xml"><settings><logo_code>${logo}</logo_code></settings></xml>`;

describe(`lesson work (${testEngine()})`, () => {
  let t: TestApp;
  let call: ApiCall;
  let teacher: string;
  let student: string;
  let studentEmail: string;
  let classmate: string;

  beforeAll(async () => {
    t = await startTestApp();
    call = apiCaller(t);
    teacher = (await signInWithGoogle(t.emulatorHost, uniqueEmail('t'), 'Tess')).idToken;
    studentEmail = uniqueEmail('s');
    student = (await signInWithGoogle(t.emulatorHost, studentEmail, 'Sam')).idToken;
    classmate = (await signInWithGoogle(t.emulatorHost, uniqueEmail('c'), 'Cleo')).idToken;
  });
  afterAll(() => t.close());

  /** A class of the teacher's with one lesson, the student and the classmate in it. */
  async function lessonInClass(name = 'Robots') {
    const cls = (await call('POST', '/class/create', teacher, { name })).body;
    const lesson = (await call('POST', '/lesson/create', teacher, { name: 'Blink' })).body;
    await call('POST', `/class/${cls.uuid}/add-lesson`, teacher, { lessons: [lesson.uuid] });
    for (const token of [student, classmate]) {
      expect(
        (await call('PUT', '/class/code-enroll', token, { access_code: cls.access_code })).status,
      ).toBe(200);
    }
    return { c: cls.uuid as string, l: lesson.uuid as string };
  }

  it('keeps the student’s latest program and gives it back to them alone', async () => {
    const { c, l } = await lessonInClass();
    const none = await call('GET', `/lesson/${l}/work`, student);
    expect(none.status).toBe(200);
    expect(none.body).toEqual({
      luuid: l,
      class_uuid: c,
      user_email: studentEmail,
      code: null,
      updatedAt: null,
    });

    const first = await call('PUT', `/lesson/${l}/work`, student, { code: program('beep') });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ class_uuid: c, code: program('beep') });
    const second = await call('PUT', `/lesson/${l}/work`, student, { code: program('ledon') });
    expect(second.body.updatedAt >= first.body.updatedAt).toBe(true);
    const mine = await call('GET', `/lesson/${l}/work`, student);
    expect(mine.body).toMatchObject({ code: program('ledon'), updatedAt: second.body.updatedAt });

    // The classmate has their own (none yet), and never the student's.
    expect((await call('GET', `/lesson/${l}/work`, classmate)).body.code).toBeNull();
    // The teacher reads it; the class's teachers only.
    const read = await call(
      'GET',
      `/class/${c}/lesson/${l}/work?user_email=${studentEmail}`,
      teacher,
    );
    expect(read.status).toBe(200);
    expect(read.body.code).toBe(program('ledon'));
    const peek = await call(
      'GET',
      `/class/${c}/lesson/${l}/work?user_email=${studentEmail}`,
      classmate,
    );
    expect(peek.status).toBe(403);
    expect(peek.body).toEqual({ error: 'not_class_teacher', message: expect.any(String) });
    // A teacher is not a student of their own class: nothing of theirs to keep.
    const own = await call('PUT', `/lesson/${l}/work`, teacher, { code: program('x') });
    expect(own.status).toBe(403);
    expect(own.body.error).toBe('not_enrolled');
    // Someone not in the class: no such student.
    const stranger = await call(
      'GET',
      `/class/${c}/lesson/${l}/work?user_email=${uniqueEmail('nobody')}`,
      teacher,
    );
    expect(stranger.status).toBe(404);
    expect(stranger.body.error).toBe('not_a_member');
  });

  it('keeps work per class when the lesson is in several of the student’s classes', async () => {
    const a = await lessonInClass('A');
    const b = (await call('POST', '/class/create', teacher, { name: 'B' })).body;
    await call('POST', `/class/${b.uuid}/add-lesson`, teacher, { lessons: [a.l] });
    await call('PUT', '/class/code-enroll', student, { access_code: b.access_code });
    const which = await call('PUT', `/lesson/${a.l}/work`, student, { code: program('a') });
    expect(which.status).toBe(400);
    expect(which.body.error).toBe('class_required');
    await call('PUT', `/lesson/${a.l}/work`, student, { code: program('a'), class_uuid: a.c });
    await call('PUT', `/lesson/${a.l}/work`, student, { code: program('b'), class_uuid: b.uuid });
    const inA = await call('GET', `/lesson/${a.l}/work?class_uuid=${a.c}`, student);
    const inB = await call('GET', `/lesson/${a.l}/work?class_uuid=${b.uuid}`, student);
    expect([inA.body.code, inB.body.code]).toEqual([program('a'), program('b')]);
  });

  it('outlives a removal from the class and comes back with the student', async () => {
    const { c, l } = await lessonInClass();
    await call('PUT', `/lesson/${l}/work`, student, { code: program('mine') });
    await call('PUT', `/class/${c}/people/delete/student`, teacher, { emails: [studentEmail] });
    // Out of the class: not theirs to read or keep, but the teacher still reads it.
    expect((await call('GET', `/lesson/${l}/work`, student)).status).toBe(404);
    const kept = await call(
      'GET',
      `/class/${c}/lesson/${l}/work?user_email=${studentEmail}`,
      teacher,
    );
    expect(kept.body.code).toBe(program('mine'));
    await call('POST', `/class/${c}/people/add`, teacher, {
      type: 'student',
      people: [{ email: studentEmail }],
    });
    expect((await call('GET', `/lesson/${l}/work`, student)).body.code).toBe(program('mine'));
  });

  it('goes with the lesson and the class, and refuses bad input with a 400', async () => {
    const { c, l } = await lessonInClass();
    await call('PUT', `/lesson/${l}/work`, student, { code: program('gone') });
    const bad = [
      { code: 5 },
      { code: 'x', class_uuid: 'not-a-uuid' },
      { code: 'x'.repeat(LESSON_CODE_MAX + 1) },
    ];
    for (const body of bad) {
      const res = await call('PUT', `/lesson/${l}/work`, student, body);
      expect(res.status).toBe(400);
      expect(Object.keys(res.body).sort()).toEqual(['error', 'message']);
    }
    const noEmail = await call('GET', `/class/${c}/lesson/${l}/work?user_email=nope`, teacher);
    expect(noEmail.status).toBe(400);
    expect((await call('DELETE', `/class/${c}`, teacher)).status).toBe(200);
    const rows = await t.app.services.db.kysely
      .selectFrom('lesson_work')
      .select('code')
      .where('class_uuid', '=', c)
      .execute();
    expect(rows).toEqual([]);
  });
});
