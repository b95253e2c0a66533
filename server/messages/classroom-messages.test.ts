// Classroom events reach students as messages: a lesson added to their class, a grade and a
// note on their work. The real classroom routes against the real database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatAccessCode } from '../../src/contract/classroom.ts';
import { apiCaller, type ApiCall } from '../testing/api-caller.ts';
import { signInWithGoogle, uniqueEmail } from '../testing/emulator-accounts.ts';
import { startTestApp, type TestApp } from '../testing/test-app.ts';
import { testEngine } from '../testing/test-db.ts';

describe(`classroom messages (${testEngine()})`, () => {
  let t: TestApp;
  let call: ApiCall;
  let teacher: string;
  let student: string;
  let bystander: string;

  beforeAll(async () => {
    t = await startTestApp();
    call = apiCaller(t);
    teacher = (await signInWithGoogle(t.emulatorHost, uniqueEmail('teacher'), 'Tess Teacher'))
      .idToken;
    student = (await signInWithGoogle(t.emulatorHost, uniqueEmail('student'), 'Sam Student'))
      .idToken;
    bystander = (await signInWithGoogle(t.emulatorHost, uniqueEmail('other'), 'Olly')).idToken;
  });
  afterAll(() => t.close());

  const messages = async (token: string) =>
    (await call('GET', '/messages', token)).body.data as {
      kind: string;
      params: Record<string, unknown>;
      link: string;
      read: boolean;
      from: { name: string } | null;
    }[];

  it('tells the students of a class about a new lesson, their grade and their note', async () => {
    const cls = (await call('POST', '/class/create', teacher, { name: 'Robotics 101' })).body as {
      uuid: string;
      access_code: string;
    };
    const joined = await call('PUT', '/class/code-enroll', student, {
      access_code: formatAccessCode(cls.access_code),
    });
    expect(joined.status).toBe(200);
    const lesson = (
      await call('POST', '/lesson/create', teacher, { name: 'Blink', code: '<xml/>' })
    ).body as { uuid: string };

    await call('POST', `/class/${cls.uuid}/add-lesson`, teacher, { lessons: [lesson.uuid] });
    await expect.poll(async () => (await messages(student)).map((m) => m.kind)).toEqual(['lesson']);
    expect((await messages(student))[0]).toMatchObject({
      params: { className: 'Robotics 101', lesson: 'Blink', lessons: 1 },
      link: `/classroom/classd/${cls.uuid}`,
      read: false,
      from: { name: 'Tess Teacher' },
    });

    const sent = await call('PUT', `/lesson/${lesson.uuid}/grade/submit`, student, {
      code: '<xml/>',
    });
    const graded = await call('PUT', `/class/${cls.uuid}/grade/${sent.body.suuid}`, teacher, {
      grade: 90,
      note: 'Well done',
    });
    expect(graded.status).toBe(200);
    await expect
      .poll(async () => (await messages(student)).map((m) => m.kind).sort())
      .toEqual(['grade', 'lesson', 'note']);
    const list = await messages(student);
    expect(list.find((m) => m.kind === 'grade')).toMatchObject({
      params: { className: 'Robotics 101', lesson: 'Blink', grade: 90 },
      link: `/classroom/lessond/${lesson.uuid}`,
    });
    expect(list.find((m) => m.kind === 'note')?.params).toEqual({
      className: 'Robotics 101',
      lesson: 'Blink',
    });
    // Nobody else hears about it, and the teacher is not told about their own actions.
    expect(await messages(bystander)).toEqual([]);
    expect(await messages(teacher)).toEqual([]);
  });
});
