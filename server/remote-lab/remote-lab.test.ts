// Sessions, the queue and the broker's access control, with real brokers: the embedded
// aedes broker, or Mosquitto with its dynamic-security plugin (scripts/mosquitto-temp.ts),
// and raw MQTT clients in the roles of stations and students. The lab station and the app's
// remote transport have their own suites (src/remote-lab/).
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { labTopics, parseControl, type StationPresence } from '../../src/contract/lab-topics.ts';
import {
  STATION_ALIVE_MS,
  type Lab,
  type LabGroup,
  type SessionAnswer,
  type StationGrant,
} from '../../src/contract/remote-lab.ts';
import { typedApiCaller } from '../testing/api-caller.ts';
import { signUpWithPassword } from '../testing/emulator-accounts.ts';
import { brokerUrl, mqttTestEnv, testBroker } from '../testing/test-mqtt.ts';
import { startTestApp, type TestApp } from '../testing/test-app.ts';
import { testEngine } from '../testing/test-db.ts';

const ALIVE_MS = 1000;
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
    await sleep(25);
  }
}

/** A station as the broker sees it: presence, control in, frames down in, frames up out. */
class RawStation {
  readonly downs: { topic: string; payload: Buffer }[] = [];
  control: { key: string; id: number } | null = null;
  private last: StationPresence | null = null;
  constructor(
    readonly client: MqttClient,
    readonly grant: StationGrant,
  ) {
    client.on('message', (topic, payload) => {
      const t = labTopics(grant.base);
      if (topic === t.control) this.control = parseControl(payload)?.session ?? null;
      else this.downs.push({ topic, payload });
    });
    // A real station repeats its presence; a silent one counts as gone (busy test machines
    // can take longer than the silence limit between two steps).
    const beat = setInterval(() => {
      if (this.last) this.publish(this.last).catch(() => undefined);
    }, STATION_ALIVE_MS);
    client.once('close', () => clearInterval(beat));
  }
  async start(answer = 0): Promise<void> {
    const t = labTopics(this.grant.base);
    await this.client.subscribeAsync([t.control, t.anyDown]);
    await this.presence({ answer });
  }
  presence(p: Partial<StationPresence>): Promise<unknown> {
    this.last = {
      online: true,
      board: { type: 6, version: 1, firmware: 42 },
      answer: 0,
      session: this.control?.key ?? null,
      ...p,
    };
    return this.publish(this.last);
  }
  private publish(body: StationPresence): Promise<unknown> {
    return this.client.publishAsync(labTopics(this.grant.base).presence, JSON.stringify(body), {
      retain: true,
    });
  }
  up(key: string, payload: Buffer): Promise<unknown> {
    return this.client.publishAsync(labTopics(this.grant.base).up(key), payload);
  }
}

