import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE_PATH } from '../../src/contract/base-path.ts';
import { signInWithGoogle, signUpWithPassword, uniqueEmail } from '../testing/emulator-accounts.ts';
import { bearer, startTestApp, type TestApp } from '../testing/test-app.ts';

const ADMIN = 'boss@example.com';

describe('POST /auth (product auth call)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ ADMIN_EMAILS: ` Other@example.com, ${ADMIN.toUpperCase()} ` });
  });
  afterAll(() => t.close());

  const auth = (idToken: string) =>
    t.app.inject({
      method: 'POST',
      url: `${API_BASE_PATH}/auth`,
      headers: { ...bearer(idToken), 'content-type': 'application/json' },
      payload: '{}',
    });

  it('creates the user on first sight and answers a plain role', async () => {
    const email = uniqueEmail();
    const account = await signUpWithPassword(t.emulatorHost, email, 'secret-123', 'Ana Lima');
    const res = await auth(account.idToken);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ admin: false, user_role: 'user' });
    expect(body.user).toMatchObject({ name: 'Ana Lima', email, providerId: 'password' });
    expect(body.user.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
  });

  it('returns the same record on later calls', async () => {
    const account = await signUpWithPassword(t.emulatorHost);
    const first = (await auth(account.idToken)).json();
    const second = (await auth(account.idToken)).json();
    expect(second.user.id).toBe(first.user.id);
    expect(second.user.createdAt).toBe(first.user.createdAt);
  });

  it('creates exactly one record when first requests arrive together', async () => {
    const account = await signUpWithPassword(t.emulatorHost);
    const answers = await Promise.all(Array.from({ length: 8 }, () => auth(account.idToken)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(8).fill(200));
    expect(new Set(answers.map((a) => a.json().user.id)).size).toBe(1);
  });

  it('records the provider of a Google sign-in', async () => {
    const account = await signInWithGoogle(t.emulatorHost, uniqueEmail(), 'Gabi Google');
    const body = (await auth(account.idToken)).json();
    expect(body.user).toMatchObject({ name: 'Gabi Google', providerId: 'google.com' });
  });

  it('makes an ADMIN_EMAILS address admin once its e-mail is verified', async () => {
    const account = await signInWithGoogle(t.emulatorHost, ADMIN, 'The Boss', true);
    const body = (await auth(account.idToken)).json();
    expect(body).toMatchObject({ admin: true, user_role: 'admin' });
  });

  it('does not trust an unverified ADMIN_EMAILS address', async () => {
    const account = await signUpWithPassword(t.emulatorHost, 'other@example.com');
    expect((await auth(account.idToken)).json()).toMatchObject({ admin: false, user_role: 'user' });
  });

  it('rejects a body that is not JSON with 400', async () => {
    const account = await signUpWithPassword(t.emulatorHost);
    const res = await t.app.inject({
      method: 'POST',
      url: `${API_BASE_PATH}/auth`,
      headers: { ...bearer(account.idToken), 'content-type': 'application/json' },
      payload: '{"unclosed',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('bad_request');
  });
});
