// Cluster mode on one machine (`npm run cluster [-- --replicas N]`): HAProxy round-robin
// (no sticky sessions) in front of N API replicas (default 3) on one PostgreSQL and one
// Mosquitto with dynamic security, plus the Firebase Auth emulator. For trying cluster mode
// and for the cluster tests; docs/deploy.md runs the same on several machines.
//
// Ports (printed at start): GOGO_PORT the balancer (default 8080), the Auth emulator on the
// three after it, replicas from CLUSTER_REPLICA_PORT (default GOGO_PORT + 10), Mosquitto on
// GOGO_MQTT_PORT (WebSocket; browsers reach it through the balancer at /mqtt/…) and
// PostgreSQL on GOGO_PG_PORT (default free ports). DATABASE_URL names an existing
// PostgreSQL instead of a throw-away one (whose data goes when the cluster stops).
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import mqtt from 'mqtt';
import { envPort, freePort, startAuthEmulator, type AuthEmulator } from './auth-emulator.ts';
import { mosquittoServerEnv, startTempMosquitto, type TempMosquitto } from './mosquitto-temp.ts';
import { startTempPostgres, type TempPostgres } from './pg-temp.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface ClusterOptions {
  replicas?: number;
  /** The balancer's port; the Auth emulator takes the three after it. */
  port?: number;
  /** First replica's port; the others follow. */
  replicaPort?: number;
  mqttPort?: number;
  pgPort?: number;
  /** HAProxy's statistics page (default: a free port). */
  statsPort?: number;
  /** An existing PostgreSQL (otherwise a throw-away one). */
  databaseUrl?: string;
  /** An Auth emulator already running (host:port), else one is started. */
  authEmulatorHost?: string;
  /** More environment for every replica (limits, log level). */
  env?: Record<string, string>;
  /** Replica output goes here (default: nowhere; errors still reach stderr). */
  onLog?: (replica: number, line: string) => void;
  log?: (message: string) => void;
}

