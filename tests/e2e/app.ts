// Page object for the app shell: intent-level steps that later e2e tests reuse.
import { expect, type Locator, type Page } from '@playwright/test';

export const LARGE_SCREEN = { width: 1280, height: 800 };
export const SMALL_SCREEN = { width: 800, height: 800 };

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
