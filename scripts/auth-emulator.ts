// Starts and stops the Firebase Auth emulator (firebase-tools, `--only auth`, a demo project,
// no UI, works offline). Every port is explicit so nothing falls back to Firebase's
// defaults (4400, 4500, 9099); ports not given are picked free on loopback.
//
// A start waits GOGO_AUTH_EMULATOR_TIMEOUT seconds, or a deadline adapted to the machine's
// load (startTimeoutMs), and a failure says whether the emulator timed out or exited, with its
// last output. An emulator an earlier, killed run left on the same ports is ended first.
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
import { endProcess, isRunning, listeningPids, processEnv, processInfo } from './processes.ts';

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

/** Environment variable that sets the emulator's start deadline in seconds. */
export const START_TIMEOUT_ENV = 'GOGO_AUTH_EMULATOR_TIMEOUT';
/** The deadline on an idle machine, and the longest an adapted one gets. */
const BASE_START_MS = 90_000;
const MAX_ADAPTED_START_MS = 600_000;

/**
 * How long to wait for the emulator to become ready: GOGO_AUTH_EMULATOR_TIMEOUT seconds when
 * set, otherwise 90 s stretched by how busy the machine is (the one-minute load average per
 * core; a start took 135 s at a load of about 3 on 2 cores), at most 10 minutes.
 */
export function startTimeoutMs(
  env: NodeJS.ProcessEnv = process.env,
  load = os.loadavg()[0] ?? 0,
  cores = os.availableParallelism(),
): number {
  const raw = env[START_TIMEOUT_ENV]?.trim();
  if (raw) {
    const seconds = Number(raw);
    if (!Number.isFinite(seconds) || seconds <= 0) {
      throw new Error(`${START_TIMEOUT_ENV} is not a number of seconds: ${raw}`);
    }
    return Math.round(seconds * 1000);
  }
  const busy = load / Math.max(1, cores);
  return Math.min(MAX_ADAPTED_START_MS, Math.round(BASE_START_MS * Math.max(1, busy)));
}

/**
 * Marks an emulator with the process that started it (pid and start time), in its
 * environment: a later start finds an emulator left over on its ports and ends it only when
 * that owner is gone (a crashed or killed earlier run), never one another running stack owns.
 */
export const OWNER_ENV = 'GOGO_EMULATOR_OWNER';

const ownerMark = (pid = process.pid) => `${pid}:${processInfo(pid)?.startTime ?? 0}`;

function ownerAlive(mark: string): boolean {
  const [pid, startTime] = mark.split(':').map(Number);
  if (!pid) return false;
  if (pid === process.pid) return true;
  return isRunning(pid, startTime || undefined);
}

/**
 * Ends Auth emulators of earlier runs still holding any of `ports` (their owner is gone: a
 * start script killed while the emulator ignored SIGINT and SIGTERM). Refuses, with the
 * program named, when a port is held by anything else. Reports each one ended via `log`.
 */
export async function endLeftoverEmulators(
  ports: readonly number[],
  log: (message: string) => void = () => {},
): Promise<void> {
  for (const port of ports) {
    for (const pid of listeningPids(port)) {
      if (pid === process.pid) continue;
      const info = processInfo(pid);
      if (!info) continue;
      const owner = processEnv(pid, OWNER_ENV);
      if (owner === null) {
        throw new Error(`port ${port} is in use by another program (pid ${pid}: ${info.command})`);
      }
      if (ownerAlive(owner)) {
        throw new Error(
          `port ${port} is in use by the Auth emulator of a running GoGo Code start ` +
            `(pid ${owner.split(':')[0]}); stop that one or choose other ports`,
        );
      }
      const how = await endProcess(pid);
      if (how !== 'gone') {
        log(
          `ended an Auth emulator left over from an earlier run on port ${port} (pid ${pid}, ` +
            `${how === 'kill' ? 'it ignored SIGTERM: SIGKILL' : 'SIGTERM'})`,
        );
      }
    }
  }
}