export interface Replica {
  index: number;
  port: number;
  url: string;
  process: ChildProcess | null;
  /** How long its last start took, to ready (ms). */
  startMs: number;
  /** Starts it (again) and waits until /health/ready answers 200. */
  start(): Promise<void>;
  /** SIGTERM (drain, finish, exit) or SIGKILL; resolves when the process is gone. */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

export interface Cluster {
  /** The balancer: what browsers and clients use. */
  url: string;
  replicas: Replica[];
  databaseUrl: string;
  postgres: TempPostgres | null;
  mosquitto: TempMosquitto;
  authEmulatorHost: string;
  /** HAProxy's process, and its runtime API (`disable server api/r2`, `show stat`). */
  balancer: { pid: number | undefined; command(line: string): Promise<string> };
  /** Waits until the balancer has `n` replicas up (its health checks agree). */
  waitForBalancer(n?: number): Promise<void>;
  stop(): Promise<void>;
}

/** Health checks every 500 ms; two failures take a replica out, two passes bring it back. */
const CHECK_MS = 500;
/** A stopping replica reports not ready this long before it closes: beyond two checks. */
const DRAIN_MS = 3 * CHECK_MS;

/**
 * WebSockets one client address may hold open to the brokers through the balancer (the
 * embedded broker's own cap, server/remote-lab/embedded-broker.ts): Mosquitto has no
 * per-address limit, so the balancer sets it (docs/deploy.md).
 */
export const MQTT_SOCKETS_PER_ADDRESS = 200;

/** The balancer's configuration: docs/deploy.md shows the same for several machines. */
export function haproxyConfig(
  port: number,
  replicas: Pick<Replica, 'index' | 'port'>[],
  mqttPort: number,
  stats: number,
  adminSocket?: string,
) {
  return [
    'global',
    '  maxconn 4000',
    ...(adminSocket ? [`  stats socket ${adminSocket} mode 600 level admin`] : []),
    'defaults',
    '  mode http',
    '  timeout connect 2s',
    '  timeout client 15m',
    '  timeout server 15m',
    '  timeout tunnel 1h',
    '  timeout http-request 10s',
    // A busy replica may be slow to answer its check; only one that does not answer in
    // time, or says it is not ready, is taken out.
    '  timeout check 3s',
    // Connections to the replicas are kept and reused across clients: a new TCP connection
    // per request cost the replica its accept and set-up every time (p99 through the
    // balancer about twice the direct one's). A stopping replica answers with
    // `Connection: close` while it drains, and the balancer stops choosing it before it
    // closes the rest, so no request goes to a connection the replica is closing.
    '  option http-keep-alive',
    '  http-reuse safe',
    // A client's idle connection stays open longer than the replicas tell clients they keep
    // one (Keep-Alive: timeout=72), so a client reusing it never races the balancer's close.
    '  timeout http-keep-alive 75s',

    // A connection refused (a replica gone) is tried on another; a request that reached a
    // replica is tried again only when it changes nothing.
    '  retries 3',
    '  option redispatch 1',
    '  retry-on conn-failure empty-response response-timeout',
    'frontend web',
    `  bind 127.0.0.1:${port}`,
    '  option forwardfor',
    // Each address's open WebSockets to the brokers, counted while they last.
    '  stick-table type ip size 100k expire 1h store conn_cur',
    '  http-request track-sc0 src if { path_beg /mqtt/ }',
    `  http-request deny deny_status 429 if { path_beg /mqtt/ } { sc0_conn_cur gt ${MQTT_SOCKETS_PER_ADDRESS} }`,
    '  use_backend mqtt if { path_beg /mqtt/ }',
    '  default_backend api',
    'backend api',
    '  balance roundrobin',
    '  http-request disable-l7-retry if !METH_GET !METH_OPTIONS',
    '  option httpchk GET /health/ready',
    '  http-check expect status 200',
    // Idle connections are closed by the balancer (a few seconds) well before the replicas'
    // own keep-alive timeout (72 s), so a replica never closes one the balancer is reusing.
    `  default-server inter ${CHECK_MS}ms fall 2 rise 2 pool-purge-delay 5s`,
    ...replicas.map((r) => `  server r${r.index} 127.0.0.1:${r.port} check`),
    'backend mqtt',
    `  server mosquitto 127.0.0.1:${mqttPort} check inter 1s`,
    'listen stats',
    `  bind 127.0.0.1:${stats}`,
    '  stats enable',
    '  stats uri /stats',
    '',
  ].join('\n');
}

async function waitReady(url: string, child: ChildProcess, ms = 300_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`the replica on ${url} exited during start-up`);
    }
    try {
      if ((await fetch(`${url}/health/ready`)).ok) return;
    } catch {
      // not yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`the replica on ${url} did not get ready`);
}

