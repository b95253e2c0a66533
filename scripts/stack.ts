// Runs the product locally: the Firebase Auth emulator, then the API server (which also
// serves the built UI from dist/). Used by `npm start` and by Playwright's webServer.
//
//   node --import tsx scripts/stack.ts [--ephemeral]
//
// Ports: GOGO_PORT (default 8080); the emulator uses GOGO_AUTH_EMULATOR_PORT,
// GOGO_EMULATOR_HUB_PORT and GOGO_EMULATOR_LOGGING_PORT, by default the three ports after
// GOGO_PORT. No emulator is started when FIREBASE_AUTH_EMULATOR_HOST names a running one, or
// when FIREBASE_PROJECT_ID is a real (non demo-) project.
// --ephemeral (tests): a temporary SQLite file and emulator accounts that vanish on exit.
// Otherwise data lives in data/: gogo.sqlite (unless DATABASE_URL) and auth-emulator/.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { API_BASE_PATH } from '../src/contract/base-path.ts';
import { envPort, startAuthEmulator, type AuthEmulator } from './auth-emulator.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ephemeral = process.argv.includes('--ephemeral');
const log = (message: string) => console.error(`stack: ${message}`);

const port = envPort('GOGO_PORT') ?? 8080;
const projectId = process.env.FIREBASE_PROJECT_ID?.trim() || 'demo-gogo';
const serverEnv: Record<string, string> = {
  GOGO_PORT: String(port),
  FIREBASE_PROJECT_ID: projectId,
};

let scratch: string | null = null;
if (ephemeral && !process.env.DATABASE_URL) {
  scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'gogo-stack-'));
  serverEnv.SQLITE_FILE = path.join(scratch, 'gogo.sqlite');
}

let emulator: AuthEmulator | null = null;
let server: ReturnType<typeof spawn> | null = null;
let stopping = false;
/** Cancels an emulator start still in progress when a stop request arrives. */
const starting = new AbortController();
let emulatorStart: Promise<unknown> = Promise.resolve();

async function shutdown(code: number): Promise<never> {
  if (!stopping) {
    stopping = true;
    if (server && server.exitCode === null && server.signalCode === null) {
      const exited = new Promise((r) => server?.once('exit', r));
      server.kill('SIGTERM');
      await exited;
    }
    server = null;
    starting.abort();
    await emulatorStart.catch(() => {});
    await emulator?.stop();
    emulator = null;
    if (scratch) fs.rmSync(scratch, { recursive: true, force: true });
  }
  process.exit(code);
}
process.on('SIGINT', () => void shutdown(0));
process.on('SIGTERM', () => void shutdown(0));
// The children run in process groups of their own (a Ctrl-C or Playwright's group signal
// reaches only this process, which stops each child exactly once). Should this process end
// any other way, take them along.
process.on('exit', () => {
  for (const pid of [server?.pid, emulator?.pid]) {
    if (pid === undefined) continue;
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
});

/**
 * Waits until the server answers its health check. There is no deadline: the server's exit
 * is what ends a failed start (see the `exit` handler), and on a loaded machine a slow first
 * answer is no reason to kill a healthy server.
 */
async function waitForHealth(url: string): Promise<void> {
  let nextNotice = Date.now() + 30_000;
  for (;;) {
    if (server?.exitCode !== null) throw new Error('the API server exited during start-up');
    try {
      if ((await fetch(url, { signal: AbortSignal.timeout(5000) })).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > nextNotice) {
      log(`still waiting for ${url}`);
      nextNotice = Date.now() + 30_000;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function main(): Promise<void> {
  const external = process.env.FIREBASE_AUTH_EMULATOR_HOST?.trim();
  if (external) {
    serverEnv.FIREBASE_AUTH_EMULATOR_HOST = external;
  } else if (projectId.startsWith('demo-')) {
    log('starting the Firebase Auth emulator…');
    const start = startAuthEmulator({
      projectId,
      authPort: envPort('GOGO_AUTH_EMULATOR_PORT') ?? port + 1,
      hubPort: envPort('GOGO_EMULATOR_HUB_PORT') ?? port + 2,
      loggingPort: envPort('GOGO_EMULATOR_LOGGING_PORT') ?? port + 3,
      dataDir: ephemeral ? null : path.join(ROOT, 'data', 'auth-emulator'),
      detached: true,
      signal: starting.signal,
      onProgress: log,
    });
    emulatorStart = start;
    emulator = await start;
    if (stopping) return;
    serverEnv.FIREBASE_AUTH_EMULATOR_HOST = emulator.host;
    log(`Auth emulator on ${emulator.url}`);
  }

  server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, ...serverEnv },
    stdio: ['ignore', 'inherit', 'inherit'],
    detached: true,
  });
  server.once('exit', (code, signal) => {
    if (stopping) return;
    log(`the API server stopped (${signal ?? `exit ${code}`}); stopping the stack`);
    void shutdown(code === 0 ? 1 : (code ?? 1));
  });
  await waitForHealth(`http://127.0.0.1:${port}${API_BASE_PATH}/health`);
  log(`GoGo Code is running on http://localhost:${port}/ (Ctrl-C stops it)`);
}

main().catch((error: unknown) => {
  log(error instanceof Error ? error.message : String(error));
  void shutdown(1);
});
