// Cluster checks: real processes behind HAProxy (3 replicas, one PostgreSQL, one Mosquitto),
// started once (scripts/cluster.ts), then scenarios in turn, each timed:
//
//   classroom  the teacher, the student and their pages on different replicas: a class, live
//              classroom events both ways, a save read back on another replica;
//   datalog    cloud-datalog records stored on one replica pushed to a stream on another;
//   remote lab the station on one replica's grant (its link on Mosquitto), the student's
//              session on another, alives on a third: the board is online everywhere, the
//              student's commands reach the station's board and its sensors come back, the
//              queue moves on when the holder leaves from yet another replica;
//   web UI     dashboards, owner and viewer broker logins from different replicas: values pass
//              through Mosquitto, a viewer cannot send, turning sharing off on another
//              replica cuts the viewer off;
//   kill -9    a replica killed in the middle of the classroom story with grades, under mixed
//              load: the story finishes, no saved work, submission or grade is lost, push
//              streams come back within 5 s (times printed) and MQTT links hold;
//   rolling    SIGTERM, start, for every replica under load: no failed request other than
//              those the client retries (src/api/replica-retry.ts);
//   restarts   PostgreSQL, then Mosquitto, under load: replicas ready again, streams whole,
//              the MQTT link back within 5 s, no answered save lost;
//   limits     anonymous writes through the balancer get one quota, not three.
//
//   node --import tsx scripts/cluster-checks.ts   (npm run test:cluster)
//
// Ports: GOGO_PORT (default 8180) for the balancer, the Auth emulator on the three after it,
// HAProxy's statistics on +4, replicas from +10, Mosquitto's WebSocket on +20 and
// PostgreSQL on +21. Exits 1 on the first check that fails. The UI need not be built.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import axios, { type AxiosInstance } from 'axios';
import mqtt from 'mqtt';
import { signInWithGoogle, uniqueEmail } from '../server/testing/emulator-accounts.ts';
import { retryOnReset } from '../src/api/replica-retry.ts';
import { API_BASE_PATH } from '../src/contract/base-path.ts';
import { channelEventsPath, type ChannelEvent } from '../src/contract/datalog.ts';
import type { Gradebook } from '../src/contract/grades.ts';
import type { LiveEvent, LiveState } from '../src/contract/live-class.ts';
import type { SessionAnswer } from '../src/contract/remote-lab.ts';
import { GoGoConnection } from '../src/device/connection/gogo-connection.ts';
import * as cmd from '../src/device/protocol/commands.ts';
import { WasmFramer } from '../src/device/protocol/framer.ts';
import { RemoteTransport } from '../src/device/remote/remote-transport.ts';
import { RemoteLabApi } from '../src/remote-lab/remote-lab-api.ts';
import { emptyRemoteLab, RemoteSession } from '../src/remote-lab/remote-session.ts';
import {
  loadNodeCore,
  startNodeStation,
  type RunningStation,
} from '../src/remote-lab/station/node-station.node.ts';
import { envPort } from './auth-emulator.ts';
import { startCluster, type Cluster } from './cluster.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const log = (message: string) => console.error(`cluster-checks: ${message}`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Anonymous writes a client may make at once (the burst), for the shared-limit check. */
const WRITE_BURST = 12;
/** The lab's pin. */
const PIN = '2468';
/** A replica that reconnects a stream must do it within this (the bound). */
const RECONNECT_MS = 5000;

async function until<T>(
  f: () => T | Promise<T>,
  what: string,
  ms = 10_000,
): Promise<NonNullable<T>> {
  const deadline = Date.now() + ms;
  for (;;) {
    const v = await f();
    if (v) return v as NonNullable<T>;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(25);
  }
}

/** `promise`, or a failure naming `what` after `ms`. */
async function within<T>(promise: Promise<T>, what: string, ms = 10_000): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    return await Promise.race([
      promise,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`timed out waiting for ${what}`)), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
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
  /** The event id of each of `events` (what a failed check prints). */
  readonly ids: (string | null)[] = [];
  /** Each time the stream opened: the Last-Event-ID it sent. */
  readonly opens: (string | null)[] = [];
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
        this.opens.push(this.lastId);
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
            if (data) {
              this.events.push(JSON.parse(data) as E);
              this.ids.push(id ? id.slice(3).trim() : null);
            }
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

