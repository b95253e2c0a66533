// The app works under the server's content security policy: Blockly, the core worker and
// its WebAssembly, the virtual board's worker, the chart, the examples page in its frame
// and sign-in with the Auth emulator, with not one violation reported by Chromium.
import type { Page } from '@playwright/test';
import { App } from './app.ts';
import { EditorPage } from './editor-page.ts';
import { expect, test } from './fixtures/board-link.ts';
import { text } from './locales.ts';
import { buildSensorMotorProgram } from './programs.ts';

const t = (ref: string) => text('en', ref);

/** Collects every violation the page (and its frames) reports. */
async function watchViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) violations.push(message.text());
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(
        `Content Security Policy violation: ${event.violatedDirective} ${event.blockedURI}`,
      );
    });
  });
  return violations;
}

test.describe('Content security policy', () => {
  test('the page carries the policy and the app runs without a violation', async ({
    page,
    board,
  }) => {
    const violations = await watchViolations(page);
    const response = await page.goto('/');
    const headers = response?.headers() ?? {};
    expect(headers['content-security-policy']).toContain('frame-ancestors');
    expect(headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');

    // Blocks, then compile (core worker, WebAssembly) and download to the virtual board.
    const editor = new EditorPage(page);
    await editor.open('/program');
    await buildSensorMotorProgram(editor);
    await board.connectVirtualBoard7();
    await page.getByRole('button', { name: t('editor:toolbar.download'), exact: true }).click();
    await expect(editor.toast(t('download:success'))).toBeVisible();

    // The examples page runs its own script inside the dialog's frame.
    await new App(page).openMenu('Reference');
    await page.getByRole('button', { name: 'Project examples' }).click();
    const dialog = page.getByRole('dialog', { name: 'Project examples' });
    const frame = dialog.frameLocator('iframe[title="Example programs"]');
    await frame.getByRole('button', { name: 'Open: Blink forever' }).click();
    await expect(page.getByRole('dialog', { name: 'Please confirm' })).toBeVisible();
    await page
      .getByRole('dialog', { name: 'Please confirm' })
      .getByRole('button', { name: 'OK' })
      .click();

    expect(violations).toEqual([]);
  });

  test.describe('with the service worker', () => {
    // e2e runs block service workers (playwright.config.ts); this test needs it.
    test.use({ serviceWorkers: 'allow' });

    test('sign-up, the data log, the service worker, MQTT over WebSocket work under the policy, plain-http images of other sites do not', async ({
      page,
    }) => {
      const violations = await watchViolations(page);
      await page.goto('/#/program');
      // The offline app's service worker installs (its precache fetches every file) and runs.
      const state = await page.evaluate(async () => {
        const registration = await navigator.serviceWorker.ready;
        return registration.active?.state;
      });
      expect(state).toMatch(/^activat/);

      // The remote lab and broadcast brokers: MQTT over WebSocket under /mqtt/ on this origin.
      const opened = await page.evaluate(
        () =>
          new Promise<string>((resolve) => {
            const ws = new WebSocket(`ws://${location.host}/mqtt/public`, 'mqtt');
            ws.onopen = () => {
              resolve(ws.protocol);
              ws.close();
            };
            ws.onerror = () => resolve('error');
          }),
      );
      expect(opened).toBe('mqtt');

      // Another site's image over plain http is refused (https only, after a click:
      // src/ui/remote-image/use-remote-image.ts); this origin's loads.
      const loads = (src: string) =>
        page.evaluate(
          (url) =>
            new Promise<boolean>((resolve) => {
              const image = new Image();
              image.onload = () => resolve(true);
              image.onerror = () => resolve(false);
              image.src = url.replace('PORT', location.port);
            }),
          src,
        );
      // (The page is on localhost: 127.0.0.1 is another site.)
      const other = 'http://127.0.0.1:PORT/favicon-64.png';
      expect(await loads(other)).toBe(false);
      expect(await loads('/favicon-64.png')).toBe(true);
      const refusedImage = (v: string) => v.includes('img-src') && v.includes('127.0.0.1');
      await expect.poll(() => violations.some(refusedImage)).toBe(true);

      // The cloud datalog page and its chart.
      await page.goto('/#/datalog/public');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

      // Sign-up and sign-in against the Auth emulator.
      const email = `csp-${Date.now().toString(36)}@example.com`;
      await page.goto('/#/auth/signup');
      await page.getByLabel('Name').fill('Policy Tester');
      await page.getByLabel('E-mail').fill(email);
      await page.getByLabel('Password').fill('secret-123');
      await page.getByRole('button', { name: 'Create account' }).click();
      await expect(page).not.toHaveURL(/#\/auth\//);
      await page.goto('/#/profile');
      await expect(page.getByTestId('profile-email')).toHaveText(email);

      expect(violations.filter((v) => !refusedImage(v))).toEqual([]);
    });
  });
});
