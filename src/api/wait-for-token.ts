// Waits for the signed-in user's ID token while sign-in state is still being restored
// (spec core §4: the wait times out at 5000 ms). Resolves null for a visitor or on timeout,
// so an API call then goes out anonymously instead of hanging.
import { subscribe } from 'valtio';
import type { SessionState } from '../state/session.ts';
import { needSession } from '../state/session-start.ts';

export const AUTH_WAIT_TIMEOUT_MS = 5000;

export function waitForToken(
  session: SessionState,
  timeoutMs = AUTH_WAIT_TIMEOUT_MS,
): Promise<string | null> {
  const settled = () => session.idToken !== null || (!session.loading && session.user === null);
  if (settled()) return Promise.resolve(session.idToken);
  // Sign-in may not have started yet (it waits for the first screen): it starts now.
  needSession();
  return new Promise((resolve) => {
    const finish = () => {
      clearTimeout(timer);
      unsubscribe();
      resolve(session.idToken);
    };
    const timer = setTimeout(finish, timeoutMs);
    const unsubscribe = subscribe(session, () => {
      if (settled()) finish();
    });
  });
}
