// A lesson's automatic check (docs/classroom.md "Automatic check"): the owner sets the
// scenario with the lesson; every Submit runs on the VM in the compile workers and is graded
// with a report; the student reads their own report, the teacher every student's, and the
// teacher's grade still overrides.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Grade } from '../../src/contract/grades.ts';
import type { ExtensionLibrary } from '../../src/contract/extensions.ts';
import { EXAMPLE_CHECK, type LessonCheck } from '../../src/contract/lesson-check.ts';
import type { Lesson } from '../../src/contract/lessons.ts';
import { apiCaller, type ApiCall } from '../testing/api-caller.ts';
import { signInWithGoogle, uniqueEmail } from '../testing/emulator-accounts.ts';
import { startTestApp, type TestApp } from '../testing/test-app.ts';
import { testEngine } from '../testing/test-db.ts';

const CHECK: LessonCheck = {
  // The example's scenario: dark until 2 s, then light.
  ...EXAMPLE_CHECK,
  expect: [
    { t: 1, motor: 'a', on: false },
    { t: 3, motor: 'a', on: true, power: 60 },
    { t: 3, display: 'yes' },
  ],
};

const GOOD = `to main
waituntil [ sensor1 > 500 ]
a, on setpower 60
show "yes"
end
`;

/** A program file as the editor sends it (blocks mode keeps the generated Logo). */
const programFile = (logo: string) =>
  `<xml xmlns="https://developers.google.com/blockly/xml"><settings><logo_code>${logo
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/\n/g, '&#10;')}</logo_code><program_mode>logo</program_mode></settings></xml>`;

describe(`lesson automatic check (${testEngine()})`, () => {
  let t: TestApp;
  let call: ApiCall;
  let teacher: string;
  let student: string;
  let other: string;
  let classUuid: string;
  let lesson: Lesson;

  beforeAll(async () => {
    t = await startTestApp();
    call = apiCaller(t);
    [teacher, student, other] = (await Promise.all(
      ['teacher', 'student', 'other'].map(
        async (who) => (await signInWithGoogle(t.emulatorHost, uniqueEmail(who), who)).idToken,
      ),
    )) as [string, string, string];
    const cls = await call('POST', '/class/create', teacher, { name: 'Sensors' });
    classUuid = (cls.body as { uuid: string }).uuid;
    const created = await call('POST', '/lesson/create', teacher, {
      name: 'Start in the light',
      maxPoints: 10,
      check: CHECK,
    });
    expect(created.status).toBe(201);
    lesson = created.body as Lesson;
    await call('POST', `/class/${classUuid}/add-lesson`, teacher, { lessons: [lesson.uuid] });
    const code = (cls.body as { access_code: string }).access_code;
    for (const token of [student, other]) {
      expect((await call('PUT', '/class/code-enroll', token, { access_code: code })).status).toBe(
        200,
      );
    }
  });
  afterAll(() => t.close());

  it('keeps the check with the lesson, shown only to who may edit it', async () => {
    expect(lesson.check).toEqual(CHECK);
    expect(lesson.hasCheck).toBe(true);
    const seen = (await call('GET', `/lesson/${lesson.uuid}`, student, undefined)).body as Lesson;
    expect(seen.check).toBeUndefined();
    expect(seen.hasCheck).toBe(true);
  });

  it('refuses a check that breaks its format with a 400 naming the place', async () => {
    const bad = async (check: unknown) => {
      const res = await call('PUT', `/lesson/${lesson.uuid}`, teacher, { check });
      expect(res.status).toBe(400);
      return (res.body as { message: string }).message;
    };
    expect(await bad({ ...CHECK, expect: [{ t: 5, led: true }] })).toBe(
      "check/expect/0: a time is after the check's duration",
    );
    expect(await bad({ ...CHECK, expect: [{ t: 1, power: 5 }] })).toBe(
      "check/expect/0: 'on', 'direction' and 'power' need 'motor'",
    );
    expect(await bad({ ...CHECK, inputs: [{ t: 1, sensor: 9, value: 1 }] })).toMatch(/sensor/);
    expect(await bad({ ...CHECK, duration: 61 })).toMatch(/duration/);
    const still = (await call('GET', `/lesson/${lesson.uuid}`, teacher, undefined)).body as Lesson;
    expect(still.check).toEqual(CHECK);
  });

  it('grades a passing program in full with a report the student reads', async () => {
    const res = await call('PUT', `/lesson/${lesson.uuid}/grade/submit`, student, {
      code: programFile(GOOD),
    });
    expect(res.status).toBe(200);
    const grade = res.body as Grade;
    expect(grade).toMatchObject({ state: 'graded', grade: 10, gradeSource: 'check' });
    expect(grade.check).toMatchObject({ outcome: 'ran', passed: 4, total: 4 });
    const mine = await call('GET', `/submission/${grade.suuid}`, student, undefined);
    expect((mine.body as Grade).check?.results.every((r) => r.pass)).toBe(true);
  });

  it('shows which expectation failed and grades the share that passed', async () => {
    const res = await call('PUT', `/lesson/${lesson.uuid}/grade/submit`, other, {
      code: programFile(GOOD.replace('setpower 60', 'setpower 30').replace('"yes"', '"stop"')),
    });
    const grade = res.body as Grade;
    expect(grade).toMatchObject({ state: 'graded', grade: 5 });
    expect(grade.check?.results.filter((r) => !r.pass)).toEqual([
      { t: 3, motor: 'a', output: 'power', expected: 60, actual: 30, pass: false },
      { t: 3, output: 'display', expected: 'yes', actual: 'stop', pass: false },
    ]);
    // The teacher sees it, a classmate does not, and the teacher's grade overrides.
    const seen = await call('GET', `/class/${classUuid}/grade/${grade.suuid}`, teacher, undefined);
    expect((seen.body as Grade).check?.passed).toBe(2);
    expect((await call('GET', `/submission/${grade.suuid}`, student, undefined)).status).toBe(404);
    const regraded = await call('PUT', `/class/${classUuid}/grade/${grade.suuid}`, teacher, {
      grade: 8,
    });
    expect(regraded.body).toMatchObject({
      grade: 8,
      gradeSource: 'teacher',
      check: { passed: 2 },
    });
  });

  it('grades a program that does not compile as zero, with the compiler message', async () => {
    const res = await call('PUT', `/lesson/${lesson.uuid}/grade/submit`, other, {
      code: programFile('to main\nfrobnicate\nend\n'),
    });
    const grade = res.body as Grade;
    expect(grade.grade).toBe(0);
    expect(grade.check).toMatchObject({ outcome: 'compile_error', passed: 0, total: 4 });
    expect(grade.check?.detail).not.toBe('');
  });

  it('runs the procedures of an extension the student added, as Download does', async () => {
    const library: ExtensionLibrary = {
      procedures: [
        {
          name: 'lampon',
          params: ['level'],
          output: false,
          logo: 'to lampon :level\na, on setpower level\nshow "yes"\nend',
        },
      ],
      texts: { en: { category: 'Lamp', blocks: { lampon: 'lamp on at' } } },
    };
    const published = await call('POST', '/publish', teacher, {
      name: `Lamp ${Date.now().toString(36)}`,
      workspace: '<xml xmlns="https://developers.google.com/blockly/xml"></xml>',
      library,
    });
    expect(published.status).toBe(201);
    const uuid = (published.body as { uuid: string }).uuid;
    expect((await call('PUT', `/extension/${uuid}/add`, other, {})).status).toBe(200);
    const res = await call('PUT', `/lesson/${lesson.uuid}/grade/submit`, other, {
      code: programFile('to main\nwaituntil [ sensor1 > 500 ]\nlampon 60\nend\n'),
    });
    const grade = res.body as Grade;
    expect(grade.check).toMatchObject({ outcome: 'ran', passed: 4, total: 4 });
    expect(grade).toMatchObject({ state: 'graded', grade: 10, gradeSource: 'check' });
  });

  it('leaves submissions of a lesson without a check to the teacher', async () => {
    await call('PUT', `/lesson/${lesson.uuid}`, teacher, { check: null });
    const res = await call('PUT', `/lesson/${lesson.uuid}/grade/submit`, student, {
      code: programFile(GOOD),
    });
    expect(res.body).toMatchObject({ state: 'submitted', grade: null, check: null });
    await call('PUT', `/lesson/${lesson.uuid}`, teacher, { check: CHECK });
  });
});

