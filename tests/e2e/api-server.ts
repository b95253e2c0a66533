// An API server of the e2e test's own, which a test can stop and start again (the offline
// tests): the same server/main.ts and dist/ as the stack, on the port `port`, with the
// stack's Auth emulator and a SQLite file that outlives a restart.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { API_BASE_PATH } from '../../src/contract/base-path.ts';

export class ApiServer {
  private child: ChildProcess | null = null;
  private readonly dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gogo-e2e-server-'));

  constructor(
    readonly port: number,
    private readonly emulatorHost: string,
    /** More settings of the server (e.g. TOKEN_CACHE_SECONDS). */
    private readonly env: Record<string, string> = {},
  ) {}

  get url(): string {
    return `http://localhost:${this.port}`;
  }

  async start(): Promise<void> {
    if (this.child) return;
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      env: {
        ...process.env,
        GOGO_PORT: String(this.port),
        FIREBASE_PROJECT_ID: 'demo-gogo',
        FIREBASE_AUTH_EMULATOR_HOST: this.emulatorHost,
        SQLITE_FILE: path.join(this.dir, 'gogo.sqlite'),
        LOG_LEVEL: 'warn',
        ...this.env,
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    this.child = child;
    const health = `http://127.0.0.1:${this.port}${API_BASE_PATH}/health`;
    for (;;) {
      if (child.exitCode !== null) throw new Error('the API server exited during start-up');
      try {
        if ((await fetch(health, { signal: AbortSignal.timeout(2000) })).ok) return;
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 200));
    }
  }

  async stop(): Promise<void> {
    const child = this.child;
    if (!child) return;
    this.child = null;
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
  }

  async dispose(): Promise<void> {
    await this.stop();
    fs.rmSync(this.dir, { recursive: true, force: true });
  }
}
