// Offline and installable (docs/offline.md), end to end: the app is loaded once with its
// service worker; then the network goes away AND the server stops. A reload still opens the
// editor; a program is built from blocks, compiled in the browser, downloaded to the virtual
// board and run there; the cloud says it needs a connection while a local file saves; back
// online with the server started again, the same program saves to the cloud.
// The test runs its own API server (tests/e2e/api-server.ts) so it can stop it.
import { ApiServer } from './api-server.ts';
import { EditorPage } from './editor-page.ts';
import { expect, test } from './fixtures/board-link.ts';
import { text } from './locales.ts';
import { buildSensorMotorProgram } from './programs.ts';
import { ProjectsApp } from './projects-page.ts';

const t = (ref: string) => text('en', ref);
const e2ePort = Number(process.env.GOGO_E2E_PORT ?? 4173);
// The stack's Auth emulator is on the port after the e2e port (playwright.config.ts).
const server = new ApiServer(e2ePort + 5, `127.0.0.1:${e2ePort + 1}`);

test.use({ baseURL: server.url, serviceWorkers: 'allow' });
test.beforeAll(() => server.start());
test.afterAll(() => server.dispose());

test('offline: reload without network or server, build, compile, download and run, save a file; back online, save to the cloud', async ({
  page,
  context,
  board,
}) => {
  test.setTimeout(240_000);
  const app = new ProjectsApp(page);
  const editor = new EditorPage(page);
  await app.signUp('Olive Offline');
  await editor.open('/program');
  // Loaded once: the service worker has precached the app and controls the page.
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, {
    timeout: 60_000,
  });

  await server.stop();
  await context.setOffline(true);
  await page.reload();
  await expect(editor.workspaceBlock('gogo_start')).toBeVisible();
  const badge = page.getByTestId('offline-badge');
  await expect(badge).toBeVisible();
  await badge.click();
  await expect(page.getByText(t('offline:noServer'))).toBeVisible();
  // The popover has a readable width of its own, inside the window.
  const menu = await page.getByTestId('offline-menu').boundingBox();
  expect(menu?.width).toBeGreaterThanOrEqual(320);
  expect((menu?.x ?? -1) >= 0 && (menu?.x ?? 0) + (menu?.width ?? 0) <= 1280).toBe(true);
  await badge.click();
  // The top bar keeps no cloud links (share).
  await expect(page.getByRole('button', { name: t('shell:share.button') })).toHaveCount(0);

  await buildSensorMotorProgram(editor);
  await board.connectVirtualBoard7();
  await page.getByRole('button', { name: t('editor:toolbar.download'), exact: true }).click();
  await expect(editor.toast(t('download:success'))).toBeVisible();
  const sim = board.sim();
  // The virtual board runs the program after a download.
  await expect(sim.getByTestId('sim-program')).toContainText('running');
  await board.setSensor(1, 700);
  await expect(board.simMotor('a')).toHaveAttribute('data-motor', 'on');

  // Save and Publish as an Extension say they need a connection (before any dialog); a
  // local file saves.
  await app.projectName().fill('Offline work');
  await app.saveIcon().click();
  const needsConnection = app.warning(t('global:mapping.offline'));
  await expect(needsConnection).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  // The toast leaves by itself after 2.5 s (spec core §9); a click on its close button can
  // miss it on a busy machine, where the two checks above take longer than that.
  await expect(needsConnection).toHaveCount(0);
  await app.menuAction(t('shell:menu.items.publishExtension'));
  await expect(needsConnection).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  const file = await editor.saveAsFile();
  expect(file.name).toBe('Offline work.gogo.xml');
  expect(file.text).toContain('gogo_forever');

  // Back online, server up: offline mode ends by itself and the same program saves.
  await server.start();
  await context.setOffline(false);
  await expect(badge).toBeHidden({ timeout: 30_000 });
  await expect(editor.workspaceBlock('gogo_forever')).toBeVisible();
  // The file counts as saved, so the name's save icon is gone; the menu's Save remains.
  await app.menuAction(t('shell:menu.items.save'));
  await expect(app.savedNotice()).toBeVisible();
  const uuid = await app.codeUuid();
  await page.reload();
  await app.expectPath(`/code/${uuid}`);
  await expect(app.projectName()).toHaveValue('Offline work');
  await expect(editor.workspaceBlock('gogo_forever')).toBeVisible();
});
