// A student's lesson work is never lost or replaced: the lesson stays open across a reload,
// Start lesson resumes the student's own latest program (from the server, on any computer;
// from this browser while the server cannot be reached) instead of the starter, and whatever
// a lesson's program replaces is kept as a version the student can restore (a restore keeps
// the program it replaces too, and the editor's undo still works).
import { expect, test, type Browser } from '@playwright/test';
import { c, newUser, unique, type ClassroomApp } from './classroom-page.ts';
import { text } from './locales.ts';

const t = (ref: string) => text('en', ref);

const STARTER = 'to main\nledon\nend';
const SCRATCH = 'to main\nbeep\nend';
const MINE = 'to main\nrepeat 3 [ beep wait 2 ]\nledon\nend';
const OFFLINE = `${MINE}\n; typed while the server was away`;

/** Types a program of one's own in the Logo text of a fresh program. */
async function writeScratch(app: ClassroomApp, logo: string): Promise<void> {
  await app.open('/program');
  await app.editor().switchTo('logo');
  await app.writeProgram(logo);
  await app.expectProgram(logo);
}

/** A teacher's class with one lesson (Logo starter), and a student enrolled in it. */
async function classWithLesson(browser: Browser, baseURL: string | undefined) {
  const teacher = await newUser(browser, baseURL);
  const student = await newUser(browser, baseURL);
  const tag = unique();
  const lessonName = `Blink ${tag}`;
  await teacher.signUp('Tina Teacher');
  await student.signUp('Sam Student');
  const klass = await teacher.api<{ uuid: string; access_code: string }>('POST', '/class/create', {
    name: `Robots ${tag}`,
  });
  const lesson = await teacher.api<{ uuid: string }>('POST', '/lesson/create', {
    name: lessonName,
    desc: 'Turn the **LED** on.',
    logo: STARTER,
  });
  await teacher.api('POST', `/class/${klass.uuid}/add-lesson`, { lessons: [lesson.uuid] });
  await student.api('PUT', '/class/code-enroll', { access_code: klass.access_code });
  const close = async () => {
    await teacher.page.context().close();
    await student.page.context().close();
  };
  return { teacher, student, klass, lesson, lessonName, close };
}

const workStatus = (app: ClassroomApp) => app.lessonPane().getByTestId('lesson-work-status');

test('a reload keeps the lesson open beside the student’s program, and Submit still works', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const { student, klass, lesson, lessonName, close } = await classWithLesson(browser, baseURL);
  await student.openClass(klass.uuid);
  await student.startLesson(lessonName);
  await student.expectProgram(STARTER);
  await student.writeProgram(MINE);
  await expect(workStatus(student)).toHaveText(c('lessonPane.work.kept'));

  await student.page.reload();
  await student.expectPath('/program');
  await expect(student.lessonPane()).toContainText(lessonName);
  await student.expectProgram(MINE);
  // The address says which lesson is open.
  expect(new URL(student.page.url()).hash).toContain(`lesson=${lesson.uuid}`);
  await student.submit();
  await expect(student.toast('success', c('lessonPane.submitted'))).toBeVisible();

  // Leaving the lesson takes it out of the address: the next reload has no lesson.
  await student.button(c('lessonPane.leave'), student.lessonPane()).click();
  await expect.poll(() => new URL(student.page.url()).hash).not.toContain('lesson=');
  await student.page.reload();
  await student.expectProgram(MINE);
  await expect(student.lessonPane()).toHaveCount(0);
  await close();
});

