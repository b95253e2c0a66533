// The lab station page with a USB board (docs/remote-lab.md "Stations"): the teacher's tab
// runs the real WebHID transport against the fake navigator.hid of the board-link tests
// (its only device is the simulated board), and a student somewhere else programs that
// board through Remote Access; the board's answer comes back to both.
import { expect, test } from '@playwright/test';
import { EditorPage } from './editor-page.ts';
import { openLogoProgram } from './programs.ts';
import { expectHolding, RemoteLabApp, t, uniqueId } from './remote-lab-page.ts';

// Two people and a station in one test: generous limits for a busy machine (nothing here
// measures time).
test.describe.configure({ timeout: 240_000 });

const PROGRAM = 'to main\nsetanswer 77\nforever [ wait 10 ]\nend\n';

test('a station page bridges a USB board to a remote student', async ({ browser, baseURL }) => {
  const teacherContext = await browser.newContext();
  await teacherContext.addCookies([
    { name: 'gogo-fake-hid', value: '1', url: baseURL ?? 'http://localhost' },
  ]);
  const tp = await teacherContext.newPage();
  await new RemoteLabApp(tp).signUp('Teacher');
  await tp.goto('/#/lab-station');
  const boardId = uniqueId('USB');
  const form = tp.getByTestId('new-lab');
  await form.getByLabel(t('remotelab:station.name')).fill('Bench 3');
  await form.getByLabel(t('remotelab:form.boardId')).fill(boardId);
  await form.getByLabel(t('remotelab:form.pin')).fill('1357');
  await form.getByTestId('new-lab-submit').click();
  const card = tp.getByTestId(`lab-${boardId}`);
  await card.getByTestId('lab-run').click();
  // With WebHID present the USB board is the default source.
  await expect(tp.getByLabel(t('remotelab:station.sourceWebhid'))).toBeChecked();
  await tp.getByTestId('station-start').click();
  await expect(tp.getByTestId('station-broker')).toHaveText(t('remotelab:station.connected'));
  await expect(card.getByTestId('lab-online')).toHaveText(t('remotelab:station.online'), {
    timeout: 15_000,
  });

  const studentContext = await browser.newContext();
  const sp = await studentContext.newPage();
  const student = new RemoteLabApp(sp);
  await student.signUp('Student');
  const editor = new EditorPage(sp);
  await editor.open('/program');
  await openLogoProgram(editor, PROGRAM);
  await student.connectById(boardId, '1357');
  await expectHolding(student);
  await student.closeDialog();
  await sp.getByRole('button', { name: t('editor:toolbar.download'), exact: true }).click();
  await expect(editor.toast(t('download:success'))).toBeVisible({ timeout: 20_000 });
  await sp.getByRole('button', { name: t('editor:toolbar.run'), exact: true }).click();
  await expect(tp.getByTestId('station-answer')).toHaveText('77', { timeout: 10_000 });
  const dialog = await student.openDialog();
  await expect(dialog.getByTestId('remote-answer')).toHaveText('77', { timeout: 15_000 });
  await student.disconnect();
  await expect(tp.getByTestId('station-session')).toHaveText(t('remotelab:station.free'), {
    timeout: 15_000,
  });
  await studentContext.close();
  await teacherContext.close();
});
