// Page objects for projects: signing up, the program (written and read in the editor's
// Logo text mode, which cloud saves keep with the program's settings), the project-name
// field, the save actions, dialogs and the remix pages.
import { expect, type Browser, type Locator } from '@playwright/test';
import { App, signUpWithEmail } from './app.ts';
import { EditorPage } from './editor-page.ts';

export { unique } from './app.ts';

/** A small Logo program that `tag` identifies (the tag becomes one Logo word). */
export const programFor = (tag: string) => `to main\nshow "${tag.replace(/\W+/g, '_')}\nend\n`;

export class ProjectsApp extends App {
  /** Creates an e-mail account and waits until sign-in has finished. */
  async signUp(name: string): Promise<void> {
    await signUpWithEmail(this.page, name);
  }

  // The program

  editor(): EditorPage {
    return new EditorPage(this.page);
  }

  /** Shows the program as Logo text (the editor keeps a program in either mode). */
  private async showLogo(editor: EditorPage): Promise<void> {
    await expect(editor.modeButton('logo')).toBeVisible();
    if (!(await editor.logoEditor().isVisible())) await editor.switchTo('logo');
    await expect(editor.logoEditor()).toBeVisible();
  }

  /** Replaces the program with `programFor(tag)`, typed in Logo text mode. */
  async setProgram(tag: string): Promise<void> {
    const editor = this.editor();
    await this.showLogo(editor);
    await editor.logoEditor().locator('.cm-content').click();
    await this.page.keyboard.press('ControlOrMeta+A');
    await this.page.keyboard.insertText(programFor(tag));
  }

  /** The open program is `programFor(tag)` (compared as Logo text). */
  async expectProgram(tag: string): Promise<void> {
    const editor = this.editor();
    await this.showLogo(editor);
    await expect
      .poll(async () => (await editor.logoText()).trimEnd())
      .toBe(programFor(tag).trimEnd());
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
