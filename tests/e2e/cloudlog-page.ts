// Page object for the cloud datalog (/datalog/public/{channel?}): signing in, the channel
// picker, settings, the fields and the chart's table of values; and the few calls a board
// makes to the API (used while the virtual board cannot run programs in e2e).
import { expect, type APIRequestContext, type Locator, type Request } from '@playwright/test';
import { API_BASE_PATH } from '../../src/contract/base-path.ts';
import { App, signUpWithEmail, type Account } from './app.ts';

export type { Account } from './app.ts';

export class CloudlogApp extends App {
  /** Creates an e-mail account in the browser and waits until sign-in has finished. */
  signUp(name: string): Promise<Account> {
    return signUpWithEmail(this.page, name);
  }

  channelPicker(): Locator {
    return this.page.getByLabel('Channel', { exact: true });
  }

  async createChannel(name: string): Promise<string> {
    await this.page.getByRole('button', { name: 'New channel' }).click();
    await this.page.getByLabel('Channel name').fill(name);
    await this.page.getByRole('button', { name: 'Create' }).click();
    await expect(this.page).toHaveURL(/#\/datalog\/public\/[0-9a-f-]{36}$/);
    return this.path().split('/').pop() ?? '';
  }

  async choose(label: string, option: string): Promise<void> {
    await this.page.getByLabel(label, { exact: true }).selectOption({ label: option });
  }

  fields(): Locator {
    return this.page.getByTestId('cloudlog-fields').getByRole('listitem');
  }

  /**
   * Waits until the page has asked nothing of `channel` (its event stream aside) for a
   * second and no answer is pending: a refresh that a push started has finished.
   */
  async settled(channel: string): Promise<void> {
    const ours = (r: Request) =>
      r.url().includes(`/datalog/channels/${channel}`) && !r.url().endsWith('/events');
    let pending = 0;
    let last = Date.now();
    const started = (r: Request) => {
      if (!ours(r)) return;
      pending += 1;
      last = Date.now();
    };
    const ended = (r: Request) => {
      if (!ours(r)) return;
      pending = Math.max(0, pending - 1);
      last = Date.now();
    };
    this.page.on('request', started);
    this.page.on('requestfinished', ended);
    this.page.on('requestfailed', ended);
    try {
      await expect
        .poll(() => pending === 0 && Date.now() - last >= 1000, { intervals: [250] })
        .toBe(true);
    } finally {
      this.page.off('request', started);
      this.page.off('requestfinished', ended);
      this.page.off('requestfailed', ended);
    }
  }

  /** Opens the table of values under the chart. */
  async showTable(): Promise<Locator> {
    const summary = this.page.getByText('Values as a table');
    const table = this.page.getByTestId('cloudlog-table');
    if (!(await table.isVisible())) await summary.click();
    await expect(table).toBeVisible();
    return table;
  }

  /** The table's rows as [bucket start (ms), value of the first field], oldest first. */
  async tableValues(): Promise<[number, number][]> {
    const table = await this.showTable();
    const rows = await table
      .locator('tbody tr')
      .evaluateAll((trs) =>
        trs.map((tr) => [
          Number(tr.getAttribute('data-time')),
          Number(tr.querySelector('td')?.getAttribute('data-value')),
        ]),
      );
    return (rows as [number, number][]).reverse();
  }
}

/** Signs the account in through the Auth emulator's REST API, as a board's host would. */
export async function idTokenFor(request: APIRequestContext, account: Account): Promise<string> {
  const config = (await (await request.get(`${API_BASE_PATH}/config`)).json()) as {
    firebase: { apiKey: string };
    authEmulatorUrl: string;
  };
  const res = await request.post(
    `${config.authEmulatorUrl}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=${config.firebase.apiKey}`,
    { data: { ...account, returnSecureToken: true } },
  );
  expect(res.ok()).toBe(true);
  return String(((await res.json()) as { idToken: string }).idToken);
}

export async function postRecords(
  request: APIRequestContext,
  token: string,
  channel: string,
  records: { name: string; value: number; time: number }[],
): Promise<void> {
  const res = await request.post(`${API_BASE_PATH}/datalog/channels/${channel}/records`, {
    headers: { authorization: `Bearer ${token}` },
    data: { records },
  });
  expect(res.status(), await res.text()).toBe(200);
}
