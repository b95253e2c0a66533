// The classroom calls as the UI makes them, against the real API server and Auth emulator:
// paths, payloads and answers line up with the server, failures arrive as translated
// ApiErrors, and a header image goes up as raw bytes with its type.
import type { i18n } from 'i18next';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpWithPassword, type TestAccount } from '../../server/testing/emulator-accounts.ts';
import { ApiError } from '../api/errors.ts';
import {
  accountClient,
  englishI18n,
  startLiveServer,
  type LiveServer,
} from '../auth/live-server.node.ts';
import { classroomApi, listUrls } from './classroom-api.ts';

/** The smallest PNG: one transparent pixel. */
const PNG = Uint8Array.from(
  atob(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  ),
  (c) => c.charCodeAt(0),
);

describe('classroom API client (against the real API server)', () => {
  let server: LiveServer;
  let teacher: TestAccount;
  let student: TestAccount;
  let i18n: i18n;
  const toasts: string[] = [];

  const as = (account: TestAccount) =>
    classroomApi(accountClient(server, account, i18n, { notify: (m) => toasts.push(m) }));

  beforeAll(async () => {
    server = await startLiveServer();
    teacher = await signUpWithPassword(server.emulatorHost, undefined, undefined, 'Tina');
    student = await signUpWithPassword(server.emulatorHost, undefined, undefined, 'Sam');
    i18n = await englishI18n();
  });
  afterAll(() => server.close());

  it('runs a class from creation to a graded submission', async () => {
    const t = as(teacher);
    const s = as(student);
    const klass = await t.createClass({ name: 'Robotics', desc: '**Fridays**' });
    expect(klass).toMatchObject({ name: 'Robotics', role: 'owner' });
    const lesson = await t.createLesson({ name: 'Blink', logo: 'to main\nledon\nend\n' });
    expect((await t.addLessons(klass.uuid, [lesson.uuid])).data.map((l) => l.uuid)).toEqual([
      lesson.uuid,
    ]);

    const { access_code } = await t.rotateAccessCode(klass.uuid);
    expect(access_code).not.toBe(klass.access_code);
    await expect(s.codeEnroll(klass.access_code ?? '', { quiet: true })).rejects.toMatchObject({
      code: 'wrong_access_code',
      message: 'Please re-check the entered Access Code',
    });
    expect((await s.codeEnroll(access_code.toLowerCase())).role).toBe('student');

    const sent = await s.submitLesson(lesson.uuid, '<xml>v1</xml>', klass.uuid);
    expect(sent.state).toBe('submitted');
    const book = await t.gradebook(klass.uuid);
    expect(book.cells.map((c) => c.suuid)).toEqual([sent.suuid]);
    const graded = await t.gradeSubmission(klass.uuid, sent.suuid, 8.5, 'Good');
    expect(graded).toMatchObject({ grade: 8.5, note: 'Good', state: 'graded' });
    const progress = await s.lessonProgress(lesson.uuid, klass.uuid);
    expect(progress.grade).toMatchObject({ grade: 8.5, note: 'Good' });

    // The work in progress: the student's own, kept and read back; the teacher reads it.
    expect((await s.lessonWork(lesson.uuid, null)).code).toBeNull();
    const kept = await s.keepLessonWork(lesson.uuid, '<xml>wip</xml>', klass.uuid);
    expect(kept).toMatchObject({ class_uuid: klass.uuid, code: '<xml>wip</xml>' });
    expect((await s.lessonWork(lesson.uuid, klass.uuid)).updatedAt).toBe(kept.updatedAt);
    const read = await t.studentWork(klass.uuid, lesson.uuid, student.email);
    expect(read.code).toBe('<xml>wip</xml>');
    await expect(
      s.studentWork(klass.uuid, lesson.uuid, student.email, { quiet: true }),
    ).rejects.toMatchObject({ code: 'not_class_teacher' });

    const removed = await t.removePeople(klass.uuid, 'student', [student.email]);
    expect(removed.removed).toEqual([student.email.toLowerCase()]);
    await expect(
      s.submitLesson(lesson.uuid, '<xml>v2</xml>', klass.uuid, { quiet: true }),
    ).rejects.toBeInstanceOf(ApiError);
  });

  it("grades, notes, completes and resets a student's lesson as a teacher", async () => {
    const t = as(teacher);
    const klass = await t.createClass({ name: 'Grading' });
    const lesson = await t.createLesson({ name: 'Motors', logo: 'to main\nend\n' });
    await t.addLessons(klass.uuid, [lesson.uuid]);
    await t.addPeople(klass.uuid, 'student', ['ana@school.org', 'bo@school.org']);

    // Never submitted: the grade makes the cell, with the note and the teacher as its source.
    const graded = await t.gradeStudent(klass.uuid, lesson.uuid, 'ana@school.org', 7, 'Seen');
    expect(graded).toMatchObject({
      grade: 7,
      note: 'Seen',
      gradeSource: 'teacher',
      state: 'graded',
      code: '',
    });
    // Complete without a grade, then a note alone on it.
    const done = await t.completeFor(klass.uuid, lesson.uuid, 'bo@school.org');
    expect(done).toMatchObject({ state: 'complete', grade: null });
    const noted = await t.noteSubmission(klass.uuid, done.suuid, 'Well done in class');
    expect(noted).toMatchObject({ state: 'complete', grade: null, note: 'Well done in class' });
    const cells = (await t.gradebook(klass.uuid)).cells;
    expect(cells.map((c) => [c.user_email, c.state, c.grade, c.hasNote]).sort()).toEqual([
      ['ana@school.org', 'graded', 7, true],
      ['bo@school.org', 'complete', null, true],
    ]);

    // Reset: the cell starts over; the graded submission stays readable.
    const reset = await t.resetFor(klass.uuid, lesson.uuid, 'ana@school.org');
    expect(reset).toMatchObject({ state: 'not_started', grade: null });
    expect((await t.gradebook(klass.uuid)).cells.map((c) => c.user_email)).toEqual([
      'bo@school.org',
    ]);
    expect(await t.submission(graded.suuid)).toMatchObject({ grade: 7, current: false });

    // Someone not in the class: a translated refusal.
    await expect(
      t.gradeStudent(klass.uuid, lesson.uuid, 'cy@school.org', 5, '', { quiet: true }),
    ).rejects.toMatchObject({ code: 'not_a_member' });
    await expect(
      as(student).resetFor(klass.uuid, lesson.uuid, 'bo@school.org', { quiet: true }),
    ).rejects.toBeInstanceOf(ApiError);
  });

  it('adds several people at once and reads them back as a data-table list', async () => {
    const t = as(teacher);
    const klass = await t.createClass({ name: 'People' });
    const added = await t.addPeople(klass.uuid, 'student', ['a@school.org', 'b@school.org']);
    expect(added.added.sort()).toEqual(['a@school.org', 'b@school.org']);
    const client = accountClient(server, teacher, i18n);
    const list = await client.get<{
      data: { email: string }[];
      links: { pagination: { total: number } };
    }>(listUrls.people(klass.uuid, 'student'), {
      params: { sort: 'email|desc', page: 1, per_page: 5 },
    });
    expect(list.data.map((p) => p.email)).toEqual(['b@school.org', 'a@school.org']);
    expect(list.links.pagination.total).toBe(2);
  });

  it('uploads a header image as raw bytes and stores its URL on a class', async () => {
    const t = as(teacher);
    const file = new File([PNG], 'header.png', { type: 'image/png' });
    const fractions: number[] = [];
    const image = await t.uploadImage(file, (f) => fractions.push(f));
    expect(image).toMatchObject({ type: 'image/png', bytes: PNG.length });
    expect(image.url).toMatch(/^\/api\/v1\/classroom\/image\/[0-9a-f-]{36}$/);
    const klass = await t.createClass({ name: 'With a header', headerImage: image.url });
    expect(klass.headerImage).toBe(image.url);
    await expect(
      t.uploadImage(new File(['not an image'], 'x.png', { type: 'image/png' })),
    ).rejects.toMatchObject({ code: 'image_type' });
  });
});
