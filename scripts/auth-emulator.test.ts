// The Auth emulator's start logic with real child processes: the deadline (set or adapted to
// load), what a failed start says, and an emulator left over by a killed earlier run being
// ended so a restart works. The last test runs the real emulator twice on the same ports.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  endLeftoverEmulators,
  freePort,
  OWNER_ENV,
  START_TIMEOUT_ENV,
  startAuthEmulator,
  startFailureMessage,
  startTimeoutMs,
} from './auth-emulator.ts';
import { isRunning, listeningPids, processInfo } from './processes.ts';

const children: ChildProcess[] = [];
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'gogo-emulator-test-'));
afterEach(() => {
  for (const child of children.splice(0)) {
    if (child.pid !== undefined && isRunning(child.pid)) child.kill('SIGKILL');
  }
});

/** A script file run as the "Firebase CLI" (it gets the CLI's arguments). */
function fakeCli(name: string, body: string): string {
  const file = path.join(scratch, name);
  fs.writeFileSync(file, body);
  return file;
}

/**
 * A process that listens on `port` and ignores SIGINT and SIGTERM, as the stuck emulator
 * did; `env` marks it (or not) as an emulator of some owner. Resolves once it listens.
 */
async function stuckListener(port: number, env: Record<string, string>): Promise<ChildProcess> {
  const script = `
    process.on('SIGINT', () => {}); process.on('SIGTERM', () => {});
    require('node:net').createServer().listen(${port}, '127.0.0.1', () => console.log('listening'));
  `;
  const child = spawn(process.execPath, ['-e', script], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
    detached: true,
  });
  children.push(child);
  await new Promise<void>((resolve, reject) => {
    child.stdout?.once('data', () => resolve());
    child.once('exit', () => reject(new Error('the listener exited')));
  });
  return child;
}

/** The mark of an owner that has ended (a process that ran and exited). */
async function deadOwnerMark(): Promise<string> {
  const child = spawn(process.execPath, ['-e', '0']);
  await new Promise((r) => child.once('exit', r));
  return `${child.pid}:1`;
}

describe('start deadline', () => {
  it('takes GOGO_AUTH_EMULATOR_TIMEOUT seconds when set, whatever the load', () => {
    expect(startTimeoutMs({ [START_TIMEOUT_ENV]: '240' }, 10, 2)).toBe(240_000);
    expect(startTimeoutMs({ [START_TIMEOUT_ENV]: '0.5' }, 0, 2)).toBe(500);
    expect(() => startTimeoutMs({ [START_TIMEOUT_ENV]: 'soon' })).toThrow(
      'GOGO_AUTH_EMULATOR_TIMEOUT is not a number of seconds: soon',
    );
  });

  it('is 90 s on an idle machine and grows with the load per core, up to 10 minutes', () => {
    expect(startTimeoutMs({}, 0.3, 2)).toBe(90_000);
    // The load the slow start was seen under: 6 on 2 cores, three times busy.
    expect(startTimeoutMs({}, 6, 2)).toBe(270_000);
    expect(startTimeoutMs({}, 100, 2)).toBe(600_000);
  });
});

