// A student's lesson work is never lost or replaced: the lesson stays open across a reload,
// Start lesson resumes the student's own latest program (from the server, on any computer)
// instead of the starter, and whatever a lesson's program replaces is kept as a version the
// student can restore (a restore keeps the program it replaces too).
import { expect, test } from '@playwright/test';
import { c, newUser, unique, type ClassroomApp } from './classroom-page.ts';
import { text } from './locales.ts';

const t = (ref: string) => text('en', ref);

const STARTER = 'to main\nledon\nend';
const SCRATCH = 'to main\nbeep\nend';
const MINE = 'to main\nrepeat 3 [ beep wait 2 ]\nledon\nend';

/** Types a program of one's own in the Logo text of a fresh program. */
async function writeScratch(app: ClassroomApp, logo: string): Promise<void> {
  await app.open('/program');
  await app.editor().switchTo('logo');
  await app.writeProgram(logo);
  await app.expectProgram(logo);
}

test('a lesson survives a reload, Start lesson resumes the student’s own work, and replaced programs are kept as versions', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
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
  const workStatus = () => student.lessonPane().getByTestId('lesson-work-status');

  await test.step('starting the lesson opens the starter and keeps the program it replaced', async () => {
    await writeScratch(student, SCRATCH);
    await student.openClass(klass.uuid);
    await student.startLesson(lessonName);
    await student.expectProgram(STARTER);
    const versions = await student.editor().openVersions();
    await expect(versions).toHaveCount(1);
    await expect(versions.first()).toContainText(t('editor:versions.reason.starter'));
    await student.showLesson();
  });

  await test.step('the student’s work is kept as they type', async () => {
    await student.writeProgram(MINE);
    await expect(workStatus()).toHaveText(c('lessonPane.work.kept'));
  });

  await test.step('a reload keeps the lesson open with the student’s program', async () => {
    expect(new URL(student.page.url()).hash).toContain(`lesson=${lesson.uuid}`);
    await student.page.reload();
    await student.expectPath('/program');
    await expect(student.lessonPane()).toContainText(lessonName);
    await student.expectProgram(MINE);
    await student.submit();
    await expect(student.toast('success', c('lessonPane.submitted'))).toBeVisible();
  });

  await test.step('Start lesson again resumes the work without asking', async () => {
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
    await laptop.startLesson(lessonName);
    await laptop.expectProgram(MINE);
    await expect(laptop.toast('success', t('editor:versions.kept'))).toBeVisible();
    const versions = await laptop.editor().openVersions();
    await expect(versions).toHaveCount(1);
    await expect(versions.first()).toContainText(t('editor:versions.reason.lesson'));
  });

  await test.step('restoring a version keeps the program it replaces, so a restore can be undone', async () => {
    const editor = laptop.editor();
    await editor.restoreVersion(0);
    await laptop.expectProgram(SCRATCH);
    const versions = await editor.openVersions();
    await expect(versions).toHaveCount(2);
    await expect(versions.first()).toContainText(t('editor:versions.reason.restore'));
    await editor.restoreVersion(0);
    await laptop.expectProgram(MINE);
    // The editor's own undo still works on the restored program.
    await editor.logoEditor().locator('.cm-content').click();
    await laptop.page.keyboard.press('ControlOrMeta+End');
    await laptop.page.keyboard.insertText('\n; more');
    await laptop.expectProgram(`${MINE}\n; more`);
    await laptop.page.keyboard.press('ControlOrMeta+Z');
    await laptop.expectProgram(MINE);
  });

  await teacher.page.context().close();
  await student.page.context().close();
  await laptop.page.context().close();
});
