// A live class (docs/classroom.md "Live classroom"): a teacher and two students, each in a
// browser context of their own with the virtual board. The teacher's live view shows each
// student's program and board as they change; "Stop all boards" stops a running program
// and its motor on the student's virtual board; a hand goes up into the teacher's queue
// and resolving it lowers it on the student's side; eyes on me covers the students'
// editors until the teacher ends it; the student sees that the teacher watches. The live
// view has no accessibility violation.
import { expect, test } from '@playwright/test';
import { violations } from './axe.ts';
import { c, newUser, unique, type ClassroomApp } from './classroom-page.ts';
import { BoardLink } from './fixtures/board-link.ts';
import { text } from './locales.ts';

const t = (ref: string) => text('en', ref);
const STARTER = 'to main\na, on\nforever [ wait 10 ]\nend';

test('a teacher sees and leads two students live', async ({ browser, baseURL }) => {
  // Three browser contexts, two virtual boards and two axe runs: slow on a loaded machine.
  test.setTimeout(540_000);
  const tag = unique();
  const found: string[] = [];
  const lessonName = `Motors ${tag}`;
  const teacher = await newUser(browser, baseURL);
  await teacher.signUp('Tina Teacher');
  const klass = await teacher.api<{ uuid: string; access_code: string }>('POST', '/class/create', {
    name: `Robots ${tag}`,
  });
  const lesson = await teacher.api<{ uuid: string }>('POST', '/lesson/create', {
    name: lessonName,
    logo: STARTER,
  });
  await teacher.api('POST', `/class/${klass.uuid}/add-lesson`, { lessons: [lesson.uuid] });

  const students: { app: ClassroomApp; email: string; name: string; board: BoardLink }[] = [];
  for (const name of ['Ann Able', 'Bob Baker']) {
    const app = await newUser(browser, baseURL);
    const email = await app.signUp(name);
    await app.enroll(klass.access_code);
    students.push({ app, email, name, board: new BoardLink(app.page) });
  }
  const [ann, bob] = students as [(typeof students)[0], (typeof students)[0]];

  await test.step('the teacher opens the live view; the students start the lesson', async () => {
    await teacher.openClass(klass.uuid, 'live');
    await expect(teacher.page.getByTestId('live-view')).toBeVisible();
    await expect(teacher.page.getByTestId('live-seat')).toHaveCount(2);
    for (const s of students) {
      await s.app.openClass(klass.uuid, 'overview');
      await s.app.startLesson(lessonName);
      await s.board.connectVirtual();
      await s.board.closeDialog();
      // The student always sees that a teacher watches.
      await expect(s.app.page.getByTestId('live-watching')).toHaveText(c('live.student.watching'));
    }
  });

  const seat = (email: string) =>
    teacher.page.locator(`[data-testid="live-seat"][data-email="${email}"]`);

  await test.step('each student shows up with their program and board', async () => {
    for (const s of students) {
      await expect(seat(s.email)).toContainText(c('live.online'));
      await expect(seat(s.email).getByTestId('live-logo')).toContainText('a, on');
      await expect(seat(s.email).getByTestId('live-board')).toContainText(
        c('live.board.link.virtual'),
      );
      await expect(seat(s.email).getByTestId('live-board')).toContainText(t('device:boards.6'));
    }
  });

  await test.step('a student’s change reaches the teacher’s grid, with its compile error', async () => {
    await ann.app.writeProgram('to main\na, on\nbeeep\nend');
    await expect(seat(ann.email).getByTestId('live-logo')).toContainText('beeep');
    await expect(seat(ann.email).getByTestId('live-compile-error')).toBeVisible();
    // Bob's seat did not change.
    await expect(seat(bob.email).getByTestId('live-logo')).not.toContainText('beeep');
    await ann.app.writeProgram(STARTER);
    await expect(seat(ann.email).getByTestId('live-compiles')).toBeVisible();
  });

  await test.step('a program runs with its motor on; Stop all boards stops it', async () => {
    for (const s of [ann, bob]) {
      await s.app.button(t('editor:toolbar.download')).click();
      // Compiling and writing the board take long on a loaded machine; not what is tested.
      await expect(s.app.toast('success', t('download:success'))).toBeVisible({
        timeout: 60_000,
      });
      await s.app.button(t('editor:toolbar.run')).click();
      await s.board.showSimTab();
      await expect(s.board.simMotor('a')).toHaveAttribute('data-motor', 'on');
      await expect(seat(s.email).getByTestId('live-board')).toContainText(c('live.board.running'));
    }
    await expect(seat(ann.email).getByTestId('live-motors')).toContainText(
      c('live.board.motorOn', { port: 'A', dir: c('live.board.dir.cw'), power: 100 }),
    );
    await teacher.button(c('live.stopAll')).click();
    for (const s of [ann, bob]) {
      await expect(s.board.simMotor('a')).toHaveAttribute('data-motor', 'off');
      await expect(s.board.sim().getByTestId('sim-program')).toContainText('stopped');
      await expect(seat(s.email).getByTestId('live-motors')).toContainText(
        c('live.board.motorOff', { port: 'A' }),
      );
      await s.app.showLesson();
      await expect(s.app.lessonPane().getByTestId('live-stopped')).toHaveText(
        c('live.student.stopped'),
      );
    }
  });

  await test.step('a student opens full size, read-only, with their board', async () => {
    await teacher.button(c('live.openStudent', { name: 'Bob Baker' })).click();
    const dialog = teacher.page.getByRole('dialog', { name: 'Bob Baker' });
    await expect(dialog.getByTestId('live-full-program')).toContainText('forever [ wait 10 ]');
    await expect(dialog.getByTestId('live-board')).toContainText(c('live.board.stopped'));
    await expect(dialog).toContainText(c('live.detail.noSubmissions'));
    await teacher.button(c('close'), dialog).last().click();
    await expect(dialog).toBeHidden();
  });

  await test.step('hands up: into the queue in order; resolving lowers it for the student', async () => {
    await bob.app.showLesson();
    await bob.app.button(c('live.student.raiseHand'), bob.app.lessonPane()).click();
    await ann.app.showLesson();
    await ann.app.button(c('live.student.raiseHand'), ann.app.lessonPane()).click();
    const queue = teacher.page.getByTestId('live-hands').getByRole('listitem');
    await expect(queue).toHaveCount(2);
    await expect(queue.nth(0)).toContainText('Bob Baker');
    await expect(queue.nth(1)).toContainText('Ann Able');
    await expect(bob.app.lessonPane()).toContainText(c('live.student.handIsUp'));

    found.push(...(await violations(teacher.page, 'teacher: live view')));

    await teacher.button(c('live.hands.resolveStudent', { name: 'Bob Baker' })).click();
    await expect(queue).toHaveCount(1);
    await expect(
      bob.app.lessonPane().getByRole('button', { name: c('live.student.raiseHand') }),
    ).toBeVisible();
    await expect(ann.app.lessonPane()).toContainText(c('live.student.handIsUp'));
  });

  await test.step('eyes on me covers the students’ editors until the teacher ends it', async () => {
    await teacher.page.getByLabel(c('live.eyes.label')).fill('Look at the projector');
    await teacher.button(c('live.eyes.start', { minutes: 5 })).click();
    for (const s of students) {
      const cover = s.app.page.getByRole('dialog', { name: c('live.student.eyesTitle') });
      await expect(cover).toContainText('Look at the projector');
    }
    found.push(...(await violations(ann.app.page, 'student: eyes on me')));
    await teacher.button(c('live.eyes.end')).click();
    for (const s of students) {
      await expect(s.app.page.getByTestId('live-eyes')).toHaveCount(0);
    }
  });

  expect(found).toEqual([]);
  for (const app of [teacher, ann.app, bob.app]) await app.page.context().close();
});
