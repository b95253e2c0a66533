// Training in the Teachable Machine lab, end to end, on Chromium's fake camera fed from a
// video this test writes (two scenes in turn: red with a white square at the top left, blue
// with a white disc at the bottom right). Two classes are recorded (one by mouse, one by
// keyboard: Space held), trained in the lab's worker and tested; the prediction follows the
// scene and the virtual board's motor follows the prediction through its Logo program. The
// model is saved with the cloud project, and after a reload without network or server it is
// loaded again from the program kept in this browser and still tells the scenes apart.
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { ApiServer } from './api-server.ts';
import { EditorPage } from './editor-page.ts';
import { expect, test } from './fixtures/board-link.ts';
import { text } from './locales.ts';
import { openLogoProgram } from './programs.ts';
import { ProjectsApp } from './projects-page.ts';
import { chromiumPath, QUIET_CHROMIUM_ARGS } from '../../scripts/chromium-quiet.ts';

const t = (ref: string) => text('en', ref);
/** The start of 'Model trained here: …'. */
const trainedHere = t('teachable:loadedTrained').split(':')[0] ?? '';
const e2ePort = Number(process.env.GOGO_E2E_PORT ?? 4173);
// Its own API server (it stops it), on the port after the offline test's.
const server = new ApiServer(e2ePort + 6, `127.0.0.1:${e2ePort + 1}`);

const W = 160;
const H = 120;
const FPS = 10;
/** Frames per scene: 12 s each, so recording a class fits in one scene on a busy machine. */
const SCENE = 120;

/** A YUV4MPEG2 (4:2:0) file of the two scenes, one after the other. */
function twoScenes(file: string): void {
  const yuv = (r: number, g: number, b: number) => [
    0.299 * r + 0.587 * g + 0.114 * b,
    128 - 0.168736 * r - 0.331264 * g + 0.5 * b,
    128 + 0.5 * r - 0.418688 * g - 0.081312 * b,
  ];
  const frame = (scene: 0 | 1) => {
    const y = Buffer.alloc(W * H);
    const u = Buffer.alloc((W / 2) * (H / 2));
    const v = Buffer.alloc((W / 2) * (H / 2));
    for (let j = 0; j < H; j++) {
      for (let i = 0; i < W; i++) {
        const mark =
          scene === 0
            ? i > 20 && i < 70 && j > 10 && j < 60
            : (i - 115) ** 2 + (j - 80) ** 2 < 28 * 28;
        const [Y, U, V] = mark
          ? yuv(245, 245, 245)
          : scene === 0
            ? yuv(210, 30, 30)
            : yuv(30, 40, 200);
        y[j * W + i] = Math.round(Y ?? 0);
        if (j % 2 === 0 && i % 2 === 0) {
          u[(j / 2) * (W / 2) + i / 2] = Math.round(U ?? 0);
          v[(j / 2) * (W / 2) + i / 2] = Math.round(V ?? 0);
        }
      }
    }
    return Buffer.concat([Buffer.from('FRAME\n'), y, u, v]);
  };
  const a = frame(0);
  const b = frame(1);
  const frames: Buffer[] = [Buffer.from(`YUV4MPEG2 W${W} H${H} F${FPS}:1 Ip A1:1 C420jpeg\n`)];
  for (let n = 0; n < SCENE; n++) frames.push(a);
  for (let n = 0; n < SCENE; n++) frames.push(b);
  writeFileSync(file, Buffer.concat(frames));
}

const video = path.join(tmpdir(), `gogo-tm-two-scenes-${process.pid}.y4m`);
twoScenes(video);