describe(`remote lab sessions and access control (${testEngine()}, ${testBroker()})`, () => {
  let t: TestApp;
  let origin: string;
  let owner: string;
  let students: string[];
  const clients: MqttClient[] = [];

  beforeAll(async () => {
    t = await startTestApp(
      mqttTestEnv({ LAB_ALIVE_MS: String(ALIVE_MS), LAB_STATION_GRACE_MS: '2000' }),
    );
    origin = await t.app.listen({ host: '127.0.0.1', port: 0 });
    owner = (await signUpWithPassword(t.emulatorHost)).idToken;
    students = await Promise.all(
      [0, 1, 2, 3].map(async () => (await signUpWithPassword(t.emulatorHost)).idToken),
    );
  });
  afterAll(async () => {
    await Promise.all(clients.map((c) => c.endAsync(true)));
    await t.close();
  });

  const api = typedApiCaller(() => t);

  const connect = async (url: string, username: string, password: string, reconnect = false) => {
    const c = await mqtt.connectAsync(brokerUrl(url, origin), {
      username,
      password,
      reconnectPeriod: reconnect ? 500 : 0,
      connectTimeout: 5000,
    });
    clients.push(c);
    return c;
  };

  let counter = 0;
  async function newLab(pin = '4711'): Promise<Lab> {
    const board_id = `B${Date.now().toString(36)}${counter++}`;
    const r = await api<Lab>(owner, 'POST', '/lab/create', {
      name: `Lab ${board_id}`,
      description: 'A *line follower* on a table',
      keywords: ['line', 'robot'],
      board_id,
      pin,
    });
    expect(r.status).toBe(201);
    return r.body;
  }

  async function onlineStation(lab: Lab, answer = 0): Promise<RawStation> {
    const g = await api<StationGrant>(owner, 'POST', `/lab/${lab.uuid}/station`, {});
    expect(g.status).toBe(200);
    const station = new RawStation(
      await connect(g.body.url, g.body.username, g.body.password),
      g.body,
    );
    await station.start(answer);
    await until(
      async () => (await api<Lab>(owner, 'GET', `/lab/${lab.uuid}`)).body.status.online,
      'online',
    );
    return station;
  }

  /** Alives at half the period, as the app sends them. */
  const keepAlive = (token: string, sessionId: number) =>
    setInterval(() => {
      void api(token, 'POST', '/session/alive', { session_id: sessionId, session_ans: 0 });
    }, ALIVE_MS / 2);

  /**
   * The student's app keeps the session alive until the test ends, as a real one does: with
   * this suite's short period a busy machine can spend three periods between two steps.
   */
  const keptAlive = (token: string, r: { body: SessionAnswer }) => {
    const beat = keepAlive(token, r.body.session_id);
    onTestFinished(() => clearInterval(beat));
  };

  /** The holder's app on the broker, with the session's grant. */
  const holder = async (r: { body: SessionAnswer }) =>
    connect(r.body.broker?.url ?? '', r.body.broker?.username ?? '', r.body.broker?.password ?? '');

  it('connects a student by GoGo ID and pin, and carries frames both ways', async () => {
    const lab = await newLab();
    const station = await onlineStation(lab);
    const r = await api<SessionAnswer>(students[0] ?? '', 'POST', '/session/connect', {
      board_id: lab.board_id,
      pin: '4711',
    });
    keptAlive(students[0] ?? '', r);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      state: 'active',
      connect_method: 13,
      board_id: lab.board_id,
      lesson_uuid: null,
      position: 0,
      board_online: true,
    });
    const grant = r.body.broker;
    expect(grant).not.toBeNull();
    if (!grant) return;
    // The station learns the holder from its retained control message.
    const control = await until(() => station.control, 'control');
    expect(control.id).toBe(r.body.session_id);
    expect(grant.down).toBe(labTopics(station.grant.base).down(control.key));

    const app = await holder(r);
    const ups: Buffer[] = [];
    app.on('message', (topic, payload) => {
      if (topic === grant.up) ups.push(payload);
    });
    await app.subscribeAsync([grant.up, grant.presence]);
    await app.publishAsync(grant.down, Buffer.from([1, 0, 11]));
    const down = await until(() => station.downs.find((d) => d.topic === grant.down), 'down');
    expect([...down.payload]).toEqual([1, 0, 11]);
    await station.up(control.key, Buffer.from([1, 64]));
    await until(() => ups.length > 0, 'up');
    expect([...(ups[0] ?? [])]).toEqual([1, 64]);
  });

  it('renews a holder’s access with a new password that reaches its own topics only', async () => {
    const lab = await newLab();
    const station = await onlineStation(lab);
    const student = students[1] ?? '';
    const r = await api<SessionAnswer>(student, 'POST', '/session/connect', {
      board_id: lab.board_id,
      pin: '4711',
    });
    keptAlive(student, r);
    const first = r.body.broker;
    if (!first) throw new Error('no grant');
    // The app's link broke: its next alive asks for new access.
    const again = await api<SessionAnswer>(student, 'POST', '/session/alive', {
      session_id: r.body.session_id,
      session_ans: 0,
      renew: true,
    });
    const renewed = again.body.broker;
    if (!renewed) throw new Error('no renewed grant');
    expect(renewed).toMatchObject({ username: first.username, up: first.up, down: first.down });
    expect(renewed.password).not.toBe(first.password);
    await expect(connect(first.url, first.username, first.password)).rejects.toThrow();
    const app = await connect(renewed.url, renewed.username, renewed.password);
    const ups: Buffer[] = [];
    app.on('message', (topic, payload) => {
      if (topic === renewed.up) ups.push(payload);
    });
    await app.subscribeAsync([renewed.up, renewed.presence]);
    await expect(app.subscribeAsync(labTopics(station.grant.base).up('other'))).rejects.toThrow();
    const control = await until(() => station.control, 'control');
    await station.up(control.key, Buffer.from([1, 65]));
    await until(() => ups.length > 0, 'up');
    await app.publishAsync(renewed.down, Buffer.from([1, 0, 12]));
    const down = await until(() => station.downs.find((d) => d.topic === renewed.down), 'down');
    expect([...down.payload]).toEqual([1, 0, 12]);
    await api(student, 'POST', '/session/disconnect', { session_id: r.body.session_id });
  });

  it('answers the spec messages for a wrong GoGo ID or pin, a wrong code and an offline board', async () => {
    const lab = await newLab('1234');
    const s = students[1] ?? '';
    for (const body of [
      { board_id: lab.board_id, pin: '9999' },
      { board_id: lab.board_id },
      { board_id: 'NoSuchBoard', pin: '1234' },
    ]) {
      const r = await api<{ error: string }>(s, 'POST', '/session/connect', body);
      expect([r.status, r.body.error]).toEqual([404, 'wrong_board_or_pin']);
    }
    const code = await api<{ error: string }>(s, 'POST', '/session/code-connect', {
      access_code: 'WXYZ-WXYZ',
    });
    expect([code.status, code.body.error]).toEqual([404, 'wrong_access_code']);
    // Right pin, right code, but no station: the board is not online.
    const off = await api<{ error: string }>(s, 'POST', '/session/connect', {
      board_id: lab.board_id,
      pin: '1234',
    });
    expect([off.status, off.body.error]).toEqual([409, 'board_offline']);
    const offCode = await api<{ error: string }>(s, 'POST', '/session/code-connect', {
      access_code: lab.access_code.toLowerCase().replace('-', ' '),
    });
    expect([offCode.status, offCode.body.error]).toEqual([409, 'board_offline']);
    // Bad input is a 400 that names the field, never a 500.
    const bad = await api<{ error: string; message: string }>(s, 'POST', '/session/connect', {
      board_id: 'has/slash',
      pin: '1234',
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/board_id/);
  });

  it('keeps one holder per board and queues the others in order, with their position', async () => {
    const lab = await newLab();
    const station = await onlineStation(lab);
    const [a, b, c] = students as [string, string, string];
    // Each student's app sends alives from its first answer on, as the app does: on a busy
    // machine the steps below can take longer than three alive periods.
    const codeConnect = async (token: string) => {
      const r = await api<SessionAnswer>(token, 'POST', '/session/code-connect', {
        access_code: lab.access_code,
      });
      keptAlive(token, r);
      return r;
    };
    const ra = await codeConnect(a);
    const rb = await codeConnect(b);
    const rc = await codeConnect(c);
    expect([ra.body.state, rb.body.state, rc.body.state]).toEqual(['active', 'waiting', 'waiting']);
    expect([rb.body.position, rc.body.position]).toEqual([1, 2]);
    expect(ra.body.broker).not.toBeNull();
    expect(rb.body.broker).toBeNull();
    expect(ra.body.connect_method).toBe(12);
    // Waiting students keep their place with alives (a shorter period while waiting).
    const alive = (tok: string, r: { body: SessionAnswer }, renew = false) =>
      api<SessionAnswer>(tok, 'POST', '/session/alive', {
        session_id: r.body.session_id,
        session_ans: 0,
        ...(renew ? { renew: true } : {}),
      });
    expect((await alive(c, rc)).body).toMatchObject({ state: 'waiting', position: 2 });

    const first = await holder(ra);
    const closed = new Promise<void>((resolve) => first.once('close', () => resolve()));
    const d = await api<SessionAnswer>(a, 'POST', '/session/disconnect', {
      session_id: ra.body.session_id,
    });
    expect(d.body).toMatchObject({ state: 'ended', end_reason: 'disconnected' });
    // The first holder's broker access ends at once.
    await closed;
    await expect(
      connect(
        ra.body.broker?.url ?? '',
        ra.body.broker?.username ?? '',
        ra.body.broker?.password ?? '',
      ),
    ).rejects.toThrow();

    const next = await alive(b, rb, true);
    expect(next.body).toMatchObject({ state: 'active', position: 0 });
    expect(next.body.broker).not.toBeNull();
    expect((await alive(c, rc)).body).toMatchObject({ state: 'waiting', position: 1 });
    await until(() => station.control?.id === rb.body.session_id, 'control for the next holder');
    // Alive after the end still answers why it ended.
    expect((await alive(a, ra)).body).toMatchObject({ state: 'ended', end_reason: 'disconnected' });
  });

  it('lets nobody read or write another session, and a station only its own board', async () => {
    const labA = await newLab();
    const labB = await newLab();
    const stationA = await onlineStation(labA);
    const stationB = await onlineStation(labB);
    const [a, b] = students as [string, string];
    const ra = await api<SessionAnswer>(a, 'POST', '/session/connect', {
      board_id: labA.board_id,
      pin: '4711',
    });
    const rb = await api<SessionAnswer>(b, 'POST', '/session/connect', {
      board_id: labB.board_id,
      pin: '4711',
    });
    keptAlive(a, ra);
    keptAlive(b, rb);
    const ga = ra.body.broker;
    const gb = rb.body.broker;
    if (!ga || !gb) throw new Error('no grants');
    const appA = await holder(ra);
    // Reading the other session's frames, every board, or anything broad is refused.
    for (const topic of [
      gb.up,
      gb.down,
      `${stationB.grant.base}/#`,
      '#',
      stationA.grant.base + '/control',
    ]) {
      await expect(appA.subscribeAsync(topic), topic).rejects.toThrow();
    }
    const appA2 = await holder({ body: { ...ra.body, broker: ga } });
    // Writing to the other board's session never reaches its station.
    await appA2.publishAsync(gb.down, Buffer.from([1, 0, 11])).catch(() => {});
    // A station may not publish to another board's sessions nor its presence.
    await stationA.client
      .publishAsync(labTopics(stationB.grant.base).up('x'), Buffer.from([9]))
      .catch(() => {});
    await sleep(400);
    expect(stationB.downs.filter((d) => d.topic === gb.down)).toEqual([]);
    // Wrong passwords do not get in.
    await expect(connect(ga.url, ga.username, 'not-the-password')).rejects.toThrow();
    await expect(connect(ga.url, gb.username, ga.password)).rejects.toThrow();
  });

  it('records the answer its station reports, not the one a student claims', async () => {
    const lab = await newLab();
    const station = await onlineStation(lab);
    const s = students[3] ?? '';
    const r = await api<SessionAnswer>(s, 'POST', '/session/connect', {
      board_id: lab.board_id,
      pin: '4711',
    });
    keptAlive(s, r);
    const control = await until(() => station.control, 'control');
    const claim = await api<SessionAnswer>(s, 'POST', '/session/alive', {
      session_id: r.body.session_id,
      session_ans: 99,
    });
    expect(claim.body.answer).toBe(0);
    await station.presence({ answer: 42, session: control.key });
    await until(
      async () =>
        (
          await api<SessionAnswer>(s, 'POST', '/session/alive', {
            session_id: r.body.session_id,
            session_ans: 42,
          })
        ).body.answer === 42,
      'answer 42',
    );
    // Another user cannot touch the session.
    const other = await api<{ error: string }>(students[0] ?? '', 'POST', '/session/alive', {
      session_id: r.body.session_id,
      session_ans: 1,
    });
    expect([other.status, other.body.error]).toEqual([404, 'session_not_found']);
    await api(s, 'POST', '/session/disconnect', { session_id: r.body.session_id });
  });

  it('ends a session after three missed alives and gives the board to the next', async () => {
    const lab = await newLab();
    const station = await onlineStation(lab);
    const [a, b] = [students[2] ?? '', students[3] ?? ''];
    const ra = await api<SessionAnswer>(a, 'POST', '/session/connect', {
      board_id: lab.board_id,
      pin: '4711',
    });
    const rb = await api<SessionAnswer>(b, 'POST', '/session/connect', {
      board_id: lab.board_id,
      pin: '4711',
    });
    expect(rb.body.state).toBe('waiting');
    // b keeps alive; a goes silent.
    const keep = keepAlive(b, rb.body.session_id);
    try {
      await until(() => station.control?.id === rb.body.session_id, 'promotion', 10_000);
    } finally {
      clearInterval(keep);
    }
    const a2 = await api<SessionAnswer>(a, 'POST', '/session/alive', {
      session_id: ra.body.session_id,
      session_ans: 0,
    });
    expect(a2.body).toMatchObject({ state: 'ended', end_reason: 'expired' });
    await api(b, 'POST', '/session/disconnect', { session_id: rb.body.session_id });
  });

  it('ends the session when its station stays offline, and says so', async () => {
    const lab = await newLab();
    const station = await onlineStation(lab);
    const s = students[1] ?? '';
    const r = await api<SessionAnswer>(s, 'POST', '/session/connect', {
      board_id: lab.board_id,
      pin: '4711',
    });
    expect(r.body.state).toBe('active');
    await station.presence({ online: false });
    // Meanwhile the session waits; once the server knows the station is away, asking for
    // new access gets none.
    const renew = () =>
      api<SessionAnswer>(s, 'POST', '/session/alive', {
        session_id: r.body.session_id,
        session_ans: 0,
        renew: true,
      });
    await until(async () => !(await renew()).body.board_online, 'the station offline');
    expect((await renew()).body).toMatchObject({
      state: 'active',
      board_online: false,
      broker: null,
    });
    const keep = keepAlive(s, r.body.session_id);
    try {
      await until(
        async () =>
          (
            await api<SessionAnswer>(s, 'POST', '/session/alive', {
              session_id: r.body.session_id,
              session_ans: 0,
            })
          ).body.end_reason === 'station-offline',
        'station-offline',
      );
    } finally {
      clearInterval(keep);
    }
  });

  it('gives a group code the free board of the group', async () => {
    const [lab1, lab2] = [await newLab(), await newLab()];
    await onlineStation(lab1);
    await onlineStation(lab2);
    const g = await api<LabGroup>(owner, 'POST', '/lab-group/create', {
      name: 'Table 3',
      board_ids: [lab1.board_id, lab2.board_id],
    });
    expect(g.status).toBe(201);
    const [a, b] = [students[0] ?? '', students[2] ?? ''];
    const ra = await api<SessionAnswer>(a, 'POST', '/session/code-connect', {
      access_code: g.body.access_code,
    });
    const rb = await api<SessionAnswer>(b, 'POST', '/session/code-connect', {
      access_code: g.body.access_code,
    });
    expect([ra.body.state, rb.body.state]).toEqual(['active', 'active']);
    expect(new Set([ra.body.board_id, rb.body.board_id])).toEqual(
      new Set([lab1.board_id, lab2.board_id]),
    );
    for (const [tok, r] of [
      [a, ra],
      [b, rb],
    ] as const) {
      await api(tok, 'POST', '/session/disconnect', { session_id: r.body.session_id });
    }
  });

  it('keeps a connected station and the session it serves when the station logs in again', async () => {
    const lab = await newLab();
    const station = await onlineStation(lab);
    const student = (await signUpWithPassword(t.emulatorHost)).idToken;
    const r = await api<SessionAnswer>(student, 'POST', '/session/connect', {
      board_id: lab.board_id,
      pin: '4711',
    });
    keptAlive(student, r);
    const grant = r.body.broker;
    if (!grant) throw new Error('no session grant');
    const app = await holder(r);
    const ups: Buffer[] = [];
    app.on('message', (topic, payload) => {
      if (topic === grant.up) ups.push(payload);
    });
    await app.subscribeAsync(grant.up);
    const key = (await until(() => station.control, 'control')).key;
    let drops = 0;
    station.client.on('close', () => drops++);
    app.on('close', () => drops++);

    // Frames both ways over the first station link and the student's.
    const roundTrip = async (n: number) => {
      await app.publishAsync(grant.down, Buffer.from([1, 0, n]));
      await until(() => station.downs.some((d) => d.payload[2] === n), `down ${n}`);
      await station.up(key, Buffer.from([1, n]));
      await until(() => ups.some((u) => u[1] === n), `up ${n}`);
    };
    await roundTrip(1);
    // The station page opened again (a second tab, a reload before the first link ended),
    // on the broker as well, and twice more at once (a retried login, another replica).
    const again = await api<StationGrant>(owner, 'POST', `/lab/${lab.uuid}/station`, {});
    expect(again.status).toBe(200);
    const second = await connect(again.body.url, again.body.username, again.body.password);
    await second.subscribeAsync(labTopics(again.body.base).control);
    const both = await Promise.all(
      [0, 1].map(() => api<StationGrant>(owner, 'POST', `/lab/${lab.uuid}/station`, {})),
    );
    expect(both.map((g) => g.status)).toEqual([200, 200]);
    await roundTrip(2);
    // Later than any drop the broker would have made on those grants.
    await sleep(300);
    await roundTrip(3);
    expect(drops).toBe(0);
    expect(second.connected).toBe(true);
    const still = await api<SessionAnswer>(student, 'POST', '/session/alive', {
      session_id: r.body.session_id,
      session_ans: 0,
    });
    expect(still.body.state).toBe('active');
  });

  it('ends the links made with an old station key once a new key logs in', async () => {
    const lab = await newLab();
    const login = async (key: string) => {
      const g = await api<StationGrant>(null, 'POST', '/lab/station/connect', {
        board_id: lab.board_id,
        key,
      });
      expect(g.status).toBe(200);
      return connect(g.body.url, g.body.username, g.body.password);
    };
    const newKey = async () =>
      (await api<{ key: string }>(owner, 'POST', `/lab/${lab.uuid}/station-key`, {})).body.key;
    const oldKey = await newKey();
    const old = await login(oldKey);
    const oldClosed = new Promise<void>((resolve) => old.once('close', () => resolve()));
    const key = await newKey();
    const current = await login(key);
    let drops = 0;
    current.on('close', () => drops++);
    await oldClosed;
    // The station with the new key logging in again keeps its link.
    await login(key);
    await sleep(300);
    expect(drops).toBe(0);
    expect(current.connected).toBe(true);
  });
});
