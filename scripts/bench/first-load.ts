// First load of the editor in Chromium (Debian's, as the e2e tests use), cold: a fresh
// browser context (empty HTTP cache, no service worker) per load, with the network
// throttled through the DevTools protocol to a school link (10 Mbit/s, 40 ms) and a slow
// one (3 Mbit/s, 100 ms). Two servers of the same build (dist/), interleaved load by load:
//   - "served": the API server itself (server/app.ts: brotli/gzip copies, cache headers);
//   - "reference": the same files sent uncompressed (how the UI was served before the
//     compressed copies), with /api/ passed to the API server.
// Measured per load: the time from navigation to interactive blocks (the toolbox's
// categories drawn, then one frame and one task later), the bytes the page received until
// then (headers and bodies as sent on the wire), the requests it made, and main-thread
// tasks over 50 ms. GOGO_BENCH_BASELINE=<dir> adds a third contender: another build (an
// earlier `dist/` kept aside) served by the API server the same way, for before/after
// figures in one run. Ports: GOGO_BENCH_PORT (default 4190) and the next two.
import { spawnSync } from 'node:child_process';
import { createReadStream, existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { extname, join, normalize, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from '@playwright/test';
import { createServer as createApiServer } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { CODE_CACHE_MARK } from '../../src/offline/code-cache-page.ts';
import { ms, rounds, table, type BenchSuite } from './lib.ts';
import { benchChromium } from './serve-dist.ts';

const ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const DIST = join(ROOT, 'dist');

export interface Network {
  name: string;
  mbit: number;
  latencyMs: number;
  targetMs: number;
}

export const NETWORKS: Network[] = [
  { name: '10 Mbit/s, 40 ms', mbit: 10, latencyMs: 40, targetMs: 1000 },
  { name: '3 Mbit/s, 100 ms', mbit: 3, latencyMs: 100, targetMs: 2500 },
];

/** Long main-thread tasks at or above this count against the load. */
export const LONG_TASK_MS = 50;

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.cur': 'image/x-icon',
};

/** The uncompressed reference: plain files, no cache headers; /api/ goes to `apiPort`. */
function referenceServer(port: number, apiPort: number): Promise<Server> {
  const server = createServer((req, res) => {
    const url = req.url ?? '/';
    if (url.startsWith('/api/')) {
      const upstream = request(
        { host: '127.0.0.1', port: apiPort, path: url, method: req.method, headers: req.headers },
        (up) => {
          res.writeHead(up.statusCode ?? 502, up.headers);
          up.pipe(res);
        },
      );
      upstream.on('error', () => res.writeHead(502).end());
      req.pipe(upstream);
      return;
    }
    const path = normalize(decodeURIComponent(url.split('?')[0] ?? '/'));
    let file = join(DIST, path);
    if (!file.startsWith(DIST) || !existsSync(file) || statSync(file).isDirectory()) {
      file = join(DIST, 'index.html');
    }
    res.writeHead(200, {
      'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
      'content-length': statSync(file).size,
    });
    createReadStream(file).pipe(res);
  });
  return new Promise((ok, fail) => {
    server.once('error', fail);
    server.listen(port, '127.0.0.1', () => ok(server));
  });
}

type Contender = 'served' | 'reference' | 'baseline';

const LABELS: Record<Contender, string> = {
  served: 'served (br/gzip, cache headers)',
  reference: 'reference (uncompressed)',
  baseline: 'baseline build (br/gzip)',
};

interface Load {
  readyMs: number;
  bytes: number;
  requests: number;
  longTasks: number[];
}

/** What watchLoad writes to the console once the page has interactive blocks. */
export const READY_MESSAGE = 'gogo-first-load-ready';

export interface WatchOptions {
  longTaskMs: number;
  readyMessage: string;
}

/** Runs in the page before any of its scripts: watches for the toolbox and long tasks. */
export function watchLoad({ longTaskMs, readyMessage }: WatchOptions): void {
  const state = { readyMs: 0, longTasks: [] as number[] };
  (window as unknown as { gogoFirstLoad: typeof state }).gogoFirstLoad = state;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries())
      if (e.duration > longTaskMs) state.longTasks.push(e.duration);
  }).observe({ type: 'longtask', buffered: true });
  const seen = new MutationObserver(() => {
    if (!document.querySelector('.blocklyToolboxCategoryLabel, .blocklyFlyout .blocklyDraggable')) {
      return;
    }
    seen.disconnect();
    // Drawn, then a frame, then the task after it: the page can take a click.
    requestAnimationFrame(() =>
      setTimeout(() => {
        state.readyMs = performance.now();
        console.debug(readyMessage);
      }, 0),
    );
  });
  seen.observe(document, { childList: true, subtree: true });
}

