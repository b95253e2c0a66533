// Sign-in, sign-out and the session rules of spec core §4 over the Firebase JS SDK. A
// framework-free class: it writes the session store and calls the product auth API; React
// reads the store. Firebase talks to the Auth emulator locally and a real project in
// production (src/auth/firebase.ts decides).
import {
  createUserWithEmailAndPassword,
  FacebookAuthProvider,
  GithubAuthProvider,
  GoogleAuthProvider,
  OAuthProvider,
  onAuthStateChanged,
  sendPasswordResetEmail,
  signInWithEmailAndPassword,
  signInWithPopup,
  signOut,
  TwitterAuthProvider,
  updateProfile,
  type Auth,
  type AuthProvider,
  type User as FirebaseUser,
} from 'firebase/auth';
import type { AuthResponse, User as ApiUser } from '../contract/users.ts';
import { ApiError } from '../api/errors.ts';
import type { SessionState, User } from '../state/session.ts';
import { STORAGE_KEYS, writeStorage } from '../state/storage.ts';

/** Token check period and the age after which the token is refreshed (spec core §9). */
export const TOKEN_CHECK_INTERVAL_MS = 10_000;
export const TOKEN_REFRESH_AFTER_MS = 900_000;
/** Where sign-in lands when no earlier path was remembered (spec core §2). */
export const DEFAULT_AFTER_SIGN_IN = '/program';
/** The longest a sign-out waits for the work it runs first (see beforeSignOut). */
export const SIGN_OUT_TASKS_MS = 3000;

export type SocialProvider = 'google' | 'facebook' | 'microsoft' | 'github' | 'twitter';

/** A sign-in failure with a code the screens translate (`auth:errors.{code}`). */
export class AuthError extends Error {
  override name = 'AuthError';
  constructor(
    readonly code: string,
    message = code,
  ) {
    super(message);
  }
}

/** The part of the API client the service needs. */
export interface AuthApi {
  post<T>(url: string, body?: unknown, options?: { quiet?: boolean }): Promise<T>;
  put<T>(url: string, body?: unknown, options?: { quiet?: boolean }): Promise<T>;
}

export interface AuthServiceDeps {
  auth: Auth;
  api: AuthApi;
  session: SessionState;
  now?: () => number;
  logger?: Pick<Console, 'warn'>;
  setInterval?: (fn: () => void, ms: number) => unknown;
  clearInterval?: (handle: unknown) => void;
}

function socialProvider(name: SocialProvider): AuthProvider {
  switch (name) {
    case 'google': {
      const p = new GoogleAuthProvider();
      p.setCustomParameters({ prompt: 'select_account' });
      return p;
    }
    case 'microsoft': {
      const p = new OAuthProvider('microsoft.com');
      p.setCustomParameters({ prompt: 'select_account' });
      return p;
    }
    case 'facebook':
      return new FacebookAuthProvider();
    case 'github':
      return new GithubAuthProvider();
    case 'twitter':
      return new TwitterAuthProvider();
  }
}