/** The last `count` non-empty lines of `text`, indented, for an error message. */
export function lastLines(text: string, count = 15): string {
  const lines = text
    .split(/\r?\n/)
    .map((l) => l.trimEnd())
    .filter((l) => l.trim() !== '');
  if (lines.length === 0) return '  (nothing)';
  return lines
    .slice(-count)
    .map((l) => `  ${l}`)
    .join('\n');
}

/** Why a start failed, for the person who ran it. */
export type StartFailure =
  | { kind: 'timeout'; ms: number; overridden: boolean }
  | { kind: 'exit'; code: number | null; signal: NodeJS.Signals | null }
  | { kind: 'cancelled' };

export function startFailureMessage(
  url: string,
  failure: StartFailure,
  output: string,
  debugLog = '',
): string {
  let what: string;
  if (failure.kind === 'timeout') {
    const seconds = Math.round(failure.ms / 1000);
    const load = os.loadavg()[0] ?? 0;
    what =
      `the Auth emulator did not become ready on ${url} within ${seconds} s, so it was stopped ` +
      `(load ${load.toFixed(1)} on ${os.availableParallelism()} cores). ` +
      (failure.overridden
        ? `${START_TIMEOUT_ENV}=${seconds} set that deadline; raise it to wait longer.`
        : `Set ${START_TIMEOUT_ENV}=<seconds> to wait longer.`);
  } else if (failure.kind === 'exit') {
    const how = failure.signal
      ? `was ended by ${failure.signal}`
      : `exited with code ${failure.code}`;
    what = `the Auth emulator ${how} before it was ready on ${url}.`;
  } else {
    return 'the Auth emulator start was cancelled';
  }
  let message = `${what}\nIts last output:\n${lastLines(output)}`;
  if (debugLog.trim() !== '')
    message += `\nfirebase-debug.log ends with:\n${lastLines(debugLog, 10)}`;
  return message;
}

