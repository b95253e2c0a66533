// Page objects and helpers for the remote lab: the student's connect dialog (Remote Lab,
// Remote Access, queue, session), the teacher's lab station page, the classroom calls a
// test sets up through the API, and a `npm run lab-station` process that can be killed.
import { spawn, type ChildProcess } from 'node:child_process';
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { API_BASE_PATH } from '../../src/contract/base-path.ts';
import type { Lab } from '../../src/contract/remote-lab.ts';
import { App, signUpWithEmail, type Account } from './app.ts';
import { idTokenFor } from './cloudlog-page.ts';
import { text } from './locales.ts';

export const t = (ref: string) => text('en', ref);

let counter = 0;
export const uniqueId = (prefix: string) =>
  `${prefix}${Date.now().toString(36)}${(counter++).toString(36)}`;

export class RemoteLabApp extends App {
  /** Creates an e-mail account in this browser context and waits until it is signed in. */
  signUp(name: string): Promise<Account> {
    return signUpWithEmail(this.page, name);
  }

  /** The board's connect dialog. */
  connectDialog(): Locator {
    return this.page.getByRole('dialog', { name: t('device:dialog.title') });
  }

  async openDialog(): Promise<Locator> {
    if (!(await this.connectDialog().isVisible()))
      await this.page.getByTestId('connect-button').click();
    await expect(this.connectDialog()).toBeVisible();
    return this.connectDialog();
  }

  async closeDialog(): Promise<void> {
    await this.connectDialog()
      .getByRole('button', { name: t('device:dialog.close') })
      .last()
      .click();
    await expect(this.connectDialog()).toBeHidden();
  }

  /** Remote Lab with an access code (the dialog stays open). */
  async connectByCode(code: string): Promise<void> {
    const d = await this.openDialog();
    const field = d.getByTestId('remote-access-code');
    if (!(await field.isVisible())) await d.getByTestId('connect-remote-lab').click();
    await field.fill(code);
    await d.getByTestId('remote-lab-submit').click();
  }

  /** Remote Access with a GoGo ID and pin (the dialog stays open). */
  async connectById(boardId: string, pin: string): Promise<void> {
    const d = await this.openDialog();
    const field = d.getByTestId('remote-board-id');
    if (!(await field.isVisible())) await d.getByTestId('connect-remote-access').click();
    await field.fill(boardId);
    await d.getByTestId('remote-pin').fill(pin);
    await d.getByTestId('remote-access-submit').click();
  }

  async expectBoard(): Promise<void> {
    await expect(this.connectDialog().getByTestId('board-info')).toContainText('GoGo Board 7', {
      timeout: 20_000,
    });
  }

  async disconnect(): Promise<void> {
    const d = await this.openDialog();
    await d.getByTestId('disconnect').click();
  }

  toast(textContent: string): Locator {
    return this.page.locator('.toast').filter({ hasText: textContent });
  }
}

/** The API as a signed-in user (`base` for a second server). */
export class Api {
  constructor(
    private readonly request: APIRequestContext,
    private readonly token: string,
    private readonly base = '',
  ) {}

  static async as(request: APIRequestContext, account: Account, base = ''): Promise<Api> {
    return new Api(request, await idTokenFor(request, account), base);
  }

  async call<T>(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    path: string,
    data?: object,
  ): Promise<T> {
    const res = await this.request.fetch(`${this.base}${API_BASE_PATH}${path}`, {
      method,
      headers: { authorization: `Bearer ${this.token}` },
      ...(data ? { data } : {}),
    });
    expect(res.ok(), `${method} ${path}: ${await res.text()}`).toBe(true);
    return (await res.json()) as T;
  }

  async newLab(boardId: string, pin: string): Promise<{ lab: Lab; key: string }> {
    const lab = await this.call<Lab>('POST', '/lab/create', {
      name: `Bench ${boardId}`,
      board_id: boardId,
      pin,
    });
    const { key } = await this.call<{ key: string }>('POST', `/lab/${lab.uuid}/station-key`, {});
    return { lab, key };
  }
}

/** `npm run lab-station` with the virtual board, as a teacher's lab PC would run it. */
export class CliStation {
  private child: ChildProcess | null = null;
  readonly output: string[] = [];

  constructor(
    private readonly server: string,
    private readonly boardId: string,
    private readonly key: string,
    private readonly stateDir: string,
  ) {}

  start(): void {
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        'scripts/lab-station.ts',
        '--board',
        'virtual',
        '--server',
        this.server,
        '--board-id',
        this.boardId,
        '--key',
        this.key,
        '--state-dir',
        this.stateDir,
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    child.stdout?.on('data', (d: Buffer) => this.output.push(d.toString()));
    child.stderr?.on('data', (d: Buffer) => this.output.push(d.toString()));
    this.child = child;
  }

  /** Waits until the station has printed `line` `times` times in all. */
  async waitFor(line: string, times = 1, timeout = 30_000): Promise<void> {
    await expect
      .poll(() => this.output.join('').split(line).length - 1, { timeout })
      .toBeGreaterThanOrEqual(times);
  }

  /** The station dies at once: no goodbye, only the broker's will says it is gone. */
  kill(): void {
    this.child?.kill('SIGKILL');
    this.child = null;
  }

  stop(): void {
    this.child?.kill('SIGTERM');
    this.child = null;
  }
}

/** Waits until the page's student holds the board with live status. */
export async function expectHolding(app: RemoteLabApp): Promise<void> {
  await expect(app.connectDialog().getByTestId('remote-session')).toBeVisible({ timeout: 20_000 });
  await app.expectBoard();
}

export type { Page };
