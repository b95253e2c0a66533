import { expect, test, type Page } from '@playwright/test';
import { serveGoogleApiLoader } from './support/google-api.ts';

// Real Chromium, the real API server and the real Firebase Auth emulator (scripts/stack.ts).
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

class AuthScreens {
  constructor(readonly page: Page) {}

  async signUp(name: string, email: string, password: string) {
    await this.page.goto('/#/auth/signup');
    await expect(this.page.getByRole('heading', { name: 'Welcome to GoGo Code' })).toBeVisible();
    await this.page.getByLabel('Name').fill(name);
    await this.page.getByLabel('E-mail').fill(email);
    await this.page.getByLabel('Password').fill(password);
    await this.page.getByRole('button', { name: 'Create account' }).click();
  }

  async logIn(email: string, password: string) {
    await this.page.getByLabel('E-mail').fill(email);
    await this.page.getByLabel('Password').fill(password);
    await this.page.getByRole('button', { name: 'Sign in', exact: true }).click();
  }

  async expectProfile(name: string, provider: string) {
    await expect(this.page).toHaveURL(/#\/profile$/);
    await expect(this.page.getByRole('heading', { name: 'My profile' })).toBeVisible();
    await expect(this.page.getByTestId('profile-name')).toHaveText(name);
    await expect(this.page.getByTestId('profile-provider')).toHaveText(provider);
  }
}

test.describe('Sign-in (Firebase Auth emulator)', () => {
  test('signs up with e-mail, logs out, logs back in and sees the profile', async ({ page }) => {
    const screens = new AuthScreens(page);
    const email = `ana-${unique()}@example.com`;

    await screens.signUp('Ana Lima', email, 'secret-123');
    // No earlier path: sign-in goes to /program (this build sends unknown routes onward).
    await expect(page).not.toHaveURL(/#\/auth\//);

    await page.goto('/#/profile');
    await screens.expectProfile('Ana Lima', 'e-mail');
    await expect(page.getByTestId('profile-email')).toHaveText(email);

    // The ID token is kept under the product's local-storage key, and dropped on logout.
    const storedToken = () => page.evaluate(() => localStorage.getItem('idToken'));
    expect(await storedToken()).toMatch(/^[\w-]+\.[\w-]+\./);
    await page.getByRole('link', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/#\/auth\/login$/);
    expect(await storedToken()).toBeNull();

    // Signed out, the profile page asks for sign-in and remembers where the user was.
    await page.goto('/#/profile');
    await expect(page).toHaveURL(/#\/auth\/login$/);
    await screens.logIn(email, 'wrong-password');
    await expect(page.getByRole('alert')).toHaveText('The e-mail or password is wrong.');
    await screens.logIn(email, 'secret-123');
    await screens.expectProfile('Ana Lima', 'e-mail');

    // The session survives a reload (Firebase restores the user).
    await page.reload();
    await screens.expectProfile('Ana Lima', 'e-mail');
  });

  test('changes the display name on the profile page', async ({ page }) => {
    const screens = new AuthScreens(page);
    await screens.signUp('Bo', `bo-${unique()}@example.com`, 'secret-123');
    await expect(page).not.toHaveURL(/#\/auth\//);
    await page.goto('/#/profile');
    await screens.expectProfile('Bo', 'e-mail');
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Bo Ribeiro');
    await page.getByRole('button', { name: 'Save name' }).click();
    await expect(page.getByRole('status')).toHaveText('Your profile is saved.');
    await expect(page.getByTestId('profile-name')).toHaveText('Bo Ribeiro');
    await page.reload();
    await screens.expectProfile('Bo Ribeiro', 'e-mail');
  });

  test('refuses a password reset without an e-mail address', async ({ page }) => {
    await page.goto('/#/auth/login');
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    await expect(page.getByRole('alert')).toHaveText('Email can not be blnak');
  });

  test('sends a password reset e-mail for a given address', async ({ page }) => {
    const screens = new AuthScreens(page);
    const email = `reset-${unique()}@example.com`;
    await screens.signUp('Reset Me', email, 'secret-123');
    await expect(page).not.toHaveURL(/#\/auth\//);
    await page.goto('/#/logout');
    await expect(page).toHaveURL(/#\/auth\/login$/);
    await page.getByLabel('E-mail').fill(email);
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    await expect(page.getByRole('status')).toHaveText(`We sent a password reset link to ${email}.`);
  });

  test('signs in with Google in a popup and lands on the last visited path', async ({
    page,
    context,
  }) => {
    await serveGoogleApiLoader(context);
    const screens = new AuthScreens(page);
    const email = `gabi-${unique()}@example.com`;

    await page.goto('/#/profile');
    await expect(page).toHaveURL(/#\/auth\/login$/);

    const popupOpened = page.waitForEvent('popup');
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    const popup = await popupOpened;
    await popup.waitForLoadState('domcontentloaded');
    // The emulator's stand-in for Google's account chooser.
    await popup.getByText('Add new account').click();
    await popup.locator('#email-input').fill(email);
    await popup.locator('#display-name-input').fill('Gabi Google');
    await popup.locator('#sign-in').click();

    await screens.expectProfile('Gabi Google', 'Google account');
    await expect(page.getByTestId('profile-email')).toHaveText(email);
  });
});
