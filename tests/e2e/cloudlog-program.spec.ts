// Program → cloud end to end: a Logo program downloaded to the virtual board runs `cloud
// record`, the app posts its records (as a board plugin would), and the cloud datalog page
// shows them aggregated by minute. Logged out, a private `cloud record` asks to log in or
// switch to the public log.
import type { Page } from '@playwright/test';
import { CloudlogApp } from './cloudlog-page.ts';
import { EditorPage } from './editor-page.ts';
import { expect, test, type BoardLink } from './fixtures/board-link.ts';
import { text } from './locales.ts';
import { openLogoProgram } from './programs.ts';

const t = (ref: string) => text('en', ref);
const MIN = 60_000;

/** Connects the virtual board, downloads `logo` with run-after-download, and waits for it. */
async function runOnVirtualBoard(page: Page, board: BoardLink, logo: string): Promise<void> {
  const editor = new EditorPage(page);
  await editor.open('/program');
  await board.connectVirtualBoard7();
  await openLogoProgram(editor, logo);
  await page.getByTestId('download-settings').click();
  await page.getByLabel(t('download:settings.compileInBrowser')).check();
  await page.getByLabel(t('download:settings.runAfterDownload')).check();
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: t('editor:toolbar.download'), exact: true }).click();
  await expect(editor.toast(t('download:success'))).toBeVisible();
}

test.describe('Cloud datalog: programs on the virtual board', () => {
  test('`cloud record` from a running program reaches a private channel, aggregated by minute', async ({
    page,
    board,
  }) => {
    const app = new CloudlogApp(page);
    await app.signUp('Paula');
    await app.open('/datalog/public');
    const channel = await app.createChannel('Program log');
    await page.getByLabel('Log my programs to this channel').check();

    await runOnVirtualBoard(
      page,
      board,
      'to main\ncloud record "temp" 21\ncloud record "temp" 23\ncloud record "temp" 28\nend\n',
    );

    await page.evaluate((id) => (location.hash = `#/datalog/public/${id}`), channel);
    await expect(app.channelPicker()).toHaveValue(channel);
    await app.choose('Range', 'Last 15 minutes');
    await app.choose('Period', 'Minute');
    await expect(app.fields().first()).toContainText('3 records', { timeout: 15_000 });
    await app.choose('Aggregation', 'Count');
    await expect.poll(async () => (await app.tableValues()).map(([, v]) => v)).toEqual([3]);
    const [[bucket]] = (await app.tableValues()) as [[number, number]];
    expect(bucket % MIN).toBe(0);
    await app.choose('Aggregation', 'Mean');
    await expect.poll(() => app.tableValues()).toEqual([[bucket, 24]]);
    await app.choose('Aggregation', 'Last');
    await expect.poll(() => app.tableValues()).toEqual([[bucket, 28]]);
  });

  test('logged out, a private `cloud record` asks to log in or switch to the public log', async ({
    page,
    board,
  }) => {
    const name = `p${Date.now().toString(36)}`;
    await runOnVirtualBoard(page, board, `to main\ncloud record "${name}" 7\nend\n`);
    const question = page.getByTestId('cloudlog-record-login');
    await expect(question).toHaveText('please login to see private data or switch to public log');
    await page.getByRole('button', { name: 'Switch to public log' }).click();
    await expect(question).toHaveCount(0);

    const app = new CloudlogApp(page);
    await page.evaluate(() => (location.hash = '#/datalog/public'));
    await expect(app.fields().filter({ hasText: name })).toContainText('1 record', {
      timeout: 15_000,
    });
  });
});
