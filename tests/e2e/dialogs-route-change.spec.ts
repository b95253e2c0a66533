// Dialogs and the page they were opened on: a dialog left open closes when the user goes to
// another page, and a teacher finds creator mode from the classroom's landing page.
import { expect, test } from '@playwright/test';
import { App } from './app.ts';
import { ClassroomApp, c } from './classroom-page.ts';
import { text } from './locales.ts';

const t = (ref: string) => text('en', ref);

test('a dialog left open closes when the user goes to another page', async ({ page }) => {
  const app = new App(page);
  await app.open('/dashboard');
  await app.open('/program');
  const menu = await app.openProfileMenu();
  await menu.getByRole('button', { name: t('shell:profile.about') }).click();
  const about = app.dialog(t('shell:about.title'));
  await expect(about).toBeVisible();
  // The browser's Back button, with the dialog still open.
  await page.goBack();
  await app.expectPath('/dashboard');
  await expect(about).toBeHidden();
  await expect(page.getByRole('dialog')).toHaveCount(0);
});

test('the classroom landing page leads a teacher to creator mode', async ({ page }) => {
  const app = new ClassroomApp(page);
  await app.signUp('Teacher Hint');
  await app.open('/classroom/class');
  const hint = page.getByTestId('creator-mode-hint');
  await expect(hint).toContainText(c('creatorMode.offHint'));
  await expect(app.button(c('newClass.action'))).toHaveCount(0);
  await app.button(c('creatorMode.turnOn'), hint).click();
  await expect(page.getByRole('switch', { name: c('creatorMode.label') })).toBeChecked();
  await expect(app.button(c('newClass.action'))).toBeFocused();
  await expect(hint).toHaveCount(0);
});
