// A throw-away PostgreSQL cluster for tests and benchmarks: initdb in a temporary folder,
// start on a loopback port, and stop and delete it afterwards. Uses Debian's PostgreSQL
// (/usr/lib/postgresql/<version>/bin). Root cannot run postgres, so as root the cluster is
// owned by and run as the `postgres` system user (runuser).
//
//   node --import tsx scripts/pg-temp.ts run [--port N] [--durable] -- <command...>
//
// runs the command with TEST_DATABASE_URL set (superuser `gogo`, database `gogo`), then
// stops and deletes the cluster whatever the command's outcome, and exits with its code.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { envPort, freePort } from './auth-emulator.ts';

export interface TempPostgres {
  url: string;
  port: number;
  /** Restarts the server on the same port and data (database-restart tests). */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

export interface TempPostgresOptions {
  port?: number | undefined;
  /**
   * Keep PostgreSQL's crash safety (fsync). Tests turn it off for speed: the cluster is
   * deleted afterwards anyway. Benchmarks keep it on to measure what production would see.
   */
  durable?: boolean;
}

/** The newest Debian PostgreSQL bin folder, or pg_config's answer. */
export function postgresBinDir(): string {
  const base = '/usr/lib/postgresql';
  const versions = fs.existsSync(base)
    ? fs
        .readdirSync(base)
        .filter((v) => fs.existsSync(path.join(base, v, 'bin', 'initdb')))
        .sort((a, b) => Number(b) - Number(a))
    : [];
  if (versions[0]) return path.join(base, versions[0], 'bin');
  try {
    return execFileSync('pg_config', ['--bindir'], { encoding: 'utf8' }).trim();
  } catch {
    throw new Error('PostgreSQL is not installed (Debian: apt-get install postgresql)');
  }
}

export async function startTempPostgres(options: TempPostgresOptions = {}): Promise<TempPostgres> {
  const bin = postgresBinDir();
  const port = options.port ?? (await freePort());
  const asRoot = process.getuid?.() === 0;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gogo-pg-'));
  const dataDir = path.join(dir, 'data');
  fs.mkdirSync(dataDir, { mode: 0o700 });
  if (asRoot) execFileSync('chown', ['-R', 'postgres:postgres', dir]);

  const run = (tool: string, args: string[]) => {
    const cmd = asRoot ? 'runuser' : path.join(bin, tool);
    const argv = asRoot ? ['-u', 'postgres', '--', path.join(bin, tool), ...args] : args;
    const r = spawnSync(cmd, argv, { cwd: dir, encoding: 'utf8' });
    if (r.status !== 0) {
      throw new Error(`${tool} failed (${r.status}): ${r.stderr || r.stdout || r.error}`);
    }
  };
  const remove = () => fs.rmSync(dir, { recursive: true, force: true });
  let start = () => {};

  try {
    run('initdb', ['-D', dataDir, '-U', 'gogo', '-A', 'trust', '-E', 'UTF8', '--locale=C', '-N']);
    const settings = [
      `-p ${port}`,
      `-k ${dir}`,
      '-c listen_addresses=127.0.0.1',
      '-c max_connections=200',
      ...(options.durable ? [] : ['-c fsync=off', '-c synchronous_commit=off']),
      ...(options.durable ? [] : ['-c full_page_writes=off']),
    ];
    start = () =>
      run(
        'pg_ctl',
        ['start', '-w', '-t', '60', '-D', dataDir, '-l', path.join(dir, 'log')].concat([
          '-o',
          settings.join(' '),
        ]),
      );
    start();
  } catch (error) {
    remove();
    throw error;
  }

  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    try {
      run('pg_ctl', ['stop', '-w', '-t', '60', '-m', 'fast', '-D', dataDir]);
    } finally {
      remove();
    }
  };
  try {
    run('createdb', ['-h', '127.0.0.1', '-p', String(port), '-U', 'gogo', 'gogo']);
  } catch (error) {
    await stop();
    throw error;
  }
  const restart = async () => {
    run('pg_ctl', ['stop', '-w', '-t', '60', '-m', 'fast', '-D', dataDir]);
    start();
  };
  return { url: `postgres://gogo@127.0.0.1:${port}/gogo`, port, restart, stop };
}

async function cli(argv: string[]): Promise<number> {
  const sep = argv.indexOf('--');
  const own = sep >= 0 ? argv.slice(0, sep) : argv;
  const command = sep >= 0 ? argv.slice(sep + 1) : [];
  if (own[0] !== 'run' || command.length === 0) {
    console.error('usage: pg-temp.ts run [--port N] [--durable] -- <command...>');
    return 2;
  }
  const portIndex = own.indexOf('--port');
  const port = portIndex >= 0 ? Number(own[portIndex + 1]) : envPort('GOGO_PG_PORT');
  const pg = await startTempPostgres({ port, durable: own.includes('--durable') });
  console.error(`pg-temp: PostgreSQL on ${pg.url}`);
  const [exe = '', ...args] = command;
  const child = spawn(exe, args, {
    stdio: 'inherit',
    env: { ...process.env, TEST_DATABASE_URL: pg.url },
  });
  const forward = (signal: NodeJS.Signals) => child.kill(signal);
  process.on('SIGINT', forward);
  process.on('SIGTERM', forward);
  const code = await new Promise<number>((resolve) => {
    child.on('error', (e) => {
      console.error(`pg-temp: cannot run ${exe}: ${e.message}`);
      resolve(127);
    });
    child.on('exit', (c, signal) => resolve(c ?? (signal ? 1 : 0)));
  });
  await pg.stop();
  console.error('pg-temp: PostgreSQL stopped and deleted');
  return code;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = await cli(process.argv.slice(2));
}
