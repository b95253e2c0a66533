// Test support for UI services that talk to the real API server and Auth emulator from
// Node: a listening server on a scratch database, an i18n instance with the real English
// catalogue, and a Firebase Auth connected to the emulator.
import { randomUUID } from 'node:crypto';
import i18next, { type i18n } from 'i18next';
import { proxy } from 'valtio';
import enAuth from '../../locales/en/auth.json';
import enGlobal from '../../locales/en/global.json';
import { startTestApp, type TestApp } from '../../server/testing/test-app.ts';
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

/** Polls until `condition` holds (state set by async listeners). */
export async function until(condition: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}
