import { expect, test } from '@playwright/test';
import { App } from './app.ts';
import { text } from './locales.ts';

const t = (ref: string) => text('en', ref);

test.describe('Top bar', () => {
  test('the logo leads to the dashboard', async ({ page }) => {
    const app = new App(page);
    await app.open('/program');
    await page.getByRole('link', { name: t('common:appName') }).click();
    await app.expectPath('/dashboard');
    await app.expectHeading(t('shell:dashboard.title'));
    await expect(page).toHaveTitle(`${t('shell:dashboard.title')} · ${t('common:appName')}`);
  });

  test('a visitor gets the local file items, and the board items say they need a board', async ({
    page,
  }) => {
    const app = new App(page);
    await app.open('/program');
    const menu = await app.openHamburgerMenu();
    const noBoard = t('shell:menu.unavailable.noBoard');
    await expect(menu.getByRole('button')).toHaveText([
      t('shell:menu.items.newProject'),
      t('shell:menu.items.openFromFile'),
      t('shell:menu.items.importFromFile'),
      t('shell:menu.items.saveAsFile'),
      `${t('shell:menu.items.extractCode')}${noBoard}`,
      `${t('shell:menu.items.updateFirmware')}${noBoard}`,
    ]);
    await expect(menu.getByTestId('menu-updateFirmware')).toHaveAttribute('aria-disabled', 'true');
    await page.screenshot({ path: 'test-results/menu-board-items.png' });
  });

  test('labs: the cloud data log opens in a new tab, the board labs and classroom here', async ({
    page,
  }) => {
    const app = new App(page);
    await app.open('/program');
    let menu = await app.openMenu(t('shell:labs.menu'));
    const datalog = menu.getByRole('link', { name: t('shell:labs.datalog'), exact: true });
    await expect(datalog).toHaveAttribute('target', '_blank');
    await expect(datalog).toHaveAttribute('href', /#\/datalog$/);
    // The built-in web UI opens here (a deployment may prefer the old external site).
    const webUi = menu.getByRole('link', { name: t('shell:labs.webUi') });
    await expect(webUi).toHaveAttribute('href', /#\/webui$/);
    await expect(webUi).not.toHaveAttribute('target', '_blank');

    const [tab] = await Promise.all([page.waitForEvent('popup'), datalog.click()]);
    await expect(tab.getByRole('heading', { level: 1 })).toHaveText(
      t('screens:datalogPublic.title'),
    );
    await tab.close();

    // The labs that use the board stay in this tab, where the board is connected.
    for (const [screen, path] of [
      ['datalogOffline', '/datalog/offline'],
      ['plotban', '/datalog/plotban'],
      ['teachableMachine', '/teachable-machine'],
    ] as const) {
      menu = await app.openMenu(t('shell:labs.menu'));
      await menu.getByRole('link', { name: t(`screens:${screen}.title`) }).click();
      await app.expectPath(path);
      await app.expectHeading(t(`screens:${screen}.title`));
    }

    menu = await app.openMenu(t('shell:labs.menu'));
    await menu.getByRole('link', { name: t('shell:labs.classroom') }).click();
    await app.expectPath('/classroom/class');
  });

  test('a visitor sees Log in, which leads to sign-in', async ({ page }) => {
    const app = new App(page);
    await app.open('/gogoboard');
    const menu = await app.openProfileMenu();
    await expect(menu.getByRole('link', { name: t('shell:profile.logout') })).toHaveCount(0);
    await menu.getByRole('link', { name: t('shell:profile.login') }).click();
    await app.expectPath('/auth/login');
  });

  test('About shows the version and opens the release notes', async ({ page }) => {
    const app = new App(page);
    await app.open('/program');
    const menu = await app.openProfileMenu();
    await menu.getByRole('button', { name: t('shell:profile.about') }).click();
    const about = app.dialog(t('shell:about.title'));
    await expect(about).toContainText('v25020');
    await about.getByRole('button', { name: t('shell:about.releaseNotes') }).click();
    await expect(app.dialog(t('firmware:releaseNotes.title'))).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(app.dialog(t('firmware:releaseNotes.title'))).toBeHidden();
  });

  test('Reference opens the project examples dialog', async ({ page }) => {
    const app = new App(page);
    await app.open('/program');
    const menu = await app.openMenu(t('shell:reference.menu'));
    await menu.getByRole('button', { name: t('shell:reference.examples') }).click();
    const dialog = app.dialog(t('shell:examples.title'));
    await expect(dialog).toBeVisible();
    // "Project examples" shows once, as the dialog's title: the page in the frame keeps its
    // heading for screen readers only and starts with what to do.
    const frame = dialog.frameLocator('iframe');
    await expect(frame.getByText('Pick an example to open it in the editor.')).toBeVisible();
    const heading = frame.getByRole('heading', { level: 1, name: t('shell:examples.title') });
    expect((await heading.boundingBox())?.width ?? 0).toBeLessThanOrEqual(1);
    await page.screenshot({ path: 'test-results/examples-dialog.png' });
  });

  test('editing the project name makes leaving ask for confirmation', async ({ page }) => {
    const app = new App(page);
    await app.open('/program');
    await app.projectName().pressSequentially('Line follower');
    await expect(app.projectName()).toHaveValue('Line follower');
    // A visitor cannot save to the cloud, so no save icon.
    await expect(page.getByRole('button', { name: t('shell:projectName.save') })).toHaveCount(0);

    const dialog = page.waitForEvent('dialog');
    await page.close({ runBeforeUnload: true });
    const shown = await dialog;
    expect(shown.type()).toBe('beforeunload');
    await shown.accept();
  });

  test('leaving without changes asks nothing', async ({ page }) => {
    const app = new App(page);
    await app.open('/program');
    await page.getByRole('link', { name: t('common:appName') }).click();
    let asked = false;
    page.on('dialog', (d) => {
      asked = true;
      void d.accept();
    });
    const closed = page.waitForEvent('close');
    await page.close({ runBeforeUnload: true });
    await closed;
    expect(asked).toBe(false);
  });
});
