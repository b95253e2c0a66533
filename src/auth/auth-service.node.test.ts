import { GoogleAuthProvider, signInWithCredential, type Auth } from 'firebase/auth';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE_PATH } from '../contract/base-path.ts';
import { ApiClient } from '../api/client.ts';
import { ApiError } from '../api/errors.ts';
import { waitForToken } from '../api/wait-for-token.ts';
import {
  deleteAccount,
  revokeSessions,
  setAccountDisabled,
  signInWithGoogle,
  uniqueEmail,
} from '../../server/testing/emulator-accounts.ts';
import type { SessionState } from '../state/session.ts';
import {
  AuthError,
  AuthService,
  TOKEN_CHECK_INTERVAL_MS,
  TOKEN_REFRESH_AFTER_MS,
} from './auth-service.ts';
import {
  emulatorAuth,
  englishI18n,
  freshSession,
  startLiveServer,
  tcpRelay,
  until,
  type LiveServer,
} from './live-server.node.ts';

const ADMIN = 'auth-service-admin@example.com';

/** A Google sign-in through the emulator (its IdP accepts an unsigned JSON id_token). */
function googleCredential(email: string, name: string) {
  const idToken = JSON.stringify({ sub: `g-${email}`, email, email_verified: true, name });
  return GoogleAuthProvider.credential(idToken);
}

