// The app's auth service, started once (on boot, and by any auth screen that mounts first).
import { api } from '../api/client.ts';
import { registerActions } from '../app/actions.ts';
import type { ClientConfig } from '../contract/client-config.ts';
import { session } from '../state/session.ts';
import { AuthService } from './auth-service.ts';
import { buildTimeSettings, createFirebaseAuth } from './firebase.ts';

let starting: Promise<AuthService> | null = null;
let service: AuthService | null = null;

/** Starts sign-in (restoring a signed-in user); safe to call any number of times. */
export function startAuth(): Promise<AuthService> {
  starting ??= (async () => {
    const settings =
      buildTimeSettings() ??
      (await api.get<ClientConfig>('/config', { quiet: true, anonymous: true }));
    const started = new AuthService({ auth: createFirebaseAuth(settings), api, session });
    api.refreshToken = () => started.refreshToken();
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

/** The running service, or null before startAuth() finished. */
export const authService = (): AuthService | null => service;

export { AuthError, type SocialProvider } from './auth-service.ts';
