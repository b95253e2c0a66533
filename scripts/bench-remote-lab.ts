// Latency and scale of the remote lab (`npm run bench:remote-lab`), through the real server,
// its brokers and Auth-emulator accounts (docs/remote-lab.md "Measuring"):
//   - latency: a command from the app to the board, and a sensor change from the board to the
//     app's status, directly (the app's connection on the headless virtual board) and through
//     each broker (session, remote transport, lab station); p50/p99 and the added latency
//     against the direct path measured in the same run;
//   - scale: N stations (presence every 2 s, as a station sends it) and N student sessions
//     (one per board, broker connection open, alive at the server's period) on one server for
//     S seconds: alives answered, lost alives (target zero), the server's CPU.
// Brokers: the embedded aedes and a throw-away Mosquitto with dynamic security.
//
// Env: BENCH_BROKERS (default "aedes,mosquitto"), BENCH_STATIONS (200), BENCH_SECONDS (60),
// BENCH_SAMPLES (100), BENCH_CONCURRENCY (set-up requests in flight, 16), BENCH_TIMEOUT_S (one
// request or connection, 30), GOGO_BENCH_PORT (default: a free port),
// FIREBASE_AUTH_EMULATOR_HOST (reuse a running emulator) or the emulator ports of
// scripts/auth-emulator.ts. `--quick`: 20 samples, 20 stations + 20 sessions for 10 s.
// Progress goes to stderr, one line per phase step; the tables go to stdout at the end.
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import mqtt, { type MqttClient } from 'mqtt';
import { signUpWithPassword } from '../server/testing/emulator-accounts.ts';
import { API_BASE_PATH } from '../src/contract/base-path.ts';
import { labTopics } from '../src/contract/lab-topics.ts';
import type { Lab, SessionAnswer, StationGrant } from '../src/contract/remote-lab.ts';
import type { WasmCore } from '../src/core/wasm-core.ts';
import { GoGoConnection } from '../src/device/connection/gogo-connection.ts';
import type { BoardStatus } from '../src/device/device.ts';
import * as cmd from '../src/device/protocol/commands.ts';
import { WasmFramer } from '../src/device/protocol/framer.ts';
import { RemoteTransport } from '../src/device/remote/remote-transport.ts';
import type { Transport } from '../src/device/transport.ts';
import type { ApiTransport } from '../src/api/checked-api.ts';
import { RemoteLabApi } from '../src/remote-lab/remote-lab-api.ts';
import { emptyRemoteLab, RemoteSession } from '../src/remote-lab/remote-session.ts';
import { HeadlessVirtualBoard } from '../src/remote-lab/station/headless-board.ts';
import {
  loadNodeCore,
  resolveBrokerUrl,
  startNodeStation,
} from '../src/remote-lab/station/node-station.node.ts';
import { envPort, freePort, startAuthEmulator } from './auth-emulator.ts';
import { ms, ratio, table } from './bench/lib.ts';
import { startTempMosquitto, type TempMosquitto } from './mosquitto-temp.ts';
import { startServer } from './bench/server-process.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const BROKERS = (process.env.BENCH_BROKERS ?? 'aedes,mosquitto').split(',').map((s) => s.trim());
const QUICK = process.argv.includes('--quick');
const STATIONS = Number(process.env.BENCH_STATIONS ?? (QUICK ? 20 : 200));
const SECONDS = Number(process.env.BENCH_SECONDS ?? (QUICK ? 10 : 60));
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? (QUICK ? 20 : 100));
const CONCURRENCY = Math.max(1, Number(process.env.BENCH_CONCURRENCY ?? 16));
const TIMEOUT_MS = Number(process.env.BENCH_TIMEOUT_S ?? 30) * 1000;
const PIN = '2468';

const sleep = (t: number) => new Promise((r) => setTimeout(r, t));
let failures = 0;
const started = Date.now();

/** One progress line on stderr, with the time since the start. */
function progress(message: string): void {
  console.error(`[${((Date.now() - started) / 1000).toFixed(1).padStart(6)} s] ${message}`);
}

/** Rejects with `what` named when `promise` takes longer than `timeoutMs`. */
async function withTimeout<T>(promise: Promise<T>, timeoutMs: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(new Error(`timed out after ${timeoutMs / 1000} s: ${what}`)),
      timeoutMs,
    );
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Runs `f` over `items` with at most `limit` in flight, reporting progress about every tenth;
 * the first failure stops new work and rejects.
 */