/** Firebase error code without its `auth/` prefix, for translation. */
function codeOf(error: unknown): string {
  if (error instanceof AuthError) return error.code;
  const raw =
    error && typeof error === 'object' && 'code' in error ? String(error.code) : 'unknown';
  return raw.replace(/^auth\//, '');
}

function toSessionUser(user: FirebaseUser): User {
  return {
    id: user.uid,
    name: user.displayName ?? '',
    email: user.email ?? '',
    photoUrl: user.photoURL ?? '',
    providerId: user.providerData[0]?.providerId ?? user.providerId,
  };
}

export class AuthService {
  private readonly auth: Auth;
  private readonly api: AuthApi;
  private readonly session: SessionState;
  private readonly now: () => number;
  private readonly logger: Pick<Console, 'warn'>;
  private readonly signOutListeners = new Set<() => void>();
  private readonly beforeSignOutTasks = new Set<() => Promise<void>>();
  private syncing: Promise<void> | null = null;
  private syncingUid: string | null | undefined = undefined;
  private stopFns: (() => void)[] = [];

  constructor(private readonly deps: AuthServiceDeps) {
    this.auth = deps.auth;
    this.api = deps.api;
    this.session = deps.session;
    this.now = deps.now ?? Date.now;
    this.logger = deps.logger ?? console;
  }

  /** Follows the identity provider and checks the token every 10 s. Returns a stop function. */
  start(): () => void {
    const unsubscribe = onAuthStateChanged(
      this.auth,
      (user) => void this.sync(user),
      (error) => this.fail(error),
    );
    const every = this.deps.setInterval ?? ((fn, ms) => setInterval(fn, ms));
    const cancel = this.deps.clearInterval ?? ((h) => clearInterval(h as number));
    const handle = every(() => void this.checkToken(), TOKEN_CHECK_INTERVAL_MS);
    this.stopFns = [unsubscribe, () => cancel(handle)];
    return () => this.stop();
  }

  stop(): void {
    for (const fn of this.stopFns) fn();
    this.stopFns = [];
  }

  /** Runs `listener` after every sign-out (e.g. to drop the cached projects list). */
  onSignOut(listener: () => void): () => void {
    this.signOutListeners.add(listener);
    return () => this.signOutListeners.delete(listener);
  }

  /**
   * Runs `task` when the user asks to sign out, before the token goes, so it can still call
   * the API (e.g. end a session on the server). A failed or slow task does not stop the
   * sign-out: it waits at most SIGN_OUT_TASKS_MS.
   */
  beforeSignOut(task: () => Promise<void>): () => void {
    this.beforeSignOutTasks.add(task);
    return () => this.beforeSignOutTasks.delete(task);
  }

  async signIn(email: string, password: string): Promise<void> {
    const credential = await this.guard(() =>
      signInWithEmailAndPassword(this.auth, email.trim(), password),
    );
    await this.sync(credential.user);
  }

  async signUp(name: string, email: string, password: string): Promise<void> {
    const credential = await this.guard(() =>
      createUserWithEmailAndPassword(this.auth, email.trim(), password),
    );
    const user = credential.user;
    await this.sync(user);
    const displayName = name.trim();
    if (displayName !== '') {
      await this.guard(() => updateProfile(user, { displayName }));
      // A fresh token carries the name, and the product record picks it up.
      await this.signedIn(user, true);
    }
  }

  async signInWith(provider: SocialProvider): Promise<void> {
    const credential = await this.guard(() => signInWithPopup(this.auth, socialProvider(provider)));
    await this.sync(credential.user);
  }

  /** Sends a password-reset e-mail; an empty address is refused before asking Firebase. */
  async resetPassword(email: string): Promise<void> {
    if (email.trim() === '') throw new AuthError('empty-email', 'Email can not be blnak');
    await this.guard(() => sendPasswordResetEmail(this.auth, email.trim()));
  }

  async logout(): Promise<void> {
    if (this.session.user) {
      const tasks = [...this.beforeSignOutTasks].map((task) => task().catch(() => {}));
      let timer: ReturnType<typeof setTimeout> | undefined;
      await Promise.race([
        Promise.all(tasks),
        new Promise((resolve) => (timer = setTimeout(resolve, SIGN_OUT_TASKS_MS))),
      ]);
      clearTimeout(timer);
    }
    try {
      await signOut(this.auth);
    } finally {
      // Usually already done by the provider's own sign-out event; sync() runs it once.
      await this.sync(null);
    }
  }

  /** Saves the user's display name in the product and in their Firebase profile. */
  async updateName(name: string): Promise<ApiUser> {
    const saved = await this.api.put<ApiUser>('/user/me', { name: name.trim() });
    if (this.session.user) this.session.user.name = saved.name;
    const user = this.auth.currentUser;
    if (user) await updateProfile(user, { displayName: saved.name }).catch(() => {});
    return saved;
  }

  /** The remembered path to return to after sign-in, or /program. */
  afterSignInPath(): string {
    const last = this.session.lastPath;
    if (!last || /^\/(auth|logout)(\/|$)/.test(last)) return DEFAULT_AFTER_SIGN_IN;
    return last;
  }

  /** The 10-second check: refreshes a token older than 15 minutes. */
  async checkToken(): Promise<void> {
    if (!this.auth.currentUser) return;
    if (this.now() - this.session.lastAuth <= TOKEN_REFRESH_AFTER_MS) return;
    await this.refreshToken();
  }

  /** Forces a new ID token (also used by the API client after a 401). */
  async refreshToken(): Promise<string | null> {
    const user = this.auth.currentUser;
    if (!user) return null;
    try {
      this.storeToken(await user.getIdToken(true));
      return this.session.idToken;
    } catch (error) {
      this.logger.warn('auth: token refresh failed', error);
      this.session.error = codeOf(error);
      this.storeToken(null);
      return null;
    }
  }

  private sync(user: FirebaseUser | null): Promise<void> {
    const uid = user?.uid ?? null;
    if (this.syncing && this.syncingUid === uid) return this.syncing;
    this.syncingUid = uid;
    this.syncing = user ? this.signedIn(user, false) : Promise.resolve(this.signedOut());
    return this.syncing;
  }

  private async signedIn(user: FirebaseUser, forceRefresh: boolean): Promise<void> {
    this.session.user = toSessionUser(user);
    this.session.loading = false;
    try {
      this.storeToken(await user.getIdToken(forceRefresh));
    } catch (error) {
      this.logger.warn('auth: could not get an ID token', error);
      this.session.error = codeOf(error);
      this.storeToken(null);
      return;
    }
    try {
      const answer = await this.api.post<AuthResponse>('/auth', {});
      this.applyRole(answer.admin, answer.user_role);
      if (this.session.user && answer.user.name) this.session.user.name = answer.user.name;
      if (this.session.user && answer.user.photoUrl) {
        this.session.user.photoUrl = answer.user.photoUrl;
      }
      this.session.error = null;
    } catch (error) {
      this.applyRole(false, null);
      this.session.error = error instanceof ApiError ? (error.code ?? 'auth') : codeOf(error);
      if (error instanceof ApiError && error.status === 401) this.storeToken(null);
    }
  }

  private signedOut(): void {
    this.session.user = null;
    this.session.loading = false;
    this.storeToken(null);
    this.session.lastAuth = 0;
    this.applyRole(false, null);
    this.syncingUid = null;
    this.syncing = Promise.resolve();
    for (const listener of this.signOutListeners) listener();
  }

  /** admin → admin and moderator; moderator → moderator; anything else clears both. */
  private applyRole(admin: boolean, role: string | null): void {
    this.session.userRole = role;
    this.session.isAdmin = admin || role === 'admin';
    this.session.isModerator = this.session.isAdmin || role === 'moderator';
  }

  private storeToken(token: string | null): void {
    this.session.idToken = token;
    if (token !== null) this.session.lastAuth = this.now();
    writeStorage(STORAGE_KEYS.idToken, token);
  }

  private fail(error: unknown): void {
    this.logger.warn('auth: identity provider error', error);
    this.session.error = codeOf(error);
    this.session.loading = false;
  }

  /** Runs a Firebase call, recording and rethrowing its failure as an AuthError. */
  private async guard<T>(call: () => Promise<T>): Promise<T> {
    try {
      return await call();
    } catch (error) {
      const code = codeOf(error);
      this.session.error = code;
      throw new AuthError(code, error instanceof Error ? error.message : code);
    }
  }
}
