// No moderate, serious or critical accessibility violation (axe-core) on the main screens,
// in each interface language: one page load per screen, the screens of a language in one test.
import { LANGUAGES, violations } from './axe.ts';
import { expect, test } from './fixtures/board-link.ts';
import { text } from './locales.ts';

for (const [lng, code] of LANGUAGES) {
  test(`the main screens have no accessibility problem in ${lng}`, async ({ page }) => {
    // Six screens checked in full: slow on a loaded machine, however correct.
    test.setTimeout(240_000);
    await page.addInitScript((stored) => localStorage.setItem('language', stored), code);
    const found: string[] = [];
    const visit = async (path: string, ready: () => Promise<void>) => {
      await page.goto(`/#${path}`);
      await expect(page.locator('html')).toHaveAttribute('lang', lng);
      await ready();
      found.push(...(await violations(page, path)));
    };
    // A screen is shown once its own h1 is, and the previous screen's is gone.
    const heading = (id: string) => async () => {
      await expect(page.locator('h1')).toHaveCount(1);
      await expect(page.locator(`h1#${id}`)).toBeVisible();
    };

    await visit('/program', async () => {
      await expect(page.getByTestId('blocks-workspace').locator('.blocklyToolbox')).toBeVisible();
    });
    // The project menu, its board items disabled with their reason (no board yet).
    await page.getByTestId('hamburger-menu').click();
    await expect(page.getByTestId('menu-extractCode')).toHaveAttribute('aria-disabled', 'true');
    found.push(...(await violations(page, 'project menu')));
    await page.keyboard.press('Escape');
    // The connect dialog, over the editor, then the virtual board's panel after connecting.
    await page.getByTestId('connect-button').click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByTestId('connect-simulated')).toBeVisible();
    found.push(...(await violations(page, 'connect dialog')));
    await dialog.getByTestId('connect-simulated').click();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('sim-panel')).toBeVisible();
    found.push(...(await violations(page, '/program with the virtual board')));
    // Logo text, with the bar that says how Tab works.
    await page
      .getByRole('group', { name: text(lng, 'editor:toolbar.mode') })
      .getByRole('button', { name: text(lng, 'editor:toolbar.logo'), exact: true })
      .click();
    await expect(page.getByTestId('logo-tab-bar')).toBeVisible();
    found.push(...(await violations(page, '/program as Logo text')));

    await visit('/gogoboard', heading('gogoboard-title'));
    await visit('/datalog/offline', heading('datalog-offline-title'));
    await visit('/remix/projects', heading('screen-title'));
    // The web UI's screens with content need an account and a broker: tests/e2e/webui.spec.ts
    // checks them; here the page a dead shared link shows.
    await visit('/webui/shared/no-such-link', async () => {
      await heading('webui-title')();
      await expect(page.getByTestId('webui-shared-gone')).toBeVisible();
    });
    await visit('/classroom/class', async () => {
      await expect(page.locator('h1')).toHaveCount(1);
      await expect(page.getByRole('main').getByRole('note')).toBeVisible();
    });
    expect(found).toEqual([]);
  });
}

test('the first Tab stop skips to the main content, in the interface language', async ({
  page,
}) => {
  await page.goto('/#/program');
  await expect(page.getByTestId('blocks-workspace').locator('.blocklyToolbox')).toBeVisible();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to main content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main')).toBeFocused();
  await expect(skip).not.toBeInViewport();

  // Another screen, in Thai: the same first stop, translated.
  await page.evaluate(() => localStorage.setItem('language', 'th'));
  await page.goto('/#/gogoboard');
  await page.reload();
  await expect(page.locator('h1#gogoboard-title')).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('link', { name: 'ข้ามไปยังเนื้อหาหลัก' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main')).toBeFocused();
});