/** watchLoad's options for `page.addInitScript` or `context.addInitScript`. */
export const WATCH: WatchOptions = { longTaskMs: LONG_TASK_MS, readyMessage: READY_MESSAGE };

/** watchLoad's figures of a page. */
export interface LoadState {
  /** From the navigation's start to interactive blocks. */
  readyMs: number;
  /** The page's clock at its navigation's start (epoch ms). */
  timeOrigin: number;
  longTasks: number[];
}

/**
 * Opens `url` in `page` (watched by watchLoad) and waits until it has interactive blocks.
 * It waits for watchLoad's console message rather than polling with page.waitForFunction,
 * which sets up Playwright's script in the page while the page loads (17 ms of the main
 * thread at CPU rate 1 in a warm load's profile); the figures are read once it is ready.
 */
export async function openAndWatch(page: Page, url: string, timeoutMs: number): Promise<LoadState> {
  const ready = page.waitForEvent('console', {
    predicate: (m) => m.text() === READY_MESSAGE,
    timeout: timeoutMs,
  });
  // Seen even when the page is ready before the navigation's promise settles.
  ready.catch(() => undefined);
  await page.goto(url, { waitUntil: 'commit', timeout: timeoutMs });
  await ready;
  return page.evaluate(() => {
    const s = (window as unknown as { gogoFirstLoad: { readyMs: number; longTasks: number[] } })
      .gogoFirstLoad;
    return { readyMs: s.readyMs, timeOrigin: performance.timeOrigin, longTasks: s.longTasks };
  });
}

/**
 * Waits until the service worker controls `page`, a first visit, and the app has done what
 * it does once the app is in the cache: it compiles the editor into it (src/offline/
 * code-cache.ts), as a student's first visit, open for a lesson, has time to. A build
 * without that step never says so: its wait ends after `graceMs`.
 */
export async function finishFirstVisit(page: Page, timeoutMs: number, graceMs = 15_000) {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, {
    timeout: timeoutMs,
    polling: 500,
  });
  await page
    .waitForFunction((mark) => performance.getEntriesByName(mark).length > 0, CODE_CACHE_MARK, {
      timeout: graceMs,
      polling: 250,
    })
    .catch(() => undefined);
}

async function loadOnce(browser: Browser, url: string, net: Network): Promise<Load> {
  const context = await browser.newContext({
    viewport: { width: 1366, height: 768 },
    serviceWorkers: 'block',
  });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    const bytesPerSecond = (net.mbit * 1e6) / 8;
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: net.latencyMs,
      downloadThroughput: bytesPerSecond,
      uploadThroughput: bytesPerSecond,
    });
    let bytes = 0;
    let requests = 0;
    let ready = false;
    cdp.on('Network.loadingFinished', (e) => {
      if (ready) return;
      bytes += e.encodedDataLength;
      requests += 1;
    });
    await page.addInitScript(watchLoad, WATCH);
    // Readiness is the page's own signal, not the load event (fonts, late chunks).
    const state = await openAndWatch(page, url, 120_000);
    ready = true;
    return { readyMs: state.readyMs, bytes, requests, longTasks: state.longTasks };
  } finally {
    await context.close();
  }
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? (s[m] ?? NaN) : ((s[m - 1] ?? NaN) + (s[m] ?? NaN)) / 2;
};
const kib = (n: number) => `${(n / 1024).toFixed(0)} KiB`;

