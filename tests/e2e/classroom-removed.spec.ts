// A teacher removes a student who has work in the class: the dialog says the submissions are
// kept, and they are — in the gradebook and its CSV, marked removed — until the student is
// added again and everything is theirs as before.
import { expect, test, type Page } from '@playwright/test';
import {
  c,
  csvGradedRow,
  csvLessonHeader,
  newUser,
  unique,
  type ClassroomApp,
} from './classroom-page.ts';
import { text } from './locales.ts';
import { logoProgramFile } from './programs.ts';

const t = (ref: string) => text('en', ref);
const ok = (page: Page) =>
  page.getByRole('dialog').getByRole('button', { name: t('shell:confirm.ok') });

/** A class with one lesson, made through the API (the test is about what comes after). */
async function classWithLesson(teacher: ClassroomApp, tag: string) {
  const klass = await teacher.api<{ uuid: string; access_code: string }>('POST', '/class/create', {
    name: `Robots ${tag}`,
  });
  const lesson = await teacher.api<{ uuid: string }>('POST', '/lesson/create', {
    name: `Blink ${tag}`,
    desc: 'Turn the LED on.',
    code: 'to main\nledon\nend',
  });
  await teacher.api('POST', `/class/${klass.uuid}/add-lesson`, { lessons: [lesson.uuid] });
  return { klass, lesson };
}

test('a removed student stays in the gradebook and its CSV, marked removed; adding them again brings them back', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const teacher = await newUser(browser, baseURL);
  const student = await newUser(browser, baseURL);
  const tag = unique();
  await teacher.signUp('Tina Teacher');
  await student.signUp('Rita Removed');
  const { klass, lesson } = await classWithLesson(teacher, tag);
  await student.api('PUT', '/class/code-enroll', { access_code: klass.access_code });
  const { suuid } = await student.api<{ suuid: string }>(
    'PUT',
    `/lesson/${lesson.uuid}/grade/submit`,
    { code: logoProgramFile('to main\nbeep\nend') },
  );
  await teacher.api('PUT', `/class/${klass.uuid}/grade/${suuid}`, { grade: 42 });

  await test.step('the teacher removes the student: the dialog says their work is kept', async () => {
    await teacher.openClass(klass.uuid, 'people');
    const students = teacher.page.getByTestId('people-student');
    await students
      .getByRole('button', { name: c('people.remove', { email: student.email }) })
      .click();
    await expect(teacher.page.getByRole('dialog')).toContainText(
      c('people.confirmRemove.student', { email: student.email }),
    );
    await ok(teacher.page).click();
    await expect(students).toContainText(t('ui:table.empty'));
  });

  await test.step('the gradebook keeps the student, marked removed, with the grade', async () => {
    await teacher.openClass(klass.uuid, 'gradebook');
    const row = teacher.page.getByTestId('gradebook-row').filter({ hasText: student.email });
    await expect(row).toContainText('Rita Removed');
    await expect(row.getByTestId('student-removed')).toHaveText(c('gradebook.removed'));
    await expect(teacher.gradebookCell(student.email)).toContainText('42 / 100');
    await expect(teacher.page.getByText(c('gradebook.noStudents'))).toHaveCount(0);
    // The kept submission still opens for the teacher.
    await teacher.gradebookCell(student.email).getByRole('link').click();
    await teacher.expectPath(`/program/submission/${suuid}`);
    await teacher.expectProgram('to main\nbeep\nend');
  });

  await test.step('the CSV lists the student as removed, with the grade', async () => {
    await teacher.openClass(klass.uuid, 'gradebook');
    const lines = (await teacher.exportGradebook())
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toBe(
      `${c('gradebook.student')},${c('fields.email')},${c('gradebook.status')},` +
        csvLessonHeader(`Blink ${tag}`, 100),
    );
    expect(lines[1]).toMatch(
      csvGradedRow(['Rita Removed', student.email, c('gradebook.removed')], '42', ''),
    );
  });

  await test.step('adding the student again brings everything back', async () => {
    await teacher.openClass(klass.uuid, 'people');
    const students = teacher.page.getByTestId('people-student');
    await students.getByLabel(c('people.add.student')).fill(student.email);
    await teacher.button(c('people.addButton'), students).click();
    await expect(students.getByTestId('table-row')).toContainText(student.email);
    await teacher.openClass(klass.uuid, 'gradebook');
    const row = teacher.page.getByTestId('gradebook-row').filter({ hasText: student.email });
    await expect(row).toContainText('Rita Removed');
    await expect(teacher.gradebookCell(student.email)).toContainText('42 / 100');
    await expect(row.getByTestId('student-removed')).toHaveCount(0);
    const lines = (await teacher.exportGradebook())
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[1]).toMatch(
      csvGradedRow(['Rita Removed', student.email, c('gradebook.inClass')], '42', ''),
    );
  });

  await teacher.page.context().close();
  await student.page.context().close();
});