/** An MQTT link that reconnects by itself, recording how long each reconnect took. */
class Link {
  readonly reconnects: number[] = [];
  private downAt: number | null = null;

  constructor(readonly client: mqtt.MqttClient) {
    client.on('close', () => (this.downAt ??= Date.now()));
    client.on('connect', () => {
      if (this.downAt !== null) this.reconnects.push(Date.now() - this.downAt);
      this.downAt = null;
    });
  }
}

/** The messages a client receives on `topic`, as text. */
function received(client: mqtt.MqttClient, topic: string): string[] {
  const seen: string[] = [];
  client.on('message', (t, payload) => {
    if (t === topic) seen.push(payload.toString());
  });
  return seen;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/**
 * A person's step in a story through the balancer: a call with no answer, or a 502/503
 * (the replica went away mid-call), is what the user sees as an error and does again.
 */
async function step<T = Record<string, unknown>>(
  lb: string,
  token: string,
  method: string,
  path: string,
  body: unknown,
  again: { count: number },
): Promise<T> {
  for (let tries = 0; ; tries++) {
    let answer: Answer<T> | null = null;
    try {
      answer = await call<T>(lb, token, method, path, body);
    } catch {
      // no answer
    }
    if (answer && answer.status !== 502 && answer.status !== 503) {
      assert.ok(
        answer.status >= 200 && answer.status < 300,
        `${method} ${path}: ${answer.status} ${JSON.stringify(answer.body)}`,
      );
      return answer.body;
    }
    assert.ok(tries < 5, `${method} ${path}: no answer after ${tries + 1} tries`);
    again.count++;
    await sleep(200);
  }
}

async function main() {
  const port = envPort('GOGO_PORT') ?? 8180;
  const started = Date.now();
  const times: { name: string; ms: number }[] = [];
  /** Runs one scenario, printing its time whatever its outcome. */
  const scenario = async (name: string, f: () => Promise<string>) => {
    const t0 = Date.now();
    let outcome = 'FAILED';
    try {
      outcome = `ok: ${await f()}`;
    } finally {
      const ms = Date.now() - t0;
      times.push({ name, ms });
      log(`${name} (${seconds(ms)}): ${outcome}`);
    }
  };
  let cluster: Cluster | null = null;
  const streams: Stream<unknown>[] = [];
  const links: mqtt.MqttClient[] = [];
  const stations: RunningStation[] = [];
  const stateDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gogo-cluster-station-'));
  try {
    await scenario('start', async () => {
      cluster = await startCluster({
        port,
        statsPort: port + 4,
        mqttPort: port + 20,
        pgPort: port + 21,
        env: {
          ANONYMOUS_WRITES_PER_MINUTE: '1',
          ANONYMOUS_WRITE_BURST: String(WRITE_BURST),
          LOG_LEVEL: 'error',
        },
        log,
      });
      return `3 replicas ready in ${cluster.replicas.map((r) => seconds(r.startMs)).join(', ')}`;
    });
    if (!cluster) throw new Error('no cluster');
    const c: Cluster = cluster;
    const [r1, r2, r3] = c.replicas.map((r) => r.url) as [string, string, string];
    const lb = c.url;
    /** A grant's broker address: a path is on the balancer's origin. */
    const brokerAt = (url: string) => url.replace(/^\//, `ws://127.0.0.1:${port}/`);
    const host = c.authEmulatorHost;
    const core = await loadNodeCore(ROOT);

    const teacherMail = uniqueEmail('teacher');
    const studentMail = uniqueEmail('student');
    const teacher = (await signInWithGoogle(host, teacherMail, 'Tia Teacher')).idToken;
    const student = (await signInWithGoogle(host, studentMail, 'Sam Student')).idToken;
    let cls = '';
    let teacherLive: Stream<LiveEvent> | null = null;

    await scenario('classroom across replicas', async () => {
      await ok(r1, teacher, 'POST', '/auth', {});
      await ok(r2, student, 'POST', '/auth', {});
      cls = (await ok<{ uuid: string }>(r1, teacher, 'POST', '/class/create', { name: 'C' })).uuid;
      await ok(r1, teacher, 'POST', `/class/${cls}/people/add`, {
        type: 'student',
        people: [{ email: studentMail }],
      });
      const mine = await ok<{ data: { uuid: string }[] }>(r3, student, 'GET', '/class/my-enrolled');
      assert.ok(
        mine.data.some((x) => x.uuid === cls),
        'the class is listed on another replica',
      );
      const liveUrl = (origin: string) => `${origin}${API_BASE_PATH}/class/${cls}/live/events`;
      await ok(r1, teacher, 'PUT', `/class/${cls}/live/start`, {});
      const studentLive = new Stream<LiveEvent>(liveUrl(r3), student, liveUrl(lb));
      teacherLive = new Stream<LiveEvent>(liveUrl(r2), teacher, liveUrl(lb));
      const tl = teacherLive;
      streams.push(studentLive as Stream<unknown>, tl as Stream<unknown>);
      await until(() => liveState(studentLive)?.active, 'the student stream (replica 3) sees live');
      await until(() => liveState(tl)?.active, 'the teacher stream (replica 2) sees live');
      await ok(r1, student, 'PUT', `/class/${cls}/live/hand`, { up: true });
      await until(
        () => liveState(tl)?.hands.length === 1,
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
      return 'class, live events both ways, a save read back on another replica';
    });

    let channel = '';
    const pushUrl = (origin: string) => `${origin}${API_BASE_PATH}${channelEventsPath(channel)}`;
    await scenario('cloud-datalog push across replicas', async () => {
      channel = (
        await ok<{ id: string }>(r1, student, 'POST', '/datalog/channels', { name: 'Sensors' })
      ).id;
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
      return 'stored on replica 3, pushed to a stream on replica 2';
    });

    const lab = await ok<{ uuid: string; board_id: string }>(r1, teacher, 'POST', '/lab/create', {
      name: 'Bench',
      board_id: `CL${Date.now()}`,
      pin: PIN,
    });
    const key = (await ok<{ key: string }>(r2, teacher, 'POST', `/lab/${lab.uuid}/station-key`, {}))
      .key;

    await scenario('remote lab across replicas', async () => {
      // The station gets its broker login from replica 3; its link is on Mosquitto.
      const running = await startNodeStation({
        server: r3,
        boardId: lab.board_id,
        key,
        core,
        stateDir,
        still: true,
      });
      stations.push(running);
      const other = (await signInWithGoogle(host, uniqueEmail('other'), 'Olu Other')).idToken;
      // The student's session opens on replica 1, keeps alive on replica 2 and leaves there.
      const routes: Record<string, string> = {
        '/session/connect': r1,
        '/session/alive': r2,
        '/session/disconnect': r2,
      };
      const device = new GoGoConnection({
        createTransport: (_kind, options) => {
          if (!options.remote) throw new Error('remote only');
          return new RemoteTransport(options.remote);
        },
        framer: new WasmFramer(core),
        displayBoard: () => 6,
        schedule: (f) => setTimeout(f, 0),
      });
      const session = new RemoteSession({
        api: new RemoteLabApi({
          client: {
            post: <T>(url: string, body?: unknown) =>
              ok<T>(routes[url] ?? lb, student, 'POST', url, body ?? {}),
            get: () => Promise.reject(new Error('not used by a session')),
            put: () => Promise.reject(new Error('not used by a session')),
            delete: () => Promise.reject(new Error('not used by a session')),
          },
          notify: () => {},
          translate: (key) => key,
        }),
        device,
        brokerUrl: brokerAt,
        state: emptyRemoteLab(),
      });
      try {
        // Replicas 1 and 2 learn from the broker's retained presence that the board is online.
        for (const origin of [r1, r2]) {
          await until(
            async () =>
              (
                await ok<{ status: { online: boolean } }>(
                  origin,
                  teacher,
                  'GET',
                  `/lab/${lab.uuid}`,
                )
              ).status.online,
            'the other replicas to see the station that replica 3 let in',
          );
        }
        const opened = await session.connectById({ board_id: lab.board_id, pin: PIN });
        assert.equal(opened.state, 'active', 'the free board is the student’s');
        await until(() => device.snapshot.board.boardType !== 0, 'the board through the link');
        let written = 0;
        const write = running.board.write.bind(running.board);
        running.board.write = (p: Uint8Array) => {
          written++;
          return write(p);
        };
        const before = written;
        await device.send(cmd.beep());
        await until(() => written > before, 'the student’s command at the station’s board');
        let sensor = 0;
        const off = device.on('status', (st) => (sensor = st.sensors[0] ?? 0));
        running.board.board.setSensor(1, 777);
        await until(() => sensor === 777, 'the board’s sensor back at the student');
        off();
        const alive = await ok<SessionAnswer>(r2, student, 'POST', '/session/alive', {
          session_id: opened.session_id,
          session_ans: 0,
        });
        assert.equal(alive.state, 'active', 'replica 2 keeps the session of replica 1');
        assert.ok(alive.board_online, 'replica 2 sees the board online');
        // Another student waits on replica 3 and gets the board when the first leaves.
        const waiting = await ok<SessionAnswer>(r3, other, 'POST', '/session/connect', {
          board_id: lab.board_id,
          pin: PIN,
        });
        assert.equal(waiting.state, 'waiting', 'a second student waits in line');
        assert.equal(waiting.position, 1);
        await session.disconnect();
        // Its alive on replica 1 asks for broker access, given as replica 1 sees the board.
        const next = await ok<SessionAnswer>(r1, other, 'POST', '/session/alive', {
          session_id: waiting.session_id,
          session_ans: 0,
          renew: true,
        });
        assert.equal(next.state, 'active', 'the next in line holds the board');
        assert.ok(next.broker, 'with a broker login');
        await ok(r1, other, 'POST', '/session/disconnect', { session_id: next.session_id });
      } finally {
        session.dispose();
        await device.dispose();
        // One station per board: the failure scenarios bring their own link.
        await running.stop();
        stations.splice(stations.indexOf(running), 1);
      }
      return (
        'station in via replica 3, session on replica 1, alive on replica 2: command at the ' +
        'board, sensor back; the queue moved on from replica 2 to a student of replica 3'
      );
    });

    await scenario('web UI across replicas', async () => {
      const widgets = [
        {
          id: 'g',
          type: 'gauge',
          topic: 'temp',
          label: 'T',
          x: 0,
          y: 0,
          w: 4,
          h: 2,
          min: 0,
          max: 100,
        },
        { id: 'b', type: 'button', topic: 'led', label: 'L', x: 4, y: 0, w: 2, h: 1, payload: '1' },
      ];
      const board = await ok<{ uuid: string }>(r1, student, 'POST', '/webui/dashboards', {
        name: 'Garden',
        widgets,
      });
      const shared = await ok<{ shareToken: string }>(
        r2,
        student,
        'PUT',
        `/webui/dashboards/${board.uuid}/share`,
        { shared: true },
      );
      type Grant = { url: string; username: string; password: string; root: string };
      const owner = await ok<Grant>(r3, student, 'POST', '/webui/broker', {});
      const ownerLink = await mqtt.connectAsync(brokerAt(owner.url), {
        username: owner.username,
        password: owner.password,
        reconnectPeriod: 0,
        connectTimeout: 5000,
      });
      links.push(ownerLink);
      // A grant on another replica gives the same password: the open link is not cut.
      const again = await ok<Grant>(r1, student, 'POST', '/webui/broker', {});
      assert.equal(again.password, owner.password, 'one password whichever replica grants');
      const viewer = await ok<Grant>(
        r2,
        null,
        'POST',
        `/webui/shared/${shared.shareToken}/broker`,
        {},
      );
      const viewerLink = await mqtt.connectAsync(brokerAt(viewer.url), {
        username: viewer.username,
        password: viewer.password,
        reconnectPeriod: 0,
        connectTimeout: 5000,
      });
      links.push(viewerLink);
      const temp = `${owner.root}/temp`;
      const led = `${owner.root}/led`;
      const atViewer = received(viewerLink, temp);
      const atOwner = received(ownerLink, led);
      await within(viewerLink.subscribeAsync(temp, { qos: 1 }), 'the viewer’s subscription');
      await within(ownerLink.subscribeAsync(led, { qos: 1 }), 'the owner’s subscription');
      await within(ownerLink.publishAsync(temp, '23.5', { qos: 1 }), 'the owner’s value sent');
      await until(() => atViewer.includes('23.5'), 'the owner’s value at the viewer');
      // A viewer only watches: its press is dropped, the owner's own goes through.
      await within(viewerLink.publishAsync(led, 'viewer', { qos: 1 }), 'the viewer’s press sent');
      await within(ownerLink.publishAsync(led, 'owner', { qos: 1 }), 'the owner’s press sent');
      await until(() => atOwner.includes('owner'), 'the owner’s press');
      assert.deepEqual(atOwner, ['owner'], 'a viewer cannot send');
      assert.ok(ownerLink.connected, 'the second grant kept the owner’s link');
      const cut = new Promise<void>((r) => viewerLink.once('close', () => r()));
      await ok(r3, student, 'PUT', `/webui/dashboards/${board.uuid}/share`, { shared: false });
      await within(cut, 'the viewer cut off when sharing ends');
      const gone = await call(r1, null, 'POST', `/webui/shared/${shared.shareToken}/broker`, {});
      assert.equal(gone.status, 404, 'the link is dead on every replica');
      await within(ownerLink.endAsync(), 'the owner’s link closed');
      return (
        'owner granted on replicas 3 and 1 (one password), viewer on 2: a value passed, a ' +
        'viewer’s press dropped, sharing off on 3 cut the viewer'
      );
    });

    // ---- Load, push streams and MQTT links for the failure scenarios ----------------------
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
        // What the stream saw (count@id) and the Last-Event-ID of each opening, to tell a
        // replay that missed from a fresh start that skipped.
        const trace = seen.map((n, i) => `${n}@${s.ids[i] ?? '-'}`).join(' ');
        assert.deepEqual(
          seen,
          expected,
          `${what}: a stream missed or repeated an update (seen ${trace}; opened after ${s.opens.join(', ')})`,
        );
      }
    };
    // A lab station's link and a web UI link, both through the balancer to Mosquitto.
    const grant = await ok<{ url: string; username: string; password: string }>(
      r3,
      null,
      'POST',
      '/lab/station/connect',
      { board_id: lab.board_id, key },
    );
    const webui = await ok<{ url: string; username: string; password: string }>(
      lb,
      student,
      'POST',
      '/webui/broker',
      {},
    );
    const mqttLinks = await Promise.all(
      [grant, webui].map(async (g) => {
        const client = await mqtt.connectAsync(brokerAt(g.url), {
          username: g.username,
          password: g.password,
          reconnectPeriod: 250,
          connectTimeout: 3000,
        });
        links.push(client);
        return new Link(client);
      }),
    );

    /**
     * Mixed load through the balancer while `disturb` runs: every answered save is stored and
     * every push stream whole; `failures` says which failed requests are wrong: any at all
     * ('none'), reads only (the client retries them: 'reads'), or none of them counts while
     * the database itself is down ('answered': only what was answered must hold). Returns
     * the load and the streams' reconnect times, each within RECONNECT_MS.
     */
    const underLoad = async (
      what: string,
      failures: 'none' | 'reads' | 'answered',
      disturb: () => Promise<void>,
    ) => {
      for (const s of pushes) s.reconnects.length = 0;
      const load = new Load(lb, student, projects, channel);
      await until(() => load.requests >= 12, `${what}: the load running`);
      await disturb();
      await load.stop();
      if (failures === 'none') {
        assert.deepEqual(load.failed, [], `${what}: no failed request`);
        assert.equal(load.retriedOrFailed.writes, 0, `${what}: no write lost its answer`);
      } else if (failures === 'reads') {
        const reads = load.failed.filter((f) => f.startsWith('GET'));
        assert.deepEqual(reads, [], `${what}: reads are retried by the client`);
      }
      await load.verify(lb);
      await pushesWhole(what);
      const reconnects = pushes.flatMap((s) => s.reconnects);
      const slow = reconnects.filter((ms) => ms > RECONNECT_MS);
      assert.deepEqual(slow, [], `${what}: a stream took over ${RECONNECT_MS} ms to reconnect`);
      return { load, reconnects };
    };
    const msList = (list: number[]) => (list.length ? `${list.join(', ')} ms` : 'none');

    await scenario('kill -9 during the classroom story with grades', async () => {
      // Six students, two lessons: each student saves work, submits, the teacher grades
      // every submission as it comes; a replica dies when half of the steps are done.
      const people = await Promise.all(
        [0, 1, 2, 3, 4, 5].map(async (i) => {
          const email = uniqueEmail(`pupil${i}`);
          const token = (await signInWithGoogle(host, email, `Pupil ${i}`)).idToken;
          await ok(lb, token, 'POST', '/auth', {});
          return { email, token };
        }),
      );
      await ok(lb, teacher, 'POST', `/class/${cls}/people/add`, {
        type: 'student',
        people: people.map((p) => ({ email: p.email })),
      });
      const lessons: string[] = [];
      for (const name of ['Beep', 'Blink']) {
        lessons.push(
          (await ok<{ uuid: string }>(lb, teacher, 'POST', '/lesson/create', { name })).uuid,
        );
      }
      await ok(lb, teacher, 'POST', `/class/${cls}/add-lesson`, { lessons });
      const again = { count: 0 };
      const total = people.length * lessons.length * 4;
      let done = 0;
      let studentsDone = false;
      const code = (email: string, l: string, n: number) => `<xml>${email} ${l} v${n}</xml>`;
      const gradeOf = (email: string, l: string) =>
        (people.findIndex((p) => p.email === email) * 7 + lessons.indexOf(l) * 3) % 90;
      const studentStory = async (p: { email: string; token: string }) => {
        for (const l of lessons) {
          for (let n = 1; n <= 3; n++) {
            await step(
              lb,
              p.token,
              'PUT',
              `/lesson/${l}/work`,
              { code: code(p.email, l, n), class_uuid: cls },
              again,
            );
            done++;
          }
          await step(
            lb,
            p.token,
            'PUT',
            `/lesson/${l}/grade/submit`,
            { code: code(p.email, l, 3), class_uuid: cls },
            again,
          );
          done++;
        }
      };
      let graded = 0;
      const teacherStory = async () => {
        const gradedCells = new Set<string>();
        for (;;) {
          const finished = studentsDone;
          const book = await step<Gradebook>(
            lb,
            teacher,
            'GET',
            `/class/${cls}/grades`,
            undefined,
            again,
          );
          for (const cell of book.cells) {
            if (!lessons.includes(cell.luuid) || gradedCells.has(cell.suuid)) continue;
            await step(
              lb,
              teacher,
              'PUT',
              `/class/${cls}/grade/${cell.suuid}`,
              { grade: gradeOf(cell.user_email, cell.luuid) },
              again,
            );
            gradedCells.add(cell.suuid);
            graded++;
          }
          if (finished) return;
          await sleep(100);
        }
      };
      const teacherTl = teacherLive;
      let killedAt = 0;
      const victim = c.replicas[1];
      assert.ok(victim && teacherTl);
      const { load, reconnects } = await underLoad('kill -9', 'reads', async () => {
        const students = Promise.all(people.map(studentStory)).finally(() => (studentsDone = true));
        const grading = teacherStory();
        await until(() => done >= total / 2, 'half of the story', 60_000);
        await victim.stop('SIGKILL');
        killedAt = Date.now();
        for (let i = 0; i < 5; i++) await ingestOne();
        // The teacher's live stream was on the killed replica: the story goes on there too.
        await ok(lb, teacher, 'PUT', `/class/${cls}/live/eyes`, { message: '', minutes: 0 });
        await until(() => liveState(teacherTl)?.eyes === null, 'the teacher stream after the kill');
        await Promise.all([students, grading]);
      });
      // Nothing lost: every work, submission and grade is there, as each side sees it.
      const book = await ok<Gradebook>(lb, teacher, 'GET', `/class/${cls}/grades`);
      for (const p of people) {
        for (const l of lessons) {
          const cell = book.cells.find((x) => x.user_email === p.email && x.luuid === l);
          assert.ok(cell, `${p.email}: a submission for ${l}`);
          assert.equal(cell.state, 'graded');
          assert.equal(cell.grade, gradeOf(p.email, l), `${p.email}: the grade for ${l}`);
          const work = await ok<{ code: string }>(
            lb,
            p.token,
            'GET',
            `/lesson/${l}/work?class_uuid=${cls}`,
          );
          assert.equal(work.code, code(p.email, l, 3), `${p.email}: the saved work of ${l}`);
          const mine = await ok<{ grade: { grade: number | null; code: string } | null }>(
            lb,
            p.token,
            'GET',
            `/lesson/${l}/grade/student?class_uuid=${cls}`,
          );
          assert.equal(mine.grade?.grade, gradeOf(p.email, l), `${p.email} sees the grade`);
          assert.equal(mine.grade?.code, code(p.email, l, 3), `${p.email}: the submitted code`);
        }
      }
      const drops = mqttLinks.flatMap((m) => m.reconnects);
      assert.ok(
        mqttLinks.every((m) => m.client.connected),
        'the MQTT links are up',
      );
      assert.deepEqual(
        drops.filter((ms) => ms > RECONNECT_MS),
        [],
        'MQTT back within 5 s',
      );
      await victim.start();
      await c.waitForBalancer(3);
      return (
        `${people.length} students × ${lessons.length} lessons: ${total} student steps, ` +
        `${graded} grades, all stored and seen; ${again.count} steps done again after an ` +
        `error; load ${load.requests} requests, ${load.retriedOrFailed.writes} saves lost ` +
        `their answer (the next save stored), ${load.retriedOrFailed.reads} reads retried; ` +
        `push reconnects ${msList(reconnects)}; MQTT links (station, web UI) reconnects ` +
        `${msList(drops)}; the killed replica back in ${seconds(Date.now() - killedAt)} ` +
        `(start ${seconds(victim.startMs)}, broker link included)`
      );
    });

    await scenario('rolling restart under load', async () => {
      const { load, reconnects } = await underLoad('rolling restart', 'none', async () => {
        for (const replica of c.replicas) {
          await ingestOne();
          await replica.stop('SIGTERM');
          await ingestOne();
          await replica.start();
          await c.waitForBalancer(3);
        }
      });
      return (
        `${load.requests} requests, 0 failed, ${load.retriedOrFailed.reads} reads retried; ` +
        `starts ${c.replicas.map((r) => seconds(r.startMs)).join(', ')}; push reconnects ` +
        msList(reconnects)
      );
    });

    await scenario('PostgreSQL and Mosquitto restarts under load', async () => {
      let back = 0;
      let mqttBack: number[] = [];
      const { load } = await underLoad('restarts', 'answered', async () => {
        assert.ok(c.postgres, 'the cluster runs its own PostgreSQL');
        await c.postgres.restart();
        await c.waitForBalancer(3);
        for (let i = 0; i < 3; i++) await ingestOne();
        await pushesWhole('after a PostgreSQL restart');

        for (const m of mqttLinks) m.reconnects.length = 0;
        await c.mosquitto.stop();
        const downAt = Date.now();
        await until(() => mqttLinks.every((m) => !m.client.connected), 'the MQTT links to notice');
        await c.mosquitto.restart();
        await until(
          () => mqttLinks.every((m) => m.client.connected),
          'the MQTT links back',
          RECONNECT_MS,
        );
        back = Date.now() - downAt;
        mqttBack = mqttLinks.flatMap((m) => m.reconnects);
        await c.waitForBalancer(3);
        // The replicas' own broker logins work again: a new station gets in.
        const fresh = await ok<{ url: string; username: string; password: string }>(
          lb,
          null,
          'POST',
          '/lab/station/connect',
          { board_id: lab.board_id, key },
        );
        const later = await mqtt.connectAsync(brokerAt(fresh.url), {
          username: fresh.username,
          password: fresh.password,
          reconnectPeriod: 0,
          connectTimeout: 5000,
        });
        await later.endAsync();
      });
      return (
        `PostgreSQL: replicas ready again, streams whole; Mosquitto stopped and started: MQTT ` +
        `links down for ${msList(mqttBack)} (all back ${back} ms after the stop ` +
        `returned), stations get in; ${load.requests} requests, every answered save stored`
      );
    });

    await scenario('shared rate limit', async () => {
      // Last: the balancer names one client address, so this uses up its anonymous writes.
      // The station and shared-dashboard logins above took a token each (up to six); the
      // refill adds at most what the burst holds, so one quota lets through WRITE_BURST - 6
      // to WRITE_BURST (three quotas would let through all of them).
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
        passed >= WRITE_BURST - 6 && passed <= WRITE_BURST,
        `anonymous writes through 3 replicas: ${anonymous.join(',')}`,
      );
      assert.equal(anonymous.length - passed, anonymous.filter((s) => s === 429).length);
      return `${passed} of ${anonymous.length} writes let through`;
    });

    log(
      `all checks passed in ${seconds(Date.now() - started)}: ` +
        times.map((t) => `${t.name} ${seconds(t.ms)}`).join('; '),
    );
  } finally {
    for (const s of streams) s.close();
    await Promise.all(links.map((l) => l.endAsync(true).catch(() => {})));
    await Promise.all(stations.map((s) => s.stop().catch(() => {})));
    fs.rmSync(stateDir, { recursive: true, force: true });
    await (cluster as Cluster | null)?.stop();
  }
}

main().catch((error: unknown) => {
  console.error(`cluster-checks: FAILED: ${error instanceof Error ? error.stack : String(error)}`);
  process.exit(1);
});
