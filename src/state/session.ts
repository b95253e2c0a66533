// Signed-in user and roles (spec core §3 "Session state", §4 "Auth"). Written only by the
// auth service (src/auth/); components read it with useSnapshot.
import { proxy } from 'valtio';

export interface User {
  id: string;
  name: string;
  email: string;
  photoUrl: string;
  /** Firebase provider id: google.com, facebook.com, microsoft.com, password, ... */
  providerId: string;
}

/** Who was signed in when their session ended without them signing out. */
interface EndedSession {
  email: string;
  name: string;
  providerId: string;
}

export interface SessionState {
  user: User | null;
  idToken: string | null;
  /** Path visited before going to sign-in, restored after social sign-in. */
  lastPath: string | null;
  userRole: string | null;
  isAdmin: boolean;
  isModerator: boolean;
  /** Time (ms) of the last token refresh. */
  lastAuth: number;
  /** True until the identity provider has reported whether a user is signed in. */
  loading: boolean;
  /** Last auth error code (stored, not shown). */
  error: string | null;
  /**
   * Set when the session ended without the user signing out (its tokens refused even
   * renewed: revoked, disabled, an emulator restart): the "Sign in again" dialog shows over
   * the page until they sign in or decline.
   */
  reauth: EndedSession | null;
}

/** The session before the first answer from Firebase Auth: nobody signed in yet. */
export const initialSession = (): SessionState => ({
  user: null,
  idToken: null,
  lastPath: null,
  userRole: null,
  isAdmin: false,
  isModerator: false,
  lastAuth: 0,
  loading: true,
  error: null,
  reauth: null,
});

export const session = proxy<SessionState>(initialSession());

export const isLoggedIn = (s: Pick<SessionState, 'user'>): boolean => Boolean(s.user?.id);

/** Remembers where the user was, to return there after sign-in (auth screens excluded). */
export function rememberPath(path: string): void {
  if (!/^\/(auth|logout)(\/|$)/.test(path)) session.lastPath = path;
}
