// A lesson's automatic check end to end: the teacher writes the scenario in the lesson form
// (mistakes named as typed), a student's Submit is run on the server's VM and graded, the
// student reads which expectation failed, and the teacher sees the report with the
// submission.
import { expect, test } from '@playwright/test';
import { c, newUser, unique } from './classroom-page.ts';
import { EXAMPLE_CHECK } from '../../src/contract/lesson-check.ts';

const CHECK = {
  // The example's scenario: dark until 2 s, then light.
  ...EXAMPLE_CHECK,
  expect: [
    { t: 1, motor: 'a', on: false },
    { t: 3, motor: 'a', on: true, power: 60 },
    { t: 3, led: true },
  ],
};
const PASSING = 'to main\nwaituntil [ sensor1 > 500 ]\na, on setpower 60\nledon\nend';
const FAILING = 'to main\nwaituntil [ sensor1 > 500 ]\na, on setpower 30\nend';

test('a lesson with an automatic check grades each Submit with a report', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const teacher = await newUser(browser, baseURL);
  const student = await newUser(browser, baseURL);
  const tag = unique();
  const lessonName = `Light start ${tag}`;
  const className = `Sensors ${tag}`;
  let classUuid = '';
  let lessonPath = '';

  await test.step('the teacher writes the check; mistakes are named before saving', async () => {
    await teacher.signUp('Tara Teacher');
    classUuid = await teacher.createClass(className, 'Light and motors.');
    await teacher.open('/classroom/lesson');
    await teacher.setCreatorMode(true);
    await teacher.page.getByRole('link', { name: c('lesson.new') }).click();
    const form = teacher.page.getByTestId('lesson-form');
    await form.getByLabel(c('fields.lessonName')).fill(lessonName);
    await form.getByLabel(c('fields.starter')).fill('to main\nend');
    const check = form.getByLabel(c('fields.check'));
    await teacher.button(c('lesson.checkExample'), form).click();
    await expect(check).toHaveValue(/"duration": 4/);
    await check.fill('{ "duration": 4,');
    await expect(form.getByRole('alert')).toHaveText(c('check.errors.json'));
    await check.fill(JSON.stringify({ ...CHECK, expect: [{ t: 1, power: 60 }] }));
    await expect(form.getByRole('alert')).toHaveText(
      c('check.errors.field_needs_motor', { path: '/expect/0' }),
    );
    await check.fill(JSON.stringify(CHECK, null, 2));
    await expect(check).toHaveAttribute('aria-invalid', 'false');
    await teacher.button(c('lesson.create'), form).click();
    await expect.poll(() => teacher.path()).toMatch(/^\/classroom\/lessond\/[0-9a-f-]{36}$/);
    lessonPath = teacher.path();
    // The lesson page says what the check gives the board and expects of it, in plain words.
    const section = teacher.page.getByTestId('lesson-check');
    await expect(section).toContainText(c('lessonCheck.teacher', { seconds: 4, count: 4 }));
    await expect(section.getByTestId('lesson-check-inputs').getByRole('listitem')).toHaveCount(
      CHECK.inputs.length,
    );
    const rows = section.getByTestId('lesson-check-expects').getByRole('row');
    await expect(rows).toHaveCount(4);
    await expect(rows.first().getByRole('cell')).toHaveText([
      c('check.at', { t: 1 }),
      c('check.outputs.on', { motor: 'a' }),
      c('check.values.off'),
    ]);
    await teacher.addLessonToClass(className);
    const code = await teacher.accessCode(classUuid);
    await student.signUp('Sid Student');
    await student.enroll(code);
    await student.expectPath(`/classroom/classd/${classUuid}/overview`);
    // A student reads that Submit is graded by a check, not the expectations themselves.
    await student.open(lessonPath);
    await expect(student.page.getByTestId('lesson-check')).toHaveText(
      `${c('check.title')}${c('lessonCheck.student')}`,
    );
    await student.open(`/classroom/classd/${classUuid}/overview`);
  });

  await test.step('a passing program is graded in full', async () => {
    await student.startLesson(lessonName);
    // The student knows before Submit that the board's behaviour will be checked.
    await expect(student.lessonPane().getByTestId('lesson-auto-check')).toHaveText(
      c('lessonPane.autoCheck'),
    );
    await student.writeProgram(PASSING);
    await student.submit();
    const pane = student.lessonPane();
    await expect(pane.getByTestId('lesson-grade')).toHaveText(
      c('progress.grade', { grade: '100', max: 100 }),
    );
    await expect(pane.getByTestId('check-summary')).toHaveText(
      c('check.summary', { passed: 4, total: 4 }),
    );
    await expect(pane.getByTestId('check-fail')).toHaveCount(0);
  });

  await test.step('a failing program shows which expectation failed', async () => {
    await student.writeProgram(FAILING);
    await student.submit();
    const pane = student.lessonPane();
    await expect(pane.getByTestId('check-summary')).toHaveText(
      c('check.summary', { passed: 2, total: 4 }),
    );
    await expect(pane.getByTestId('lesson-grade')).toHaveText(
      c('progress.grade', { grade: '50', max: 100 }),
    );
    const failed = pane.getByTestId('check-fail');
    await expect(failed).toHaveCount(2);
    await expect(failed.nth(0)).toContainText(c('check.outputs.power', { motor: 'a' }));
    await expect(failed.nth(0)).toContainText('60');
    await expect(failed.nth(0)).toContainText('30');
    await expect(failed.nth(1)).toContainText(c('check.outputs.led'));
    await expect(failed.nth(1)).toContainText(c('check.values.off'));
  });

  await test.step('the teacher sees the grade in the gradebook and the report with the submission', async () => {
    await teacher.openClass(classUuid, 'gradebook');
    const cell = teacher.gradebookCell(student.email);
    await expect(cell).toContainText('50');
    await cell.getByRole('link').click();
    const pane = teacher.page.getByTestId('grade-pane');
    await expect(pane.getByTestId('check-summary')).toHaveText(
      c('check.summary', { passed: 2, total: 4 }),
    );
    await expect(pane.getByTestId('check-fail')).toHaveCount(2);
  });
});
