// Durability check: saves that were answered with success survive a crash of the server.
//
//   node --import tsx scripts/durability.ts [--engine sqlite|postgres|both] [--saves N]
//
// For each engine it starts the real API server (a scratch SQLite file in WAL mode, or a
// throw-away PostgreSQL cluster), signs in a user through the Auth emulator, and runs a
// burst of saves from several concurrent clients: project creates, code updates and shared
// links. Once N saves have been answered it kills the server with SIGKILL while more are in
// flight, starts it again on the same database and checks that every answered save is
// there (an update may be followed by a later one the server committed but never answered).
// Exits 1 on any lost save. The emulator is reused when FIREBASE_AUTH_EMULATOR_HOST is set.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { signUpWithPassword } from '../server/testing/emulator-accounts.ts';
import { API_BASE_PATH } from '../src/contract/base-path.ts';
import { envPort, freePort, startAuthEmulator, type AuthEmulator } from './auth-emulator.ts';
import { postgresBinDir, startTempPostgres, type TempPostgres } from './pg-temp.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const log = (message: string) => console.error(`durability: ${message}`);

type Engine = 'sqlite' | 'postgres';

interface Acked {
  /** Projects created: uuid → the code it was created with. */
  created: Map<string, string>;
  /** Per project updated: the highest sequence number answered with success. */
  updated: Map<string, number>;
  /** Shared links: key → XML. */
  links: Map<string, string>;
}

/** A program of ~64 KB (a big one), so the server is busy with each save for a while. */
const PADDING = '<block type="gogo_beep"></block>'.repeat(2000);
const codeFor = (worker: number, seq: number) =>
  `<xml xmlns="https://developers.google.com/blockly/xml"><block type="gogo_start"><comment>w${worker} s${seq}</comment></block>${PADDING}</xml>`;
const seqOf = (code: string) => Number(/ s(\d+)</.exec(code)?.[1] ?? -1);

class Server {
  private child: ChildProcess | null = null;
  constructor(
    private readonly port: number,
    private readonly env: Record<string, string>,
  ) {}

  get base(): string {
    return `http://127.0.0.1:${this.port}${API_BASE_PATH}`;
  }