describe('a start that fails says why', () => {
  it('an emulator that exits: its exit code and its last output', async () => {
    const cli = fakeCli(
      'exits.mjs',
      `for (let i = 1; i <= 30; i++) console.log('line ' + i);
       console.error('Error: Could not start Auth Emulator, port taken.');
       process.exit(3);`,
    );
    const failure = await startAuthEmulator({ cli, timeoutMs: 60_000 }).catch((e: Error) => e);
    expect(failure).toBeInstanceOf(Error);
    const message = (failure as Error).message;
    expect(message).toMatch(
      /^the Auth emulator exited with code 3 before it was ready on http:\/\/127\.0\.0\.1:\d+\./,
    );
    expect(message).toContain('Could not start Auth Emulator, port taken.');
    expect(message).toContain('line 30');
    // Only the last lines, not all thirty.
    expect(message).not.toContain('line 1\n');
  });

  it('a port taken between picking and binding: tried again on fresh ports', async () => {
    const tries = path.join(scratch, 'port-taken-tries');
    // The first start finds a port taken; the next one serves as a ready emulator.
    const cli = fakeCli(
      'port-taken-once.mjs',
      `import fs from 'node:fs'; import http from 'node:http';
       const config = JSON.parse(fs.readFileSync(process.argv[process.argv.indexOf('--config') + 1], 'utf8'));
       fs.appendFileSync(${JSON.stringify(tries)}, config.emulators.logging.port + '\\n');
       if (fs.readFileSync(${JSON.stringify(tries)}, 'utf8').trim().split('\\n').length === 1) {
         console.error('Error: Could not start Logging Emulator, port taken.');
         process.exit(1);
       }
       http.createServer((_, res) => res.end(JSON.stringify({ authEmulator: { ready: true } })))
         .listen(config.emulators.auth.port, '127.0.0.1');
       process.on('SIGINT', () => process.exit(0));`,
    );
    const progress: string[] = [];
    const emulator = await startAuthEmulator({
      cli,
      timeoutMs: 60_000,
      onProgress: (m) => progress.push(m),
    });
    await emulator.stop();
    const ports = fs.readFileSync(tries, 'utf8').trim().split('\n');
    expect(ports).toHaveLength(2);
    expect(ports[0]).not.toBe(ports[1]);
    expect(progress.join('\n')).toContain('trying others');
  });

  it('a port the caller chose is not swapped for another', async () => {
    const cli = fakeCli(
      'port-taken-always.mjs',
      `import fs from 'node:fs';
       fs.appendFileSync(${JSON.stringify(path.join(scratch, 'chosen-tries'))}, 'x');
       console.error('Error: Could not start Auth Emulator, port taken.');
       process.exit(1);`,
    );
    const [authPort, hubPort, loggingPort] = [await freePort(), await freePort(), await freePort()];
    const failure = await startAuthEmulator({ cli, authPort, hubPort, loggingPort }).catch(
      (e: Error) => e,
    );
    expect((failure as Error).message).toContain('port taken');
    expect(fs.readFileSync(path.join(scratch, 'chosen-tries'), 'utf8')).toBe('x');
  });

  it('an emulator that never gets ready: timed out after N s and stopped, not "exited"', async () => {
    const pidFile = path.join(scratch, 'slow.pid');
    const cli = fakeCli(
      'slow.mjs',
      `import fs from 'node:fs';
       fs.writeFileSync(${JSON.stringify(pidFile)}, String(process.pid));
       console.log('i  emulators: Starting emulators: auth');
       setInterval(() => {}, 1000);`,
    );
    const failure = await startAuthEmulator({ cli, timeoutMs: 2000 }).catch((e: Error) => e);
    const message = (failure as Error).message;
    expect(message).toMatch(
      /did not become ready on http:\/\/127\.0\.0\.1:\d+ within 2 s, so it was stopped/,
    );
    expect(message).toContain(`Set ${START_TIMEOUT_ENV}=<seconds> to wait longer.`);
    expect(message).toContain('Starting emulators: auth');
    expect(message).not.toContain('exited');
    expect(isRunning(Number(fs.readFileSync(pidFile, 'utf8')))).toBe(false);
  });

  it('a cancelled start says so', () => {
    expect(startFailureMessage('http://x', { kind: 'cancelled' }, 'out')).toBe(
      'the Auth emulator start was cancelled',
    );
    expect(
      startFailureMessage('http://x', { kind: 'exit', code: null, signal: 'SIGKILL' }, ''),
    ).toBe(
      'the Auth emulator was ended by SIGKILL before it was ready on http://x.\nIts last output:\n  (nothing)',
    );
  });
});

