import { GoogleAuthProvider, signInWithCredential, type Auth } from 'firebase/auth';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE_PATH } from '../contract/base-path.ts';
import { ApiClient } from '../api/client.ts';
import { waitForToken } from '../api/wait-for-token.ts';
import { signInWithGoogle, uniqueEmail } from '../../server/testing/emulator-accounts.ts';
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
    server = await startLiveServer({ ADMIN_EMAILS: ADMIN });
  });
  afterEach(async () => {
    for (const { service, auth } of running.splice(0)) {
      service.stop();
      await auth.signOut();
    }
  });
  afterAll(() => server.close());

  async function setUp() {
    const session = freshSession();
    const warnings: unknown[][] = [];
    const timers: { ms: number; fn: () => void }[] = [];
    let clock = 1_000_000;
    const api = new ApiClient({
      baseURL: server.baseURL,
      getToken: () => waitForToken(session),
      i18n: await englishI18n(),
      notify: () => {},
    });
    const auth = emulatorAuth(server.emulatorHost);
    const service = new AuthService({
      auth,
      api,
      session,
      now: () => clock,
      logger: { warn: (...args: unknown[]) => warnings.push(args) },
      setInterval: (fn, ms) => timers.push({ fn, ms }),
      clearInterval: () => {},
    });
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

  it('logs a token error and clears the token', async () => {
    const { session, service, warnings, advance } = await setUp();
    const email = uniqueEmail('gone');
    await service.signUp('Gone', email, 'secret-123');
    // The account disappears behind the app's back (deleted by an admin, say).
    const res = await fetch(
      `http://${server.emulatorHost}/identitytoolkit.googleapis.com/v1/accounts:delete?key=demo-api-key`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ idToken: session.idToken }),
      },
    );
    expect(res.ok).toBe(true);
    advance(TOKEN_REFRESH_AFTER_MS + 1);
    await service.checkToken();
    expect(session.idToken).toBeNull();
    expect(session.error).toEqual(expect.any(String));
    expect(warnings.length).toBeGreaterThan(0);
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
