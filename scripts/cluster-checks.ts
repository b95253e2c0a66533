// Cluster checks: real processes behind HAProxy (3 replicas, one PostgreSQL, one Mosquitto),
// started once (scripts/cluster.ts), then, in turn:
//
//   1. a user story across replicas: the teacher, the student and the page listening on
//      different replicas (sign-in, class, live classroom events, a saved program, a cloud
//      datalog change pushed to a stream on another replica, a lab station's broker login);
//   2. kill -9 of a replica in the middle of mixed load: every answered save is stored, the
//      push streams reconnect through the balancer within 5 s, missing and repeating nothing;
//   3. a rolling restart (SIGTERM, wait, start) of every replica under mixed load: no failed
//      request other than those the client retries (src/api/replica-retry.ts);
//   4. a restart of PostgreSQL, then of Mosquitto, under load: the replicas get ready again,
//      the streams and an MQTT link come back, and no answered save is lost;
//   5. shared rate limits: anonymous writes through the balancer get one quota, not three.
//
//   node --import tsx scripts/cluster-checks.ts   (npm run test:cluster)
//
// Ports: GOGO_PORT (default 8180) for the balancer and the Auth emulator after it, replicas
// from GOGO_PORT + 10. Exits 1 on the first check that fails. The UI need not be built.
import assert from 'node:assert/strict';
import axios, { type AxiosInstance } from 'axios';
import mqtt from 'mqtt';
import { signInWithGoogle, uniqueEmail } from '../server/testing/emulator-accounts.ts';
import { retryOnReset } from '../src/api/replica-retry.ts';
import { API_BASE_PATH } from '../src/contract/base-path.ts';
import { channelEventsPath, type ChannelEvent } from '../src/contract/datalog.ts';
import type { LiveEvent, LiveState } from '../src/contract/live-class.ts';
import { envPort } from './auth-emulator.ts';
import { startCluster, type Cluster } from './cluster.ts';

const log = (message: string) => console.error(`cluster-checks: ${message}`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Anonymous writes a client may make at once (the burst), for the shared-limit check. */
const WRITE_BURST = 12;
/** A replica that reconnects a stream must do it within this (the bound). */
const RECONNECT_MS = 5000;

async function until<T>(f: () => T | Promise<T>, what: string, ms = 10_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await f();
    if (v) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(25);
  }
}

interface Answer<T = unknown> {
  status: number;
  body: T;
}

