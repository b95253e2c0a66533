// Sign-in continuity, end to end: a session that ends while the person works (their sign-in
// revoked, or `npm start` restarted, whose Auth emulator comes back with every earlier
// sign-in revoked) is renewed once, then found gone: "Sign in again" opens over the editor,
// nothing on the page is lost, and the save that found it gone goes out right after.
// The test runs its own Auth emulator (keeping its accounts across a restart, as `npm start`
// does) and its own API server, so it can stop and start both.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { startAuthEmulator, type AuthEmulator } from '../../scripts/auth-emulator.ts';
import { accountIdByEmail, revokeSessions } from '../../server/testing/emulator-accounts.ts';
import { ApiServer } from './api-server.ts';
import { signUpWithEmail } from './app.ts';
import { text } from './locales.ts';
import { ProjectsApp } from './projects-page.ts';

const t = (ref: string) => text('en', ref);
const e2ePort = Number(process.env.GOGO_E2E_PORT ?? 4173);
// After the stack's four ports and the offline test's server.
const ports = { authPort: e2ePort + 6, hubPort: e2ePort + 7, loggingPort: e2ePort + 8 };
const emulatorHost = `127.0.0.1:${ports.authPort}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gogo-e2e-emulator-'));
// No token cache, so a revoked sign-in is refused at once (a minute later otherwise).
const server = new ApiServer(e2ePort + 5, emulatorHost, { TOKEN_CACHE_SECONDS: '0' });
let emulator: AuthEmulator | null = null;
const startEmulator = async () => {
  emulator = await startAuthEmulator({ ...ports, dataDir });
};
const stopEmulator = async () => {
  await emulator?.stop();
  emulator = null;
};

test.use({ baseURL: server.url });
test.beforeAll(async () => {
  test.setTimeout(300_000);
  await startEmulator();
  await server.start();
});
test.afterAll(async () => {
  await server.dispose();
  await stopEmulator();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** The statuses of the page's `POST /project/create` answers, in order. */
function createAnswers(page: Page): number[] {
  const statuses: number[] = [];
  page.on('response', (r) => {
    if (r.request().method() === 'POST' && r.url().endsWith('/project/create')) {
      statuses.push(r.status());
    }
  });
  return statuses;
}

test('a save that finds the sign-in revoked asks to sign in again over the editor, then saves', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const app = new ProjectsApp(page);
  const account = await signUpWithEmail(page, 'Rosa Revoked');
  await app.open('/program');
  await app.setProgram('kept_after_sign_in');
  await app.projectName().fill('Kept work');
  const answers = createAnswers(page);

  // Signed in elsewhere with a new password, or revoked by an admin: every token of this
  // sign-in, renewed ones too, is refused from now on.
  await revokeSessions(emulatorHost, await accountIdByEmail(emulatorHost, account.email));
  await app.saveIcon().click();

  const dialog = page.getByRole('dialog', { name: t('auth:again.title') });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText(t('auth:again.intro'));
  await expect(dialog.getByLabel('E-mail')).toHaveValue(account.email);
  // In place: the same page, behind the dialog.
  await app.expectPath('/program');
  await dialog.getByLabel('Password').fill(account.password);
  await dialog.getByRole('button', { name: t('auth:signIn'), exact: true }).click();

  // The save that found the session gone finishes by itself.
  await expect(dialog).toBeHidden();
  await expect(app.savedNotice()).toBeVisible();
  const uuid = await app.codeUuid();
  // Refused, renewed and refused again, then sent once more after the sign-in.
  expect(answers).toEqual([401, 401, 201]);
  await page.reload();
  await app.expectPath(`/code/${uuid}`);
  await expect(app.projectName()).toHaveValue('Kept work');
  await app.expectProgram('kept_after_sign_in');
});

test('offline while the server and its Auth emulator restart: back online, sign in again in place, and the program saves', async ({
  page,
  context,
}) => {
  test.setTimeout(300_000);
  const app = new ProjectsApp(page);
  const account = await signUpWithEmail(page, 'Otto Offline');
  await app.open('/program');
  await app.setProgram('written_while_offline');
  await app.projectName().fill('Offline work');

  // The network goes, and `npm start` is restarted meanwhile: the emulator exports its
  // accounts, comes back with them, and counts every earlier sign-in as revoked.
  await context.setOffline(true);
  await server.stop();
  await stopEmulator();
  await startEmulator();
  await server.start();
  await context.setOffline(false);

  // Back online the app checks the session at once: no save lost to a silent 401.
  const dialog = page.getByRole('dialog', { name: t('auth:again.title') });
  await expect(dialog).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('offline-badge')).toBeHidden();
  await app.expectPath('/program');
  await dialog.getByLabel('Password').fill(account.password);
  await dialog.getByRole('button', { name: t('auth:signIn'), exact: true }).click();
  await expect(dialog).toBeHidden();

  await app.expectProgram('written_while_offline');
  await app.saveIcon().click();
  await expect(app.savedNotice()).toBeVisible();
  const uuid = await app.codeUuid();
  await page.reload();
  await app.expectPath(`/code/${uuid}`);
  await app.expectProgram('written_while_offline');
});

test('"Not now" leaves the person signed out with the program kept, to save after logging in', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const app = new ProjectsApp(page);
  const account = await signUpWithEmail(page, 'Nina Notnow');
  await app.open('/program');
  await app.setProgram('not_now');
  await app.projectName().fill('Later');
  await revokeSessions(emulatorHost, await accountIdByEmail(emulatorHost, account.email));
  await app.saveIcon().click();
  const dialog = page.getByRole('dialog', { name: t('auth:again.title') });
  await dialog.getByRole('button', { name: t('auth:again.notNow') }).click();
  await expect(dialog).toBeHidden();
  await expect(app.warning(t('project:messages.unableToSave'))).toBeVisible();
  await app.expectProgram('not_now');
  // Signed out now, as the menu says; logging in later from there finds the program kept.
  const menu = await app.openProfileMenu();
  await menu.getByRole('link', { name: t('shell:profile.login') }).click();
  await app.expectPath('/auth/login');
  await page.getByLabel('E-mail').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: t('auth:signIn'), exact: true }).click();
  await app.expectPath('/program');
  await app.expectProgram('not_now');
  await app.saveIcon().click();
  await expect(app.savedNotice()).toBeVisible();
});
