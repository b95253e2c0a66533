import { expect, test, type Page } from '@playwright/test';
import { signInWithStandInAccount } from './app.ts';

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
    await expect(
      page.getByRole('status').filter({ hasText: 'Your profile is saved.' }),
    ).toBeVisible();
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

  test("signs in with the emulator's Google, Facebook and Microsoft accounts, offline, and lands on the last visited path", async ({
    page,
  }) => {
    // Nothing may leave this machine: no Google script, no popup (the e2e browser has no
    // internet; the app must not need it).
    const outside: string[] = [];
    page.on('request', (r) => {
      const host = new URL(r.url()).hostname;
      if (!['localhost', '127.0.0.1'].includes(host) && !r.url().startsWith('data:')) {
        outside.push(r.url());
      }
    });
    const popups: string[] = [];
    page.on('popup', (p) => popups.push(p.url()));
    const screens = new AuthScreens(page);
    const email = `gabi-${unique()}@example.com`;

    await page.goto('/#/profile');
    await expect(page).toHaveURL(/#\/auth\/login$/);
    await signInWithStandInAccount(page, 'Google', email, 'Gabi Google');
    await screens.expectProfile('Gabi Google', 'Google account');
    await expect(page.getByTestId('profile-email')).toHaveText(email);

    // The account is the emulator's now: the chooser lists it, and picking it signs in.
    await page.getByRole('link', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/#\/auth\/login$/);
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    const listed = page
      .getByTestId('emulator-accounts')
      .getByRole('button', { name: /Gabi Google/ });
    await expect(listed).toContainText(email);
    await page.getByRole('button', { name: 'Back' }).click();
    await signInWithStandInAccount(page, 'Google', email, 'Gabi Google');
    await expect(page).not.toHaveURL(/#\/auth\//);
    await page.goto('/#/profile');
    await screens.expectProfile('Gabi Google', 'Google account');

    for (const [provider, shown] of [
      ['Facebook', 'Facebook account'],
      ['Microsoft', 'Microsoft account'],
    ] as const) {
      await page.getByRole('link', { name: 'Log out' }).click();
      await page.goto('/#/profile');
      await expect(page).toHaveURL(/#\/auth\/login$/);
      await signInWithStandInAccount(
        page,
        provider,
        `${provider.toLowerCase()}-${unique()}@example.com`,
        `${provider} Fan`,
      );
      await screens.expectProfile(`${provider} Fan`, shown);
    }
    expect(popups).toEqual([]);
    expect(outside).toEqual([]);
  });
});