/** One call to `origin` (a replica or the balancer), answered whatever its status. */
async function call<T = Record<string, unknown>>(
  origin: string,
  token: string | null,
  method: string,
  path: string,
  body?: unknown,
): Promise<Answer<T>> {
  const res = await fetch(`${origin}${API_BASE_PATH}${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // not JSON
  }
  return { status: res.status, body: parsed as T };
}

async function ok<T = Record<string, unknown>>(
  origin: string,
  token: string | null,
  method: string,
  path: string,
  body?: unknown,
): Promise<T> {
  const r = await call<T>(origin, token, method, path, body);
  assert.ok(
    r.status >= 200 && r.status < 300,
    `${method} ${path}: ${r.status} ${JSON.stringify(r.body)}`,
  );
  return r.body;
}

/**
 * A server-sent event stream read as a browser's EventSource does: when the connection
 * ends or breaks it opens again (through the balancer, so on another replica when its own
 * went away) naming the last event id it saw. Records how long each reconnect took.
 * `again` is where it reconnects: the balancer, as a page would, when `url` names a replica.
 */
class Stream<E> {
  readonly events: E[] = [];
  readonly reconnects: number[] = [];
  private lastId: string | null = null;
  private stopped = false;
  private readonly abort = new AbortController();
  private brokeAt: number | null = null;

  constructor(
    private url: string,
    private readonly token: string | null,
    private readonly again = url,
  ) {
    void this.run();
  }

  private async run() {
    while (!this.stopped) {
      try {
        const res = await fetch(this.url, {
          headers: {
            accept: 'text/event-stream',
            ...(this.token ? { authorization: `Bearer ${this.token}` } : {}),
            ...(this.lastId ? { 'last-event-id': this.lastId } : {}),
          },
          signal: this.abort.signal,
        });
        if (res.status !== 200 || !res.body) throw new Error(`stream answered ${res.status}`);
        if (this.brokeAt !== null) this.reconnects.push(Date.now() - this.brokeAt);
        this.brokeAt = null;
        const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
        let buffer = '';
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          buffer += value;
          let end: number;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const lines = buffer.slice(0, end).split('\n');
            buffer = buffer.slice(end + 2);
            const id = lines.find((l) => l.startsWith('id:'));
            if (id) this.lastId = id.slice(3).trim();
            const data = lines
              .filter((l) => l.startsWith('data:'))
              .map((l) => l.slice(5).trim())
              .join('');
            if (data) this.events.push(JSON.parse(data) as E);
          }
        }
      } catch {
        // Broken or refused: open again, as EventSource does.
      }
      if (this.stopped) return;
      this.url = this.again;
      this.brokeAt ??= Date.now();
      await sleep(250);
    }
  }

  close() {
    this.stopped = true;
    this.abort.abort();
  }
}

/** Newest live state a member's stream carried. */
function liveState(s: Stream<LiveEvent>): LiveState | null {
  for (let i = s.events.length - 1; i >= 0; i--) {
    const e = s.events[i];
    if (e?.type === 'state') return e.state;
  }
  return null;
}

/** A channel's record counts as a stream saw them, after the first (the counters). */
function counts(s: Stream<ChannelEvent>): number[] {
  return s.events.map((e) => e.records);
}

/**
 * Mixed load through the balancer, as the app's client sends it: reads are sent again once
 * when the connection breaks (retryOnReset); writes are not, so a write that failed is
 * counted and the user's "save" is sent again by the loop. Every save answered 2xx is
 * remembered so the checks can find it stored.
 */
class Load {
  readonly failed: string[] = [];
  readonly retriedOrFailed: { reads: number; writes: number } = { reads: 0, writes: 0 };
  requests = 0;
  /** Project uuid → the highest save number answered with success. */
  readonly saved = new Map<string, number>();
  private running = true;
  private readonly done: Promise<void>[] = [];
  private readonly http: AxiosInstance;

  constructor(
    origin: string,
    private readonly token: string,
    projects: string[],
    private readonly channel: string,
  ) {
    this.http = axios.create({
      baseURL: `${origin}${API_BASE_PATH}`,
      headers: { authorization: `Bearer ${token}` },
      validateStatus: () => true,
      timeout: 15_000,
    });
    for (const uuid of projects) this.done.push(this.worker(uuid));
  }

  private async send(method: 'get' | 'put' | 'post', url: string, data?: unknown) {
    this.requests++;
    let sent = 0;
    try {
      const res = await retryOnReset(() => {
        sent++;
        return this.http.request({ method, url, data });
      }, method);
      if (sent > 1) this.retriedOrFailed.reads++;
      if (res.status >= 500 || res.status === 429) {
        this.failed.push(`${method.toUpperCase()} ${url}: ${res.status}`);
        return null;
      }
      return res;
    } catch (error) {
      if (method === 'get') this.failed.push(`${method.toUpperCase()} ${url}: ${String(error)}`);
      else this.retriedOrFailed.writes++;
      return null;
    }
  }

  private async worker(uuid: string) {
    let seq = 0;
    while (this.running) {
      seq++;
      const put = await this.send('put', `/project/${uuid}/code`, { code: `<xml>s${seq}</xml>` });
      if (put && put.status === 200) this.saved.set(uuid, seq);
      else if (put) this.failed.push(`PUT code: ${put.status}`);
      await this.send('get', `/project/${uuid}`);
      await this.send('get', `/datalog/channels/${this.channel}`);
      await sleep(20);
    }
  }

  async stop() {
    this.running = false;
    await Promise.all(this.done);
  }

  /** Every answered save is there (a later one the server stored but never answered is fine). */
  async verify(origin: string) {
    for (const [uuid, seq] of this.saved) {
      const code = (await ok<{ code: string }>(origin, this.token, 'GET', `/project/${uuid}/code`))
        .code;
      const stored = Number(/s(\d+)</.exec(code)?.[1] ?? -1);
      assert.ok(stored >= seq, `project ${uuid}: save ${seq} was answered, ${stored} is stored`);
    }
  }
}

async function main() {
  const port = envPort('GOGO_PORT') ?? 8180;
  const started = Date.now();
  const cluster: Cluster = await startCluster({
    port,
    env: {
      ANONYMOUS_WRITES_PER_MINUTE: '1',
      ANONYMOUS_WRITE_BURST: String(WRITE_BURST),
      LOG_LEVEL: 'error',
    },
    log,
  });
  const streams: Stream<unknown>[] = [];
  const links: mqtt.MqttClient[] = [];
  try {
    const [r1, r2, r3] = cluster.replicas.map((r) => r.url) as [string, string, string];
    const lb = cluster.url;
    /** A grant's broker address: a path is on the balancer's origin. */
    const brokerAt = (url: string) => url.replace(/^\//, `ws://127.0.0.1:${port}/`);
    const host = cluster.authEmulatorHost;
    log(`cluster up in ${((Date.now() - started) / 1000).toFixed(1)} s`);

    // ---- 1. The story, each person on a replica of their own --------------------------
    const teacherMail = uniqueEmail('teacher');
    const studentMail = uniqueEmail('student');
    const teacher = (await signInWithGoogle(host, teacherMail, 'Tia Teacher')).idToken;
    const student = (await signInWithGoogle(host, studentMail, 'Sam Student')).idToken;
    await ok(r1, teacher, 'POST', '/auth', {});
    await ok(r2, student, 'POST', '/auth', {});
    const cls = (await ok<{ uuid: string }>(r1, teacher, 'POST', '/class/create', { name: 'C' }))
      .uuid;
    await ok(r1, teacher, 'POST', `/class/${cls}/people/add`, {
      type: 'student',
      people: [{ email: studentMail }],
    });
    const mine = await ok<{ data: { uuid: string }[] }>(r3, student, 'GET', '/class/my-enrolled');
    assert.ok(
      mine.data.some((c) => c.uuid === cls),
      'the class is listed on another replica',
    );

    const liveUrl = (origin: string) => `${origin}${API_BASE_PATH}/class/${cls}/live/events`;
    await ok(r1, teacher, 'PUT', `/class/${cls}/live/start`, {});
    const studentLive = new Stream<LiveEvent>(liveUrl(r3), student, liveUrl(lb));
    const teacherLive = new Stream<LiveEvent>(liveUrl(r2), teacher, liveUrl(lb));
    streams.push(studentLive as Stream<unknown>, teacherLive as Stream<unknown>);
    await until(() => liveState(studentLive)?.active, 'the student stream (replica 3) sees live');
    await until(() => liveState(teacherLive)?.active, 'the teacher stream (replica 2) sees live');
    await ok(r1, student, 'PUT', `/class/${cls}/live/hand`, { up: true });
    await until(
      () => liveState(teacherLive)?.hands.length === 1,
      'a hand raised on replica 1 reaches the teacher on replica 2',
    );
    await ok(r3, teacher, 'PUT', `/class/${cls}/live/eyes`, { message: 'Look up', minutes: 5 });
    await until(
      () => liveState(studentLive)?.eyes,
      'eyes on me from replica 3 reaches the student on replica 3',
    );

    const project = (
      await ok<{ uuid: string }>(r2, student, 'POST', '/project/create', {
        name: 'Across',
        type: 'blocks',
        code: '<xml>s0</xml>',
      })
    ).uuid;
    await ok(r3, student, 'PUT', `/project/${project}/code`, { code: '<xml>story</xml>' });
    const read = await ok<{ code: string }>(r1, student, 'GET', `/project/${project}/code`);
    assert.equal(read.code, '<xml>story</xml>', 'a save on replica 3 reads back on replica 1');

    const channel = (
      await ok<{ id: string }>(r1, student, 'POST', '/datalog/channels', { name: 'Sensors' })
    ).id;
    const pushUrl = (origin: string) => `${origin}${API_BASE_PATH}${channelEventsPath(channel)}`;
    const onR2 = new Stream<ChannelEvent>(pushUrl(r2), student);
    streams.push(onR2 as Stream<unknown>);
    await until(() => onR2.events.length === 1, 'the counters on replica 2');
    await ok(r3, student, 'POST', `/datalog/channels/${channel}/records`, {
      records: [{ name: 'temp', value: 21 }],
    });
    await until(
      () => counts(onR2).at(-1) === 1,
      'records stored on replica 3 are pushed to the stream on replica 2',
    );
    onR2.close();

    const lab = await ok<{ uuid: string; board_id: string }>(r1, teacher, 'POST', '/lab/create', {
      name: 'Bench',
      board_id: `CL${Date.now()}`,
      pin: '2468',
    });
    const key = (await ok<{ key: string }>(r2, teacher, 'POST', `/lab/${lab.uuid}/station-key`, {}))
      .key;
    const grant = await ok<{ url: string; username: string; password: string }>(
      r3,
      null,
      'POST',
      '/lab/station/connect',
      { board_id: lab.board_id, key },
    );
    const station = await mqtt.connectAsync(brokerAt(grant.url), {
      username: grant.username,
      password: grant.password,
      reconnectPeriod: 0,
      connectTimeout: 5000,
    });
    await station.endAsync();
    log('1. story across replicas: class, live events, save, datalog push, lab station: ok');

    // ---- Load and push streams for the failure checks ------------------------------------
    const projects: string[] = [];
    for (let i = 0; i < 4; i++) {
      projects.push(
        (
          await ok<{ uuid: string }>(lb, student, 'POST', '/project/create', {
            name: `Load ${i}`,
            type: 'blocks',
            code: '<xml>s0</xml>',
          })
        ).uuid,
      );
    }
    // One stream per replica (round-robin spreads them), each following the channel.
    const pushes = [0, 1, 2].map(() => new Stream<ChannelEvent>(pushUrl(lb), student));
    streams.push(...(pushes as Stream<unknown>[]));
    await until(() => pushes.every((s) => s.events.length > 0), 'three push streams');
    let ingested = 1;
    const ingestOne = async () => {
      const r = await call(lb, student, 'POST', `/datalog/channels/${channel}/records`, {
        records: [{ name: 'temp', value: ingested }],
      });
      if (r.status === 200) ingested++;
      return r.status;
    };
    /** Every stream saw each count exactly once, in order, up to the last stored. */
    const pushesWhole = async (what: string) => {
      await until(
        () => pushes.every((s) => counts(s).at(-1) === ingested),
        `${what}: every stream sees ${ingested} records`,
        15_000,
      );
      for (const s of pushes) {
        const seen = counts(s);
        const first = seen[0] ?? 0;
        const expected = Array.from({ length: ingested - first + 1 }, (_, i) => first + i);
        assert.deepEqual(seen, expected, `${what}: a stream missed or repeated an update`);
        const slow = s.reconnects.filter((ms) => ms > RECONNECT_MS);
        assert.deepEqual(slow, [], `${what}: a stream took over ${RECONNECT_MS} ms to reconnect`);
      }
    };

    // ---- 2. kill -9 in the middle of the traffic -----------------------------------------
    {
      const load = new Load(lb, student, projects, channel);
      const victim = cluster.replicas[1];
      assert.ok(victim);
      await sleep(1500);
      await victim.stop('SIGKILL');
      const killedAt = Date.now();
      for (let i = 0; i < 5; i++) await ingestOne();
      // The story goes on: the teacher's stream was on the killed replica and comes back.
      await ok(lb, teacher, 'PUT', `/class/${cls}/live/eyes`, { message: '', minutes: 0 });
      await until(() => liveState(teacherLive)?.eyes === null, 'the teacher stream after kill');
      await sleep(1500);
      await load.stop();
      await pushesWhole('after kill -9');
      await load.verify(lb);
      const reads = load.failed.filter((f) => f.startsWith('GET'));
      assert.deepEqual(reads, [], 'reads after a kill are retried by the client');
      log(
        `2. kill -9: ${load.requests} requests, ${load.retriedOrFailed.writes} writes in flight ` +
          `lost their answer (re-sent by the next save), ${load.retriedOrFailed.reads} reads retried, ` +
          `${load.saved.size} projects' saves all stored, streams back in ` +
          `${Math.max(0, ...pushes.flatMap((s) => s.reconnects))} ms: ok`,
      );
      await victim.start();
      await cluster.waitForBalancer(3);
      log(`   replica 2 back after ${((Date.now() - killedAt) / 1000).toFixed(1)} s`);
      for (const s of pushes) s.reconnects.length = 0;
    }

    // ---- 3. Rolling restart under load -----------------------------------------------
    {
      const load = new Load(lb, student, projects, channel);
      const rollStart = Date.now();
      for (const replica of cluster.replicas) {
        await ingestOne();
        await replica.stop('SIGTERM');
        await ingestOne();
        await replica.start();
        await cluster.waitForBalancer(3);
      }
      await load.stop();
      assert.deepEqual(load.failed, [], 'no failed request during a rolling restart');
      assert.equal(load.retriedOrFailed.writes, 0, 'no write lost its answer');
      await load.verify(lb);
      await pushesWhole('after the rolling restart');
      log(
        `3. rolling restart of 3 replicas in ${((Date.now() - rollStart) / 1000).toFixed(1)} s: ` +
          `${load.requests} requests, 0 failed, ${load.retriedOrFailed.reads} reads retried: ok`,
      );
      for (const s of pushes) s.reconnects.length = 0;
    }

    // ---- 4. PostgreSQL and Mosquitto restart -----------------------------------------
    {
      // The lab station's link (through the balancer to Mosquitto), reconnecting as a station does.
      const link = await mqtt.connectAsync(brokerAt(grant.url), {
        username: grant.username,
        password: grant.password,
        reconnectPeriod: 250,
        connectTimeout: 3000,
      });
      links.push(link);
      const load = new Load(lb, student, projects, channel);
      await sleep(500);
      assert.ok(cluster.postgres, 'the cluster runs its own PostgreSQL');
      await cluster.postgres.restart();
      await cluster.waitForBalancer(3);
      for (let i = 0; i < 3; i++) await ingestOne();
      await pushesWhole('after a PostgreSQL restart');
      log(`4a. PostgreSQL restart: replicas ready again, streams whole`);

      await cluster.mosquitto.stop();
      const downAt = Date.now();
      await until(() => !link.connected, 'the MQTT link to notice the broker is gone');
      await cluster.mosquitto.restart();
      await until(() => link.connected, 'the MQTT link back', RECONNECT_MS);
      const back = Date.now() - downAt;
      await cluster.waitForBalancer(3);
      // The replicas' own broker logins work again: a new station gets in.
      const again = await ok<{ url: string; username: string; password: string }>(
        lb,
        null,
        'POST',
        '/lab/station/connect',
        { board_id: lab.board_id, key },
      );
      const later = await mqtt.connectAsync(brokerAt(again.url), {
        username: again.username,
        password: again.password,
        reconnectPeriod: 0,
        connectTimeout: 5000,
      });
      await later.endAsync();
      await load.stop();
      await load.verify(lb);
      await pushesWhole('after a Mosquitto restart');
      log(
        `4b. Mosquitto restart: MQTT link back ${back} ms after the stop, stations get in; ` +
          `${load.requests} requests, every answered save stored: ok`,
      );
    }
    // ---- 5. One quota for the whole cluster --------------------------------------------
    // Last: the balancer names one client address, so this uses up its anonymous writes.
    // The two station logins above took a token each; the minute's refill adds at most
    // what the burst holds, so one quota lets through WRITE_BURST - 2 to WRITE_BURST.
    const anonymous: number[] = [];
    for (let i = 0; i < WRITE_BURST * 3; i++) {
      const res = await fetch(`${lb}${API_BASE_PATH}/storage`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ action: 'link', xml: `<xml>${i}</xml>` }).toString(),
      });
      await res.text();
      anonymous.push(res.status);
    }
    const passed = anonymous.filter((s) => s === 200).length;
    assert.ok(
      passed >= WRITE_BURST - 2 && passed <= WRITE_BURST,
      `anonymous writes through 3 replicas: ${anonymous.join(',')}`,
    );
    assert.equal(anonymous.length - passed, anonymous.filter((s) => s === 429).length);
    log(`5. shared rate limit: ${passed} of ${anonymous.length} writes let through: ok`);

    log(`all checks passed in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  } finally {
    for (const s of streams) s.close();
    await Promise.all(links.map((l) => l.endAsync(true).catch(() => {})));
    await cluster.stop();
  }
}

main().catch((error: unknown) => {
  console.error(`cluster-checks: FAILED: ${error instanceof Error ? error.stack : String(error)}`);
  process.exit(1);
});
