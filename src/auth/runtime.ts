// The app's auth service (its singleton), started once: on boot, and by any auth screen that
// mounts first.
import { api } from '../api/client.ts';
import { registerActions } from '../shell/actions.ts';
import { Value } from '@sinclair/typebox/value';
import { ClientConfig } from '../contract/client-config.ts';
import { readStorage, STORAGE_KEYS, writeStorage } from '../state/storage.ts';
import { session } from '../state/session.ts';
import { fetchClientConfig } from './auth-api.ts';
import { AuthService } from './auth-service.ts';
import { buildTimeSettings, createFirebaseAuth } from './firebase.ts';

let starting: Promise<AuthService> | null = null;
let service: AuthService | null = null;

/** Starts sign-in (restoring a signed-in user); safe to call any number of times. */
export function startAuth(): Promise<AuthService> {
  starting ??= (async () => {
    const settings = buildTimeSettings() ?? (await clientConfig());
    const started = new AuthService({ auth: createFirebaseAuth(settings), api, session });
    api.tokens = started.tokens;
    started.start();
    registerActions({ signOut: () => started.logout() });
    service = started;
    return started;
  })().catch((error: unknown) => {
    // Sign-in settings unavailable (server down): stop waiting, allow a later retry.
    starting = null;
    session.loading = false;
    session.error = 'config';
    throw error;
  });
  return starting;
}

/**
 * The server's sign-in settings, kept in local storage: offline (docs/offline.md) sign-in
 * starts from the copy, so a signed-in user stays signed in across an offline reload.
 */
async function clientConfig(): Promise<ClientConfig> {
  let cached: ClientConfig | null = null;
  try {
    const value: unknown = JSON.parse(readStorage(STORAGE_KEYS.clientConfig) ?? 'null');
    if (Value.Check(ClientConfig, value)) cached = value;
  } catch {
    cached = null;
  }
  try {
    const fresh = await fetchClientConfig(api);
    writeStorage(STORAGE_KEYS.clientConfig, JSON.stringify(fresh));
    return fresh;
  } catch (error) {
    if (cached) return cached;
    throw error;
  }
}

/** The running service, or null before startAuth() finished. */
export const authService = (): AuthService | null => service;