test.use({
  baseURL: server.url,
  serviceWorkers: 'allow',
  permissions: ['camera'],
  // A browser of its own: the camera plays this test's video (the rest as playwright.config.ts).
  launchOptions: {
    executablePath: chromiumPath(),
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-video-capture=${video}`,
      ...QUIET_CHROMIUM_ARGS,
    ],
  },
});
test.beforeAll(() => server.start());
test.afterAll(() => server.dispose());

/** The scene the camera shows now, read from the lab's preview: 'red' or 'blue'. */
async function scene(page: Page): Promise<'red' | 'blue' | null> {
  return page.evaluate(() => {
    const el = document.querySelector<HTMLVideoElement>('video[aria-label]');
    if (!el || el.videoWidth === 0) return null;
    const c = document.createElement('canvas');
    c.width = 16;
    c.height = 16;
    const g = c.getContext('2d');
    if (!g) return null;
    g.drawImage(el, 0, 0, 16, 16);
    const d = g.getImageData(0, 0, 16, 16).data;
    let r = 0;
    let b = 0;
    for (let i = 0; i < d.length; i += 4) {
      r += d[i] ?? 0;
      b += d[i + 2] ?? 0;
    }
    if (r > b * 1.5) return 'red';
    if (b > r * 1.5) return 'blue';
    return null;
  });
}

/** Waits for the start of `want` (just after the other scene), so a whole scene is ahead. */
async function waitForSceneStart(page: Page, want: 'red' | 'blue'): Promise<void> {
  const other = want === 'red' ? 'blue' : 'red';
  await expect.poll(() => scene(page), { timeout: 20_000, intervals: [100] }).toBe(other);
  await expect.poll(() => scene(page), { timeout: 20_000, intervals: [100] }).toBe(want);
}

test('train two classes on the camera, drive the board, keep the model with the project, offline too', async ({
  page,
  context,
  board,
}) => {
  test.setTimeout(480_000);
  const app = new ProjectsApp(page);
  const editor = new EditorPage(page);
  await app.signUp('Tamar Trainer');
  await editor.open('/program');
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, {
    timeout: 60_000,
  });
  // The board's program: motor A on for "Red", off for "Blue".
  await board.connectVirtual();
  await board.expectBoard('GoGo Board 7', '1.0.42');
  await board.closeDialog();
  await openLogoProgram(
    editor,
    'to main\nforever [\n  if key "tm" = "Red" [ a, on ]\n  if key "tm" = "Blue" [ a, off ]\n]\nend\n',
  );
  await page.getByRole('button', { name: t('editor:toolbar.download'), exact: true }).click();
  await expect(editor.toast(t('download:success'))).toBeVisible();
  await page.getByRole('button', { name: t('editor:toolbar.run'), exact: true }).click();
  await expect(board.sim().getByTestId('sim-program')).toContainText('running');
  await app.projectName().fill('Red or blue');

  await page.evaluate(() => (location.hash = '#/teachable-machine'));
  await expect(page.getByLabel(t('teachable:source.train'))).toBeChecked();
  await page.getByRole('button', { name: t('teachable:startCamera') }).click();
  // A real (fake) capture device opening: slower than a DOM update on a busy machine.
  await expect(page.getByTestId('tm-fps')).toBeVisible({ timeout: 30_000 });
  await page.getByLabel(t('teachable:train.className').replace('{{n}}', '1')).fill('Red');
  await page.getByLabel(t('teachable:train.className').replace('{{n}}', '2')).fill('Blue');
  const counts = page.getByTestId('tm-train-count');
  const train = page.getByRole('button', { name: t('teachable:train.train'), exact: true });
  await expect(train).toBeDisabled();

  // Red by mouse: held down for 2 s at the start of a red scene.
  const recordRed = page.getByRole('button', { name: 'Hold to record Red' });
  await waitForSceneStart(page, 'red');
  await recordRed.hover();
  await page.mouse.down();
  await expect(recordRed).toHaveAttribute('aria-pressed', 'true');
  await expect(counts.nth(0)).toHaveText(/^(8|9|\d\d+) samples$/);
  await page.mouse.up();
  await expect(recordRed).toHaveAttribute('aria-pressed', 'false');
  // Blue by keyboard: Space held on the button.
  const recordBlue = page.getByRole('button', { name: 'Hold to record Blue' });
  await waitForSceneStart(page, 'blue');
  await recordBlue.focus();
  await page.keyboard.down('Space');
  await expect(recordBlue).toHaveAttribute('aria-pressed', 'true');
  await expect(counts.nth(1)).toHaveText(/^(8|9|\d\d+) samples$/);
  await page.keyboard.up('Space');
  await expect(recordBlue).toHaveAttribute('aria-pressed', 'false');

  const sampleCount = async (i: number) =>
    Number(/\d+/.exec((await counts.nth(i).innerText()) ?? '')?.[0] ?? 0);
  // A sample deleted by its button is gone from the count.
  const before = await sampleCount(0);
  await page.getByRole('button', { name: 'Delete sample 1 of Red' }).click();
  await expect(counts.nth(0)).toHaveText(`${before - 1} samples`);

  await train.click();
  await expect(page.getByTestId('tm-test')).toContainText(/Red: \d+ of \d+ right/, {
    timeout: 60_000,
  });
  await expect(page.getByTestId('tm-test')).toContainText(/Blue: \d+ of \d+ right/);
  await expect(page.getByTestId('tm-model')).toContainText(t('teachable:inWorker'));
  await expect(page.getByTestId('tm-kept-size')).toContainText('KB');

  // The prediction follows the scene, and the board's motor follows the prediction.
  const bar = (label: string) => page.getByTestId('tm-class').filter({ hasText: label });
  await waitForSceneStart(page, 'red');
  await expect(bar('Red')).toContainText(/(9\d|100) %/);
  await expect(page.getByTestId('tm-sent')).toContainText('tm = Red');
  await expect(board.simMotor('a')).toHaveAttribute('data-motor', 'on');
  await waitForSceneStart(page, 'blue');
  await expect(bar('Blue')).toContainText(/(9\d|100) %/);
  await expect(page.getByTestId('tm-sent')).toContainText('tm = Blue');
  await expect(board.simMotor('a')).toHaveAttribute('data-motor', 'off');

  // Saved with the cloud project, and opened from the cloud in a new tab whose copy of the
  // program kept in this browser is dropped first: the model comes with the project.
  await page.evaluate(() => (location.hash = '#/program'));
  await app.menuAction(t('shell:menu.items.save'));
  await expect(app.savedNotice()).toBeVisible();
  const uuid = await app.codeUuid();
  await page.close();
  const tab = await context.newPage();
  await tab.addInitScript(() => {
    if (sessionStorage.getItem('draftDropped')) return;
    localStorage.removeItem('programDraft');
    sessionStorage.setItem('draftDropped', '1');
  });
  const reopened = new ProjectsApp(tab);
  await tab.goto(`/#/code/${uuid}`);
  await expect(reopened.projectName()).toHaveValue('Red or blue');
  await tab.evaluate(() => (location.hash = '#/teachable-machine'));
  await expect(tab.getByTestId('tm-model')).toContainText(trainedHere, { timeout: 30_000 });
  await expect(tab.getByTestId('tm-test')).toContainText(/Red: \d+ of \d+ right/);

  // Offline: no network, no server. The reload keeps the program and its model.
  await tab.waitForFunction(() => navigator.serviceWorker.controller !== null);
  await server.stop();
  await context.setOffline(true);
  await tab.reload();
  await expect(tab.getByTestId('offline-badge')).toBeVisible();
  await expect(tab.getByTestId('tm-model')).toContainText(trainedHere, { timeout: 30_000 });
  await tab.getByRole('button', { name: t('teachable:startCamera') }).click();
  const tabBar = (label: string) => tab.getByTestId('tm-class').filter({ hasText: label });
  await waitForSceneStart(tab, 'blue');
  await expect(tabBar('Blue')).toContainText(/(9\d|100) %/);
  await waitForSceneStart(tab, 'red');
  await expect(tabBar('Red')).toContainText(/(9\d|100) %/);
});