describe('AuthService (Firebase JS SDK + Auth emulator + API server)', () => {
  let server: LiveServer;
  const running: { service: AuthService; auth: Auth }[] = [];
  beforeAll(async () => {
    // No token cache: a revoked sign-in is refused at once, as it is after a minute anyway.
    server = await startLiveServer({ ADMIN_EMAILS: ADMIN, TOKEN_CACHE_SECONDS: '0' });
  });
  afterEach(async () => {
    for (const { service, auth } of running.splice(0)) {
      service.stop();
      await auth.signOut();
    }
  });
  afterAll(() => server.close());

  async function setUp(
    emulatorHost = server.emulatorHost,
    beforeStart: (service: AuthService) => void = () => {},
  ) {
    const session = freshSession();
    const warnings: unknown[][] = [];
    const timers: { ms: number; fn: () => void }[] = [];
    let clock = 1_000_000;
    const api = new ApiClient({
      baseURL: server.baseURL,
      i18n: await englishI18n(),
      notify: () => {},
    });
    const auth = emulatorAuth(emulatorHost);
    const service = new AuthService({
      auth,
      api,
      session,
      now: () => clock,
      logger: { warn: (...args: unknown[]) => warnings.push(args) },
      setInterval: (fn, ms) => timers.push({ fn, ms }),
      clearInterval: () => {},
    });
    // The app's wiring (src/auth/runtime.ts): the service is the client's token source.
    api.tokens = service.tokens;
    beforeStart(service);
    service.start();
    running.push({ service, auth });
    await until(() => !session.loading);
    return {
      session,
      service,
      auth,
      api,
      warnings,
      timers,
      advance: (ms: number) => (clock += ms),
      now: () => clock,
    };
  }

  const settled = (s: SessionState) => () => s.userRole !== null;

  it('signs up with a name: stores the token, runs the product auth, sets a plain role', async () => {
    const { session, service, api } = await setUp();
    const email = uniqueEmail('signup');
    await service.signUp('  Ana Lima ', email, 'secret-123');
    expect(session.user).toMatchObject({ name: 'Ana Lima', email, providerId: 'password' });
    expect(session.idToken).toEqual(expect.any(String));
    expect(session).toMatchObject({ userRole: 'user', isAdmin: false, isModerator: false });
    // The product record carries the name given at sign-up.
    await expect(api.get('/user/me')).resolves.toMatchObject({ name: 'Ana Lima', email });
  });

  it('signs in with e-mail and password, and reports a wrong password as a code', async () => {
    const { session, service } = await setUp();
    const email = uniqueEmail('signin');
    await service.signUp('Bo', email, 'secret-123');
    await service.logout();
    const failure = await service.signIn(email, 'nope-nope').catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(AuthError);
    // The emulator still tells the two apart; production answers invalid-credential.
    expect(['invalid-credential', 'wrong-password']).toContain((failure as AuthError).code);
    expect(session.error).toBe((failure as AuthError).code);
    expect(session.user).toBeNull();
    await service.signIn(email, 'secret-123');
    expect(session.user?.email).toBe(email);
    expect(session.userRole).toBe('user');
  });

  it('sets isAdmin and isModerator for an admin', async () => {
    const { session, auth } = await setUp();
    await signInWithCredential(auth, googleCredential(ADMIN, 'The Admin'));
    await until(settled(session));
    expect(session).toMatchObject({ userRole: 'admin', isAdmin: true, isModerator: true });
    expect(session.user).toMatchObject({ name: 'The Admin', providerId: 'google.com' });
  });

  it('sets only isModerator for a moderator', async () => {
    const admin = await signInWithGoogle(server.emulatorHost, ADMIN, 'Admin');
    const email = uniqueEmail('mod');
    const created = await fetch(`${server.baseURL}/user/create`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin.idToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ email, name: 'Mo Derator', role: 'moderator' }),
    });
    expect(created.status).toBe(201);

    const { session, auth } = await setUp();
    await signInWithCredential(auth, googleCredential(email, 'Mo'));
    await until(settled(session));
    expect(session).toMatchObject({ userRole: 'moderator', isAdmin: false, isModerator: true });
  });

  it("a visitor's start is no sign-out: the projects list they loaded meanwhile stays", async () => {
    let projectsCleared = 0;
    const { session } = await setUp(server.emulatorHost, (service) =>
      service.onSignOut(() => projectsCleared++),
    );
    expect(session.user).toBeNull();
    expect(session.loading).toBe(false);
    expect(projectsCleared).toBe(0);
  });

  it('logs out: clears user, token, admin flag and role, and drops the projects list', async () => {
    const { session, service, auth, api } = await setUp();
    let projectsCleared = 0;
    service.onSignOut(() => projectsCleared++);
    // Work asked to run before the sign-out still calls the API as the user.
    const before: string[] = [];
    service.beforeSignOut(async () => {
      before.push((await api.get<{ email: string }>('/user/me')).email);
    });
    service.beforeSignOut(() => Promise.reject(new Error('a failed task does not block')));
    await signInWithCredential(auth, googleCredential(ADMIN, 'Admin'));
    await until(settled(session));
    await service.logout();
    expect(before).toEqual([ADMIN]);
    expect(session).toMatchObject({
      user: null,
      idToken: null,
      isAdmin: false,
      isModerator: false,
      userRole: null,
    });
    expect(projectsCleared).toBe(1);
    expect(auth.currentUser).toBeNull();
  });

  it('checks the token every 10 s and refreshes it only after 15 minutes', async () => {
    const { session, service, timers, advance, now, api } = await setUp();
    expect(timers.map((t) => t.ms)).toEqual([TOKEN_CHECK_INTERVAL_MS]);
    await service.signUp('Tim', uniqueEmail('token'), 'secret-123');
    const signedInAt = session.lastAuth;
    expect(signedInAt).toBe(now());

    advance(TOKEN_REFRESH_AFTER_MS);
    await service.checkToken();
    expect(session.lastAuth).toBe(signedInAt);

    advance(1);
    timers[0]?.fn();
    await until(() => session.lastAuth !== signedInAt);
    expect(session.lastAuth).toBe(now());
    await expect(api.get('/user/me')).resolves.toMatchObject({ name: 'Tim' });
  });

  it('logs a token error, clears the token, and asks to sign in again when the account is gone', async () => {
    const { session, service, warnings, advance } = await setUp();
    const email = uniqueEmail('gone');
    await service.signUp('Gone', email, 'secret-123');
    // The account disappears behind the app's back (deleted by an admin, say).
    await deleteAccount(server.emulatorHost, session.idToken ?? '');
    advance(TOKEN_REFRESH_AFTER_MS + 1);
    await service.checkToken();
    expect(session.idToken).toBeNull();
    expect(session.error).toEqual(expect.any(String));
    expect(warnings.length).toBeGreaterThan(0);
    // Not left looking signed in: signed out, and asked to sign in again.
    expect(session.user).toBeNull();
    expect(session.reauth).toEqual({ email, name: 'Gone', providerId: 'password' });
  });

  it('a sign-in the server refuses even renewed (revoked): asked to sign in again, then the waiting call goes out', async () => {
    const { session, service, auth, api } = await setUp();
    const email = uniqueEmail('revoked');
    await service.signUp('Rita', email, 'secret-123');
    const uid = auth.currentUser?.uid ?? '';
    await expect(api.get('/user/me')).resolves.toMatchObject({ email });
    // As an emulator restart or a password change elsewhere does.
    await revokeSessions(server.emulatorHost, uid);

    const waiting = api.put<{ name: string }>('/user/me', { name: 'Rita Saved' });
    // Asserted below; a failure before then is reported by the test, not as an unhandled one.
    waiting.catch(() => {});
    await until(() => session.reauth !== null);
    expect(session.reauth).toEqual({ email, name: 'Rita', providerId: 'password' });
    expect(session.user).toBeNull();
    expect(auth.currentUser).toBeNull();
    // A second call meanwhile waits for the same sign-in.
    const second = api.get<{ name: string }>('/user/me');
    second.catch(() => {});

    await service.signIn(email, 'secret-123');
    expect(session.reauth).toBeNull();
    await expect(waiting).resolves.toMatchObject({ name: 'Rita Saved' });
    await expect(second).resolves.toMatchObject({ email });
    expect(session.user?.email).toBe(email);
  });

  it('a refusal that comes back after the person signed in sends the call again with the new token', async () => {
    const { session, service } = await setUp();
    const email = uniqueEmail('late');
    await service.signUp('Lea', email, 'secret-123');
    const token = session.idToken;
    expect(token).not.toBeNull();
    // Sent before the sign-in (no token) or with an older token: refused after it.
    await expect(service.tokens.signInAgain(null)).resolves.toBe(token);
    await expect(service.tokens.signInAgain('an-older-token')).resolves.toBe(token);
    expect(session.reauth).toBeNull();
    expect(session.user?.email).toBe(email);
  });

  it('declining to sign in again leaves the person signed out, and the call refused', async () => {
    const { session, service, auth, api } = await setUp();
    const email = uniqueEmail('decline');
    await service.signUp('Dan', email, 'secret-123');
    await revokeSessions(server.emulatorHost, auth.currentUser?.uid ?? '');
    const waiting = api.get('/user/me', { quiet: true }).catch((e: unknown) => e);
    await until(() => session.reauth !== null);
    service.declineSignInAgain();
    const failure = await waiting;
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ status: 401, code: 'unauthorized' });
    expect(session).toMatchObject({ user: null, idToken: null, reauth: null });
  });

  it('a poll never asks to sign in again', async () => {
    const { session, service, auth, api } = await setUp();
    await service.signUp('Polly', uniqueEmail('poll'), 'secret-123');
    await revokeSessions(server.emulatorHost, auth.currentUser?.uid ?? '');
    await expect(api.get('/user/me', { quiet: true, noSignIn: true })).rejects.toMatchObject({
      status: 401,
    });
    expect(session.reauth).toBeNull();
  });

  it('a disabled account: Firebase ends the session itself, and the person is asked', async () => {
    const { session, service, auth, advance } = await setUp();
    const email = uniqueEmail('disabled');
    await service.signUp('Dis', email, 'secret-123');
    await setAccountDisabled(server.emulatorHost, auth.currentUser?.uid ?? '', true);
    advance(TOKEN_REFRESH_AFTER_MS + 1);
    await service.checkToken();
    expect(session.user).toBeNull();
    expect(session.reauth?.email).toBe(email);
  });

  it('a renewal that fails for want of a connection keeps the person signed in and asks nothing', async () => {
    const relay = await tcpRelay(server.emulatorHost);
    try {
      const { session, service, api, advance } = await setUp(relay.host);
      const email = uniqueEmail('cable');
      await service.signUp('Cab', email, 'secret-123');
      const before = session.lastAuth;
      await relay.cut();
      advance(TOKEN_REFRESH_AFTER_MS + 1);
      await service.checkToken();
      expect(session.error).toBe('network-request-failed');
      expect(session.idToken).toBeNull();
      expect(session.user?.email).toBe(email);
      expect(session.reauth).toBeNull();

      // Back: the next call gets a token again by itself, and so does the next check.
      await relay.restore();
      await expect(api.get('/user/me')).resolves.toMatchObject({ email });
      expect(session.idToken).toEqual(expect.any(String));
      advance(TOKEN_REFRESH_AFTER_MS + 1);
      await service.checkToken();
      expect(session.lastAuth).not.toBe(before);
    } finally {
      await relay.close();
    }
  });

  it('back online, a sign-in revoked meanwhile is found at once (reconnected)', async () => {
    const { session, service, auth } = await setUp();
    const email = uniqueEmail('back');
    await service.signUp('Bea', email, 'secret-123');
    await revokeSessions(server.emulatorHost, auth.currentUser?.uid ?? '');
    void service.reconnected();
    await until(() => session.reauth !== null);
    expect(session.reauth?.email).toBe(email);
    await service.signIn(email, 'secret-123');
    await until(() => session.userRole === 'user');
  });

  it("signs in with the emulator's stand-in Google, Facebook and Microsoft accounts, no popup", async () => {
    const { session, service } = await setUp();
    expect(service.emulated).toBe(true);
    // A stand-in Google account's e-mail is verified: ADMIN_EMAILS applies. (The same
    // Google account as googleCredential(ADMIN), which other tests here sign in with.)
    const admin = { rawId: `g-${ADMIN}`, email: ADMIN, name: 'The Admin' };
    await service.signInWithEmulatorAccount('google', admin);
    await until(settled(session));
    expect(session).toMatchObject({
      isAdmin: true,
      user: { providerId: 'google.com', email: ADMIN },
    });
    expect(await service.emulatorAccounts('google')).toContainEqual(admin);
    expect(await service.emulatorAccounts('facebook')).not.toContainEqual(
      expect.objectContaining({ email: ADMIN }),
    );

    for (const [provider, providerId] of [
      ['facebook', 'facebook.com'],
      ['microsoft', 'microsoft.com'],
    ] as const) {
      await service.logout();
      const email = uniqueEmail(provider);
      await service.signInWithEmulatorAccount(provider, {
        rawId: `${provider}-${email}`,
        email,
        name: 'Fan',
      });
      expect(session.user).toMatchObject({ providerId, email, name: 'Fan' });
      // The same stand-in account signs in as the same user again.
      const uid = session.user?.id;
      await service.logout();
      const [again] = (await service.emulatorAccounts(provider)).filter((a) => a.email === email);
      expect(again).toBeDefined();
      if (again) await service.signInWithEmulatorAccount(provider, again);
      expect(session.user?.id).toBe(uid);
    }
  });

  it("refuses a password reset without an address with 'Email can not be blnak'", async () => {
    const { service } = await setUp();
    const failure = await service.resetPassword('   ').catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(AuthError);
    expect((failure as AuthError).code).toBe('empty-email');
    expect((failure as AuthError).message).toBe('Email can not be blnak');
  });

  it('sends a password reset e-mail through the identity provider', async () => {
    const { service } = await setUp();
    const email = uniqueEmail('reset');
    await service.signUp('Reset', email, 'secret-123');
    await service.logout();
    await service.resetPassword(email);
    const codes = (await (
      await fetch(`http://${server.emulatorHost}/emulator/v1/projects/demo-gogo/oobCodes`)
    ).json()) as { oobCodes: { email: string; requestType: string }[] };
    expect(codes.oobCodes).toContainEqual(
      expect.objectContaining({ email, requestType: 'PASSWORD_RESET' }),
    );
  });

  it('returns to the remembered path after sign-in, never to an auth screen', async () => {
    const { session, service } = await setUp();
    expect(service.afterSignInPath()).toBe('/program');
    session.lastPath = '/remix/my-projects';
    expect(service.afterSignInPath()).toBe('/remix/my-projects');
    session.lastPath = '/auth/login';
    expect(service.afterSignInPath()).toBe('/program');
  });

  it('hands the API client a token once sign-in is restored', async () => {
    const { session, service } = await setUp();
    const email = uniqueEmail('wait');
    await service.signUp('Wendy', email, 'secret-123');
    const token = await waitForToken(session);
    const me = await fetch(`${server.baseURL.replace(API_BASE_PATH, '')}${API_BASE_PATH}/user/me`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(((await me.json()) as { email: string }).email).toBe(email);
  });
});
