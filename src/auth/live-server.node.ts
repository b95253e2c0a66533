// Test support for UI services that talk to the real API server and Auth emulator from
// Node: a listening server on a scratch database, an i18n instance with the real English
// catalogue, and a Firebase Auth connected to the emulator.
import { randomUUID } from 'node:crypto';
import net from 'node:net';
import i18next, { type i18n } from 'i18next';
import { proxy } from 'valtio';
import enAuth from '../../locales/en/auth.json';
import enGlobal from '../../locales/en/global.json';
import { startTestApp, type TestApp } from '../../server/testing/test-app.ts';
import { ApiClient, type ApiClientOptions } from '../api/client.ts';
import { API_BASE_PATH } from '../contract/base-path.ts';
import { initialSession, type SessionState } from '../state/session.ts';
import { createFirebaseAuth } from './firebase.ts';

export interface LiveServer extends TestApp {
  /** API base URL, e.g. http://127.0.0.1:40123/api/v1. */
  baseURL: string;
}

export async function startLiveServer(env: Record<string, string> = {}): Promise<LiveServer> {
  const t = await startTestApp(env);
  const address = await t.app.listen({ host: '127.0.0.1', port: 0 });
  return { ...t, baseURL: `${address}${API_BASE_PATH}` };
}

export async function englishI18n(): Promise<i18n> {
  const instance = i18next.createInstance();
  await instance.init({ lng: 'en', resources: { en: { global: enGlobal, auth: enAuth } } });
  return instance;
}

/**
 * The app's API client on `server`, signed in as `account` (null: signed out), quiet (no
 * toasts in Node) unless `options` says otherwise.
 */
export const accountClient = (
  server: { baseURL: string },
  account: { idToken: string } | null,
  i18n: i18n,
  options: Partial<ApiClientOptions> = {},
) =>
  new ApiClient({
    baseURL: server.baseURL,
    getToken: async () => account?.idToken ?? null,
    i18n,
    notify: () => {},
    ...options,
  });

/** A fresh session store, signed out like the app's at start. */
export const freshSession = (): SessionState => proxy<SessionState>(initialSession());

/** A Firebase Auth of its own (separate app) on the emulator, signed out. */
export const emulatorAuth = (emulatorHost: string) =>
  createFirebaseAuth(
    {
      firebase: { apiKey: 'demo-api-key', authDomain: 'localhost', projectId: 'demo-gogo' },
      authEmulatorUrl: `http://${emulatorHost}`,
    },
    `test-${randomUUID()}`,
  );

/**
 * Polls until `condition` holds (state set by async listeners). The default limit is for a
 * machine whose cores the whole test command keeps busy: a passing test never waits for it.
 */
export async function until(condition: () => boolean, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}

/**
 * A TCP relay to `target` (host:port) on a port of its own, which a test can cut and restore
 * like a network cable: while cut, connections are refused and open ones dropped.
 */
export async function tcpRelay(target: string): Promise<{
  host: string;
  cut(): Promise<void>;
  restore(): Promise<void>;
  close(): Promise<void>;
}> {
  const [targetHost = '127.0.0.1', targetPort = '0'] = target.split(':');
  const open = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(targetPort), targetHost);
    for (const s of [client, upstream]) {
      open.add(s);
      s.on('close', () => open.delete(s));
      s.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream).pipe(client);
  });
  const listen = (port: number) =>
    new Promise<void>((resolve) => server.listen(port, '127.0.0.1', () => resolve()));
  await listen(0);
  const port = (server.address() as net.AddressInfo).port;
  const stop = () =>
    new Promise<void>((resolve) => {
      for (const s of open) s.destroy();
      server.close(() => resolve());
    });
  return {
    host: `127.0.0.1:${port}`,
    cut: stop,
    restore: () => listen(port),
    close: stop,
  };
}
