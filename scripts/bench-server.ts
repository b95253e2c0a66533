// Load test of the API server on loopback (`npm run bench:server`): authenticated GETs and
// POSTs at concurrency 50 for 20 s each, on SQLite and on a throw-away PostgreSQL. Prints
// requests/s, p99 latency and errors; exits 1 if any request failed (target: zero). Then a
// compile flood: /health latency while 16 clients post a hostile 64 KB program (a `to` line
// per procedure, no `end`), with the worker pool and, as the reference in the same run, with
// compiles on the event loop (COMPILE_WORKERS=0).
//
// Env: BENCH_DURATION (s, default 20), BENCH_CONNECTIONS (default 50), BENCH_ENGINES
// (default "sqlite,postgres"), BENCH_FLOOD (s, default 15; 0 skips the flood), GOGO_BENCH_PORT (default: a free port), GOGO_PG_PORT and the
// emulator ports of scripts/auth-emulator.ts.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { API_BASE_PATH } from '../src/contract/base-path.ts';
import { signInWithGoogle, signUpWithPassword } from '../server/testing/emulator-accounts.ts';
import { envPort, freePort, startAuthEmulator } from './auth-emulator.ts';
import { startTempPostgres } from './pg-temp.ts';
import { startServer, stopServer } from './bench/server-process.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DURATION = Number(process.env.BENCH_DURATION ?? 20);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const ENGINES = (process.env.BENCH_ENGINES ?? 'sqlite,postgres').split(',').map((s) => s.trim());
const ADMIN = 'bench-admin@example.com';
const FLOOD_SECONDS = Number(process.env.BENCH_FLOOD ?? 15);
const FLOOD_CLIENTS = 16;

interface Row {
  engine: string;
  scenario: string;
  requestsPerSec: number;
  p99Ms: number;
  errors: number;
  total: number;
}

async function call(base: string, method: string, url: string, token: string, body?: unknown) {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!res.ok) throw new Error(`${method} ${url}: HTTP ${res.status} ${await res.text()}`);
  return (await res.json()) as Record<string, unknown>;
}

async function benchEngine(engine: string, emulatorHost: string): Promise<Row[]> {
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'gogo-bench-'));
  const pg =
    engine === 'postgres'
      ? await startTempPostgres({ port: envPort('GOGO_PG_PORT'), durable: true })
      : null;
  const port = envPort('GOGO_BENCH_PORT') ?? (await freePort());
  const env: Record<string, string> = { FIREBASE_AUTH_EMULATOR_HOST: emulatorHost };
  if (pg) env.DATABASE_URL = pg.url;
  else env.SQLITE_FILE = path.join(scratch, 'bench.sqlite');
  const server = await startServer(port, { ...env, ADMIN_EMAILS: ADMIN });
  const base = `http://127.0.0.1:${port}${API_BASE_PATH}`;
  try {
    const user = await signUpWithPassword(emulatorHost, undefined, undefined, 'Bench User');
    const admin = await signInWithGoogle(emulatorHost, ADMIN, 'Bench Admin');
    await call(base, 'POST', '/auth', user.idToken, {});
    await call(base, 'POST', '/auth', admin.idToken, {});
    // A table with some rows in it, and one row the write scenario keeps updating.
    let target = '';
    for (let i = 0; i < 200; i++) {
      const created = await call(base, 'POST', '/user/create', admin.idToken, {
        email: `seed-${i}@example.com`,
        name: `Seed ${i}`,
      });
      target = String(created.id);
    }

    const scenarios: { name: string; opts: autocannon.Options }[] = [
      {
        name: 'GET  /user/me',
        opts: { url: `${base}/user/me`, headers: { authorization: `Bearer ${user.idToken}` } },
      },
      {
        name: 'POST /auth',
        opts: {
          url: `${base}/auth`,
          method: 'POST',
          headers: { authorization: `Bearer ${user.idToken}`, 'content-type': 'application/json' },
          body: '{}',
        },
      },
      {
        name: 'POST /user/update (write)',
        opts: {
          url: `${base}/user/update`,
          method: 'POST',
          headers: {
            authorization: `Bearer ${admin.idToken}`,
            'content-type': 'application/json',
          },
          body: JSON.stringify({ id: target, name: 'Renamed by the bench' }),
        },
      },
    ];

    const rows: Row[] = [];
    for (const s of scenarios) {
      const result = await autocannon({ ...s.opts, connections: CONNECTIONS, duration: DURATION });
      rows.push({
        engine,
        scenario: s.name,
        requestsPerSec: result.requests.average,
        p99Ms: result.latency.p99,
        errors: result.errors + result.non2xx,
        total: result.requests.total,
      });
      console.error(`bench: ${engine} ${s.name}: ${Math.round(result.requests.average)} req/s`);
    }
    return rows;
  } finally {
    await stopServer(server);
    await pg?.stop();
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}