  async start(): Promise<void> {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      cwd: ROOT,
      env: {
        ...process.env,
        ...this.env,
        GOGO_PORT: String(this.port),
        LOG_LEVEL: 'warn',
        TOKEN_CACHE_SECONDS: '60',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    this.child = child;
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      if (child.exitCode !== null) throw new Error('the server exited during start-up');
      try {
        if ((await fetch(`${this.base}/health`)).ok) return;
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error('the server did not start');
  }

  /** SIGKILL: no shutdown hooks, no flush, no goodbye. */
  async crash(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGKILL');
    await exited;
    this.child = null;
  }

  async stop(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
    this.child = null;
  }
}

async function call(
  server: Server,
  token: string,
  method: string,
  url: string,
  body?: unknown,
): Promise<{ status: number; json: unknown; text: string }> {
  const form = body instanceof URLSearchParams;
  const res = await fetch(`${server.base}${url}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined
        ? {}
        : { 'content-type': form ? 'application/x-www-form-urlencoded' : 'application/json' }),
    },
    ...(body === undefined ? {} : { body: form ? body.toString() : JSON.stringify(body) }),
    signal: AbortSignal.timeout(10_000),
  });
  const text = await res.text();
  let json: unknown = null;
  try {
    json = JSON.parse(text);
  } catch {
    json = null;
  }
  return { status: res.status, json, text };
}

async function burst(
  server: Server,
  token: string,
  options: { workers: number; killAfter: number },
): Promise<{ acked: Acked; answered: number; inFlightAtKill: number; failedAfterKill: number }> {
  const acked: Acked = { created: new Map(), updated: new Map(), links: new Map() };
  let answered = 0;
  let inFlight = 0;
  let inFlightAtKill = -1;
  let failedAfterKill = 0;
  let killed = false;
  let crash: Promise<void> = Promise.resolve();

  const track = async <T>(work: () => Promise<T>): Promise<T | null> => {
    inFlight++;
    try {
      return await work();
    } catch {
      if (killed) failedAfterKill++;
      return null;
    } finally {
      inFlight--;
    }
  };
  let armed = false;
  const answeredOk = () => {
    answered++;
    if (armed || answered < options.killAfter) return;
    // Kill at a moment unrelated to any answer: some requests are then mid-way in the server.
    armed = true;
    setTimeout(
      () => {
        killed = true;
        inFlightAtKill = inFlight;
        crash = server.crash();
      },
      Math.floor(Math.random() * 20),
    );
  };

  const worker = async (w: number) => {
    // Each worker owns one project it keeps updating, and also creates and shares.
    const first = await track(() =>
      call(server, token, 'POST', '/project/create', { name: `burst w${w}`, code: codeFor(w, 0) }),
    );
    if (!first || first.status !== 201) return;
    const own = (first.json as { uuid: string }).uuid;
    acked.created.set(own, codeFor(w, 0));
    answeredOk();
    for (let seq = 1; !killed; seq++) {
      const kind = seq % 3;
      if (kind === 0) {
        const code = codeFor(w, seq);
        const res = await track(() =>
          call(server, token, 'POST', '/project/create', { name: `burst w${w} n${seq}`, code }),
        );
        if (res?.status === 201) {
          acked.created.set((res.json as { uuid: string }).uuid, code);
          answeredOk();
        }
      } else if (kind === 1) {
        const res = await track(() =>
          call(server, token, 'PUT', `/project/${own}/code`, { code: codeFor(w, seq) }),
        );
        if (res?.status === 200) {
          acked.updated.set(own, seq);
          answeredOk();
        }
      } else {
        const xml = codeFor(w, seq);
        const res = await track(() =>
          call(server, token, 'POST', '/storage', new URLSearchParams({ action: 'link', xml })),
        );
        if (res?.status === 200 && res.text.length === 36) {
          acked.links.set(res.text, xml);
          answeredOk();
        }
      }
    }
  };
  await Promise.all(Array.from({ length: options.workers }, (_, w) => worker(w)));
  await crash;
  return { acked, answered, inFlightAtKill, failedAfterKill };
}

async function verify(server: Server, token: string, acked: Acked): Promise<string[]> {
  const lost: string[] = [];
  for (const [uuid, code] of acked.created) {
    const res = await call(server, token, 'GET', `/project/${uuid}/code`);
    const stored = (res.json as { code?: string } | null)?.code;
    const minimum = acked.updated.get(uuid) ?? seqOf(code);
    if (res.status !== 200 || stored === undefined) lost.push(`project ${uuid} is missing`);
    else if (seqOf(stored) < minimum) {
      lost.push(`project ${uuid} holds save ${seqOf(stored)}, but save ${minimum} was answered`);
    }
  }
  for (const [key, xml] of acked.links) {
    const res = await call(server, token, 'GET', `/storage?action=get&key=${key}`);
    if (res.status !== 200 || res.text !== xml) lost.push(`shared link ${key} is missing`);
  }
  return lost;
}

export async function checkDurability(
  engine: Engine,
  emulatorHost: string,
  saves: number,
): Promise<boolean> {
  let database: TempPostgres | null = null;
  let scratch: string | null = null;
  const env: Record<string, string> = { FIREBASE_AUTH_EMULATOR_HOST: emulatorHost };
  if (engine === 'sqlite') {
    scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'gogo-durability-'));
    env.SQLITE_FILE = path.join(scratch, 'gogo.sqlite');
  } else {
    // Crash-safe settings (fsync on), as in production.
    database = await startTempPostgres({ port: envPort('GOGO_PG_PORT'), durable: true });
    env.DATABASE_URL = database.url;
  }
  const server = new Server(envPort('GOGO_DURABILITY_PORT') ?? (await freePort()), env);
  try {
    await server.start();
    const { idToken } = await signUpWithPassword(emulatorHost);
    const started = Date.now();
    const { acked, answered, inFlightAtKill, failedAfterKill } = await burst(server, idToken, {
      workers: 8,
      killAfter: saves,
    });
    log(
      `${engine}: ${answered} saves answered in ${Date.now() - started} ms, SIGKILL with ` +
        `${inFlightAtKill} in flight (${failedAfterKill} got no answer)`,
    );
    await server.start();
    const lost = await verify(server, idToken, acked);
    for (const line of lost.slice(0, 20)) log(`LOST ${line}`);
    log(
      lost.length === 0
        ? `${engine}: after restart every answered save is present (${acked.created.size} ` +
            `projects, ${acked.links.size} links, the last update of ${acked.updated.size} projects)`
        : `${engine}: after restart ${lost.length} answered saves are LOST`,
    );
    if (inFlightAtKill < 1) {
      log(`${engine}: no save was in flight at the kill; the check proved nothing`);
      return false;
    }
    return lost.length === 0;
  } finally {
    await server.stop();
    await database?.stop();
    if (scratch) fs.rmSync(scratch, { recursive: true, force: true });
  }
}

function postgresInstalled(): boolean {
  try {
    postgresBinDir();
    return true;
  } catch {
    return false;
  }
}

async function cli(argv: string[]): Promise<number> {
  const arg = (name: string) => {
    const i = argv.indexOf(name);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  const engineArg = arg('--engine') ?? 'both';
  const saves = Number(arg('--saves') ?? 300);
  if (
    !['sqlite', 'postgres', 'both'].includes(engineArg) ||
    !Number.isInteger(saves) ||
    saves < 10
  ) {
    console.error('usage: durability.ts [--engine sqlite|postgres|both] [--saves N>=10]');
    return 2;
  }
  const engines: Engine[] = engineArg === 'both' ? ['sqlite', 'postgres'] : [engineArg as Engine];
  if (engineArg === 'both' && !postgresInstalled()) {
    log('PostgreSQL is not installed: checking SQLite only');
    engines.pop();
  }

  let emulator: AuthEmulator | null = null;
  let host = process.env.FIREBASE_AUTH_EMULATOR_HOST?.trim();
  if (!host) {
    emulator = await startAuthEmulator({
      authPort: envPort('GOGO_AUTH_EMULATOR_PORT'),
      hubPort: envPort('GOGO_EMULATOR_HUB_PORT'),
      loggingPort: envPort('GOGO_EMULATOR_LOGGING_PORT'),
    });
    host = emulator.host;
  }
  try {
    let ok = true;
    for (const engine of engines) ok = (await checkDurability(engine, host, saves)) && ok;
    return ok ? 0 : 1;
  } finally {
    await emulator?.stop();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = await cli(process.argv.slice(2));
}
