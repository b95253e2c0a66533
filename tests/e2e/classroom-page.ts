// Page objects for the classroom: a signed-up teacher or student in their own browser
// context, the class wizard, lessons, enrolment, the lesson in the editor, the gradebook and
// the submission, and the admin's user table.
import { expect, type Browser, type Download, type Locator, type Page } from '@playwright/test';
import { App, signUpWithEmail } from './app.ts';
import { EditorPage } from './editor-page.ts';
import { text } from './locales.ts';

const t = (ref: string, vars: Record<string, string | number> = {}) =>
  text('en', ref).replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(vars[k] ?? ''));
export const c = (key: string, vars?: Record<string, string | number>) =>
  t(`classroom:${key}`, vars);

export { unique } from './app.ts';

export class ClassroomApp extends App {
  email = '';

  password = '';

  /** Creates an e-mail account and waits until sign-in has finished. */
  async signUp(name: string): Promise<string> {
    const account = await signUpWithEmail(this.page, name);
    this.email = account.email;
    this.password = account.password;
    return this.email;
  }

  /** Signs in with another user's e-mail account (the same person on another computer). */
  async signInAs(other: ClassroomApp): Promise<void> {
    await this.open('/auth/login');
    await this.page.getByLabel('E-mail').fill(other.email);
    await this.page.getByLabel('Password').fill(other.password);
    await this.page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(this.page).not.toHaveURL(/#\/auth\//);
    this.email = other.email;
    this.password = other.password;
  }

  /** Calls the API as this user (for the set-up a test is not about); throws on a failure. */
  async api<T = unknown>(method: string, path: string, body?: unknown): Promise<T> {
    return this.page.evaluate(
      async ({ method, path, body }) => {
        const res = await fetch(`/api/v1${path}`, {
          method,
          headers: {
            Authorization: `Bearer ${localStorage.getItem('idToken')}`,
            ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
          },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        });
        if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
        return (await res.json()) as T;
      },
      { method, path, body },
    );
  }

  editor(): EditorPage {
    return new EditorPage(this.page);
  }

  button(name: string, root: Page | Locator = this.page): Locator {
    return root.getByRole('button', { name, exact: true });
  }

  toast(kind: 'success' | 'warning', message: string): Locator {
    return this.page.getByTestId(`toast-${kind}`).filter({ hasText: message });
  }

  problem(): Locator {
    return this.page.getByTestId('classroom-problem');
  }

  // Classes

  async setCreatorMode(on: boolean): Promise<void> {
    const toggle = this.page.getByRole('switch', { name: c('creatorMode.label') });
    if ((await toggle.isChecked()) !== on) await toggle.click();
    await expect(toggle).toBeChecked({ checked: on });
  }

  /** Creates a class through the wizard and opens it; returns its uuid. */
  async createClass(
    name: string,
    description: string,
    headerImage?: { name: string; mimeType: string; buffer: Buffer },
  ): Promise<string> {
    await this.open('/classroom/class');
    await this.setCreatorMode(true);
    await this.button(c('newClass.action')).click();
    const dialog = this.dialog(c('newClass.title'));
    await expect(this.button(t('ui:wizard.back'), dialog)).toBeDisabled();
    // The first step refuses to advance without a name, and says why.
    await this.button(t('ui:wizard.next'), dialog).click();
    await expect(
      dialog.getByText(t('ui:textField.required', { name: c('fields.className') })),
    ).toBeVisible();
    await dialog.getByLabel(c('fields.className')).fill(name);
    await this.button(t('ui:wizard.next'), dialog).click();
    await dialog.getByRole('textbox', { name: c('fields.description') }).fill(description);
    if (headerImage) {
      const picker = dialog.getByLabel(c('upload.chooseImage'));
      // Not an image: dropped, with the reason.
      await picker.setInputFiles({
        name: 'notes.txt',
        mimeType: 'text/plain',
        buffer: Buffer.from('hi'),
      });
      await expect(dialog.getByRole('alert')).toContainText('notes.txt was not added');
      await picker.setInputFiles(headerImage);
      await expect(dialog.getByTestId('upload-item')).toHaveAttribute('data-status', 'done');
    }
    await this.button(t('ui:wizard.next'), dialog).click();
    await expect(dialog.getByTestId('new-class-review')).toContainText(name);
    await this.button(c('newClass.create'), dialog).click();
    await expect(dialog.getByTestId('new-class-done')).toContainText(
      c('newClass.created', { name }),
    );
    await dialog.getByRole('link', { name: c('newClass.open') }).click();
    await expect.poll(() => this.path()).toMatch(/^\/classroom\/classd\/[0-9a-f-]{36}\/overview$/);
    await this.expectHeading(name);
    return this.path().split('/')[3] ?? '';
  }

  async openClass(uuid: string, tab = 'overview'): Promise<void> {
    await this.open(`/classroom/classd/${uuid}/${tab}`);
  }

  async accessCode(uuid: string): Promise<string> {
    await this.openClass(uuid, 'access-code');
    const code = this.page.getByTestId('access-code');
    await expect(code).toHaveText(/^[A-Z0-9]{4}-[A-Z0-9]{4}$/);
    return (await code.textContent()) ?? '';
  }

  // Lessons

  /** Writes a lesson in the lesson form; returns its uuid. */
  async createLesson(fields: { name: string; description: string; logo: string }): Promise<string> {
    await this.open('/classroom/lesson');
    await this.setCreatorMode(true);
    await this.page.getByRole('link', { name: c('lesson.new') }).click();
    const form = this.page.getByTestId('lesson-form');
    await form.getByLabel(c('fields.lessonName')).fill(fields.name);
    await form.getByRole('textbox', { name: c('fields.description') }).fill(fields.description);
    await form.getByLabel(c('fields.starter')).fill(fields.logo);
    await this.button(c('lesson.create'), form).click();
    await expect.poll(() => this.path()).toMatch(/^\/classroom\/lessond\/[0-9a-f-]{36}$/);
    await this.expectHeading(fields.name);
    return this.path().split('/')[3] ?? '';
  }

  /** On a lesson's page: adds it to the named class with the classes multi-select. */
  async addLessonToClass(className: string): Promise<void> {
    await this.button(c('lesson.addToClasses')).click();
    const dialog = this.page.getByRole('dialog');
    await dialog.getByTestId('multi-select-toggle').click();
    await dialog.getByLabel(className, { exact: true }).check();
    await expect(dialog.getByTestId('multi-select-toggle')).toHaveText(className);
    await this.button(c('panel.addButton'), dialog).click();
    await expect(dialog).toBeHidden();
  }

  // Students

  codeField(): Locator {
    return this.page.getByLabel(c('enroll.label'));
  }

  async enroll(code: string): Promise<void> {
    await this.open('/classroom/enroll');
    await this.codeField().fill(code);
    await this.button(c('enroll.join')).click();
  }

  lessonPane(): Locator {
    return this.page.getByTestId('lesson-pane');
  }

  /** Starts a lesson from the class page (the program it replaces is kept as a version). */
  async startLesson(lessonName: string): Promise<void> {
    const row = this.page.getByTestId('class-lesson').filter({ hasText: lessonName });
    await this.button(c('lesson.start'), row).click();
    await expect.poll(() => this.path()).toBe('/program');
    await expect(this.lessonPane()).toContainText(lessonName);
  }

  /** Replaces the program with `logo`, typed in the Logo text editor. */
  async writeProgram(logo: string): Promise<void> {
    const editor = this.editor();
    await expect(editor.logoEditor()).toBeVisible();
    await editor.logoEditor().locator('.cm-content').click();
    await this.page.keyboard.press('ControlOrMeta+A');
    await this.page.keyboard.insertText(logo);
  }

  async expectProgram(logo: string): Promise<void> {
    await expect.poll(async () => (await this.editor().logoText()).trimEnd()).toBe(logo.trimEnd());
  }

  async submit(): Promise<void> {
    await this.showLesson();
    await this.button(c('lessonPane.submit'), this.lessonPane()).click();
  }

  /** The widget area shows the virtual board after a connect: bring the lesson back. */
  async showLesson(): Promise<void> {
    const tab = this.page
      .getByRole('tablist', { name: text('en', 'editor:panel.tabs') })
      .getByRole('tab', { name: c('lessonPane.tab'), exact: true });
    if ((await tab.count()) > 0 && (await tab.getAttribute('aria-selected')) !== 'true') {
      await tab.click();
    }
  }

  // Teachers

  gradebookCell(studentEmail: string): Locator {
    return this.page
      .getByTestId('gradebook-row')
      .filter({ hasText: studentEmail })
      .getByTestId('gradebook-cell');
  }

  async exportGradebook(): Promise<string> {
    const [download] = await Promise.all([
      this.page.waitForEvent('download'),
      this.button(c('gradebook.export')).click(),
    ]);
    return readDownload(download);
  }
}

/** The gradebook CSV's header for one lesson: its points, then status, time, late, grader, note. */
export function csvLessonHeader(lesson: string, maxPoints: number): string {
  const columns = ['status', 'submitted', 'late', 'source', 'note'] as const;
  return [
    `${lesson} (/${maxPoints})`,
    ...columns.map((col) => c(`gradebook.csv.${col}`, { lesson })),
  ].join(',');
}

/**
 * A gradebook CSV row's fields for one graded lesson, up to the note: a pattern for the
 * submission time, which the test cannot know.
 */
export function csvGradedRow(fields: string[], grade: string, note: string): RegExp {
  const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const head = fields.map(escape).join(',');
  return new RegExp(
    `^${head},${escape(grade)},${escape(c('state.graded'))},\\d{4}-\\d\\d-\\d\\dT[\\d:.]+Z,` +
      `${escape(c('gradebook.csv.no'))},${escape(c('gradebook.source.teacher'))},${escape(note)}$`,
  );
}

export async function readDownload(download: Download): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** A user of their own: a fresh browser context (own storage and session). */
export async function newUser(
  browser: Browser,
  baseURL: string | undefined,
): Promise<ClassroomApp> {
  const context = await browser.newContext({
    ...(baseURL ? { baseURL } : {}),
    acceptDownloads: true,
  });
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  return new ClassroomApp(await context.newPage());
}
