// The live classroom through the real server, its event bus and a real broker (aedes, or
// Mosquitto with dynamic security): the session, members' event streams, broker logins and
// their topic rights, leading the class (stop, eyes on me, hands up, hand out, broadcast),
// comments, a student removed mid-session, the end of the session; and who may call what
// (another class's teacher, a student, a removed student, anonymous).
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE_PATH } from '../../src/contract/base-path.ts';
import {
  liveTopics,
  type Comment,
  type LiveEvent,
  type LiveLogin,
  type LiveState,
} from '../../src/contract/live-class.ts';
import { apiCaller, type ApiCall, type Method } from '../testing/api-caller.ts';
import { signInWithGoogle, uniqueEmail } from '../testing/emulator-accounts.ts';
import { brokerUrl, mqttTestEnv, testBroker } from '../testing/test-mqtt.ts';
import { startTestApp, type TestApp } from '../testing/test-app.ts';
import { testEngine } from '../testing/test-db.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until<T>(
  f: () => T | Promise<T>,
  what: string,
  ms = 30_000,
): Promise<NonNullable<T>> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await f();
    if (v) return v as NonNullable<T>;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(20);
  }
}

/** A member's event stream, read with fetch as the app reads it. */
class Stream {
  readonly events: LiveEvent[] = [];
  ended = false;
  status = 0;
  private readonly abort = new AbortController();

  constructor(origin: string, classUuid: string, token: string) {
    void this.read(`${origin}${API_BASE_PATH}/class/${classUuid}/live/events`, token);
  }

  private async read(url: string, token: string) {
    try {
      const res = await fetch(url, {
        headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' },
        signal: this.abort.signal,
      });
      this.status = res.status;
      if (!res.body) return;
      const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
      let buffer = '';
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        buffer += value;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const data = buffer
            .slice(0, end)
            .split('\n')
            .filter((l) => l.startsWith('data:'))
            .map((l) => l.slice(5).trim())
            .join('');
          buffer = buffer.slice(end + 2);
          if (data) this.events.push(JSON.parse(data) as LiveEvent);
        }
      }
    } catch {
      // Aborted.
    } finally {
      this.ended = true;
    }
  }

  /** The newest state it carried. */
  state(): LiveState | null {
    for (let i = this.events.length - 1; i >= 0; i--) {
      const e = this.events[i];
      if (e?.type === 'state') return e.state;
    }
    return null;
  }

  of<T extends LiveEvent['type']>(type: T): Extract<LiveEvent, { type: T }>[] {
    return this.events.filter((e): e is Extract<LiveEvent, { type: T }> => e.type === type);
  }

  close() {
    this.abort.abort();
  }
}