export async function startCluster(options: ClusterOptions = {}): Promise<Cluster> {
  const log = options.log ?? (() => {});
  const count = options.replicas ?? 3;
  const port = options.port ?? 8080;
  const replicaBase = options.replicaPort ?? port + 10;
  const began = Date.now();
  const stopping: (() => Promise<void>)[] = [];
  let emulatorStarting: Promise<unknown> = Promise.resolve();
  const stopAll = async () => {
    await emulatorStarting;
    for (const stop of stopping.reverse()) await stop().catch(() => {});
    stopping.length = 0;
  };
  try {
    // The Auth emulator, PostgreSQL and Mosquitto start side by side; the replicas need only
    // the emulator's address, so they start while it is still coming up.
    const emulatorHost = options.authEmulatorHost ?? `127.0.0.1:${port + 1}`;
    const emulatorReady: Promise<AuthEmulator | null> = options.authEmulatorHost
      ? Promise.resolve(null)
      : startAuthEmulator({ authPort: port + 1, hubPort: port + 2, loggingPort: port + 3 }).then(
          (e) => {
            stopping.push(() => e.stop());
            return e;
          },
        );
    // Awaited below; a failure meanwhile still waits for it before stopping everything.
    emulatorStarting = emulatorReady.catch(() => null);
    const [pg, broker] = await Promise.allSettled([
      options.databaseUrl
        ? Promise.resolve(null)
        : startTempPostgres({ port: options.pgPort, durable: true }),
      startTempMosquitto(options.mqttPort === undefined ? {} : { port: options.mqttPort }),
    ]);
    if (pg.status === 'fulfilled' && pg.value) {
      const p = pg.value;
      stopping.push(() => p.stop());
    }
    if (broker.status === 'fulfilled') {
      const b = broker.value;
      stopping.push(() => b.remove());
    }
    for (const r of [pg, broker]) if (r.status === 'rejected') throw r.reason;
    const postgres: TempPostgres | null = pg.status === 'fulfilled' ? pg.value : null;
    const databaseUrl = options.databaseUrl ?? postgres?.url ?? '';
    const mosquitto = (broker as PromiseFulfilledResult<TempMosquitto>).value;
    const url = `http://127.0.0.1:${port}`;
    const env: Record<string, string> = {
      DATABASE_URL: databaseUrl,
      FIREBASE_AUTH_EMULATOR_HOST: emulatorHost,
      ...mosquittoServerEnv(mosquitto),
      // Browsers and stations reach the broker through the balancer.
      MQTT_CLIENT_URL: `ws://127.0.0.1:${port}/mqtt/lab`,
      MQTT_PUBLIC_URL: `ws://127.0.0.1:${port}/mqtt/public`,
      MQTT_PUBLIC_ADMIN_USERNAME: mosquitto.adminUsername,
      MQTT_PUBLIC_ADMIN_PASSWORD: mosquitto.adminPassword,
      // The balancer is the one proxy in front: its X-Forwarded-For names the client.
      TRUST_PROXY: '1',
      SHUTDOWN_DRAIN_MS: String(DRAIN_MS),
      STATIC_DIR: path.join(ROOT, 'dist'),
      LOG_LEVEL: 'warn',
      ...options.env,
    };
    const replicas: Replica[] = Array.from({ length: count }, (_, index) => {
      const replicaPort = replicaBase + index;
      const replica: Replica = {
        index: index + 1,
        port: replicaPort,
        url: `http://127.0.0.1:${replicaPort}`,
        process: null,
        startMs: 0,
        async start() {
          const t0 = Date.now();
          const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
            cwd: ROOT,
            env: { ...process.env, ...env, GOGO_PORT: String(replicaPort) },
            stdio: ['ignore', 'pipe', 'inherit'],
          });
          child.stdout?.setEncoding('utf8');
          child.stdout?.on('data', (text: string) => {
            for (const line of text.split('\n')) if (line) options.onLog?.(index + 1, line);
          });
          replica.process = child;
          await waitReady(replica.url, child);
          replica.startMs = Date.now() - t0;
        },
        async stop(signal = 'SIGTERM') {
          const child = replica.process;
          replica.process = null;
          if (!child || child.exitCode !== null || child.signalCode !== null) return;
          const exited = new Promise((r) => child.once('exit', r));
          child.kill(signal);
          await exited;
        },
      };
      return replica;
    });
    // The balancer first: replicas reach the public broker through it as browsers do.
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gogo-haproxy-'));
    const statsPort = options.statsPort ?? (await freePort());
    const cfg = path.join(dir, 'haproxy.cfg');
    const adminSocket = path.join(dir, 'admin.sock');
    fs.writeFileSync(cfg, haproxyConfig(port, replicas, mosquitto.port, statsPort, adminSocket));
    const haproxy = spawn('haproxy', ['-db', '-f', cfg], { stdio: ['ignore', 'ignore', 'pipe'] });
    let haproxyLog = '';
    haproxy.stderr?.on('data', (d: Buffer) => (haproxyLog += d.toString()));
    stopping.push(async () => {
      if (haproxy.exitCode === null) {
        const exited = new Promise((r) => haproxy.once('exit', r));
        haproxy.kill('SIGTERM');
        await exited;
      }
      fs.rmSync(dir, { recursive: true, force: true });
    });

    stopping.push(async () => {
      await Promise.all(replicas.map((r) => r.stop('SIGTERM')));
    });
    for (let tries = 0; ; tries++) {
      if (haproxy.exitCode !== null) throw new Error(`haproxy exited:\n${haproxyLog}`);
      try {
        await fetch(`http://127.0.0.1:${statsPort}/stats`);
        break;
      } catch {
        if (tries > 100) throw new Error('haproxy did not start');
        await new Promise((r) => setTimeout(r, 100));
      }
    }
    // The broker through the balancer, as the replicas will reach it.
    for (let tries = 0; ; tries++) {
      try {
        const probe = await mqtt.connectAsync(`ws://127.0.0.1:${port}/mqtt/public`, {
          username: mosquitto.adminUsername,
          password: mosquitto.adminPassword,
          reconnectPeriod: 0,
          connectTimeout: 2000,
        });
        await probe.endAsync();
        break;
      } catch (error) {
        if (tries > 50)
          throw new Error(`the broker is not reachable through haproxy: ${String(error)}`);
        await new Promise((r) => setTimeout(r, 200));
      }
    }
    // All at once, as a deployment would: the migrations take turns under their lock.
    await Promise.all(replicas.map((r) => r.start()));
    log(`replicas ready in ${((Date.now() - began) / 1000).toFixed(1)} s`);
    const emulator = await emulatorReady;
    if (emulator && emulator.host !== emulatorHost) {
      throw new Error(`the Auth emulator is on ${emulator.host}, not ${emulatorHost}`);
    }

    const upServers = async (): Promise<number> => {
      const res = await fetch(`http://127.0.0.1:${statsPort}/stats;csv`);
      const rows = (await res.text()).split('\n').filter((l) => l.startsWith('api,r'));
      return rows.filter((l) => l.split(',')[17] === 'UP').length;
    };
    const waitForBalancer = async (n = count) => {
      const deadline = Date.now() + 30_000;
      for (;;) {
        if (haproxy.exitCode !== null) throw new Error(`haproxy exited:\n${haproxyLog}`);
        try {
          if ((await upServers()) >= n) return;
        } catch {
          // not listening yet
        }
        if (Date.now() > deadline) throw new Error(`the balancer did not see ${n} replicas up`);
        await new Promise((r) => setTimeout(r, 100));
      }
    };
    await waitForBalancer();
    log(`balancer ${url} (HAProxy round-robin, health checks on /health/ready)`);
    for (const r of replicas) log(`replica ${r.index} ${r.url}`);
    log(`PostgreSQL ${databaseUrl}`);
    log(`Mosquitto ${mosquitto.url} (dynamic security), browsers via ${url}/mqtt/…`);
    log(`Auth emulator http://${emulatorHost}`);
    return {
      url,
      replicas,
      databaseUrl,
      postgres,
      mosquitto,
      authEmulatorHost: emulatorHost,
      balancer: {
        pid: haproxy.pid,
        command: (line) =>
          new Promise<string>((resolve, reject) => {
            let out = '';
            const socket = net.connect(adminSocket, () => socket.end(`${line}\n`));
            socket.setEncoding('utf8');
            socket.on('data', (d: string) => (out += d));
            socket.on('end', () => resolve(out));
            socket.on('error', reject);
          }),
      },
      waitForBalancer,
      stop: stopAll,
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}

async function cli(argv: string[]): Promise<void> {
  const at = argv.indexOf('--replicas');
  const replicas = at >= 0 ? Number(argv[at + 1]) : 3;
  if (!Number.isInteger(replicas) || replicas < 1 || replicas > 32) {
    throw new Error('--replicas must be 1 to 32');
  }
  const port = envPort('GOGO_PORT') ?? 8080;
  const databaseUrl = process.env.DATABASE_URL?.trim();
  const cluster = await startCluster({
    replicas,
    port,
    replicaPort: envPort('CLUSTER_REPLICA_PORT'),
    mqttPort: envPort('GOGO_MQTT_PORT'),
    pgPort: envPort('GOGO_PG_PORT'),
    ...(databaseUrl ? { databaseUrl } : {}),
    log: (m) => console.error(`cluster: ${m}`),
  });
  console.error('cluster: ready; Ctrl-C stops everything');
  const stop = () => {
    void cluster.stop().then(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  cli(process.argv.slice(2)).catch((error: unknown) => {
    console.error(`cluster: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
}
