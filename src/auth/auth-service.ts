// Sign-in, sign-out and the session rules of spec core §4 over the Firebase JS SDK. A
// framework-free class: it writes the session store and calls the product auth API; React
// reads the store. Firebase talks to the Auth emulator locally and a real project in
// production (src/auth/firebase.ts decides).
//
// It is also the API client's token source (src/api/session-retry.ts): each call gets
// Firebase's current token (renewed by Firebase once expired), a refused one is renewed, and
// a session the server refuses even renewed has ended: it is signed out here too and the
// person is asked to sign in again over the page they are on (session.reauth); the calls
// waiting for that go out again with the new token.
import {
  createUserWithEmailAndPassword,
  FacebookAuthProvider,
  GithubAuthProvider,
  GoogleAuthProvider,
  OAuthProvider,
  onAuthStateChanged,
  sendPasswordResetEmail,
  signInWithCredential,
  signInWithEmailAndPassword,
  signInWithPopup,
  signOut,
  TwitterAuthProvider,
  updateProfile,
  type Auth,
  type AuthProvider,
  type User as FirebaseUser,
} from 'firebase/auth';
import type { User as ApiUser } from '../contract/users.ts';
import { ApiError } from '../api/errors.ts';
import type { TokenSource } from '../api/session-retry.ts';
import { authApi, type AuthClient } from './auth-api.ts';
import { AUTH_WAIT_TIMEOUT_MS } from '../api/wait-for-token.ts';
import type { SessionState, User } from '../state/session.ts';
import { STORAGE_KEYS, writeStorage } from '../state/storage.ts';
import {
  emulatorCredential,
  emulatorUrl,
  listEmulatorAccounts,
  type EmulatorAccount,
} from './emulator-idp.ts';

/** Token check period and the age after which the token is refreshed (spec core §9). */
export const TOKEN_CHECK_INTERVAL_MS = 10_000;
export const TOKEN_REFRESH_AFTER_MS = 900_000;
/** Where sign-in lands when no earlier path was remembered (spec core §2). */
const DEFAULT_AFTER_SIGN_IN = '/program';
/** The longest a sign-out waits for the work it runs first (see beforeSignOut). */
const SIGN_OUT_TASKS_MS = 3000;

export type SocialProvider = 'google' | 'facebook' | 'microsoft' | 'github' | 'twitter';

/** Firebase's id of each social provider. */
const PROVIDER_IDS: Record<SocialProvider, string> = {
  google: 'google.com',
  facebook: 'facebook.com',
  microsoft: 'microsoft.com',
  github: 'github.com',
  twitter: 'twitter.com',
};

/** A token failure that is the network's, not the session's: the session may be fine. */
const UNREACHABLE = new Set(['network-request-failed', 'timeout', 'internal-error']);

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
interface AuthServiceDeps {
  auth: Auth;
  api: Pick<AuthClient, 'post' | 'put'>;
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
  private readonly api: ReturnType<typeof authApi>;
  private readonly session: SessionState;
  private readonly now: () => number;
  private readonly logger: Pick<Console, 'warn'>;
  private readonly signOutListeners = new Set<() => void>();
  private readonly beforeSignOutTasks = new Set<() => Promise<void>>();
  private syncing: Promise<void> | null = null;
  private syncingUid: string | null | undefined = undefined;
  private stopFns: (() => void)[] = [];
  /** True while logout() runs: that sign-out is the user's own, not an ended session. */
  private loggingOut = false;
  /** One renewal for calls refused together, and one ending of a session. */
  private renewing: Promise<string | null> | null = null;
  private ending: Promise<void> | null = null;
  /** Resolves the calls waiting for the person to sign in again (see signInAgain). */
  private reauthWaiters: ((token: string | null) => void)[] = [];

  /** The API client's token source (src/api/session-retry.ts). */
  readonly tokens: TokenSource = {
    current: () => this.currentToken(),
    renew: () => this.refreshToken(),
    signInAgain: (refused) => this.signInAgain(refused),
  };

  constructor(private readonly deps: AuthServiceDeps) {
    this.auth = deps.auth;
    this.api = authApi(deps.api);
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

  /** Runs `listener` after every sign-out of a signed-in user (e.g. to drop the cached projects list). */
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
    this.signedInAgain();
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
    this.signedInAgain();
  }

  /** Popup sign-in with a real provider (a real Firebase project; needs the internet). */
  async signInWith(provider: SocialProvider): Promise<void> {
    const credential = await this.guard(() => signInWithPopup(this.auth, socialProvider(provider)));
    await this.sync(credential.user);
    this.signedInAgain();
  }

  /**
   * True when sign-in runs on the Auth emulator: social sign-in then picks one of the
   * emulator's stand-in accounts in the app (emulator-idp.ts) instead of a popup.
   */
  get emulated(): boolean {
    return emulatorUrl(this.auth) !== null;
  }

  /** The emulator's stand-in accounts of a provider (empty with a real project). */
  emulatorAccounts(provider: SocialProvider): Promise<EmulatorAccount[]> {
    return listEmulatorAccounts(this.auth, PROVIDER_IDS[provider]);
  }

  /** Signs in with one of the emulator's stand-in accounts (new or listed): no internet. */
  async signInWithEmulatorAccount(
    provider: SocialProvider,
    account: EmulatorAccount,
  ): Promise<void> {
    const credential = await this.guard(() =>
      signInWithCredential(this.auth, emulatorCredential(PROVIDER_IDS[provider], account)),
    );
    await this.sync(credential.user);
    this.signedInAgain();
  }

  /** Sends a password-reset e-mail; an empty address is refused before asking Firebase. */
  async resetPassword(email: string): Promise<void> {
    if (email.trim() === '') throw new AuthError('empty-email', 'Email can not be blnak');
    await this.guard(() => sendPasswordResetEmail(this.auth, email.trim()));
  }