interface FloodRow {
  label: string;
  p50Ms: number;
  p99Ms: number;
  compiles: number;
  refusals: number;
  errors: number;
}

/** /health latency while FLOOD_CLIENTS clients post `program` to the compile endpoint. */
async function floodOnce(
  label: string,
  workers: string,
  program: string,
  emulatorHost: string,
): Promise<FloodRow> {
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'gogo-flood-'));
  const port = await freePort();
  const server = await startServer(port, {
    ADMIN_EMAILS: ADMIN,
    FIREBASE_AUTH_EMULATOR_HOST: emulatorHost,
    SQLITE_FILE: path.join(scratch, 'flood.sqlite'),
    COMPILE_WORKERS: workers,
    // The flood measures the event loop, not the per-client rate limit.
    COMPILE_RATE_PER_SECOND: '100000',
    COMPILE_BURST: '100000',
  });
  const base = `http://127.0.0.1:${port}${API_BASE_PATH}`;
  try {
    const flood = autocannon({
      url: `${base}/logo/1.3/compile`,
      method: 'POST',
      connections: FLOOD_CLIENTS,
      duration: FLOOD_SECONDS,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ logo: program }).toString(),
    });
    // Let the flood fill the queue before timing /health.
    await new Promise((r) => setTimeout(r, 1000));
    const health = await autocannon({
      url: `${base}/health`,
      connections: 1,
      duration: Math.max(1, FLOOD_SECONDS - 3),
    });
    const compiled = await flood;
    return {
      label,
      p50Ms: health.latency.p50,
      p99Ms: health.latency.p99,
      compiles: compiled.requests.total,
      refusals: compiled.non2xx,
      errors: compiled.errors + health.errors + health.non2xx,
    };
  } finally {
    await stopServer(server);
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}

async function benchCompileFlood(emulatorHost: string): Promise<FloodRow[]> {
  const hostile = Array.from({ length: 6000 }, (_, i) => `to p${i}`)
    .join('\n')
    .slice(0, 64 * 1024);
  const normal = fs.readFileSync(
    path.join(ROOT, 'core-rs/tests/fixtures/logo-2k-program.logo'),
    'utf8',
  );
  const rows: FloodRow[] = [];
  for (const [label, workers, program] of [
    ['normal program, worker pool', '2', normal],
    ['hostile 64 KB, worker pool', '2', hostile],
    ['hostile 64 KB, event loop (reference)', '0', hostile],
  ] as const) {
    rows.push(await floodOnce(label, workers, program, emulatorHost));
    console.error(`bench: compile flood, ${label}: /health p99 ${rows.at(-1)?.p99Ms} ms`);
  }
  return rows;
}

async function main(): Promise<number> {
  console.error(
    `bench: ${CONNECTIONS} connections, ${DURATION} s per scenario, engines: ${ENGINES.join(', ')}`,
  );
  const emulator = await startAuthEmulator({
    authPort: envPort('GOGO_AUTH_EMULATOR_PORT'),
    hubPort: envPort('GOGO_EMULATOR_HUB_PORT'),
    loggingPort: envPort('GOGO_EMULATOR_LOGGING_PORT'),
  });
  const rows: Row[] = [];
  let flood: FloodRow[] = [];
  try {
    for (const engine of ENGINES) rows.push(...(await benchEngine(engine, emulator.host)));
    if (FLOOD_SECONDS > 0) flood = await benchCompileFlood(emulator.host);
  } finally {
    await emulator.stop();
  }
  console.log(
    `\n| engine | scenario | requests/s | p99 latency | errors | requests |\n|---|---|---:|---:|---:|---:|`,
  );
  for (const r of rows) {
    console.log(
      `| ${r.engine} | ${r.scenario} | ${Math.round(r.requestsPerSec)} | ${r.p99Ms} ms | ${r.errors} | ${r.total} |`,
    );
  }
  const reference = flood.at(-1);
  if (reference) {
    console.log(
      `\nCompile flood: ${FLOOD_CLIENTS} clients for ${FLOOD_SECONDS} s, /health timed alongside\n\n| server | /health p50 | /health p99 | p99 vs reference | compile answers | 4xx/5xx | errors |\n|---|---:|---:|---:|---:|---:|---:|`,
    );
    for (const r of flood) {
      const ratio = r.p99Ms > 0 ? (reference.p99Ms / r.p99Ms).toFixed(1) : '∞';
      console.log(
        `| ${r.label} | ${r.p50Ms} ms | ${r.p99Ms} ms | ${ratio}× lower | ${r.compiles} | ${r.refusals} | ${r.errors} |`,
      );
    }
  }
  console.log(
    `\n${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? 'unknown'}), Node ${process.version}`,
  );
  return rows.some((r) => r.errors > 0) || flood.some((r) => r.errors > 0) ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
