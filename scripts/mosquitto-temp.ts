// A throw-away Mosquitto for tests and benchmarks, with the dynamic-security plugin the
// remote lab uses at scale (docs/remote-lab.md "External broker") and the deployment's
// configuration and limits (deploy/mosquitto.conf): a temporary folder, an admin user with a
// random password, MQTT over WebSocket on a loopback port, jemalloc as its malloc when installed
// (docs/deploy.md "Mosquitto"); stopped and deleted afterwards.
// Uses Debian's mosquitto (scripts/setup.sh installs it).
//
//   node --import tsx scripts/mosquitto-temp.ts run [--port N] -- <command...>
//
// runs the command with TEST_MQTT_URL, TEST_MQTT_ADMIN_USERNAME and TEST_MQTT_ADMIN_PASSWORD
// set, then stops Mosquitto whatever the command's outcome, and exits with its code.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { envPort, freePort } from './auth-emulator.ts';

export interface TempMosquitto {
  /** MQTT over WebSocket: what browsers and stations use. */
  url: string;
  port: number;
  /** Plain MQTT (TCP): what the server uses. */
  tcpUrl: string;
  adminUsername: string;
  adminPassword: string;
  /** Stops the broker (a restart keeps users and roles: they live in the plugin's file). */
  stop(): Promise<void>;
  /** Starts it again on the same port after `stop` (broker-restart tests). */
  restart(): Promise<void>;
  /** Stops it for good and deletes its folder. */
  remove(): Promise<void>;
  /** The dynamic-security plugin's file (which it rewrites after every change). */
  dynsecFile: string;
  /** The broker's process id while it runs (benchmarks read its CPU time). */
  pid(): number | undefined;
}

/** The deployment's configuration (docs/deploy.md), which the tests' broker runs too. */
export const MOSQUITTO_CONF = fileURLToPath(new URL('../deploy/mosquitto.conf', import.meta.url));

/**
 * deploy/mosquitto.conf for a broker of this machine: its plugin path, files, logs on
 * stderr, and the loopback ports of its two listeners (WebSocket first, then plain MQTT).
 * Every limit stays as the file sets it; `settings` replaces or adds global options (the
 * dynamic-security benchmark compares `set_tcp_nodelay`).
 */
export function localMosquittoConfig(
  template: string,
  local: { plugin: string; dynsec: string; wsPort: number; tcpPort: number },
  settings: Record<string, string> = {},
): string {
  const ports = [local.wsPort, local.tcpPort];
  const lines: string[] = [];
  const unset = new Set(Object.keys(settings));
  for (const raw of template.split('\n')) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) continue;
    const [key = ''] = line.split(/\s+/);
    if (key === 'listener') {
      for (const k of unset) lines.push(`${k} ${settings[k]}`);
      unset.clear();
    }
    if (key in settings) {
      lines.push(`${key} ${settings[key]}`);
      unset.delete(key);
    } else if (key === 'plugin') lines.push(`plugin ${local.plugin}`);
    else if (key === 'plugin_opt_config_file') lines.push(`${key} ${local.dynsec}`);
    else if (key === 'log_dest') lines.push('log_dest stderr');
    else if (key === 'listener') {
      const port = ports.shift();
      if (port === undefined) throw new Error('deploy/mosquitto.conf: more than two listeners');
      lines.push(`listener ${port} 127.0.0.1`);
    } else lines.push(line);
  }
  if (ports.length > 0) throw new Error('deploy/mosquitto.conf: a listener is missing');
  return lines.join('\n') + '\n';
}

const PLUGIN_DIRS = ['/usr/lib/x86_64-linux-gnu', '/usr/lib/aarch64-linux-gnu', '/usr/lib'];

export function dynsecPlugin(): string {
  for (const dir of PLUGIN_DIRS) {
    const file = path.join(dir, 'mosquitto_dynamic_security.so');
    if (fs.existsSync(file)) return file;
  }
  throw new Error(
    'Mosquitto dynamic security is not installed (Debian: apt-get install mosquitto)',
  );
}

/** jemalloc's library, if installed (Debian: libjemalloc2), for LD_PRELOAD. */
function jemalloc(): string | undefined {
  for (const dir of PLUGIN_DIRS) {
    const file = path.join(dir, 'libjemalloc.so.2');
    if (fs.existsSync(file)) return file;
  }
  return undefined;
}

function waitForPort(port: number, child: ChildProcess, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  return new Promise((resolve, reject) => {
    const attempt = () => {
      if (child.exitCode !== null) {
        reject(new Error(`mosquitto exited (${child.exitCode})`));
        return;
      }
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve();
      });
      socket.once('error', () => {
        socket.destroy();
        if (Date.now() > deadline) reject(new Error(`mosquitto did not listen on ${port}`));
        else setTimeout(attempt, 50);
      });
    };
    attempt();
  });
}