export interface AuthEmulatorOptions {
  projectId?: string;
  host?: string;
  authPort?: number | undefined;
  hubPort?: number | undefined;
  loggingPort?: number | undefined;
  /** Import accounts from this folder at start and export them on stop (for `npm start`). */
  dataDir?: string | null;
  /** Start deadline; by default startTimeoutMs() (GOGO_AUTH_EMULATOR_TIMEOUT or adapted to load). */
  timeoutMs?: number;
  onOutput?: (text: string) => void;
  /** Progress while it starts ("still starting…"), every 30 s. */
  onProgress?: (message: string) => void;
  /**
   * Run in a process group of its own, so a Ctrl-C meant for the caller's group does not
   * reach it as well: the CLI treats a second SIGINT as "quit now, skip the export".
   * The caller then owns stopping it.
   */
  detached?: boolean;
  /** Abandons a start in progress: the emulator is stopped and the start rejects. */
  signal?: AbortSignal;
  /** Node options for the emulator's process (tests: e.g. `--import` a clock). */
  nodeArgs?: string[];
  /** The program run instead of the Firebase CLI (tests of the start logic); gets the CLI's arguments. */
  cli?: string;
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

/** The emulator could not bind a port: it was free when picked, and taken before it bound. */
class PortTakenError extends Error {}

/**
 * Starts the emulator. Ports it picks itself are free when picked but may be taken by another
 * process before the emulator binds them (parallel suites, a busy machine): then it tries again
 * on fresh ports, up to three times.
 */
export async function startAuthEmulator(options: AuthEmulatorOptions = {}): Promise<AuthEmulator> {
  const picksPorts =
    options.authPort === undefined ||
    options.hubPort === undefined ||
    options.loggingPort === undefined;
  for (let attempt = 1; ; attempt++) {
    try {
      return await launchAuthEmulator(options);
    } catch (e) {
      if (!(e instanceof PortTakenError) || !picksPorts || attempt === 3) throw e;
      options.onProgress?.('a port the Auth emulator was given got taken meanwhile; trying others');
    }
  }
}

async function launchAuthEmulator(options: AuthEmulatorOptions): Promise<AuthEmulator> {
  const projectId = options.projectId ?? 'demo-gogo';
  const host = options.host ?? '127.0.0.1';
  const authPort = options.authPort ?? (await freePort());
  const hubPort = options.hubPort ?? (await freePort());
  const loggingPort = options.loggingPort ?? (await freePort());
  const url = `http://${host}:${authPort}`;
  await endLeftoverEmulators([authPort, hubPort, loggingPort], (m) => options.onProgress?.(m));
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
  const args = [
    ...(options.nodeArgs ?? []),
    options.cli ?? FIREBASE_CLI,
    'emulators:start',
    '--only',
    'auth',
  ];
  args.push('--project', projectId, '--config', configFile);
  if (options.dataDir) {
    const dataDir = path.resolve(options.dataDir);
    if (fs.existsSync(path.join(dataDir, 'firebase-export-metadata.json'))) {
      args.push('--import', dataDir);
    }
    args.push('--export-on-exit', dataDir);
  }

  const detached = options.detached ?? false;
  const child: ChildProcess = spawn(process.execPath, args, {
    cwd: workDir,
    env: {
      ...process.env,
      NO_UPDATE_NOTIFIER: '1',
      TMPDIR: workDir,
      [OWNER_ENV]: ownerMark(),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached,
  });
  let output = '';
  const onData = (chunk: Buffer) => {
    const text = chunk.toString();
    output = (output + text).slice(-8000);
    options.onOutput?.(text);
  };
  child.stdout?.on('data', onData);
  child.stderr?.on('data', onData);
  // Set when the process ends (a holder, so the wait loop below sees it change).
  const ended: { exit: { code: number | null; signal: NodeJS.Signals | null } | null } = {
    exit: null,
  };
  const exited = new Promise<void>((resolve) =>
    child.once('exit', (code, signal) => {
      ended.exit = { code, signal };
      resolve();
    }),
  );

  // A detached emulator leads its group: signal the group, so nothing it started stays.
  const kill = (signal: NodeJS.Signals) => {
    try {
      if (detached && child.pid !== undefined) process.kill(-child.pid, signal);
      else child.kill(signal);
    } catch {
      // already gone
    }
  };
  const stop = async () => {
    if (!ended.exit) {
      // SIGINT is the CLI's own Ctrl-C path: it exports data (when asked) and exits.
      kill('SIGINT');
      const timer = setTimeout(() => kill('SIGKILL'), 20_000);
      await exited;
      clearTimeout(timer);
    }
    fs.rmSync(workDir, { recursive: true, force: true });
  };
  const fail = async (failure: StartFailure): Promise<never> => {
    // Read before stop() removes the folder; the exit code is the one before our signal.
    const debugLog = read(path.join(workDir, 'firebase-debug.log'));
    await stop();
    const message = startFailureMessage(url, failure, output, debugLog);
    throw failure.kind === 'exit' && /port taken/i.test(output)
      ? new PortTakenError(message)
      : new Error(message);
  };

  const overridden = options.timeoutMs === undefined && Boolean(process.env[START_TIMEOUT_ENV]);
  const timeoutMs = options.timeoutMs ?? startTimeoutMs();
  const started = Date.now();
  let nextNotice = started + 30_000;
  while (!(await isReady(url))) {
    if (options.signal?.aborted) return fail({ kind: 'cancelled' });
    if (ended.exit) return fail({ kind: 'exit', ...ended.exit });
    if (Date.now() - started > timeoutMs)
      return fail({ kind: 'timeout', ms: timeoutMs, overridden });
    if (Date.now() > nextNotice) {
      options.onProgress?.(
        `the Auth emulator is still starting (${Math.round((Date.now() - started) / 1000)} s ` +
          `of at most ${Math.round(timeoutMs / 1000)} s)`,
      );
      nextNotice += 30_000;
    }
    await sleep(200);
  }
  return { host: `${host}:${authPort}`, url, projectId, pid: child.pid, stop };
}

function read(file: string): string {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return '';
  }
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
    onProgress: (message) => console.error(`auth-emulator: ${message}`),
  });
  console.log(`FIREBASE_AUTH_EMULATOR_HOST=${emulator.host}`);
  const shutdown = () => void emulator.stop().then(() => process.exit(0));
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
}