const suite: BenchSuite = {
  description: 'first load of the editor in Chromium on a throttled network, cold',
  async run(ctx) {
    if (!existsSync(join(DIST, 'index.html')) || process.env.GOGO_BENCH_BUILD === '1') {
      console.log('building the app (vite build) for the first-load benchmark…');
      const b = spawnSync('npx', ['vite', 'build'], { cwd: ROOT, stdio: 'inherit' });
      if (b.status !== 0) throw new Error('vite build failed');
    }
    const launch = benchChromium('first-load');
    if (!launch) return;
    const port = Number(process.env.GOGO_BENCH_PORT ?? 4190);
    const dir = mkdtempSync(join(tmpdir(), 'gogo-first-load-'));
    const api = await createApiServer(
      loadConfig({
        LOG_LEVEL: 'silent',
        STATIC_DIR: DIST,
        SQLITE_FILE: join(dir, 'bench.sqlite'),
        FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:1',
      }),
    );
    await api.listen({ host: '127.0.0.1', port });
    const reference = await referenceServer(port + 1, port);
    const baselineDir = process.env.GOGO_BENCH_BASELINE;
    if (baselineDir && !existsSync(join(baselineDir, 'index.html'))) {
      throw new Error(`GOGO_BENCH_BASELINE: no index.html in ${baselineDir}`);
    }
    const baseline = baselineDir
      ? await createApiServer(
          loadConfig({
            LOG_LEVEL: 'silent',
            STATIC_DIR: resolve(baselineDir),
            SQLITE_FILE: join(dir, 'baseline.sqlite'),
            FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:1',
          }),
        )
      : null;
    await baseline?.listen({ host: '127.0.0.1', port: port + 2 });
    const browser = await chromium.launch(launch);
    const servers: Partial<Record<Contender, string>> = {
      served: `http://localhost:${port}/#/program`,
      reference: `http://localhost:${port + 1}/#/program`,
      ...(baseline ? { baseline: `http://localhost:${port + 2}/#/program` } : {}),
    };
    const contenders = Object.keys(servers) as Contender[];
    try {
      const runs = rounds(ctx, 5);
      // One untimed load: the OS file cache and Chromium's own start-up.
      await loadOnce(browser, servers.served ?? '', NETWORKS[0] as Network);
      const rows: Record<string, string | number>[] = [];
      for (const net of NETWORKS) {
        const loads: Record<Contender, Load[]> = { served: [], reference: [], baseline: [] };
        for (let i = 0; i < runs; i++) {
          for (const k of contenders) {
            loads[k].push(await loadOnce(browser, servers[k] ?? '', net));
          }
        }
        for (const k of contenders) {
          const ls = loads[k];
          const ready = median(ls.map((l) => l.readyMs));
          const long = ls.flatMap((l) => l.longTasks);
          rows.push({
            network: net.name,
            server: LABELS[k],
            'interactive blocks': ms(ready),
            best: ms(Math.min(...ls.map((l) => l.readyMs))),
            target: k === 'served' ? `≤ ${ms(net.targetMs)}` : '',
            transferred: kib(median(ls.map((l) => l.bytes))),
            requests: median(ls.map((l) => l.requests)),
            'tasks > 50 ms / load': (long.length / ls.length).toFixed(1),
            longest: long.length > 0 ? ms(Math.max(...long)) : '–',
          });
          ctx.record('first-load', {
            [`${k}@${net.mbit}Mbit.readyMs`]: ready,
            [`${k}@${net.mbit}Mbit.bytes`]: median(ls.map((l) => l.bytes)),
            [`${k}@${net.mbit}Mbit.longTasksPerLoad`]: long.length / ls.length,
          });
        }
        const served = median(loads.served.map((l) => l.readyMs));
        for (const k of contenders.filter((c) => c !== 'served')) {
          const speedup = median(loads[k].map((l) => l.readyMs)) / served;
          console.log(`${net.name}: served is ${speedup.toFixed(2)}× faster than the ${k}`);
        }
      }
      table(`Editor first load, cold profile, median of ${runs} (1366×768 window)`, rows);
      console.log(
        `targets: interactive blocks ≤ 1.0 s at 10 Mbit/s and ≤ 2.5 s at 3 Mbit/s, no main-thread task over ${LONG_TASK_MS} ms`,
      );
    } finally {
      await browser.close();
      await new Promise((r) => reference.close(r));
      await baseline?.close();
      await api.close();
      rmSync(dir, { recursive: true, force: true });
    }
  },
};

export default suite;