describe('an emulator left on the ports by an earlier run', () => {
  it('is ended, even when it ignores SIGINT and SIGTERM, when the run that started it is gone', async () => {
    const port = await freePort();
    const stuck = await stuckListener(port, { [OWNER_ENV]: await deadOwnerMark() });
    expect(listeningPids(port)).toEqual([stuck.pid]);
    const log: string[] = [];
    await endLeftoverEmulators([port], (m) => log.push(m));
    expect(isRunning(stuck.pid ?? 0)).toBe(false);
    expect(listeningPids(port)).toEqual([]);
    expect(log).toEqual([
      `ended an Auth emulator left over from an earlier run on port ${port} (pid ${stuck.pid}, it ignored SIGTERM: SIGKILL)`,
    ]);
  });

  it('is left alone while the run that started it still runs', async () => {
    const port = await freePort();
    const owner = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)']);
    children.push(owner);
    const mark = `${owner.pid}:${processInfo(owner.pid ?? 0)?.startTime}`;
    const running = await stuckListener(port, { [OWNER_ENV]: mark });
    await expect(endLeftoverEmulators([port])).rejects.toThrow(
      `port ${port} is in use by the Auth emulator of a running GoGo Code start (pid ${owner.pid})`,
    );
    expect(isRunning(running.pid ?? 0)).toBe(true);
  });

  it('any other program on the port is named and left alone', async () => {
    const port = await freePort();
    const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => k !== OWNER_ENV));
    const foreign = spawn(
      process.execPath,
      [
        '-e',
        `require('node:net').createServer().listen(${port}, '127.0.0.1', () => console.log('up'))`,
      ],
      { env, stdio: ['ignore', 'pipe', 'inherit'] },
    );
    children.push(foreign);
    await new Promise((r) => foreign.stdout?.once('data', r));
    await expect(endLeftoverEmulators([port])).rejects.toThrow(
      new RegExp(`^port ${port} is in use by another program \\(pid ${foreign.pid}: .*node -e`),
    );
    expect(isRunning(foreign.pid ?? 0)).toBe(true);
  });

  it('a restart on the same ports works after the earlier start script was killed', async () => {
    const [authPort, hubPort, loggingPort] = [await freePort(), await freePort(), await freePort()];
    const env = {
      ...process.env,
      GOGO_AUTH_EMULATOR_PORT: String(authPort),
      GOGO_EMULATOR_HUB_PORT: String(hubPort),
      GOGO_EMULATOR_LOGGING_PORT: String(loggingPort),
    };
    // The earlier run: the command form, which owns its emulator, then killed outright.
    const earlier = spawn(process.execPath, ['--import', 'tsx', 'scripts/auth-emulator.ts'], {
      env,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    children.push(earlier);
    await new Promise<void>((resolve, reject) => {
      let out = '';
      earlier.stdout?.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        if (out.includes('FIREBASE_AUTH_EMULATOR_HOST=')) resolve();
      });
      earlier.once('exit', () => reject(new Error(`the first emulator did not start: ${out}`)));
    });
    const orphan = listeningPids(authPort);
    expect(orphan).toHaveLength(1);
    earlier.kill('SIGKILL');
    await new Promise((r) => earlier.once('exit', r));
    expect(isRunning(orphan[0] ?? 0)).toBe(true);

    const log: string[] = [];
    const emulator = await startAuthEmulator({
      authPort,
      hubPort,
      loggingPort,
      onProgress: (m) => log.push(m),
    });
    try {
      expect(isRunning(orphan[0] ?? 0)).toBe(false);
      expect(log.some((m) => m.startsWith('ended an Auth emulator left over'))).toBe(true);
      const config = await fetch(`${emulator.url}/emulator/v1/projects/demo-gogo/config`);
      expect(config.ok).toBe(true);
    } finally {
      await emulator.stop();
    }
  }, 300_000);
});
