import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE_PATH } from '../../src/contract/base-path.ts';
import { signUpWithPassword, type TestAccount } from '../testing/emulator-accounts.ts';
import { bearer, startTestApp, type TestApp } from '../testing/test-app.ts';

describe('/user/me (profile)', () => {
  let t: TestApp;
  let me: TestAccount;
  beforeAll(async () => {
    t = await startTestApp();
    me = await signUpWithPassword(t.emulatorHost, undefined, undefined, 'Bea');
  });
  afterAll(() => t.close());

  const put = (payload: string) =>
    t.app.inject({
      method: 'PUT',
      url: `${API_BASE_PATH}/user/me`,
      headers: { ...bearer(me.idToken), 'content-type': 'application/json' },
      payload,
    });

  it('shows the signed-in user', async () => {
    const res = await t.app.inject({
      url: `${API_BASE_PATH}/user/me`,
      headers: bearer(me.idToken),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Bea', email: me.email, providerId: 'password' });
  });

  it('saves a trimmed name and a photo URL', async () => {
    const res = await put(JSON.stringify({ name: '  Beatriz  ', photoUrl: 'https://x.org/a.png' }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Beatriz', photoUrl: 'https://x.org/a.png' });
    const again = await t.app.inject({
      url: `${API_BASE_PATH}/user/me`,
      headers: bearer(me.idToken),
    });
    expect(again.json().name).toBe('Beatriz');
  });

  it.each([
    ['a blank name', { name: '   ' }, 'body/name must not be blank'],
    ['a missing name', {}, "body must have required property 'name'"],
    ['a 101-character name', { name: 'x'.repeat(101) }, 'body/name must NOT have more than'],
    ['a name that is not text', { name: { first: 'a' } }, 'body/name must be string'],
    ['a javascript: photo URL', { name: 'B', photoUrl: 'javascript:alert(1)' }, 'http(s) URL'],
    ['a JSON array', [], 'body must be object'],
  ])('rejects %s with 400 and says why', async (_label, body, message) => {
    const res = await put(JSON.stringify(body));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'bad_request', message: expect.stringContaining(message) });
  });
});
