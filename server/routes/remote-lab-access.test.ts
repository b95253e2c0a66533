// Who may call each remote-lab route (docs/remote-lab.md "Who may do what"): every session
// and lab route, for a visitor, another user, the lab's owner (or the session's student) and
// an admin. Runs on SQLite and PostgreSQL; the broker is the embedded one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE_PATH } from '../../src/contract/base-path.ts';
import type { Lab, LabGroup, SessionAnswer } from '../../src/contract/remote-lab.ts';
import { signInWithGoogle, signUpWithPassword, uniqueEmail } from '../testing/emulator-accounts.ts';
import { createServer } from '../app.ts';
import { loadConfig } from '../config.ts';
import { bearer, startTestApp, type TestApp } from '../testing/test-app.ts';
import { mqttTestEnv } from '../testing/test-mqtt.ts';
import { testEngine } from '../testing/test-db.ts';

describe(`remote-lab routes: authorization matrix (${testEngine()})`, () => {
  const ADMIN = uniqueEmail('admin');
  let t: TestApp;
  let owner: string;
  let other: string;
  let admin: string;
  let lab: Lab;
  let group: LabGroup;
  let session: SessionAnswer;
  let student: string;

  beforeAll(async () => {
    t = await startTestApp(mqttTestEnv({ ADMIN_EMAILS: ADMIN }));
    [owner, other, student] = (await Promise.all(
      [0, 1, 2].map(async () => (await signUpWithPassword(t.emulatorHost)).idToken),
    )) as [string, string, string];
    admin = (await signInWithGoogle(t.emulatorHost, ADMIN, 'Admin')).idToken;
    lab = (
      await call(owner, 'POST', '/lab/create', {
        name: 'M',
        board_id: `MX${Date.now()}`,
        pin: '1357',
      })
    ).json();
    group = (
      await call(owner, 'POST', '/lab-group/create', { name: 'G', board_ids: [lab.board_id] })
    ).json();
    // A session of this student (made in the store: no station is needed to test who may
    // call what).
    const me = (await call(student, 'POST', '/auth', {})).json().user.id as string;
    const s = await t.app.services.remoteLab.sessions.create({
      userId: me,
      boardId: 'USB1',
      lessonUuid: null,
      method: 11,
      state: 'active',
      at: Date.now(),
    });
    session = { session_id: s.id } as SessionAnswer;
  });
  afterAll(() => t.close());

  function call(token: string | null, method: string, path: string, body?: object) {
    return t.app.inject({
      method: method as 'POST',
      url: `${API_BASE_PATH}${path}`,
      headers: token ? bearer(token) : {},
      ...(body === undefined ? {} : { payload: body }),
    });
  }

  it('turns visitors away from every session and lab route', async () => {
    const routes = t.app.apiRoutes.filter(
      (r) => /\/(session|lab|lab-group)\//.test(r.url) && !r.url.endsWith('/lab/station/connect'),
    );
    expect(routes.length).toBeGreaterThanOrEqual(17);
    for (const r of routes) {
      expect(r.isPublic, r.url).toBe(false);
      const url = r.url.replace(API_BASE_PATH, '').replace(':uuid', lab.uuid);
      const res = await call(
        null,
        r.method,
        url,
        r.method === 'GET' || r.method === 'DELETE' ? undefined : {},
      );
      expect(res.statusCode, `${r.method} ${r.url}`).toBe(401);
    }
  });

  it("keeps a lab and its group to their owner (and admins): others are told they don't exist", async () => {
    // [method, path, body, an admin may too]: a station serves its owner only.
    const reads: [string, string, object | undefined, boolean][] = [
      ['GET', `/lab/${lab.uuid}`, undefined, true],
      ['PUT', `/lab/${lab.uuid}`, { description: 'x' }, true],
      ['POST', `/lab/${lab.uuid}/station`, {}, false],
      ['POST', `/lab/${lab.uuid}/station-key`, {}, false],
      ['GET', `/lab-group/${group.uuid}`, undefined, true],
      ['PUT', `/lab-group/${group.uuid}`, { description: 'y' }, true],
    ];
    for (const [method, path, body, admins] of reads) {
      const denied = await call(other, method, path, body);
      expect(denied.statusCode, `other ${method} ${path}`).toBe(404);
      expect(denied.json().error).toMatch(/^lab(_group)?_not_found$/);
      expect((await call(owner, method, path, body)).statusCode, `owner ${method} ${path}`).toBe(
        200,
      );
      expect((await call(admin, method, path, body)).statusCode, `admin ${method} ${path}`).toBe(
        admins ? 200 : 404,
      );
    }
    // Lists show only the caller's own.
    expect((await call(other, 'GET', '/lab/browse/my')).json().data).toEqual([]);
    expect(
      (await call(owner, 'GET', '/lab/browse/my')).json().data.map((l: Lab) => l.uuid),
    ).toEqual([lab.uuid]);
    expect((await call(other, 'GET', '/lab-group/browse/my')).json().data).toEqual([]);
    // The pin never leaves the server; the access code is the owner's to share.
    const shown = (await call(owner, 'GET', `/lab/${lab.uuid}`)).body;
    expect(shown).not.toMatch(/1357|pin/i);
    for (const path of [`/lab/${lab.uuid}`, `/lab-group/${group.uuid}`]) {
      expect((await call(other, 'DELETE', path)).statusCode, `other DELETE ${path}`).toBe(404);
    }
  });

  it('lets only the student alive or end their session', async () => {
    const body = { session_id: session.session_id, session_ans: 7 };
    for (const token of [other, owner, admin]) {
      const res = await call(token, 'POST', '/session/alive', body);
      expect([res.statusCode, res.json().error]).toEqual([404, 'session_not_found']);
      const d = await call(token, 'POST', '/session/disconnect', {
        session_id: session.session_id,
      });
      expect(d.statusCode).toBe(404);
    }
    const mine = await call(student, 'POST', '/session/alive', body);
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toMatchObject({ state: 'active', connect_method: 11, answer: 7 });
    const end = await call(student, 'POST', '/session/disconnect', {
      session_id: session.session_id,
    });
    expect(end.json()).toMatchObject({ state: 'ended', end_reason: 'disconnected' });
  });

  it('lets any signed-in user try to connect, and answers bad input with 400', async () => {
    for (const token of [other, owner, admin]) {
      const r = await call(token, 'POST', '/session/connect', {
        board_id: lab.board_id,
        pin: '0000',
      });
      expect([r.statusCode, r.json().error]).toEqual([404, 'wrong_board_or_pin']);
    }
    for (const [path, body] of [
      ['/session/connect', { board_id: '', pin: '1357' }],
      ['/session/connect', { board_id: 'X', pin: '12' }],
      ['/session/code-connect', { access_code: '<script>' }],
      ['/session/alive', { session_id: 0, session_ans: 1 }],
      ['/session/alive', { session_id: 5, session_ans: 256 }],
      ['/session/disconnect', { session_id: 'abc' }],
      ['/session/cable-connect', { board_id: 'A', lesson_uuid: 'nope' }],
      ['/lab/create', { name: ' ', board_id: 'A', pin: '1234' }],
      ['/lab/create', { name: 'x', board_id: 'A+B', pin: '1234' }],
    ] as const) {
      const r = await call(other, 'POST', path, body);
      expect([r.statusCode, r.json().error], `${path} ${JSON.stringify(body)}`).toEqual([
        400,
        'bad_request',
      ]);
    }
  });

  it('gives a station grant for the right station key only', async () => {
    const key = (await call(owner, 'POST', `/lab/${lab.uuid}/station-key`, {})).json()
      .key as string;
    const wrong = await call(null, 'POST', '/lab/station/connect', {
      board_id: lab.board_id,
      key: `${key.slice(0, -1)}${key.endsWith('x') ? 'y' : 'x'}`,
    });
    expect([wrong.statusCode, wrong.json().error]).toEqual([403, 'wrong_station_key']);
    const right = await call(null, 'POST', '/lab/station/connect', { board_id: lab.board_id, key });
    expect(right.statusCode).toBe(200);
    expect(right.json()).toMatchObject({ board_id: lab.board_id, url: '/mqtt/lab' });
    // A newer key replaces the older.
    await call(owner, 'POST', `/lab/${lab.uuid}/station-key`, {});
    const old = await call(null, 'POST', '/lab/station/connect', { board_id: lab.board_id, key });
    expect(old.statusCode).toBe(403);
  });

  it('lets stations reconnect as often as they need, and stops key guessing at 10 a minute', async () => {
    const key = (await call(owner, 'POST', `/lab/${lab.uuid}/station-key`, {})).json()
      .key as string;
    const connect = (k: string) =>
      call(null, 'POST', '/lab/station/connect', { board_id: lab.board_id, key: k });
    // More than a minute's worth of guesses: right keys never use them up.
    for (let i = 0; i < 12; i++) expect((await connect(key)).statusCode).toBe(200);
    // Wrong ones, one after another (a guess is counted once it failed): refused after ten at
    // most (the suite's earlier tests guessed from this address too), plus one for every 6 s
    // the guesses took, as the limit gives one back that often.
    const started = Date.now();
    const answers: number[] = [];
    while (answers.length < 40 && !answers.includes(429)) {
      answers.push((await connect(`${key}x`)).statusCode);
    }
    const refills = Math.ceil((Date.now() - started) / 6000);
    expect(answers.at(-1)).toBe(429);
    expect(answers.slice(0, -1).every((s) => s === 403)).toBe(true);
    expect(answers.length - 1).toBeLessThanOrEqual(10 + refills);
    // While the address is limited, even the right key waits.
    const limited = await connect(key);
    expect([limited.statusCode, limited.json().error]).toEqual([429, 'too_many_requests']);
  });

  it.runIf(testEngine() === 'postgres')(
    'counts station key and pin guesses on every replica against one limit',
    async () => {
      // A second replica on the same database (its own process state, its own brokers).
      const replica = await createServer(
        loadConfig({
          LOG_LEVEL: 'silent',
          FIREBASE_AUTH_EMULATOR_HOST: t.emulatorHost,
          STATIC_DIR: '/nonexistent-gogo-dist',
          ...t.database.env,
          ...mqttTestEnv(),
        }),
      );
      try {
        await replica.ready();
        const on = (app: typeof replica, token: string | null, path: string, body: object) =>
          app.inject({
            method: 'POST',
            url: `${API_BASE_PATH}${path}`,
            headers: token ? bearer(token) : {},
            payload: body,
            remoteAddress: '203.0.113.77',
          });
        const key = (await call(owner, 'POST', `/lab/${lab.uuid}/station-key`, {})).json()
          .key as string;
        const guess = (app: typeof replica) =>
          on(app, null, '/lab/station/connect', { board_id: lab.board_id, key: `${key}x` });
        // Ten wrong keys spread over both replicas use up the address's ten a minute (all at
        // once: the limit gives one back every 6 s, which a busy machine spends on ten
        // requests one after another)...
        const answers = await Promise.all(
          Array.from(
            { length: 10 },
            async (_, i) => (await guess(i % 2 ? replica : t.app)).statusCode,
          ),
        );
        expect(answers).toEqual(Array(10).fill(403));
        // ...so each replica now refuses the eleventh, not only the one that counted more.
        for (const r of await Promise.all([guess(t.app), guess(replica)])) {
          expect([r.statusCode, r.json().error]).toEqual([429, 'too_many_requests']);
        }
        // Pins tried by one user count once too: 10 on this replica, the 11th on the other.
        const guesser = (await signUpWithPassword(t.emulatorHost)).idToken;
        expect((await on(t.app, guesser, '/auth', {})).statusCode).toBe(200);
        const pin = (app: typeof replica) =>
          on(app, guesser, '/session/connect', { board_id: lab.board_id, pin: '0000' });
        const pins = await Promise.all(Array.from({ length: 10 }, () => pin(t.app)));
        expect(pins.map((r) => r.statusCode)).not.toContain(429);
        expect((await pin(replica)).statusCode).toBe(429);
      } finally {
        await replica.close();
      }
    },
    // It starts a second server, as beforeAll does.
    60_000,
  );

  it('refuses a second lab for a board id that is taken', async () => {
    const r = await call(other, 'POST', '/lab/create', {
      name: 'Mine',
      board_id: lab.board_id,
      pin: '9999',
    });
    expect([r.statusCode, r.json().error]).toEqual([409, 'board_id_taken']);
  });
});
