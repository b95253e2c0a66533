import { expect, test } from '@playwright/test';
import { App } from './app.ts';

async function openReleaseNotes(app: App) {
  const menu = await app.openProfileMenu();
  await menu.getByRole('button', { name: 'About' }).click();
  await app.dialog('About GoGo Code').getByRole('button', { name: 'Release notes' }).click();
  return app.dialog('Release notes');
}

test.describe('Release notes', () => {
  test('lists 20 releases, newest first, and loads the next page at the end of the list', async ({
    page,
  }) => {
    const app = new App(page);
    await app.open('/program');
    const dialog = await openReleaseNotes(app);
    const notes = dialog.getByTestId('release-note');
    await expect(notes).toHaveCount(20);
    await expect(notes.first()).toContainText('v25020');
    await expect(notes.first()).toContainText('skip unchanged pages');
    // The shipped notes hold 25 releases: scrolling to the end brings the last 5.
    await notes.last().scrollIntoViewIfNeeded();
    await dialog.getByTestId('release-notes').evaluate((el) => el.scrollTo(0, el.scrollHeight));
    await expect(notes).toHaveCount(25);
    await expect(notes.last()).toContainText('v24010');
  });

  test('shows a spinner while a page loads', async ({ page }) => {
    let release: () => void = () => {};
    const held = new Promise<void>((r) => (release = r));
    await page.route('**/api/v1/releases?**', async (route) => {
      await held;
      await route.continue();
    });
    const app = new App(page);
    await app.open('/program');
    const dialog = await openReleaseNotes(app);
    await expect(dialog.getByTestId('release-notes-loading')).toBeVisible();
    release();
    await expect(dialog.getByTestId('release-note')).toHaveCount(20);
    await expect(dialog.getByTestId('release-notes-loading')).toHaveCount(0);
  });

  test('ignores a failing list silently', async ({ page }) => {
    await page.route('**/api/v1/releases?**', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"internal"}' }),
    );
    const app = new App(page);
    await app.open('/program');
    const dialog = await openReleaseNotes(app);
    await expect(dialog.getByTestId('release-notes-loading')).toHaveCount(0);
    await expect(dialog.getByTestId('release-note')).toHaveCount(0);
    await expect(page.getByTestId('toast-warning')).toHaveCount(0);
  });
});