describe(`live classroom (${testEngine()}, ${testBroker()})`, () => {
  let t: TestApp;
  let origin: string;
  let call: ApiCall;
  const tok: Record<string, string> = {};
  const mail: Record<string, string> = {};
  let cls: string;
  let lesson: string;
  let otherCls: string;
  const streams: Stream[] = [];
  const clients: MqttClient[] = [];

  const as = async <T>(who: string, method: Method, path: string, body?: unknown) => {
    const res = await call(method, path, tok[who] ?? null, body);
    return { status: res.status, body: res.body as T };
  };
  const stream = (who: string) => {
    const s = new Stream(origin, cls, tok[who] ?? '');
    streams.push(s);
    return s;
  };
  const connect = async (login: LiveLogin, will?: { topic: string; payload: string }) => {
    const c = await mqtt.connectAsync(brokerUrl(login.url, origin), {
      username: login.username,
      password: login.password,
      reconnectPeriod: 0,
      connectTimeout: 5000,
      ...(will ? { will: { ...will, qos: 0, retain: false } } : {}),
    });
    clients.push(c);
    return c;
  };

  beforeAll(async () => {
    t = await startTestApp(mqttTestEnv());
    origin = await t.app.listen({ host: '127.0.0.1', port: 0 });
    call = apiCaller(t);
    for (const who of ['teacher', 'other', 'ann', 'bob', 'gone']) {
      mail[who] = uniqueEmail(who);
      tok[who] = (await signInWithGoogle(t.emulatorHost, mail[who], who.toUpperCase())).idToken;
    }
    cls = (await as<{ uuid: string }>('teacher', 'POST', '/class/create', { name: 'Live' })).body
      .uuid;
    lesson = (await as<{ uuid: string }>('teacher', 'POST', '/lesson/create', { name: 'L' })).body
      .uuid;
    await as('teacher', 'POST', `/class/${cls}/add-lesson`, { lessons: [lesson] });
    await as('teacher', 'POST', `/class/${cls}/people/add`, {
      type: 'student',
      people: ['ann', 'bob', 'gone'].map((w) => ({ email: mail[w] })),
    });
    await as('teacher', 'PUT', `/class/${cls}/people/delete/student`, { emails: [mail.gone] });
    otherCls = (await as<{ uuid: string }>('other', 'POST', '/class/create', { name: 'Other' }))
      .body.uuid;
  });
  afterAll(async () => {
    for (const s of streams) s.close();
    await Promise.all(clients.map((c) => c.endAsync(true)));
    await t.close();
  });

  it('is off until a teacher starts it; students cannot log in to the broker meanwhile', async () => {
    const state = await as<LiveState>('ann', 'GET', `/class/${cls}/live`);
    expect(state.status).toBe(200);
    expect(state.body).toMatchObject({ active: false, watching: false, role: 'student', me: null });
    const join = await as<{ error: string }>('ann', 'POST', `/class/${cls}/live/join`, {});
    expect(join.status).toBe(409);
    expect(join.body.error).toBe('live_not_active');
  });

  it('runs a live class: streams, broker topics, leading tools, comments, removal, end', async () => {
    const started = await as<LiveState>('teacher', 'PUT', `/class/${cls}/live/start`, {});
    expect(started.body).toMatchObject({ active: true, role: 'teacher' });
    expect(started.body.students.map((s) => s.email).sort()).toEqual([mail.ann, mail.bob].sort());
    const teacherStream = stream('teacher');
    const ann = stream('ann');
    const bob = stream('bob');
    // The teacher's open view makes the class watched; the students see it.
    await until(() => ann.state()?.watching && bob.state()?.watching, 'watching');
    const annState = ann.state();
    expect(annState?.students).toEqual([]);
    const annKey = annState?.me?.key ?? '';
    const bobKey = bob.state()?.me?.key ?? '';
    expect(annKey).not.toBe('');
    expect(annKey).not.toBe(bobKey);
    expect(started.body.students.find((s) => s.email === mail.ann)?.key).toBe(annKey);

    // Broker: the student publishes its own topics only; the teacher reads them all.
    const tLogin = (await as<LiveLogin>('teacher', 'POST', `/class/${cls}/live/join`, {})).body;
    const aLogin = (await as<LiveLogin>('ann', 'POST', `/class/${cls}/live/join`, {})).body;
    const bLogin = (await as<LiveLogin>('bob', 'POST', `/class/${cls}/live/join`, {})).body;
    expect(aLogin).toMatchObject({ role: 'student', key: annKey, base: tLogin.base });
    const topics = liveTopics(tLogin.base);
    const teacherMqtt = await connect(tLogin);
    const got: { topic: string; text: string }[] = [];
    teacherMqtt.on('message', (topic, payload) => got.push({ topic, text: payload.toString() }));
    const granted = await teacherMqtt.subscribeAsync(topics.anyStudent);
    expect(granted[0]?.qos).not.toBe(128);
    const annMqtt = await connect(aLogin);
    const bobMqtt = await connect(bLogin, {
      topic: topics.board(bobKey),
      payload: '{"gone":true}',
    });
    const annGot: string[] = [];
    annMqtt.on('message', (topic) => annGot.push(topic));
    // A student may not read classmates' topics.
    const refused = await annMqtt.subscribeAsync(topics.anyStudent).catch(() => [{ qos: 128 }]);
    expect(refused[0]?.qos).toBe(128);
    await annMqtt.subscribeAsync([topics.sync, topics.broadcast]);
    await annMqtt.publishAsync(topics.program(annKey), '{"seq":1}');
    await until(() => got.find((g) => g.topic === topics.program(annKey)), 'ann program');
    // Publishing as a classmate does not arrive (and may cost the connection).
    await annMqtt.publishAsync(topics.board(bobKey), '{"forged":true}').catch(() => {});
    await bobMqtt.publishAsync(topics.board(bobKey), '{"seq":1}');
    await until(() => got.find((g) => g.topic === topics.board(bobKey)), 'bob board');
    expect(got.filter((g) => g.text.includes('forged'))).toEqual([]);
    expect(annGot).toEqual([]);
    // The teacher's sync request reaches the students.
    const annSync = await connect(aLogin);
    const syncs: string[] = [];
    annSync.on('message', (topic) => syncs.push(topic));
    await annSync.subscribeAsync(topics.sync);
    await teacherMqtt.publishAsync(topics.sync, '{}');
    await until(() => syncs.length > 0, 'sync');

    // Stop one board, then all: each student's stream carries the stops that name them.
    const one = await as<{ id: string }>('teacher', 'PUT', `/class/${cls}/live/stop`, {
      emails: [mail.ann],
    });
    expect(one.status).toBe(200);
    const all = await as<{ id: string }>('teacher', 'PUT', `/class/${cls}/live/stop`, {});
    await until(() => bob.of('stop').length > 0 && ann.of('stop').length > 1, 'stops');
    expect(ann.of('stop').map((s) => s.id)).toEqual([one.body.id, all.body.id]);
    expect(bob.of('stop').map((s) => s.id)).toEqual([all.body.id]);
    const stranger = await as<{ error: string }>('teacher', 'PUT', `/class/${cls}/live/stop`, {
      emails: [mail.other],
    });
    expect(stranger.body.error).toBe('not_a_member');

    // Eyes on me, extended and ended.
    await as('teacher', 'PUT', `/class/${cls}/live/eyes`, { message: 'Look up', minutes: 5 });
    await until(() => ann.state()?.eyes?.message === 'Look up', 'eyes');
    const until5 = ann.state()?.eyes?.until ?? 0;
    expect(until5 - Date.now()).toBeGreaterThan(4 * 60_000);
    await as('teacher', 'PUT', `/class/${cls}/live/eyes`, { message: 'Look up', minutes: 10 });
    await until(() => (ann.state()?.eyes?.until ?? 0) > until5 + 60_000, 'eyes extended');
    await as('teacher', 'PUT', `/class/${cls}/live/eyes`, { message: '', minutes: 0 });
    await until(() => ann.state()?.eyes === null, 'eyes ended');

    // Broadcast on and off.
    await as('teacher', 'PUT', `/class/${cls}/live/broadcast`, { on: true, name: 'Demo' });
    await until(() => bob.state()?.broadcast?.name === 'Demo', 'broadcast');
    await as('teacher', 'PUT', `/class/${cls}/live/broadcast`, { on: false });
    await until(() => bob.state()?.broadcast === null, 'broadcast off');

    // Hands up: the teacher sees the queue in order; each student sees their own hand.
    await as('bob', 'PUT', `/class/${cls}/live/hand`, { up: true, luuid: lesson });
    await as('ann', 'PUT', `/class/${cls}/live/hand`, { up: true });
    await until(() => teacherStream.state()?.hands.length === 2, 'queue');
    expect(teacherStream.state()?.hands.map((h) => [h.email, h.luuid])).toEqual([
      [mail.bob, lesson],
      [mail.ann, null],
    ]);
    await until(() => ann.state()?.hands.length === 1, 'ann hand');
    expect(ann.state()?.hands.map((h) => h.email)).toEqual([mail.ann]);
    await as('teacher', 'PUT', `/class/${cls}/live/hand/resolve`, { email: mail.bob });
    await until(() => bob.state()?.hands.length === 0, 'resolved on the student side');
    // The teacher's stream hears it on its own, maybe after the student's.
    await until(() => teacherStream.state()?.hands.length === 1, 'resolved for the teacher');
    expect(teacherStream.state()?.hands.map((h) => h.email)).toEqual([mail.ann]);

    // Hand out to one student.
    const code = '<xml xmlns="https://developers.google.com/blockly/xml"></xml>';
    await as('teacher', 'PUT', `/class/${cls}/live/handout`, {
      code,
      name: 'Starter',
      emails: [mail.bob],
    });
    await until(() => bob.of('handout').length === 1, 'handout');
    expect(bob.of('handout')[0]).toMatchObject({ code, name: 'Starter', by: 'TEACHER' });
    expect(ann.of('handout')).toEqual([]);

    // A comment on a block reaches that student, who resolves it.
    const posted = await as<Comment>('teacher', 'POST', `/class/${cls}/comments`, {
      luuid: lesson,
      user_email: mail.ann,
      anchor: { kind: 'block', block: 'abc' },
      text: 'Check this loop',
    });
    expect(posted.status).toBe(201);
    await until(() => ann.of('comment').length === 1, 'comment');
    expect(bob.of('comment')).toEqual([]);
    const list = await as<{ data: Comment[] }>(
      'ann',
      'GET',
      `/class/${cls}/comments?luuid=${lesson}`,
    );
    expect(list.body.data.map((c) => [c.text, c.anchor])).toEqual([
      ['Check this loop', { kind: 'block', block: 'abc' }],
    ]);
    const peek = await as(
      'bob',
      'GET',
      `/class/${cls}/comments?luuid=${lesson}&user_email=${mail.ann}`,
    );
    expect(peek.status).toBe(403);
    const bobResolves = await as(
      'bob',
      'PUT',
      `/class/${cls}/comments/${posted.body.id}/resolve`,
      {},
    );
    expect(bobResolves.status).toBe(404);
    const resolved = await as<Comment>(
      'ann',
      'PUT',
      `/class/${cls}/comments/${posted.body.id}/resolve`,
      {},
    );
    expect(resolved.body.resolvedAt).not.toBeNull();
    await until(() => teacherStream.of('comment').some((c) => c.comment.resolvedAt), 'resolved');

    // Bob is removed mid-session: his stream says so and ends, his broker login goes.
    await as('teacher', 'PUT', `/class/${cls}/people/delete/student`, { emails: [mail.bob] });
    await until(() => bob.of('removed').length === 1 && bob.ended, 'removed');
    await until(() => teacherStream.of('roster').length > 0, 'roster');
    expect((await as('bob', 'GET', `/class/${cls}/live`)).status).toBe(404);
    await until(() => !bobMqtt.connected || testBroker() === 'mosquitto', 'bob disconnected');
    await expect(
      mqtt.connectAsync(brokerUrl(bLogin.url, origin), {
        username: bLogin.username,
        password: bLogin.password,
        reconnectPeriod: 0,
        connectTimeout: 3000,
      }),
    ).rejects.toThrow();

    // The end: nothing of the session is left; logins stop working.
    await as('teacher', 'PUT', `/class/${cls}/live/end`, {});
    await until(() => ann.state()?.active === false, 'ended');
    const after = await as<LiveState>('teacher', 'GET', `/class/${cls}/live`);
    expect(after.body).toMatchObject({ active: false, hands: [], eyes: null, broadcast: null });
    await expect(
      mqtt.connectAsync(brokerUrl(aLogin.url, origin), {
        username: aLogin.username,
        password: aLogin.password,
        reconnectPeriod: 0,
        connectTimeout: 3000,
      }),
    ).rejects.toThrow();
    // The comment is feedback: it stays.
    const kept = await as<{ data: Comment[] }>(
      'teacher',
      'GET',
      `/class/${cls}/comments?luuid=${lesson}&user_email=${mail.ann}`,
    );
    expect(kept.body.data).toHaveLength(1);
  });

  it('answers only the class: another teacher, a removed student and anonymous callers are refused', async () => {
    await as('teacher', 'PUT', `/class/${cls}/live/start`, {});
    const comment = await as<Comment>('teacher', 'POST', `/class/${cls}/comments`, {
      luuid: lesson,
      user_email: mail.ann,
      anchor: { kind: 'line', line: 3 },
      text: 'Line three',
    });
    expect(comment.status).toBe(201);
    type Row = [Method, string, unknown, Record<string, number>];
    const T = { teacher: 200, ann: 403, other: 404, gone: 404 };
    const rows: Row[] = [
      ['GET', `/class/${cls}/live`, undefined, { teacher: 200, ann: 200, other: 404, gone: 404 }],
      ['PUT', `/class/${cls}/live/start`, {}, T],
      ['POST', `/class/${cls}/live/join`, {}, { teacher: 200, ann: 200, other: 404, gone: 404 }],
      ['PUT', `/class/${cls}/live/stop`, {}, T],
      ['PUT', `/class/${cls}/live/eyes`, { message: 'x', minutes: 1 }, T],
      ['PUT', `/class/${cls}/live/broadcast`, { on: false }, T],
      ['PUT', `/class/${cls}/live/handout`, { code: '<xml/>', name: 'x' }, T],
      [
        'PUT',
        `/class/${cls}/live/hand`,
        { up: false },
        { teacher: 403, ann: 200, other: 404, gone: 404 },
      ],
      ['PUT', `/class/${cls}/live/hand/resolve`, { email: mail.ann }, T],
      [
        'GET',
        `/class/${cls}/comments?luuid=${lesson}&user_email=${mail.ann}`,
        undefined,
        { teacher: 200, ann: 200, other: 404, gone: 404 },
      ],
      [
        'POST',
        `/class/${cls}/comments`,
        { luuid: lesson, user_email: mail.ann, anchor: { kind: 'line', line: 1 }, text: 'x' },
        { teacher: 201, ann: 403, other: 404, gone: 404 },
      ],
      [
        'PUT',
        `/class/${cls}/comments/${comment.body.id}/resolve`,
        {},
        { teacher: 200, ann: 200, other: 404, gone: 404 },
      ],
      ['PUT', `/class/${cls}/live/end`, {}, T],
    ];
    for (const [method, path, body, expected] of rows) {
      expect((await call(method, path, null, body)).status, `anonymous ${method} ${path}`).toBe(
        401,
      );
      for (const [who, status] of Object.entries(expected)) {
        // The end last: the other rows need the session on.
        if (path.endsWith('/live/end') && who === 'teacher') continue;
        const res = await call(method, path, tok[who] ?? null, body);
        expect(res.status, `${who} ${method} ${path}: ${res.text.slice(0, 160)}`).toBe(status);
        if (res.status >= 400) expect(Object.keys(res.body).sort()).toEqual(['error', 'message']);
      }
    }
    // Naming another class's things from this class finds nothing.
    const foreign = await as('teacher', 'PUT', `/class/${otherCls}/live/stop`, {});
    expect(foreign.status).toBe(404);
    // The event stream: members only.
    for (const [who, status] of [
      ['other', 404],
      ['gone', 404],
      ['', 401],
    ] as const) {
      const res = await fetch(`${origin}${API_BASE_PATH}/class/${cls}/live/events`, {
        headers: who ? { authorization: `Bearer ${tok[who]}` } : {},
      });
      expect(res.status, who || 'anonymous').toBe(status);
    }
    expect((await as('teacher', 'PUT', `/class/${cls}/live/end`, {})).status).toBe(200);
  });

  it('ends a stream whose catch-up read fails (the database away), and keeps serving', async () => {
    // The bus's read of missed events, failing as it does while the database restarts.
    const bus = t.app.services.bus as unknown as { readAfter: () => Promise<unknown> };
    const readAfter = bus.readAfter;
    bus.readAfter = () => Promise.reject(new Error('the database is away'));
    try {
      const res = await fetch(`${origin}${API_BASE_PATH}/class/${cls}/live/events`, {
        headers: { authorization: `Bearer ${tok.ann}`, accept: 'text/event-stream' },
      });
      expect(res.status).toBe(200);
      // The whole answer: the stream ended without a state (the member's reconnect asks again).
      expect(await res.text()).not.toContain('"type":"state"');
    } finally {
      bus.readAfter = readAfter;
    }
    expect((await as('ann', 'GET', `/class/${cls}/live`)).status).toBe(200);
  });
});