test('Start lesson resumes the student’s own program: here, on another computer, and while the server is away', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const { student, klass, lessonName, close } = await classWithLesson(browser, baseURL);
  await student.openClass(klass.uuid);
  await student.startLesson(lessonName);
  await student.writeProgram(MINE);
  await expect(workStatus(student)).toHaveText(c('lessonPane.work.kept'));

  await test.step('Start lesson again resumes the work, without asking', async () => {
    await student.openClass(klass.uuid);
    await student.startLesson(lessonName);
    await expect(student.page.getByRole('dialog')).toHaveCount(0);
    await student.expectProgram(MINE);
  });

  const laptop = await newUser(browser, baseURL);
  await test.step('on another computer the work comes from the server; the open program is kept', async () => {
    await laptop.signInAs(student);
    await writeScratch(laptop, SCRATCH);
    await laptop.openClass(klass.uuid);
    // The toasts last 2.5 s: watched for from before the click.
    const toasts = [
      expect(laptop.toast('success', c('lessonPane.resumed'))).toBeVisible({ timeout: 30_000 }),
      expect(laptop.toast('success', t('editor:versions.kept'))).toBeVisible({ timeout: 30_000 }),
    ];
    await laptop.startLesson(lessonName);
    await Promise.all(toasts);
    await laptop.expectProgram(MINE);
    const versions = await laptop.editor().openVersions();
    await expect(versions).toHaveCount(1);
    await expect(versions.first()).toContainText(t('editor:versions.reason.lesson'));
    await expect(versions.first()).toContainText(t('editor:versions.untitled'));
  });

  await test.step('while the server cannot be reached the work stays in the browser, and resumes from there', async () => {
    await student.page.route('**/lesson/*/work**', (route) => route.abort('connectionrefused'));
    await student.showLesson();
    await student.writeProgram(OFFLINE);
    await expect(workStatus(student)).toHaveText(c('lessonPane.work.local'));
    await student.openClass(klass.uuid);
    await student.startLesson(lessonName);
    await student.expectProgram(OFFLINE);
    // Back: the work goes to the server, and another computer resumes it.
    await student.page.unroute('**/lesson/*/work**');
    await student.showLesson();
    await expect(workStatus(student)).toHaveText(c('lessonPane.work.kept'), { timeout: 60_000 });
    await laptop.openClass(klass.uuid);
    await laptop.startLesson(lessonName);
    await laptop.expectProgram(OFFLINE);
  });

  await laptop.page.context().close();
  await close();
});

test('the starter replacing the student’s program keeps it as a version that restores, and a restore can be undone', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const { student, klass, lessonName, close } = await classWithLesson(browser, baseURL);
  await writeScratch(student, SCRATCH);
  await student.openClass(klass.uuid);
  const keptToast = expect(student.toast('success', t('editor:versions.kept'))).toBeVisible({
    timeout: 30_000,
  });
  await student.startLesson(lessonName);
  await keptToast;
  await student.expectProgram(STARTER);
  const editor = student.editor();
  let versions = await editor.openVersions();
  await expect(versions).toHaveCount(1);
  await expect(versions.first()).toContainText(t('editor:versions.reason.starter'));

  // Kept across a reload too.
  await student.page.reload();
  versions = await editor.openVersions();
  await expect(versions).toHaveCount(1);

  const restoredToast = expect(student.toast('success', t('editor:versions.restored'))).toBeVisible(
    { timeout: 30_000 },
  );
  await editor.restoreVersion(0);
  await restoredToast;
  await student.expectProgram(SCRATCH);
  versions = await editor.openVersions();
  await expect(versions).toHaveCount(2);
  await expect(versions.first()).toContainText(t('editor:versions.reason.restore'));

  // The restore undone from the list, with the keyboard alone: the starter is back.
  const page = student.page;
  await page.getByRole('tab', { name: t('editor:versions.tab'), exact: true }).focus();
  await page.keyboard.press('Enter');
  await page.keyboard.press('Tab');
  const newest = versions.first().getByRole('button', { name: t('editor:versions.restore') });
  await expect(newest).toBeFocused();
  await page.keyboard.press('Enter');
  await student.expectProgram(STARTER);
  // The editor's own undo still works on the restored program.
  await editor.logoEditor().locator('.cm-content').click();
  await student.page.keyboard.press('ControlOrMeta+End');
  await student.page.keyboard.insertText('\n; more');
  await student.expectProgram(`${STARTER}\n; more`);
  await student.page.keyboard.press('ControlOrMeta+Z');
  await student.expectProgram(STARTER);
  await close();
});
