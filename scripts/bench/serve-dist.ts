// The built app (dist/) for the browser benchmarks: a small static server (index.html for
// any unknown path), and a build when dist/ is missing or GOGO_BENCH_BUILD=1. The API is
// not there: /api/ answers 503, so the app runs in offline mode as it would without a server.
import { spawnSync } from 'node:child_process';
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { extname, join, normalize, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromiumPath, QUIET_CHROMIUM_ARGS } from '../chromium-quiet.ts';

export const ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));
export const DIST = join(ROOT, 'dist');

const TYPES: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
  '.woff2': 'font/woff2',
  '.png': 'image/png',
  '.webmanifest': 'application/manifest+json',
};

export function ensureBuilt(): void {
  if (existsSync(join(DIST, 'index.html')) && process.env.GOGO_BENCH_BUILD !== '1') return;
  console.log('building the app (vite build) for the browser benchmark…');
  const b = spawnSync('npx', ['vite', 'build'], { cwd: ROOT, stdio: 'inherit' });
  if (b.status !== 0) throw new Error('vite build failed');
}

/** How to launch Debian's Chromium (CHROMIUM_PATH, else the one on PATH), as the e2e tests
 * use, with the flags every browser benchmark needs plus `extraArgs`; null, with a note that
 * the `what` benchmark is skipped, when there is no Chromium. */
export function benchChromium(
  what: string,
  extraArgs: string[] = [],
): { executablePath: string; args: string[] } | null {
  let executablePath: string;
  try {
    executablePath = chromiumPath();
  } catch {
    console.log(`\n(no chromium on PATH: ${what} benchmark skipped)`);
    return null;
  }
  const args = [
    '--no-sandbox',
    '--disable-gpu',
    '--no-first-run',
    '--disable-background-networking',
    ...QUIET_CHROMIUM_ARGS,
  ];
  return { executablePath, args: [...args, ...extraArgs] };
}

/** The port a browser benchmark serves dist/ on (GOGO_BENCH_PORT, default 4180). */
export const benchPort = () => Number(process.env.GOGO_BENCH_PORT ?? 4180);

/** Serves `dir` (dist/ unless another build's folder is given) on `port`. */
export function serveDist(port: number, dir = DIST): Promise<Server> {
  const server = createServer((req, res) => {
    const path = normalize(decodeURIComponent((req.url ?? '/').split('?')[0] ?? '/'));
    if (path.startsWith('/api/')) {
      res.writeHead(503).end();
      return;
    }
    let file = join(dir, path);
    if (!file.startsWith(dir) || !existsSync(file) || statSync(file).isDirectory()) {
      file = join(dir, 'index.html');
    }
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
    createReadStream(file).pipe(res);
  });
  return new Promise((ok, fail) => {
    server.once('error', fail);
    server.listen(port, '127.0.0.1', () => ok(server));
  });
}
