import type { i18n } from 'i18next';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpWithPassword, type TestAccount } from '../../server/testing/emulator-accounts.ts';
import { englishI18n, startLiveServer, type LiveServer } from '../auth/live-server.node.ts';
import { ApiClient, type ApiClientOptions } from './client.ts';
import type { User } from '../contract/users.ts';
import { ApiError } from './errors.ts';

describe('ApiClient (against the real API server)', () => {
  let server: LiveServer;
  let account: TestAccount;
  let i18n: i18n;
  beforeAll(async () => {
    server = await startLiveServer();
    account = await signUpWithPassword(server.emulatorHost, undefined, undefined, 'Client User');
    i18n = await englishI18n();
  });
  afterAll(() => server.close());

  function client(overrides: Partial<ApiClientOptions> = {}) {
    const toasts: string[] = [];
    const api = new ApiClient({
      baseURL: server.baseURL,
      getToken: async () => account.idToken,
      i18n,
      notify: (m) => toasts.push(m),
      ...overrides,
    });
    return { api, toasts };
  }

  it('sends the Bearer token and returns the data body', async () => {
    const { api, toasts } = client();
    const me = await api.get<User>('/user/me');
    expect(me).toMatchObject({ name: 'Client User', email: account.email });
    const saved = await api.put<User>('/user/me', { name: 'Renamed' });
    expect(saved.name).toBe('Renamed');
    expect(toasts).toEqual([]);
  });

  it('shows a mapped warning and rejects with the status and code', async () => {
    const { api, toasts } = client();
    const failure = await api.get('/user/browse').catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 403, code: 'forbidden' });
    expect(toasts).toEqual(['You do not have permission to do this.']);
  });

  it('stays silent for quiet calls', async () => {
    const { api, toasts } = client();
    await expect(api.get('/user/browse', { quiet: true })).rejects.toThrow(ApiError);
    expect(toasts).toEqual([]);
  });

  it('sends no token on anonymous calls', async () => {
    const { api, toasts } = client();
    await expect(api.get('/health', { anonymous: true })).resolves.toMatchObject({ status: 'ok' });
    await expect(api.get('/user/me', { anonymous: true })).rejects.toMatchObject({
      status: 401,
      code: 'unauthorized',
    });
    expect(toasts).toEqual(['Please sign in again.']);
  });

  it('refreshes a rejected token once and retries the call', async () => {
    let refreshes = 0;
    const { api, toasts } = client({
      getToken: async () => 'expired-token',
      refreshToken: async () => {
        refreshes++;
        return account.idToken;
      },
    });
    await expect(api.get<User>('/user/me')).resolves.toMatchObject({ email: account.email });
    expect(refreshes).toBe(1);
    expect(toasts).toEqual([]);
  });

  it('renews a token the server finds expired, and sends the call once more', async () => {
    // The account's own token with its expiry an hour ago (the emulator's tokens are unsigned),
    // as a laptop holds it after a night offline.
    const [header, payload] = account.idToken.split('.') as [string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as { exp: number };
    claims.exp = Math.floor(Date.now() / 1000) - 3600;
    const expired = `${header}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.`;
    const renewed: string[] = [];
    const { api, toasts } = client({
      tokens: {
        current: async () => expired,
        renew: async (refused) => {
          renewed.push(refused);
          return account.idToken;
        },
        signInAgain: async () => {
          throw new Error('not asked: the renewal worked');
        },
      },
    });
    await expect(api.get<User>('/user/me')).resolves.toMatchObject({ email: account.email });
    expect(renewed).toEqual([expired]);
    expect(toasts).toEqual([]);
  });

  it('asks to sign in again when even a renewed token is refused, then sends the call', async () => {
    const asked: (string | null)[] = [];
    const { api, toasts } = client({
      tokens: {
        current: async () => 'refused-token',
        renew: async () => 'refused-too',
        signInAgain: async (refused) => {
          asked.push(refused);
          return account.idToken;
        },
      },
    });
    await expect(api.get<User>('/user/me')).resolves.toMatchObject({ email: account.email });
    expect(asked).toEqual(['refused-too']);
    expect(toasts).toEqual([]);
  });

  it('shows "Please sign in again." when the person does not sign in again', async () => {
    const { api, toasts } = client({
      tokens: {
        current: async () => 'refused-token',
        renew: async () => null,
        signInAgain: async () => null,
      },
    });
    await expect(api.get('/user/me')).rejects.toMatchObject({ status: 401, code: 'unauthorized' });
    expect(toasts).toEqual(['Please sign in again.']);
  });

  it('explains when the server cannot be reached', async () => {
    const { api, toasts } = client({ baseURL: 'http://127.0.0.1:9/api/v1' });
    await expect(api.get('/health')).rejects.toMatchObject({ status: 0, code: 'network_error' });
    expect(toasts).toEqual(['Cannot reach the server. Check your connection and try again.']);
  });
});
