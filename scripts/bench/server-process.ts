// The API server as a child process for the benchmarks: started on a port with extra
// environment, ready once /health answers; stopped with SIGTERM, as a deployment stops it.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { API_BASE_PATH } from '../../src/contract/base-path.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export async function startServer(
  port: number,
  env: Record<string, string>,
  startupMs = 60_000,
): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: { ...process.env, ...env, GOGO_PORT: String(port) },
    // Logs go nowhere; errors still reach the terminal.
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const deadline = Date.now() + startupMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error('the server exited during start-up');
    try {
      if ((await fetch(`http://127.0.0.1:${port}${API_BASE_PATH}/health`)).ok) return child;
    } catch {
      // not yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill('SIGTERM');
  throw new Error('the server did not start');
}

export async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}
