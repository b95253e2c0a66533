import { spawn } from 'node:child_process';
import { Type } from '@sinclair/typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PUBLIC_LOG_ID } from '../src/contract/datalog.ts';
import { createServer } from './app.ts';
import { loadConfig } from './config.ts';
import { createTestDatabase, type TestDatabase } from './testing/test-db.ts';

describe('server shutdown', () => {
  let target: TestDatabase;
  beforeAll(async () => {
    target = await createTestDatabase();
  });
  afterAll(() => target.drop());

  it('finishes an in-flight request before closing, and refuses new connections', async () => {
    const app = await createServer(
      loadConfig({
        LOG_LEVEL: 'silent',
        FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:1',
        ...target.env,
      }),
    );
    let started!: () => void;
    const requestStarted = new Promise<void>((r) => (started = r));
    app.get('/slow', { schema: { querystring: Type.Object({}) } }, async () => {
      started();
      await new Promise((r) => setTimeout(r, 400));
      return { finished: true };
    });
    const address = await app.listen({ host: '127.0.0.1', port: 0 });

    const inFlight = fetch(`${address}/slow`);
    await requestStarted;
    const closing = app.close();
    const response = await inFlight;
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ finished: true });
    await closing;
    await expect(fetch(`${address}/api/v1/health`)).rejects.toThrow();
  });

  it.each(['SIGTERM', 'SIGINT'] as const)(
    'exits cleanly on %s (npm run server)',
    async (signal) => {
      const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
        env: {
          ...process.env,
          ...target.env,
          GOGO_PORT: '0',
          FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:1',
          LOG_LEVEL: 'info',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let log = '';
      const listening = new Promise<string>((resolve, reject) => {
        child.stdout.on('data', (chunk: Buffer) => {
          log += chunk.toString();
          const m = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(log);
          if (m?.[1]) resolve(m[1]);
        });
        child.stderr.on('data', (chunk: Buffer) => (log += chunk.toString()));
        child.on('exit', () => reject(new Error(`server exited early:\n${log}`)));
      });
      const exited = new Promise<number | null>((r) => child.on('exit', (code) => r(code)));
      const url = await listening;
      expect((await fetch(`${url}/api/v1/health`)).status).toBe(200);
      child.kill(signal);
      expect(await exited).toBe(0);
      const lines = log
        .trim()
        .split('\n')
        .filter((l) => l.startsWith('{'))
        .map((l) => JSON.parse(l) as { msg: string; level: number });
      expect(lines.map((l) => l.msg)).toContain('server stopped');
    },
    30_000,
  );

  it('drains on SIGTERM: not ready while it still serves, push streams end, exit in time', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      env: {
        ...process.env,
        ...target.env,
        GOGO_PORT: '0',
        FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:1',
        LOG_LEVEL: 'info',
        SHUTDOWN_DRAIN_MS: '1500',
        SHUTDOWN_TIMEOUT_MS: '10000',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let log = '';
    const url = await new Promise<string>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        log += chunk.toString();
        const m = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(log);
        if (m?.[1]) resolve(m[1]);
      });
      child.stderr.on('data', (chunk: Buffer) => (log += chunk.toString()));
      child.on('exit', () => reject(new Error(`server exited early:\n${log}`)));
    });
    const exited = new Promise<number | null>((r) => child.on('exit', (code) => r(code)));
    expect((await fetch(`${url}/health/live`)).status).toBe(200);
    const ready = await fetch(`${url}/health/ready`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({
      status: 'ok',
      database: true,
      bus: true,
      broker: true,
      draining: false,
    });
    // A push stream open when the stop begins.
    const stream = await fetch(`${url}/api/v1/datalog/channels/${PUBLIC_LOG_ID}/events`);
    expect(stream.status).toBe(200);
    const reader = stream.body?.getReader();
    if (!reader) throw new Error('no stream body');
    await reader.read();
    const stopAt = Date.now();
    child.kill('SIGTERM');
    await expect
      .poll(async () => (await fetch(`${url}/health/ready`)).status, { interval: 50 })
      .toBe(503);
    // Still serving while the balancer moves away.
    expect((await fetch(`${url}/api/v1/health`)).status).toBe(200);
    expect(Date.now() - stopAt).toBeLessThan(1500);
    // Then the stream ends (its client reconnects elsewhere) and the process exits.
    for (;;) if ((await reader.read()).done) break;
    expect(await exited).toBe(0);
    expect(Date.now() - stopAt).toBeLessThan(10_000);
  }, 30_000);
});
