// A cable board in a lesson (docs/remote-lab.md "A cable board in a lesson"): a student with
// a lesson open connects the virtual board (standing in for a USB board), runs a program
// that sets the answer byte, the lesson pane shows the answer being recorded, and the
// teacher's gradebook shows the grade the board gave.
import { expect, test } from '@playwright/test';
import { BoardLink } from './fixtures/board-link.ts';
import { c, newUser, unique } from './classroom-page.ts';
import { Api, RemoteLabApp, t } from './remote-lab-page.ts';

const PROGRAM = 'to main\nsetanswer 42\nforever [ wait 10 ]\nend';

test('a cable board records its answer as the lesson grade', async ({
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(180_000);
  const lessonName = `Answer ${unique()}`;
  const teacherContext = await browser.newContext(baseURL ? { baseURL } : {});
  const teacher = new RemoteLabApp(await teacherContext.newPage());
  const api = await Api.as(request, await teacher.signUp('Teacher'));
  const cls = await api.call<{ uuid: string; access_code: string }>('POST', '/class/create', {
    name: 'Robotics',
  });
  const lesson = await api.call<{ uuid: string }>('POST', '/lesson/create', {
    name: lessonName,
    logo: PROGRAM,
  });
  await api.call('POST', `/class/${cls.uuid}/add-lesson`, { lessons: [lesson.uuid] });

  const student = await newUser(browser, baseURL);
  const email = await student.signUp('Sam Student');
  await student.enroll(cls.access_code);
  await student.expectPath(`/classroom/classd/${cls.uuid}/overview`);
  await student.startLesson(lessonName);
  await student.expectProgram(PROGRAM);

  const board = new BoardLink(student.page);
  await board.connectVirtual();
  await board.closeDialog();
  await student.showLesson();
  const recording = student.lessonPane().getByTestId('cable-answer');
  await expect(recording).toContainText(c('lessonPane.cable.recording'));
  await expect(recording).toContainText(c('lessonPane.cable.lastSent', { answer: 0 }));

  await student.button(t('editor:toolbar.download')).click();
  await expect(student.toast('success', t('download:success'))).toBeVisible({ timeout: 20_000 });
  await student.button(t('editor:toolbar.run')).click();
  await student.showLesson();
  await expect(recording).toContainText(c('lessonPane.cable.lastSent', { answer: 42 }), {
    timeout: 15_000,
  });

  // The pane's progress shows the grade without a Refresh.
  await expect(student.lessonPane().getByTestId('lesson-grade')).toHaveText(
    c('progress.grade', { grade: '42', max: 100 }),
  );

  // The teacher sees the grade tagged as a cable board's answer (the student's app sent it).
  await teacher.open(`/classroom/classd/${cls.uuid}/gradebook`);
  const cell = teacher.page
    .getByTestId('gradebook-row')
    .filter({ hasText: email })
    .getByTestId('gradebook-cell');
  await expect(cell).toContainText('42');
  await expect(cell.getByTestId('grade-source')).toHaveText(c('gradebook.source.cable'));
  await cell.getByRole('link').click();
  await expect(teacher.page.getByTestId('grade-source')).toHaveText(c('submission.source.cable'));
  await teacherContext.close();
  await student.page.context().close();
});
