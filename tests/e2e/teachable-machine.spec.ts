// The Teachable Machine lab with a real tfjs model built by scripts/make-tm-model.ts (its
// class is the dominant colour), served from files on disk; inference in the lab's worker;
// the class reaches the virtual board as a key-value message, which the board echoes and
// its Logo program reads with `key "tm"`.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { App } from './app.ts';
import { EditorPage } from './editor-page.ts';
import { expect, test } from './fixtures/board-link.ts';
import { text } from './locales.ts';
import { openLogoProgram } from './programs.ts';

const t = (ref: string) => text('en', ref);
const RED_PICTURE = {
  name: 'red.svg',
  mimeType: 'image/svg+xml',
  buffer: Buffer.from(
    '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64">' +
      '<rect width="64" height="64" fill="#e00000"/></svg>',
  ),
};

let modelDir = '';

test.beforeAll(() => {
  modelDir = test.info().outputPath('tm-models');
  execFileSync(process.execPath, ['--import', 'tsx', 'scripts/make-tm-model.ts', modelDir], {
    stdio: 'ignore',
  });
});

/** The models, at /tm-models/<name>/ on the app's own origin. */
async function serveModels(page: Page): Promise<void> {
  await page.route('**/tm-models/**', async (route) => {
    const rel = new URL(route.request().url()).pathname.replace(/^\/tm-models\//, '');
    const file = path.join(modelDir, rel);
    if (!file.startsWith(modelDir) || rel.includes('..')) return route.fulfill({ status: 403 });
    try {
      await route.fulfill({ body: readFileSync(file), contentType: contentType(file) });
    } catch {
      await route.fulfill({ status: 404, body: 'not found' });
    }
  });
}

function contentType(file: string): string {
  return file.endsWith('.json') ? 'application/json' : 'application/octet-stream';
}

test.describe('Teachable Machine', () => {
  test('a red picture is "Red" above the threshold and reaches the virtual board', async ({
    page,
    board,
  }) => {
    const violations: string[] = [];
    page.on('console', (m) => {
      if (m.text().includes('Content Security Policy')) violations.push(m.text());
    });
    await serveModels(page);
    // A program that turns motor A on when the model's class is Red.
    const editor = new EditorPage(page);
    await editor.open('/program');
    await board.connectVirtual();
    await board.expectBoard('GoGo Board 7', '1.0.42');
    await board.closeDialog();
    await openLogoProgram(editor, 'to main\nforever [ if key "tm" = "Red" [ a, on ] ]\nend\n');
    await page.getByRole('button', { name: t('editor:toolbar.download'), exact: true }).click();
    await expect(editor.toast(t('download:success'))).toBeVisible();
    await page.getByRole('button', { name: t('editor:toolbar.run'), exact: true }).click();
    await expect(board.sim().getByTestId('sim-program')).toContainText('running');
    await expect(board.simMotor('a')).toHaveAttribute('data-motor', 'off');
    await page.evaluate(() => (location.hash = '#/gogoboard'));

    const panel = board.panel('teachable');
    await panel.getByLabel(t('teachable:source.link')).check();
    await panel.getByLabel(t('teachable:url')).fill('/tm-models/colours/');
    await panel.getByRole('button', { name: t('teachable:load') }).click();
    await expect(panel.getByTestId('board-tm-model')).toContainText('3 classes');
    await expect(panel.getByTestId('board-tm-model')).toContainText(t('teachable:inWorker'));
    await panel.getByLabel(t('teachable:file')).setInputFiles(RED_PICTURE);

    const red = panel.getByTestId('board-tm-class').filter({ hasText: 'Red' });
    await expect(red).toContainText(/(9[0-9]|100) %/);
    await expect(panel.getByTestId('board-tm-fps')).toContainText(/[1-9][0-9.]* frames per second/);
    await expect(panel.getByTestId('board-tm-sent')).toContainText('tm = Red');
    // The board received it: it echoes the key-value message it handed to its program.
    await expect(page.getByTestId('broadcast-latest')).toHaveText('tm = Red');
    // And its program reacted.
    await expect(page.getByTestId('motor-state-a')).toContainText('On');
    expect(violations).toEqual([]);
  });

  test('a wrong URL and a model of the wrong input shape get their messages', async ({ page }) => {
    await serveModels(page);
    const app = new App(page);
    await app.open('/program');
    const menu = await app.openMenu(t('shell:labs.menu'));
    await menu.getByRole('link', { name: t('shell:labs.teachableMachine') }).click();
    await app.expectPath('/teachable-machine');
    await expect(
      page.getByRole('heading', { name: t('screens:teachableMachine.title') }),
    ).toBeVisible();
    await page.getByLabel(t('teachable:source.link')).check();
    await expect(page.getByText(t('teachable:support'))).toBeVisible();

    const url = page.getByLabel(t('teachable:url'));
    const load = page.getByRole('button', { name: t('teachable:load') });
    await url.fill('/tm-models/nothing-here/');
    await load.click();
    await expect(page.getByTestId('tm-error')).toHaveText(t('teachable:errors.not-found'));

    await url.fill('/tm-models/wrong-shape/');
    await load.click();
    await expect(page.getByTestId('tm-error')).toHaveText(t('teachable:errors.wrong-input-shape'));
  });

  test("the lab's settings travel with the program file, both ways", async ({ page }) => {
    const program = (url: string, threshold: string, channel: string) =>
      '<xml xmlns="https://developers.google.com/blockly/xml"><settings>' +
      '<logo_code></logo_code><file_name>Colours</file_name><program_mode>blocks</program_mode>' +
      `<config_tm_type>image</config_tm_type><config_tm_url>${url}</config_tm_url>` +
      `<config_tm_threshold>${threshold}</config_tm_threshold>` +
      `<config_tm_channel>${channel}</config_tm_channel></settings></xml>`;
    const editor = new EditorPage(page);
    await editor.open('/program');
    await editor.chooseFileFrom(
      'openFromFile',
      'colours.gogo.xml',
      program('/tm-models/colours/', '0.6', 'colour'),
    );
    await page.evaluate(() => (location.hash = '#/teachable-machine'));
    await expect(page.getByLabel(t('teachable:url'))).toHaveValue('/tm-models/colours/');
    const channel = page.getByLabel(t('teachable:channel'));
    await expect(channel).toHaveValue('colour');

    await channel.fill('cam');
    await page.evaluate(() => (location.hash = '#/program'));
    const saved = await editor.saveAsFile();
    expect(saved.text).toContain('<config_tm_url>/tm-models/colours/</config_tm_url>');
    expect(saved.text).toContain('<config_tm_threshold>0.6</config_tm_threshold>');
    expect(saved.text).toContain('<config_tm_channel>cam</config_tm_channel>');
  });

  test('a denied camera is explained; a granted one runs', async ({ page, context }) => {
    await serveModels(page);
    await page.goto('/#/teachable-machine');
    await page.getByLabel(t('teachable:source.link')).check();
    await page.getByLabel(t('teachable:url')).fill('/tm-models/colours/');
    await page.getByRole('button', { name: t('teachable:load') }).click();
    await expect(page.getByTestId('tm-model')).toBeVisible();
    const camera = page.getByRole('button', { name: t('teachable:startCamera') });
    await camera.click();
    await expect(page.getByTestId('tm-error')).toHaveText(t('teachable:errors.camera-denied'));

    await context.grantPermissions(['camera']);
    await camera.click();
    await expect(page.getByTestId('tm-error')).toBeHidden();
    await expect(page.getByTestId('tm-fps')).toContainText(/[1-9][0-9.]* frames per second/);
  });
});