export async function startTempMosquitto(
  options: {
    port?: number;
    settings?: Record<string, string>;
    /**
     * The broker's malloc: jemalloc when installed, as docs/deploy.md advises (the plugin's
     * file rewrites cost about half the CPU), or glibc's (Debian's default).
     */
    allocator?: 'jemalloc' | 'glibc';
    /** Where its folder goes (default: the system's temporary folder). */
    parent?: string;
  } = {},
): Promise<TempMosquitto> {
  const plugin = dynsecPlugin();
  const preload = options.allocator === 'glibc' ? undefined : jemalloc();
  if (options.allocator === 'jemalloc' && !preload) {
    throw new Error('jemalloc is not installed (Debian: apt-get install libjemalloc2)');
  }
  const port = options.port ?? (await freePort());
  const tcpPort = await freePort();
  const dir = fs.mkdtempSync(path.join(options.parent ?? os.tmpdir(), 'gogo-mosquitto-'));
  const adminUsername = 'gogo-admin';
  const adminPassword = randomBytes(18).toString('base64url');
  const dynsec = path.join(dir, 'dynamic-security.json');
  execFileSync('mosquitto_ctrl', ['dynsec', 'init', dynsec, adminUsername, adminPassword], {
    stdio: 'ignore',
  });
  const conf = path.join(dir, 'mosquitto.conf');
  fs.writeFileSync(
    conf,
    localMosquittoConfig(
      fs.readFileSync(MOSQUITTO_CONF, 'utf8'),
      {
        plugin,
        dynsec,
        wsPort: port,
        tcpPort,
      },
      options.settings,
    ),
  );
  // As root Mosquitto drops to its own user, which must be able to write the plugin's file.
  if (process.getuid?.() === 0) execFileSync('chown', ['-R', 'mosquitto:', dir]);

  let child: ChildProcess | null = null;
  const launch = async () => {
    const c = spawn('mosquitto', ['-c', conf], {
      stdio: ['ignore', 'ignore', 'pipe'],
      env: { ...process.env, ...(preload ? { LD_PRELOAD: preload } : {}) },
    });
    c.stderr?.on('data', (d: Buffer) => {
      if (process.env.MOSQUITTO_LOG) process.stderr.write(d);
    });
    child = c;
    await waitForPort(port, c);
    await waitForPort(tcpPort, c);
  };
  const stop = async () => {
    const c = child;
    child = null;
    if (!c || c.exitCode !== null) return;
    const exited = new Promise((r) => c.once('exit', r));
    c.kill('SIGTERM');
    await exited;
  };
  try {
    await launch();
  } catch (error) {
    await stop();
    fs.rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  return {
    url: `ws://127.0.0.1:${port}`,
    port,
    tcpUrl: `mqtt://127.0.0.1:${tcpPort}`,
    adminUsername,
    adminPassword,
    dynsecFile: dynsec,
    pid: () => (child as ChildProcess | null)?.pid,
    stop,
    restart: launch,
    async remove() {
      await stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Environment that points the test suites at this broker. */
export const mosquittoEnv = (m: TempMosquitto) => ({
  TEST_MQTT_URL: m.tcpUrl,
  TEST_MQTT_WS_URL: m.url,
  TEST_MQTT_ADMIN_USERNAME: m.adminUsername,
  TEST_MQTT_ADMIN_PASSWORD: m.adminPassword,
});

/** Environment that points a server (`server/main.ts`) at this broker. */
export const mosquittoServerEnv = (m: TempMosquitto) => ({
  MQTT_URL: m.tcpUrl,
  MQTT_CLIENT_URL: m.url,
  MQTT_ADMIN_USERNAME: m.adminUsername,
  MQTT_ADMIN_PASSWORD: m.adminPassword,
});

async function cli(argv: string[]): Promise<number> {
  const sep = argv.indexOf('--');
  const own = sep >= 0 ? argv.slice(0, sep) : argv;
  const command = sep >= 0 ? argv.slice(sep + 1) : [];
  if (own[0] !== 'run' || command.length === 0) {
    console.error('usage: mosquitto-temp.ts run [--port N] -- <command...>');
    return 2;
  }
  const portIndex = own.indexOf('--port');
  const port = portIndex >= 0 ? Number(own[portIndex + 1]) : envPort('GOGO_MQTT_PORT');
  const m = await startTempMosquitto(port === undefined ? {} : { port });
  console.error(`mosquitto-temp: Mosquitto (dynamic security) on ${m.url}`);
  const [exe = '', ...args] = command;
  const child = spawn(exe, args, { stdio: 'inherit', env: { ...process.env, ...mosquittoEnv(m) } });
  const forward = (signal: NodeJS.Signals) => child.kill(signal);
  process.on('SIGINT', forward);
  process.on('SIGTERM', forward);
  const code = await new Promise<number>((resolve) => {
    child.on('error', (e) => {
      console.error(`mosquitto-temp: cannot run ${exe}: ${e.message}`);
      resolve(127);
    });
    child.on('exit', (c, signal) => resolve(c ?? (signal ? 1 : 0)));
  });
  await m.remove();
  console.error('mosquitto-temp: Mosquitto stopped and deleted');
  return code;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = await cli(process.argv.slice(2));
}
