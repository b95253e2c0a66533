// The signed-in classroom screens have no moderate, serious or critical accessibility
// violation (axe-core) in any interface language: a teacher's class, its people, the class
// list, a lesson, the gradebook and its grading dialog; a student's class, the lesson pane
// beside the editor and the editor's program versions.
// The class and the lesson are built once; each language then visits every screen.
import { expect, test } from '@playwright/test';
import { LANGUAGES, violations } from './axe.ts';
import { newUser, unique, type ClassroomApp } from './classroom-page.ts';
import { text } from './locales.ts';

/** Opens `path` in a fresh page load with the interface in `code`'s language. */
async function openIn(app: ClassroomApp, lng: string, code: string, path: string): Promise<void> {
  await app.page.evaluate((stored) => localStorage.setItem('language', stored), code);
  await app.open(path);
  await app.page.reload();
  await expect(app.page.locator('html')).toHaveAttribute('lang', lng);
}

test('the signed-in classroom screens have no accessibility problem in any language', async ({
  browser,
  baseURL,
}) => {
  // Seven screens in four languages, each checked in full: slow on a loaded machine.
  test.setTimeout(480_000);
  const tag = unique();
  const className = `Robotics ${tag}`;
  const lessonName = `Blink ${tag}`;
  const found: string[] = [];

  const teacher = await newUser(browser, baseURL);
  await teacher.signUp('Tina Teacher');
  const uuid = await teacher.createClass(className, 'We build robots.');
  const lesson = await teacher.createLesson({
    name: lessonName,
    description: 'Turn it on.',
    logo: 'to main\nend',
  });
  await teacher.addLessonToClass(className);
  const code = await teacher.accessCode(uuid);
  const student = await newUser(browser, baseURL);
  await student.signUp('Sam Student');
  await student.enroll(code);

  for (const [lng, stored] of LANGUAGES) {
    const check = async (app: ClassroomApp, screen: string) =>
      found.push(...(await violations(app.page, `${lng} ${screen}`)));

    await openIn(teacher, lng, stored, `/classroom/classd/${uuid}/overview`);
    await teacher.expectHeading(className);
    await check(teacher, 'teacher: class overview');
    await teacher.openClass(uuid, 'people');
    await expect(teacher.page.getByText('Tina Teacher').first()).toBeVisible();
    await check(teacher, 'teacher: class people');
    await teacher.open('/classroom/class/my');
    await expect(teacher.page.getByText(className).first()).toBeVisible();
    await check(teacher, 'teacher: class list');
    await teacher.open(`/classroom/lessond/${lesson}`);
    await teacher.expectHeading(lessonName);
    await check(teacher, 'teacher: lesson');

    await openIn(student, lng, stored, `/classroom/classd/${uuid}/overview`);
    const row = student.page.getByTestId('class-lesson').filter({ hasText: lessonName });
    await expect(row).toBeVisible();
    await check(student, 'student: class');
    await row
      .getByRole('button', { name: text(lng, 'classroom:lesson.start'), exact: true })
      .click();
    await expect(student.lessonPane()).toContainText(lessonName);
    await check(student, 'student: lesson pane');
    // The student's work, kept as they type, and the program a restart replaces, kept as a
    // version in the editor's Versions tab.
    await student.writeProgram(`to main\nbeep\nend ; ${lng}`);
    // Done typing: the editor's completion list (checked with the editor) closes.
    await student.page.keyboard.press('Escape');
    await expect(student.page.locator('.cm-tooltip-autocomplete')).toHaveCount(0);
    await expect(student.lessonPane().getByTestId('lesson-work-status')).toHaveText(
      text(lng, 'classroom:lessonPane.work.kept'),
    );
    await check(student, 'student: lesson pane, work kept');
    await student
      .lessonPane()
      .getByRole('button', { name: text(lng, 'classroom:lessonPane.leave'), exact: true })
      .click();
    await student.writeProgram(`to main\nledon\nend ; ${lng}`);
    await student.openClass(uuid);
    await row
      .getByRole('button', { name: text(lng, 'classroom:lesson.start'), exact: true })
      .click();
    await expect(student.lessonPane()).toContainText(lessonName);
    await student.page
      .getByRole('tab', { name: text(lng, 'editor:versions.tab'), exact: true })
      .click();
    await expect(student.page.getByTestId('program-version').first()).toContainText(
      text(lng, 'editor:versions.reason.lesson'),
    );
    await check(student, 'student: program versions');

    await teacher.openClass(uuid, 'gradebook');
    await expect(teacher.page.getByText('Sam Student').first()).toBeVisible();
    await check(teacher, 'teacher: gradebook');
    // Sam has not submitted: the cell opens the grading dialog.
    await teacher.gradebookCell(student.email).getByRole('button').click();
    const grading = teacher.page.getByRole('dialog');
    await expect(grading.getByRole('heading')).toContainText(lessonName);
    await check(teacher, 'teacher: grading dialog');
    await teacher.page.keyboard.press('Escape');
    await expect(grading).toBeHidden();
  }
  expect(found).toEqual([]);
});
