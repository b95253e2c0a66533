import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../i18n/index.ts';
import { showToast, ui } from '../state/ui.ts';
import { ApiClient } from './client.ts';
import { inBackground, reportFailure } from './report-failure.ts';

beforeAll(async () => {
  await initI18n();
});

afterEach(() => {
  ui.toasts.splice(0);
  vi.restoreAllMocks();
});

/** The app's client wiring, offline: every call fails at once with the 'offline' error. */
const offlineClient = () =>
  new ApiClient({
    baseURL: 'http://127.0.0.1:9',
    i18n: { exists: () => true, t: (key) => `text of ${key}` },
    notify: (message) => showToast('warning', message),
    isOffline: () => true,
  });

const shown = () => ui.toasts.map((t) => [t.kind, t.message]);

describe('reportFailure', () => {
  it('shows a failure of the app with its own words and logs it', () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const error = new Error('The file is not a GoGo data log.');
    reportFailure(error);
    expect(shown()).toEqual([['warning', 'The file is not a GoGo data log.']]);
    expect(log).toHaveBeenCalledWith(error);
  });

  it('says a part of the app did not load when a chunk cannot be fetched', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    reportFailure(
      new TypeError('Failed to fetch dynamically imported module: http://x/assets/a.js'),
    );
    expect(shown()).toEqual([
      [
        'warning',
        'A part of GoGo Code could not be loaded. Check your connection and reload the page.',
      ],
    ]);
  });

  it("keeps a programming error's text for the console and says something went wrong", () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const error = new TypeError("Cannot read properties of undefined (reading 'x')");
    reportFailure(error);
    reportFailure('nothing readable');
    const text = 'Something went wrong. Try again; if it happens again, reload the page.';
    expect(shown()).toEqual([
      ['warning', text],
      ['warning', text],
    ]);
    expect(log).toHaveBeenCalledWith(error);
  });

  it('adds nothing to the toast the API client already showed', async () => {
    const failure = await offlineClient()
      .get('/user/me')
      .catch((e: unknown) => e);
    reportFailure(failure);
    expect(shown()).toEqual([['warning', 'text of global:mapping.offline']]);
  });

  it('shows the failure of a quiet call, which the client left to its caller', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const failure = await offlineClient()
      .get('/user/me', { quiet: true })
      .catch((e: unknown) => e);
    expect(shown()).toEqual([]);
    reportFailure(failure);
    expect(shown()).toEqual([['warning', 'text of global:mapping.offline']]);
  });

  it('says nothing of an abort', () => {
    reportFailure(new DOMException('Aborted', 'AbortError'));
    expect(shown()).toEqual([]);
  });
});

describe('inBackground', () => {
  it('reports a rejection of work nobody waits for', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    inBackground(Promise.reject(new Error('worker crashed')));
    await vi.waitFor(() => expect(shown()).toEqual([['warning', 'worker crashed']]));
  });

  it('stays silent when the work succeeds', async () => {
    inBackground(Promise.resolve(42));
    await new Promise((r) => setTimeout(r, 0));
    expect(shown()).toEqual([]);
  });
});
