// Starts and stops the Firebase Auth emulator (firebase-tools, `--only auth`, a demo project,
// no UI, works offline). Every port is explicit so nothing falls back to Firebase's
// defaults (4400, 4500, 9099); ports not given are picked free on loopback.
//
// As a module: `const emu = await startAuthEmulator({ authPort }); ...; await emu.stop()`.
// As a command: `node --import tsx scripts/auth-emulator.ts [--data DIR]` runs it until Ctrl-C; ports come
// from GOGO_AUTH_EMULATOR_PORT, GOGO_EMULATOR_HUB_PORT and GOGO_EMULATOR_LOGGING_PORT.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const FIREBASE_CLI = path.join(ROOT, 'node_modules/firebase-tools/lib/bin/firebase.js');

/** A TCP port nobody listens on right now (on 127.0.0.1). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Parses a port from the environment; undefined when unset. */
export function envPort(name: string, env = process.env): number | undefined {
  const raw = env[name]?.trim();
  if (!raw) return undefined;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > 65535) throw new Error(`${name} is not a port: ${raw}`);
  return n;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function isReady(url: string): Promise<boolean> {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(1000) });
    const body = (await res.json()) as { authEmulator?: { ready?: boolean } };
    return body.authEmulator?.ready === true;
  } catch {
    return false;
  }
}

export interface AuthEmulatorOptions {
  projectId?: string;
  host?: string;
  authPort?: number | undefined;
  hubPort?: number | undefined;
  loggingPort?: number | undefined;
  /** Import accounts from this folder at start and export them on stop (for `npm start`). */
  dataDir?: string | null;
  timeoutMs?: number;
  onOutput?: (text: string) => void;
  /**
   * Run in a process group of its own, so a Ctrl-C meant for the caller's group does not
   * reach it as well: the CLI treats a second SIGINT as "quit now, skip the export".
   * The caller then owns stopping it.
   */
  detached?: boolean;
  /** Abandons a start in progress: the emulator is stopped and the start rejects. */
  signal?: AbortSignal;
}

export interface AuthEmulator {
  /** host:port, the value of FIREBASE_AUTH_EMULATOR_HOST. */
  host: string;
  url: string;
  projectId: string;
  /** Process id of the emulator (for last-resort cleanup). */
  pid: number | undefined;
  stop(): Promise<void>;
}

export async function startAuthEmulator(options: AuthEmulatorOptions = {}): Promise<AuthEmulator> {
  const projectId = options.projectId ?? 'demo-gogo';
  const host = options.host ?? '127.0.0.1';
  const authPort = options.authPort ?? (await freePort());
  const hubPort = options.hubPort ?? (await freePort());
  const loggingPort = options.loggingPort ?? (await freePort());
  const url = `http://${host}:${authPort}`;
  if (await isReady(url)) {
    throw new Error(`an Auth emulator is already running on ${url}; stop it or pick another port`);
  }

  // firebase.json, firebase-debug.log and the hub locator (TMPDIR) live in a scratch folder,
  // so parallel emulators of one project never share files.
  const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gogo-auth-emulator-'));
  const configFile = path.join(workDir, 'firebase.json');
  fs.writeFileSync(
    configFile,
    JSON.stringify({
      emulators: {
        auth: { host, port: authPort },
        hub: { host, port: hubPort },
        logging: { host, port: loggingPort },
        ui: { enabled: false },
        singleProjectMode: true,
      },
    }),
  );
  const args = [FIREBASE_CLI, 'emulators:start', '--only', 'auth'];
  args.push('--project', projectId, '--config', configFile);
  if (options.dataDir) {
    const dataDir = path.resolve(options.dataDir);
    if (fs.existsSync(path.join(dataDir, 'firebase-export-metadata.json'))) {
      args.push('--import', dataDir);
    }
    args.push('--export-on-exit', dataDir);
  }

  const child: ChildProcess = spawn(process.execPath, args, {
    cwd: workDir,
    env: { ...process.env, NO_UPDATE_NOTIFIER: '1', TMPDIR: workDir },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: options.detached ?? false,
  });
  let output = '';
  const onData = (chunk: Buffer) => {
    const text = chunk.toString();
    output = (output + text).slice(-8000);
    options.onOutput?.(text);
  };
  child.stdout?.on('data', onData);
  child.stderr?.on('data', onData);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let hasExited = false;
  void exited.then(() => {
    hasExited = true;
  });

  const stop = async () => {
    if (!hasExited) {
      // SIGINT is the CLI's own Ctrl-C path: it exports data (when asked) and exits.
      child.kill('SIGINT');
      const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
      await exited;
      clearTimeout(timer);
    }
    fs.rmSync(workDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + (options.timeoutMs ?? 90_000);
  while (!(await isReady(url))) {
    if (options.signal?.aborted) {
      await stop();
      throw new Error('the Auth emulator start was cancelled');
    }
    if (hasExited || Date.now() > deadline) {
      await stop();
      throw new Error(
        `the Auth emulator did not start on ${url}${hasExited ? ' (it exited)' : ''}:\n${output}`,
      );
    }
    await sleep(200);
  }
  return { host: `${host}:${authPort}`, url, projectId, pid: child.pid, stop };
}

/** Deletes every account of the emulator's project (test isolation). */
export async function clearAuthEmulator(url: string, projectId = 'demo-gogo'): Promise<void> {
  const res = await fetch(`${url}/emulator/v1/projects/${projectId}/accounts`, {
    method: 'DELETE',
  });
  if (!res.ok) throw new Error(`clearing emulator accounts failed: HTTP ${res.status}`);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const dataIndex = process.argv.indexOf('--data');
  const emulator = await startAuthEmulator({
    projectId: process.env.FIREBASE_PROJECT_ID || 'demo-gogo',
    authPort: envPort('GOGO_AUTH_EMULATOR_PORT'),
    hubPort: envPort('GOGO_EMULATOR_HUB_PORT'),
    loggingPort: envPort('GOGO_EMULATOR_LOGGING_PORT'),
    dataDir: dataIndex > 0 ? process.argv[dataIndex + 1] : null,
  });
  console.log(`FIREBASE_AUTH_EMULATOR_HOST=${emulator.host}`);
  const shutdown = () => void emulator.stop().then(() => process.exit(0));
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
}
