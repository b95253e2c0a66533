// Page object for the app shell: intent-level steps that later e2e tests reuse.
import { expect, type Locator, type Page } from '@playwright/test';

export const LARGE_SCREEN = { width: 1280, height: 800 };
export const SMALL_SCREEN = { width: 800, height: 800 };

/** A short text no other run of the suite uses (names, e-mail addresses). */
export const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

export interface Account {
  email: string;
  password: string;
}

/** Creates an e-mail account in the page's browser context and waits until it is signed in. */
export async function signUpWithEmail(page: Page, name: string): Promise<Account> {
  const account = {
    email: `${name.toLowerCase().replace(/\W+/g, '-')}-${unique()}@example.com`,
    password: 'secret-123',
  };
  await page.goto('/#/auth/signup');
  await page.getByLabel('Name').fill(name);
  await page.getByLabel('E-mail').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).not.toHaveURL(/#\/auth\//);
  return account;
}

/**
 * Social sign-in on the Auth emulator, as a user does it with no internet: the provider's
 * button opens the app's chooser of the emulator's stand-in accounts; an account with this
 * e-mail already there is picked, otherwise one is added. `within` is the page or a dialog.
 */
export async function signInWithStandInAccount(
  within: Page | Locator,
  provider: 'Google' | 'Facebook' | 'Microsoft',
  email: string,
  name: string,
): Promise<void> {
  await within.getByRole('button', { name: `Continue with ${provider}` }).click();
  const chooser = within.getByTestId('emulator-accounts');
  await expect(
    chooser.getByRole('heading', { name: `Choose a ${provider} account` }),
  ).toBeVisible();
  const listed = chooser.getByRole('button', { name: new RegExp(email.replace(/\W/g, '\\$&')) });
  await expect(chooser.getByRole('button', { name: 'Add a new account' })).toBeVisible();
  if ((await listed.count()) > 0) {
    await listed.click();
    return;
  }
  await chooser.getByRole('button', { name: 'Add a new account' }).click();
  await chooser.getByLabel('E-mail').fill(email);
  await chooser.getByLabel('Name').fill(name);
  await chooser.getByRole('button', { name: `Sign in with this ${provider} account` }).click();
}

export class App {
  constructor(readonly page: Page) {}

  /** Opens a route as if typed into the address bar, e.g. open('/classroom'). */
  async open(path: string): Promise<void> {
    await this.page.goto(`/#${path}`);
  }

  /** The route part of the address (after '#'), without the query. */
  path(): string {
    const hash = new URL(this.page.url()).hash.replace(/^#/, '');
    return (hash || '/').split('?')[0] ?? '/';
  }

  async expectPath(path: string): Promise<void> {
    await expect.poll(() => this.path()).toBe(path);
  }

  heading(): Locator {
    return this.page.getByRole('heading', { level: 1 });
  }

  async expectHeading(text: string): Promise<void> {
    await expect(this.heading()).toHaveText(text);
  }

  // Language

  languageMenu(): Locator {
    return this.page.getByTestId('language-menu');
  }

  /** Picks an interface language by its own name (English, ไทย, ...). */
  async chooseLanguage(nativeName: string): Promise<void> {
    await this.languageMenu().click();
    await this.page.getByRole('button', { name: nativeName, exact: true }).click();
  }

  // Sidebar

  sidebar(): Locator {
    return this.page.locator('#app-sidebar');
  }

  sidebarToggle(): Locator {
    return this.page.locator('[aria-controls="app-sidebar"]');
  }

  async toggleSidebar(): Promise<void> {
    await this.sidebarToggle().click();
  }

  sidebarLink(name: string): Locator {
    return this.sidebar().getByRole('link', { name, exact: true });
  }

  sidebarGroup(name: string): Locator {
    return this.sidebar().getByRole('button', { name, exact: true });
  }

  // Top bar menus

  async openHamburgerMenu(): Promise<Locator> {
    await this.page.getByTestId('hamburger-menu').click();
    return this.page.getByTestId('hamburger-items');
  }

  async openProfileMenu(): Promise<Locator> {
    await this.page.getByTestId('profile-menu').click();
    return this.page.getByTestId('profile-items');
  }

  async openMenu(name: string): Promise<Locator> {
    await this.page.getByRole('button', { name, exact: true }).click();
    return this.page.locator('.dropdown-menu.show');
  }

  projectName(): Locator {
    return this.page.getByRole('textbox', { name: 'Project name' });
  }

  dialog(name: string): Locator {
    return this.page.getByRole('dialog', { name });
  }
}
