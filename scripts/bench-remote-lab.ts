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
import { signUpWithPassword } from '../server/testing/emulator-accounts.ts';
import type { Lab } from '../src/contract/remote-lab.ts';
import type { WasmCore } from '../src/core/wasm-core.ts';
import { GoGoConnection } from '../src/device/connection/gogo-connection.ts';
import type { BoardStatus } from '../src/device/device.ts';
import * as cmd from '../src/device/protocol/commands.ts';
import { WasmFramer } from '../src/device/protocol/framer.ts';
import { RemoteTransport } from '../src/device/remote/remote-transport.ts';
import type { Transport } from '../src/device/transport.ts';
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
import { mosquittoServerEnv, startTempMosquitto, type TempMosquitto } from './mosquitto-temp.ts';
import { Api, cpuSeconds, labScale, pct, progress, withTimeout } from './bench/lab-scale.ts';
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

async function until(f: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!f()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(2);
  }
}

/** The session calls over the bench's fetch client (it only posts). */
const remoteLabApi = (api: Api) =>
  new RemoteLabApi({
    client: {
      post: (url, body) => api.post(url, body),
      get: () => Promise.reject(new Error('not used by a session')),
      put: () => Promise.reject(new Error('not used by a session')),
      delete: () => Promise.reject(new Error('not used by a session')),
    },
    notify: () => {},
    translate: (key) => key,
  });

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
    api: remoteLabApi(new Api(origin, idToken)),
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
  const setupRows: Record<string, string>[] = [];
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
          Object.assign(env, mosquittoServerEnv(mosquitto));
        } else if (broker !== 'aedes') {
          throw new Error(`unknown broker ${broker} (aedes or mosquitto)`);
        }
        const port = envPort('GOGO_BENCH_PORT') ?? (await freePort());
        progress(`${broker}: starting the server on port ${port}`);
        server = await startServer(port, { ...env, LOG_LEVEL: 'warn' }, 120_000);
        const origin = `http://127.0.0.1:${port}`;
        const owner = new Api(origin, (await signUpWithPassword(emulatorHost)).idToken, TIMEOUT_MS);
        progress(`${broker}: latency through the broker`);
        const via = await withTimeout(
          latency(core, origin, owner, emulatorHost),
          TIMEOUT_MS * 10,
          `the latency run through ${broker}`,
        );
        latencyRows.push(row(`through ${broker}`, via, base));
        progress(`${broker}: scale`);
        const pid = server.pid;
        const s = await labScale({
          origins: [origin],
          aliveOrigin: origin,
          ownerToken: owner.token,
          emulatorHost,
          brokerUrl: (u) => resolveBrokerUrl(u, origin),
          cpu: () => cpuSeconds(pid),
          stations: STATIONS,
          seconds: SECONDS,
          concurrency: CONCURRENCY,
          timeoutMs: TIMEOUT_MS,
          pin: PIN,
        });
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
        setupRows.push({
          broker,
          'labs s': s.setup.labs.toFixed(1),
          'stations online s': s.setup.stations.toFixed(1),
          'sessions connected s': s.setup.sessions.toFixed(1),
          'station grant p50': ms(pct(s.stationGrant, 50)),
          'station grant p99': ms(pct(s.stationGrant, 99)),
          'session grant p50': ms(pct(s.sessionGrant, 50)),
          'session grant p99': ms(pct(s.sessionGrant, 99)),
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
  table(
    `Remote lab set-up (${STATIONS} stations + ${STATIONS} sessions, ${CONCURRENCY} requests at once)`,
    setupRows,
  );
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
