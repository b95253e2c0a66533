// Route guards (spec core §2, §6): profile needs a signed-in user; a route that needs
// moderator rights sends everyone else to the sign-in screen. Guards run as route loaders,
// before the screen loads, and re-run when the session changes (see App.tsx).
import type { LoaderFunctionArgs } from 'react-router-dom';
import { subscribe } from 'valtio';
import { isLoggedIn, session, type SessionState } from '../state/session.ts';
import { needSession } from '../state/session-start.ts';
import { redirectFrom } from './redirect.ts';

type Requirement = 'login' | 'moderator';

export const LOGIN_PATH = '/auth/login';
/** How long a guard waits for the identity provider to report the user (spec core §9). */
const AUTH_WAIT_MS = 5000;

export function isAllowed(
  s: Pick<SessionState, 'user' | 'isModerator'>,
  requirement: Requirement,
): boolean {
  if (requirement === 'moderator') return isLoggedIn(s) && s.isModerator;
  return isLoggedIn(s);
}

/** Resolves once the session is no longer loading, or after `ms`, whichever comes first. */
export function waitForAuth(ms = AUTH_WAIT_MS): Promise<void> {
  if (!session.loading) return Promise.resolve();
  needSession();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      unsubscribe();
      resolve();
    };
    const timer = setTimeout(done, ms);
    const unsubscribe = subscribe(session, () => {
      if (!session.loading) done();
    });
  });
}

/** A route loader that lets the route load only when the requirement holds. */
export function guard(requirement: Requirement, waitMs = AUTH_WAIT_MS) {
  return async ({ request }: LoaderFunctionArgs): Promise<Response | null> => {
    await waitForAuth(waitMs);
    if (isAllowed(session, requirement)) return null;
    const url = new URL(request.url);
    // Remembered so sign-in can return here (spec core §2).
    session.lastPath = url.pathname + url.search;
    return redirectFrom(request, LOGIN_PATH);
  };
}
