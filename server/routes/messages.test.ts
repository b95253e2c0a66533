import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE_PATH } from '../../src/contract/base-path.ts';
import { apiCaller, type ApiCall } from '../testing/api-caller.ts';
import { signInWithGoogle } from '../testing/emulator-accounts.ts';
import { startTestApp, type TestApp } from '../testing/test-app.ts';
import { testEngine } from '../testing/test-db.ts';

const ADMIN = 'admin-messages@example.com';
const MISSING = '00000000-0000-4000-8000-000000000000';

describe(`messages (${testEngine()})`, () => {
  let t: TestApp;
  let call: ApiCall;
  let admin: string;
  let alice: string;
  let bob: string;
  let aliceId: string;
  let bobId: string;

  beforeAll(async () => {
    t = await startTestApp({ ADMIN_EMAILS: ADMIN });
    call = apiCaller(t);
    admin = (await signInWithGoogle(t.emulatorHost, ADMIN, 'Ada Admin')).idToken;
    alice = (await signInWithGoogle(t.emulatorHost, undefined, 'Alice')).idToken;
    bob = (await signInWithGoogle(t.emulatorHost, undefined, 'Bob')).idToken;
    aliceId = (await call('POST', '/auth', alice, {})).body.user.id as string;
    bobId = (await call('POST', '/auth', bob, {})).body.user.id as string;
  });
  afterAll(() => t.close());

  const unread = async (token: string) =>
    (await call('GET', '/messages/unread', token)).body.unread as number;

  it('an announcement reaches every user, each with their own read mark', async () => {
    const [a0, b0] = [await unread(alice), await unread(bob)];
    const posted = await call('POST', '/messages/announce', admin, {
      title: 'Lab closed Friday',
      body: 'See *you* Monday',
      link: '/classroom/class',
    });
    expect(posted.status).toBe(201);
    expect(posted.body).toMatchObject({
      kind: 'announcement',
      title: 'Lab closed Friday',
      body: 'See *you* Monday',
      link: '/classroom/class',
      from: { name: 'Ada Admin' },
    });
    expect(await unread(alice)).toBe(a0 + 1);
    expect(await unread(bob)).toBe(b0 + 1);

    const read = await call('PUT', `/messages/${posted.body.id}/read`, alice, {});
    expect(read.body.read).toBe(true);
    expect(await unread(alice)).toBe(a0);
    expect(await unread(bob)).toBe(b0 + 1);
    // Reading twice changes nothing.
    expect((await call('PUT', `/messages/${posted.body.id}/read`, alice, {})).status).toBe(200);
    expect(await unread(alice)).toBe(a0);
  });

  it('events reach only their recipient, newest first, and mark all read clears them', async () => {
    const sent = await t.app.services.messages.notify({
      to: [aliceId, aliceId],
      kind: 'grade',
      params: { className: 'Robotics 1', lesson: 'Line follower', grade: 'A' },
      link: '/classroom/classd/abc',
      from: bobId,
    });
    expect(sent).toBe(1);
    await t.app.services.messages.notify({
      to: [aliceId, bobId],
      kind: 'lesson',
      params: { className: 'Robotics 1', lesson: 'Sensors' },
      link: '/classroom/lessond/x',
      from: bobId,
    });
    const list = await call('GET', '/messages?per_page=2', alice);
    expect(list.body.data.map((m: { kind: string }) => m.kind)).toEqual(['lesson', 'grade']);
    expect(list.body.data[1]).toMatchObject({
      params: { className: 'Robotics 1', lesson: 'Line follower', grade: 'A' },
      read: false,
      from: { id: bobId, name: 'Bob' },
    });
    // The sender is not told about what they did.
    const bobs = (await call('GET', '/messages', bob)).body.data as { kind: string }[];
    expect(bobs.some((m) => m.kind === 'grade' || m.kind === 'lesson')).toBe(false);
    // Bob cannot read (or mark) Alice's event.
    const aliceEvent = list.body.data[1].id as string;
    expect((await call('PUT', `/messages/${aliceEvent}/read`, bob, {})).status).toBe(404);

    const unreadOnly = await call('GET', '/messages?unread=true', alice);
    expect(unreadOnly.body.data.every((m: { read: boolean }) => !m.read)).toBe(true);
    expect(unreadOnly.body.unread).toBe(unreadOnly.body.links.pagination.total);
    expect((await call('PUT', '/messages/read-all', alice, {})).body).toEqual({ unread: 0 });
    expect(await unread(alice)).toBe(0);
    expect((await call('GET', '/messages?unread=true', alice)).body.data).toEqual([]);
  });

  it('only admins post or delete announcements; events cannot be deleted that way', async () => {
    for (const token of [alice, null]) {
      const res = await call('POST', '/messages/announce', token, { title: 'Hi' });
      expect(res.status).toBe(token ? 403 : 401);
    }
    const posted = await call('POST', '/messages/announce', admin, { title: 'Temporary' });
    expect((await call('DELETE', `/messages/${posted.body.id}`, alice)).status).toBe(403);
    expect((await call('DELETE', `/messages/${posted.body.id}`, admin)).body).toEqual({
      id: posted.body.id,
    });
    expect((await call('DELETE', `/messages/${posted.body.id}`, admin)).status).toBe(404);
    await t.app.services.messages.notify({
      to: [aliceId],
      kind: 'note',
      params: { className: 'C' },
      link: '',
    });
    const event = (await call('GET', '/messages', alice)).body.data[0];
    expect(event.kind).toBe('note');
    expect((await call('DELETE', `/messages/${event.id}`, admin)).status).toBe(404);
  });

  it('every messages route needs a token, and bad input is a 4xx', async () => {
    const routes = t.app.apiRoutes.filter((r) => r.url.startsWith(`${API_BASE_PATH}/messages`));
    expect(routes.length).toBe(6);
    expect(routes.every((r) => !r.isPublic)).toBe(true);
    for (const [method, path, body] of [
      ['POST', '/messages/announce', { title: ' ' }],
      ['POST', '/messages/announce', { title: 'x'.repeat(121) }],
      ['POST', '/messages/announce', { title: 'ok', link: 'javascript:alert(1)' }],
      ['POST', '/messages/announce', { title: 'ok', link: 'https://evil.example' }],
      ['PUT', '/messages/not-a-uuid/read', {}],
      ['PUT', `/messages/${MISSING}/read`, {}],
      ['GET', '/messages?per_page=51', undefined],
    ] as const) {
      const res = await call(method, path, admin, body);
      expect(res.status, `${method} ${path}`).toBeGreaterThanOrEqual(400);
      expect(res.status, `${method} ${path}`).toBeLessThan(500);
    }
  });
});