describe(`lesson automatic check under a configured budget (${testEngine()})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ CHECK_BUDGET_MS: '100' });
  });
  afterAll(() => t.close());

  it('leaves a run over CHECK_BUDGET_MS to the teacher, saying it took too long', async () => {
    const call = apiCaller(t);
    const [teacher, student] = (await Promise.all(
      ['teacher', 'student'].map(
        async (who) => (await signInWithGoogle(t.emulatorHost, uniqueEmail(who), who)).idToken,
      ),
    )) as [string, string];
    const cls = (await call('POST', '/class/create', teacher, { name: 'Busy' })).body as {
      uuid: string;
      access_code: string;
    };
    // Every loop pass sleeps 10 ms, so a short loop is cheap (under 100 ms for 60 s on an
    // idle machine). Here each pass calls a 300-statement procedure 200 times: the VM runs
    // its full per-millisecond instruction budget nearly every virtual millisecond, about
    // 1.7 s of CPU on the idle build machine, far over 100 ms on any machine.
    const spin = `to main\nforever [ ${'p '.repeat(200)}]\nend\nto p\n${'setpower 1 '.repeat(300)}\nend\n`;
    const busy = (
      await call('POST', '/lesson/create', teacher, {
        name: 'Busy loop',
        check: { duration: 60, inputs: [], expect: [{ t: 59, motor: 'a', on: true }] },
      })
    ).body as Lesson;
    await call('POST', `/class/${cls.uuid}/add-lesson`, teacher, { lessons: [busy.uuid] });
    await call('PUT', '/class/code-enroll', student, { access_code: cls.access_code });
    const res = await call('PUT', `/lesson/${busy.uuid}/grade/submit`, student, {
      code: programFile(spin),
    });
    expect(res.status).toBe(200);
    const grade = res.body as Grade;
    expect(grade).toMatchObject({ state: 'submitted', grade: null, gradeSource: null });
    expect(grade.check).toMatchObject({ outcome: 'too_long' });
  });
});