  async logout(): Promise<void> {
    this.loggingOut = true;
    this.declineSignInAgain();
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
      this.loggingOut = false;
    }
  }

  /** Saves the user's display name in the product and in their Firebase profile. */
  async updateName(name: string): Promise<ApiUser> {
    const saved = await this.api.updateName(name.trim());
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

  /**
   * The token for the next API call: Firebase's current one, which Firebase renews itself
   * once it has expired (after a night offline, a laptop's sleep). While sign-in is being
   * restored it waits, at most 5000 ms (spec core §4). Null for a visitor, or when no token
   * can be had now (the failure is handled as in refreshToken).
   */
  async currentToken(): Promise<string | null> {
    if (this.session.loading) {
      let timer: ReturnType<typeof setTimeout> | undefined;
      await Promise.race([
        this.auth.authStateReady(),
        new Promise((resolve) => (timer = setTimeout(resolve, AUTH_WAIT_TIMEOUT_MS))),
      ]);
      clearTimeout(timer);
    }
    const user = this.auth.currentUser;
    if (!user) return null;
    try {
      const token = await user.getIdToken();
      if (token !== this.session.idToken) this.storeToken(token);
      return token;
    } catch (error) {
      return this.tokenFailed(error);
    }
  }

  /**
   * Forces a new ID token (the 15-minute check, and the API client after a 401). Null when
   * none can be had: the sign-in service cannot be reached (the session stays), or the
   * session has ended (then the person is asked to sign in again).
   */
  refreshToken(): Promise<string | null> {
    // Calls refused together share one renewal.
    this.renewing ??= this.renew().finally(() => {
      this.renewing = null;
    });
    return this.renewing;
  }

  private async renew(): Promise<string | null> {
    const user = this.auth.currentUser;
    if (!user) return null;
    try {
      this.storeToken(await user.getIdToken(true));
      return this.session.idToken;
    } catch (error) {
      return this.tokenFailed(error);
    }
  }

  /**
   * The server can be reached again (after offline mode): a fresh token, and the product auth
   * check run again, so a session that ended meanwhile (revoked, or an emulator restart) is
   * found now and the person asked to sign in again, not at their next save.
   */
  async reconnected(): Promise<void> {
    const user = this.auth.currentUser;
    if (!user || (await this.refreshToken()) === null) return;
    try {
      const answer = await this.api.signIn({ quiet: true });
      this.applyRole(answer.admin, answer.user_role);
    } catch {
      // Refused: the API client has asked to sign in again; unreachable: tried next time.
    }
  }

  /**
   * The server refused the session's token even renewed (`refused`): the session has
   * ended, so it ends here too and the person is asked to sign in again in place. Resolves
   * the new token once they have, or null when they decline or there is nobody to ask (a
   * visitor, or a renewal that failed only for want of a connection).
   */
  async signInAgain(refused: string | null): Promise<string | null> {
    if (this.ending) {
      await this.ending;
    } else if (this.auth.currentUser) {
      // Only the newest token's refusal says the session is gone. A call refused with an
      // older token, or with none, went out before the person (re)signed in: it goes out
      // again with the session's token (its refusal can come back after the sign-in).
      if (refused !== this.session.idToken) return this.session.idToken;
      await this.endSession();
    }
    if (!this.session.reauth) return null;
    return new Promise((resolve) => this.reauthWaiters.push(resolve));
  }

  /** The person closed the "Sign in again" dialog: they stay signed out. */
  declineSignInAgain(): void {
    this.session.reauth = null;
    for (const resolve of this.reauthWaiters.splice(0)) resolve(null);
  }

  /** After a sign-in: the waiting calls go out with the new token. */
  private signedInAgain(): void {
    this.session.reauth = null;
    const token = this.session.idToken;
    for (const resolve of this.reauthWaiters.splice(0)) resolve(token);
  }

  /**
   * A token could not be had. Logged and cleared (spec core §8); a failure of the network
   * keeps the user signed in (the next call tries again), any other one means the session
   * is gone (Firebase refused the refresh token: revoked, disabled, deleted).
   */
  private async tokenFailed(error: unknown): Promise<null> {
    this.logger.warn('auth: token refresh failed', error);
    const code = codeOf(error);
    this.session.error = code;
    this.storeToken(null);
    if (!UNREACHABLE.has(code)) await this.endSession();
    return null;
  }

  /** The session ended without the user signing out: sign out here and ask again. */
  private endSession(): Promise<void> {
    this.ending ??= (async () => {
      const user = this.session.user;
      if (user) {
        this.session.reauth = { email: user.email, name: user.name, providerId: user.providerId };
      }
      try {
        await signOut(this.auth);
      } finally {
        await this.sync(null);
        this.ending = null;
      }
    })();
    return this.ending;
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
      // This call is the sign-in: refused, it fails here and never waits for a sign-in
      // again, which would wait for this one to finish.
      const answer = await this.api.signIn({ noSignIn: true });
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
    const user = this.session.user;
    // Firebase ended a session by itself (its refresh refused): ask to sign in again.
    if (user && !this.loggingOut && !this.session.reauth) {
      this.session.reauth = { email: user.email, name: user.name, providerId: user.providerId };
    }
    this.session.user = null;
    this.session.loading = false;
    this.storeToken(null);
    this.session.lastAuth = 0;
    this.applyRole(false, null);
    this.syncingUid = null;
    this.syncing = Promise.resolve();
    // Firebase's first answer for a visitor ("nobody") is no sign-out: what the page loaded
    // for them meanwhile (a public list) stays.
    if (user) for (const listener of this.signOutListeners) listener();
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
