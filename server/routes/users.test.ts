import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE_PATH } from '../../src/contract/base-path.ts';
import { signInWithGoogle, signUpWithPassword, uniqueEmail } from '../testing/emulator-accounts.ts';
import { bearer, startTestApp, type TestApp } from '../testing/test-app.ts';
import { FIRST_OF_THREE_BY_TWO } from '../testing/pagination.ts';

const ADMIN = 'admin-users@example.com';

describe('user management API (admin only)', () => {
  let t: TestApp;
  let adminToken: string;
  let adminId: string;

  beforeAll(async () => {
    t = await startTestApp({ ADMIN_EMAILS: ADMIN });
    adminToken = (await signInWithGoogle(t.emulatorHost, ADMIN, 'Admin')).idToken;
    adminId = (await post('/auth', {})).json().user.id;
  });
  afterAll(() => t.close());

  function post(path: string, body: unknown, token = adminToken) {
    return t.app.inject({
      method: 'POST',
      url: `${API_BASE_PATH}${path}`,
      headers: { ...bearer(token), 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });
  }
  const browse = (query: string) =>
    t.app.inject({ url: `${API_BASE_PATH}/user/browse?${query}`, headers: bearer(adminToken) });

  it('creates a user, refuses a second one with the same e-mail, and lists it', async () => {
    const email = uniqueEmail('made');
    const created = await post('/user/create', { email, name: 'Made By Admin', role: 'teacher' });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ email, name: 'Made By Admin', role: 'teacher' });

    const again = await post('/user/create', { email: email.toUpperCase(), name: 'Twin' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('email_exists');

    const list = (await browse(`query=${encodeURIComponent(email)}`)).json();
    expect(list.data.map((u: { email: string }) => u.email)).toEqual([email]);
    expect(list.links.pagination).toMatchObject({ total: 1, current_page: 1, from: 1, to: 1 });
  });

  it('gives an invited user their record and role when they first sign in', async () => {
    const email = uniqueEmail('invited');
    await post('/user/create', { email, name: 'Invited', role: 'moderator' });
    const account = await signInWithGoogle(t.emulatorHost, email, 'Invited Person');
    const me = (await post('/auth', {}, account.idToken)).json();
    expect(me).toMatchObject({ admin: false, user_role: 'moderator' });
    expect(me.user.name).toBe('Invited');
  });

  it('pages and sorts the list', async () => {
    const tag = `pg${Date.now()}`;
    for (const n of ['c', 'a', 'b']) {
      await post('/user/create', { email: uniqueEmail(`${tag}-${n}`), name: `${tag} ${n}` });
    }
    const page1 = (await browse(`query=${tag}&per_page=2&page=1&sort=name|desc`)).json();
    expect(page1.data.map((u: { name: string }) => u.name)).toEqual([`${tag} c`, `${tag} b`]);
    expect(page1.links.pagination).toEqual(FIRST_OF_THREE_BY_TWO);
    const page2 = (await browse(`filter=${tag}&per_page=2&page=2&sort=name|desc`)).json();
    expect(page2.data.map((u: { name: string }) => u.name)).toEqual([`${tag} a`]);
    expect(page2.links.pagination).toMatchObject({ from: 3, to: 3 });
  });

  it('sorts by several columns and refuses a column it does not know', async () => {
    const tag = `ms${Date.now()}`;
    for (const [n, role] of [
      ['a', 'teacher'],
      ['b', 'user'],
      ['c', 'teacher'],
    ]) {
      await post('/user/create', { email: uniqueEmail(`${tag}-${n}`), name: `${tag} ${n}`, role });
    }
    const res = (await browse(`filter=${tag}&sort=role|asc,name|desc`)).json();
    expect(res.data.map((u: { name: string }) => u.name)).toEqual([
      `${tag} c`,
      `${tag} a`,
      `${tag} b`,
    ]);
    const bad = await browse('sort=password|asc');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('sort');
    expect((await browse('sort=name|sideways')).statusCode).toBe(400);
  });

  it('treats search text literally, not as SQL wildcards', async () => {
    await post('/user/create', { email: uniqueEmail('pct'), name: 'Hundred 100% Sure' });
    const res = (await browse(`query=${encodeURIComponent('0% S')}`)).json();
    expect(res.data.map((u: { name: string }) => u.name)).toEqual(['Hundred 100% Sure']);
    expect((await browse(`query=${encodeURIComponent('_%_')}`)).json().data).toEqual([]);
  });

  it('updates and deletes a user, then reports it missing', async () => {
    const email = uniqueEmail('temp');
    const { id } = (await post('/user/create', { email, name: 'Temp' })).json();
    const updated = await post('/user/update', { id, name: 'Temporary', role: 'moderator' });
    expect(updated.json()).toMatchObject({ id, name: 'Temporary', role: 'moderator', email });
    expect((await post('/user/delete', { id })).json()).toEqual({ id });
    const gone = await post('/user/update', { id, name: 'Ghost' });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().error).toBe('user_not_found');
    expect((await post('/user/delete', { id })).statusCode).toBe(404);
  });

  it('does not let an admin delete or demote their own account', async () => {
    const demote = await post('/user/update', { id: adminId, role: 'user' });
    expect(demote.statusCode).toBe(409);
    expect(demote.json().error).toBe('own_account');
    expect((await post('/user/delete', { id: adminId })).statusCode).toBe(409);
    expect((await post('/user/update', { id: adminId, name: 'Still Admin' })).statusCode).toBe(200);
  });

  it('refuses a moderator (403): user management is admin only', async () => {
    const email = uniqueEmail('mod');
    await post('/user/create', { email, name: 'Mod', role: 'moderator' });
    const mod = await signInWithGoogle(t.emulatorHost, email, 'Mod');
    expect(
      (await post('/user/create', { email: uniqueEmail(), name: 'X' }, mod.idToken)).statusCode,
    ).toBe(403);
  });

  const id = '6f1c1e5e-0b7a-4d8e-9a53-8d2b8a0c1f00';
  it.each([
    ['/user/create', { name: 'No Mail' }, "must have required property 'email'"],
    ['/user/create', { email: 'not-an-email', name: 'X' }, 'body/email must match format "email"'],
    ['/user/create', { email: 'a@b.co', name: 'X', role: 'emperor' }, 'body/role'],
    ['/user/create', 'just text', 'body must be object'],
    ['/user/update', { id: 'ABC', name: 'X' }, 'body/id must be a 36-character lowercase UUID'],
    ['/user/update', { id: id.toUpperCase() }, 'lowercase UUID'],
    ['/user/update', { id, name: '' }, 'body/name must NOT have fewer than 1 characters'],
    ['/user/delete', {}, "must have required property 'id'"],
    ['/user/delete', { id: 42 }, 'body/id'],
  ])('answers 400 (not 500) to POST %s with %j', async (path, body, message) => {
    const res = await post(path, body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'bad_request', message: expect.stringContaining(message) });
  });

  it.each([
    ['page=0', 'querystring/page must be >= 1'],
    ['per_page=1000', 'querystring/per_page must be <= 100'],
    ['page=two', 'querystring/page must be integer'],
  ])('answers 400 to GET /user/browse?%s', async (query, message) => {
    const res = await browse(query);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
  });

  it('answers an injected sort with a 400, never a 500', async () => {
    const res = await browse('sort=password|desc,name|asc;drop');
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('bad_request');
  });

  it('lets a plain user see only their own profile, not the list', async () => {
    const plain = await signUpWithPassword(t.emulatorHost);
    const res = await t.app.inject({
      url: `${API_BASE_PATH}/user/browse`,
      headers: bearer(plain.idToken),
    });
    expect(res.statusCode).toBe(403);
  });
});
