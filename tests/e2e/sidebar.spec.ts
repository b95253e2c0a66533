import { expect, test } from '@playwright/test';
import { App, LARGE_SCREEN, SMALL_SCREEN } from './app.ts';
import { text } from './locales.ts';

const t = (ref: string) => text('en', ref);

test.describe('Sidebar on a small screen', () => {
  test.use({ viewport: SMALL_SCREEN });

  test('is hidden, opens with the header button and hides after a link click', async ({ page }) => {
    const app = new App(page);
    await app.open('/dashboard');
    await expect(app.sidebar()).toBeHidden();
    await expect(app.sidebarToggle()).toHaveAttribute('aria-expanded', 'false');

    await app.toggleSidebar();
    await expect(app.sidebar()).toBeVisible();
    await expect(app.sidebarToggle()).toHaveAttribute('aria-expanded', 'true');

    await app.sidebarLink(t('shell:sidebar.program')).click();
    await app.expectPath('/program');
    await expect(app.sidebar()).toBeHidden();
    await expect(app.sidebarToggle()).toHaveAttribute('aria-expanded', 'false');
  });
});

test.describe('Sidebar on a large screen', () => {
  test.use({ viewport: LARGE_SCREEN });

  test('opens again after navigation when the user had closed it', async ({ page }) => {
    const app = new App(page);
    await app.open('/dashboard');
    await expect(app.sidebar()).toBeVisible();
    await app.toggleSidebar();
    await expect(app.sidebar()).toBeHidden();

    await page.getByRole('link', { name: t('screens:gogoboard.title') }).click();
    await app.expectPath('/gogoboard');
    await expect(app.sidebar()).toBeVisible();
  });

  test('stays open after a link click', async ({ page }) => {
    const app = new App(page);
    await app.open('/dashboard');
    await app.sidebarLink(t('shell:sidebar.program')).click();
    await app.expectPath('/program');
    await expect(app.sidebar()).toBeVisible();
  });

  test('expands the board group on a board route and collapses it on leaving', async ({ page }) => {
    const app = new App(page);
    const group = app.sidebarGroup(t('shell:sidebar.boards'));
    await app.open('/raspberry');
    await expect(group).toHaveAttribute('aria-expanded', 'true');
    await expect(app.sidebarLink(t('shell:sidebar.raspberry'))).toHaveAttribute(
      'aria-current',
      'page',
    );

    await app.sidebarLink(t('shell:sidebar.program')).click();
    await app.expectPath('/program');
    await expect(group).toHaveAttribute('aria-expanded', 'false');
    await expect(app.sidebarLink(t('shell:sidebar.gogoboard'))).toBeHidden();

    await group.click();
    await app.sidebarLink(t('shell:sidebar.gogoboard')).click();
    await app.expectPath('/gogoboard');
    await app.expectHeading(t('screens:gogoboard.title'));
  });
});