async function pool<T, R>(
  what: string,
  items: readonly T[],
  limit: number,
  f: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  let done = 0;
  let failed: unknown = null;
  const step = Math.max(1, Math.ceil(items.length / 10));
  const t0 = Date.now();
  const worker = async () => {
    while (failed === null && next < items.length) {
      const i = next++;
      try {
        results[i] = await f(items[i] as T, i);
      } catch (e) {
        failed ??= e;
        return;
      }
      done++;
      if (done % step === 0 || done === items.length) {
        progress(`${what}: ${done}/${items.length} (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  if (failed !== null) throw failed instanceof Error ? failed : new Error(String(failed));
  return results;
}

/** Opens an MQTT connection, failing with a clear message instead of retrying forever. */
async function connectMqtt(url: string, options: mqtt.IClientOptions, what: string) {
  const c = mqtt.connect(url, { reconnectPeriod: 5000, connectTimeout: TIMEOUT_MS, ...options });
  try {
    await withTimeout(
      new Promise<void>((resolve, reject) => {
        c.once('connect', () => resolve());
        c.once('error', reject);
      }),
      TIMEOUT_MS,
      `${what}: MQTT connection to ${url}`,
    );
  } catch (e) {
    c.end(true);
    throw e;
  }
  return c;
}

function pct(values: number[], p: number): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? NaN;
}

async function until(f: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!f()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(2);
  }
}

/** CPU seconds (user + system) a process has used so far. */
function cpuSeconds(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  const ticks = Number(fields[11]) + Number(fields[12]);
  return ticks / 100;
}

/** The API over fetch (no i18n or token refresh in a bench): what RemoteLabApi calls. */
class Api implements ApiTransport {
  constructor(
    private readonly base: string,
    private readonly token: string,
  ) {}
  private async call<T>(method: string, url: string, body?: unknown): Promise<T> {
    const res = await fetch(`${this.base}${API_BASE_PATH}${url}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(this.token ? { authorization: `Bearer ${this.token}` } : {}),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    }).catch((e: unknown) => {
      throw new Error(`${method} ${url}: ${e instanceof Error ? e.message : String(e)}`);
    });
    const json = (await res.json()) as T & { message?: string };
    if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${json.message ?? ''}`);
    return json;
  }
  get<T>(url: string): Promise<T> {
    return this.call('GET', url);
  }
  post<T>(url: string, body: unknown = {}): Promise<T> {
    return this.call('POST', url, body);
  }
  put<T>(url: string, body: unknown = {}): Promise<T> {
    return this.call('PUT', url, body);
  }
  delete<T>(url: string): Promise<T> {
    return this.call('DELETE', url);
  }
}

/** Commands timed from `send` to the board's `write`; sensors from the board to `status`. */
async function measure(
  device: GoGoConnection,
  board: HeadlessVirtualBoard,
  samples: number,
): Promise<{ command: number[]; status: number[] }> {
  let arrived = 0;
  const write = board.write.bind(board);
  board.write = (p: Uint8Array) => {
    arrived = performance.now();
    return write(p);
  };
  let last: BoardStatus | null = null;
  let lastAt = 0;
  const off = device.on('status', (s) => {
    last = s;
    lastAt = performance.now();
  });
  const command: number[] = [];
  const status: number[] = [];
  for (let i = 0; i < samples; i++) {
    arrived = 0;
    const t0 = performance.now();
    await device.send(cmd.beep());
    await until(() => arrived > 0, 10_000, 'a command at the board');
    command.push(arrived - t0);
    const value = 100 + (i % 2) * 800 + (i % 7);
    const t1 = performance.now();
    board.board.setSensor(1, value);
    await until(() => last?.sensors[0] === value, 10_000, 'a sensor change at the app');
    status.push(lastAt - t1);
    await sleep(20);
  }
  off();
  board.write = write;
  return { command, status };
}

async function latency(
  core: WasmCore,
  origin: string,
  owner: Api,
  emulatorHost: string,
): Promise<{ command: number[]; status: number[] }> {
  const lab = await owner.post<Lab>('/lab/create', {
    name: 'Bench latency',
    board_id: `BL${Date.now().toString(36)}`,
    pin: PIN,
  });
  const { key } = await owner.post<{ key: string }>(`/lab/${lab.uuid}/station-key`);
  const stateDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gogo-bench-station-'));
  const station = await startNodeStation({
    server: origin,
    boardId: lab.board_id,
    key,
    core,
    stateDir,
    still: true,
  });
  const { idToken } = await signUpWithPassword(emulatorHost);
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
      client: new Api(origin, idToken),
      notify: () => {},
      translate: (key) => key,
    }),
    device,
    brokerUrl: (u) => resolveBrokerUrl(u, origin),
    state: emptyRemoteLab(),
  });
  try {
    const deadline = Date.now() + 30_000;
    for (;;) {
      try {
        await session.connectById({ board_id: lab.board_id, pin: PIN });
        break;
      } catch (e) {
        if (Date.now() > deadline) throw e;
        await sleep(500);
      }
    }
    await until(() => device.snapshot.board.boardType !== 0, 20_000, 'the remote board');
    return await measure(device, station.board, SAMPLES);
  } finally {
    await session.disconnect();
    session.dispose();
    await device.dispose();
    await station.stop();
    fs.rmSync(stateDir, { recursive: true, force: true });
  }
}

async function direct(core: WasmCore): Promise<{ command: number[]; status: number[] }> {
  const board = new HeadlessVirtualBoard(core);
  const device = new GoGoConnection({
    createTransport: (): Transport => board,
    framer: new WasmFramer(core),
    displayBoard: () => 6,
    schedule: (f) => setTimeout(f, 0),
  });
  await device.connect('simulated');
  await until(() => device.snapshot.board.boardType !== 0, 20_000, 'the virtual board');
  try {
    return await measure(device, board, SAMPLES);
  } finally {
    await device.dispose();
    board.destroy();
  }
}

/** N lightweight stations and N sessions on one server; returns the scale figures. */
async function scale(origin: string, serverPid: number, owner: Api, emulatorHost: string) {
  const clients: MqttClient[] = [];
  const timers: ReturnType<typeof setInterval>[] = [];
  let running = true;
  const loops: Promise<void>[] = [];
  let sessions: { api: Api; s: SessionAnswer }[] = [];
  try {
    const stamp = Date.now().toString(36);
    const labs = await pool('labs created', [...Array(STATIONS).keys()], CONCURRENCY, (i) =>
      owner.post<Lab>('/lab/create', { name: `Bench ${i}`, board_id: `BS${stamp}${i}`, pin: PIN }),
    );
    // Stations: the grant, the retained presence with its will, presence every 2 s. The grant
    // comes from the owner's station route: the key route allows 10 connects a minute per
    // address (against key guessing), which one machine's 200 stations would exceed.
    await pool('stations online', labs, CONCURRENCY, async (lab) => {
      const g = await owner.post<StationGrant>(`/lab/${lab.uuid}/station`);
      const topics = labTopics(g.base);
      const presence = (online: boolean) =>
        JSON.stringify({
          online,
          board: online ? { type: 1, version: 7, firmware: 40 } : null,
          answer: 0,
          session: null,
          kind: 'bench',
        });
      const c = await connectMqtt(
        resolveBrokerUrl(g.url, origin),
        {
          username: g.username,
          password: g.password,
          will: {
            topic: topics.presence,
            payload: Buffer.from(presence(false)),
            qos: 1,
            retain: true,
          },
        },
        `station ${lab.board_id}`,
      );
      clients.push(c);
      c.subscribe([topics.control, topics.anyDown]);
      const send = () => c.publish(topics.presence, presence(true), { qos: 1, retain: true });
      send();
      timers.push(setInterval(send, 2000));
    });
    await sleep(3000);
    // Students: one account and one session per board, broker connection open, alive loop.
    const accounts = await pool('student accounts', labs, CONCURRENCY, () =>
      withTimeout(signUpWithPassword(emulatorHost), TIMEOUT_MS, 'an Auth-emulator sign-up'),
    );
    // Each session keeps alive from the moment it connects (the server ends a silent one), at
    // its period from a random phase, as independent students would; losses count from then,
    // alives and their latency only in the measured steady state.
    let alives = 0;
    let lost = 0;
    let measuring = false;
    const errors = new Map<string, number>();
    const aliveLatency: number[] = [];
    const keepAlive = async (api: Api, s: SessionAnswer) => {
      await sleep(Math.random() * s.alive_ms);
      while (running) {
        const a0 = performance.now();
        try {
          const a = await api.post<SessionAnswer>('/session/alive', {
            session_id: s.session_id,
            session_ans: 0,
          });
          if (measuring) {
            aliveLatency.push(performance.now() - a0);
            alives++;
          }
          if (a.state !== 'active') {
            lost++;
            errors.set(a.state, (errors.get(a.state) ?? 0) + 1);
          }
        } catch (e) {
          lost++;
          const m = e instanceof Error ? e.message : String(e);
          errors.set(m, (errors.get(m) ?? 0) + 1);
        }
        await sleep(s.alive_ms);
      }
    };
    sessions = await pool('sessions connected', labs, CONCURRENCY, async (lab, i) => {
      const api = new Api(origin, accounts[i]?.idToken ?? '');
      const s = await api.post<SessionAnswer>('/session/connect', {
        board_id: lab.board_id,
        pin: PIN,
      });
      if (s.state !== 'active' || !s.broker) throw new Error(`session ${i}: ${s.state}`);
      loops.push(keepAlive(api, s));
      const c = await connectMqtt(
        resolveBrokerUrl(s.broker.url, origin),
        { username: s.broker.username, password: s.broker.password },
        `session ${i}`,
      );
      clients.push(c);
      c.subscribe([s.broker.up, s.broker.presence]);
      return { api, s };
    });
    progress(
      `steady state: ${sessions.length} sessions alive for ${SECONDS} s (${lost} lost so far)`,
    );
    measuring = true;
    const cpu0 = cpuSeconds(serverPid);
    const t0 = Date.now();
    for (let left = SECONDS; left > 0; left -= 10) {
      await sleep(Math.min(10, left) * 1000);
      progress(
        `steady state: ${SECONDS - Math.max(0, left - 10)}/${SECONDS} s, ${alives} alives, ${lost} lost`,
      );
    }
    running = false;
    const elapsed = (Date.now() - t0) / 1000;
    const cpu = cpuSeconds(serverPid) - cpu0;
    for (const [m, n] of errors) progress(`lost alive ×${n}: ${m}`);
    return { alives, lost, cpuPercent: (100 * cpu) / elapsed, aliveLatency, elapsed };
  } finally {
    running = false;
    progress('tearing down the scale run');
    await withTimeout(Promise.all(loops), TIMEOUT_MS * 2, 'the alive loops to stop').catch(
      (e: unknown) => progress(String(e)),
    );
    await pool('sessions disconnected', sessions, CONCURRENCY, ({ api, s }) =>
      api.post('/session/disconnect', { session_id: s.session_id }),
    ).catch((e: unknown) => progress(`disconnect: ${String(e)}`));
    for (const t of timers) clearInterval(t);
    await Promise.all(
      clients.map((c) => withTimeout(c.endAsync(), 5000, 'an MQTT close').catch(() => c.end(true))),
    );
  }
}

async function main(): Promise<void> {
  const existing = process.env.FIREBASE_AUTH_EMULATOR_HOST?.trim();
  progress(
    `remote-lab bench: ${BROKERS.join(', ')}; ${SAMPLES} samples; ${STATIONS} stations + ` +
      `${STATIONS} sessions for ${SECONDS} s; set-up concurrency ${CONCURRENCY}; ` +
      `load average ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
  );
  if (!existing) progress('starting the Auth emulator');
  const emulator = existing
    ? null
    : await startAuthEmulator({
        authPort: envPort('GOGO_AUTH_EMULATOR_PORT'),
        hubPort: envPort('GOGO_EMULATOR_HUB_PORT'),
        loggingPort: envPort('GOGO_EMULATOR_LOGGING_PORT'),
        timeoutMs: 300_000,
      });
  const emulatorHost = existing ?? emulator?.host ?? '';
  const core = await loadNodeCore(ROOT);
  const latencyRows: Record<string, string>[] = [];
  const scaleRows: Record<string, string | number>[] = [];
  try {
    progress('latency: direct (virtual board)');
    const base = await withTimeout(direct(core), TIMEOUT_MS * 10, 'the direct latency run');
    latencyRows.push(row('direct (virtual board)', base, base));
    for (const broker of BROKERS) {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gogo-bench-lab-'));
      let mosquitto: TempMosquitto | null = null;
      let server: ChildProcess | null = null;
      try {
        const env: Record<string, string> = {
          SQLITE_FILE: path.join(dir, 'gogo.sqlite'),
          FIREBASE_AUTH_EMULATOR_HOST: emulatorHost,
          FIREBASE_PROJECT_ID: 'demo-gogo',
          // One owner registers every bench lab (hundreds); the per-user limit is for people.
          LAB_REGISTRATIONS_PER_HOUR: '1000000',
        };
        if (broker === 'mosquitto') {
          progress('starting a throw-away Mosquitto');
          mosquitto = await startTempMosquitto();
          Object.assign(env, {
            MQTT_URL: mosquitto.tcpUrl,
            MQTT_CLIENT_URL: mosquitto.url,
            MQTT_ADMIN_USERNAME: mosquitto.adminUsername,
            MQTT_ADMIN_PASSWORD: mosquitto.adminPassword,
          });
        } else if (broker !== 'aedes') {
          throw new Error(`unknown broker ${broker} (aedes or mosquitto)`);
        }
        const port = envPort('GOGO_BENCH_PORT') ?? (await freePort());
        progress(`${broker}: starting the server on port ${port}`);
        server = await startServer(port, { ...env, LOG_LEVEL: 'warn' }, 120_000);
        const origin = `http://127.0.0.1:${port}`;
        const owner = new Api(origin, (await signUpWithPassword(emulatorHost)).idToken);
        progress(`${broker}: latency through the broker`);
        const via = await withTimeout(
          latency(core, origin, owner, emulatorHost),
          TIMEOUT_MS * 10,
          `the latency run through ${broker}`,
        );
        latencyRows.push(row(`through ${broker}`, via, base));
        progress(`${broker}: scale`);
        const s = await scale(origin, server.pid ?? 0, owner, emulatorHost);
        if (s.lost > 0) failures++;
        scaleRows.push({
          broker,
          stations: STATIONS,
          sessions: STATIONS,
          seconds: s.elapsed.toFixed(0),
          alives: s.alives,
          'lost alives': s.lost,
          'alive p50': ms(pct(s.aliveLatency, 50)),
          'alive p99': ms(pct(s.aliveLatency, 99)),
          'server CPU': `${s.cpuPercent.toFixed(1)}% of one core`,
        });
      } catch (e) {
        // One broker failing (a timeout names what hung) still leaves the others' figures.
        failures++;
        const message = e instanceof Error ? e.message : String(e);
        progress(`${broker}: failed: ${message}`);
        scaleRows.push({ broker, stations: STATIONS, sessions: STATIONS, failed: message });
      } finally {
        server?.kill('SIGTERM');
        await mosquitto?.remove();
        fs.rmSync(dir, { recursive: true, force: true });
      }
    }
  } finally {
    await emulator?.stop();
  }
  const load = os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
  console.log(`\nLoad average at the end: ${load} (${os.cpus().length} cores)`);
  table(`Remote lab latency (${SAMPLES} samples each, same run)`, latencyRows);
  table(`Remote lab scale (${STATIONS} stations + ${STATIONS} sessions, ${SECONDS} s)`, scaleRows);
  if (failures > 0) {
    console.error(`${failures} broker(s) failed or lost alives`);
    process.exitCode = 1;
  }
}

function row(
  name: string,
  m: { command: number[]; status: number[] },
  base: { command: number[]; status: number[] },
): Record<string, string> {
  const c50 = pct(m.command, 50);
  const s50 = pct(m.status, 50);
  return {
    path: name,
    'command p50': ms(c50),
    'command p99': ms(pct(m.command, 99)),
    'command added p50': ms(c50 - pct(base.command, 50)),
    'command vs direct': ratio(c50 / pct(base.command, 50)),
    'status p50': ms(s50),
    'status p99': ms(pct(m.status, 99)),
    'status added p50': ms(s50 - pct(base.status, 50)),
    'status vs direct': ratio(s50 / pct(base.status, 50)),
  };
}

main().then(
  () => process.exit(process.exitCode ?? 0),
  (e: unknown) => {
    console.error(e);
    process.exit(1);
  },
);
