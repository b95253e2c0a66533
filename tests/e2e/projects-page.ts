// Page objects for projects: signing up, the program (today the projects stand-in's
// workspace XML box; when the editor is merged, only `program()`, `setProgram()` and
// `expectProgram()` change), the project-name field, the save actions, dialogs and the
// remix pages.
import { expect, type Browser, type Locator } from '@playwright/test';
import { App } from './app.ts';

export const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** A minimal Blockly workspace whose text identifies it. */
export const programXml = (tag: string) =>
  `<xml xmlns="https://developers.google.com/blockly/xml"><block type="gogo_start" x="40" y="40"><comment>${tag}</comment></block></xml>`;

export class ProjectsApp extends App {
  /** Creates an e-mail account and waits until sign-in has finished. */
  async signUp(name: string): Promise<void> {
    await this.page.goto('/#/auth/signup');
    await this.page.getByLabel('Name').fill(name);
    await this.page
      .getByLabel('E-mail')
      .fill(`${name.toLowerCase().replace(/\W+/g, '-')}-${unique()}@example.com`);
    await this.page.getByLabel('Password').fill('secret-123');
    await this.page.getByRole('button', { name: 'Create account' }).click();
    await expect(this.page).not.toHaveURL(/#\/auth\//);
  }

  // The program

  program(): Locator {
    return this.page.getByRole('textbox', { name: 'Program (workspace XML)' });
  }

  async setProgram(xml: string): Promise<void> {
    await this.program().fill(xml);
  }

  async expectProgram(xml: string): Promise<void> {
    await expect(this.program()).toHaveValue(xml);
  }

  // Saving

  saveIcon(): Locator {
    return this.page.locator('.project-name').getByRole('button', { name: 'Save' });
  }

  async menuAction(name: string): Promise<void> {
    const menu = await this.openHamburgerMenu();
    await menu.getByRole('button', { name, exact: true }).click();
  }

  savedNotice(): Locator {
    return this.page.getByTestId('toast-success').filter({ hasText: 'Saved' });
  }

  warning(text: string): Locator {
    return this.page.getByTestId('toast-warning').filter({ hasText: text });
  }

  /** The project uuid of /code/{uuid} once the address shows it. */
  async codeUuid(): Promise<string> {
    await expect.poll(() => this.path()).toMatch(/^\/code\/[0-9a-f-]{36}$/);
    return this.path().slice('/code/'.length);
  }

  projectDialog(title: string): Locator {
    return this.dialog(title);
  }

  /** Fills the project dialog and confirms it with `confirm`. */
  async fillProjectDialog(
    title: string,
    fields: { name?: string; headerImage?: string; desc?: string },
    confirm: string,
  ): Promise<void> {
    const dialog = this.projectDialog(title);
    await expect(dialog).toBeVisible();
    if (fields.name !== undefined) await dialog.getByLabel('Name').fill(fields.name);
    if (fields.headerImage !== undefined) {
      await dialog.getByLabel('Header image URL').fill(fields.headerImage);
    }
    if (fields.desc !== undefined) {
      await dialog.getByRole('textbox', { name: 'Description' }).fill(fields.desc);
    }
    await dialog.getByRole('button', { name: confirm }).click();
    await expect(dialog).toBeHidden();
  }

  // Remix pages

  async searchProjects(text: string): Promise<void> {
    await this.page.getByRole('searchbox', { name: 'Search' }).fill(text);
  }

  projectCards(): Locator {
    return this.page.getByTestId('project-card');
  }

  async openProjectPage(uuid: string): Promise<void> {
    await this.open(`/project/${uuid}`);
    await expect(this.page.getByTestId('project-author')).toBeVisible();
  }
}

/** A second, separate user: a fresh browser context (own storage and session). */
export async function freshApp(
  browser: Browser,
  baseURL: string | undefined,
): Promise<ProjectsApp> {
  const context = await browser.newContext(baseURL ? { baseURL } : {});
  return new ProjectsApp(await context.newPage());
}
