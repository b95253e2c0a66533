// The editor on a school's computers: Chromium's CPU throttling (CDP
// `Emulation.setCPUThrottlingRate`, rate 4) stands in for a Chromebook-class CPU, and rate 1
// is printed beside it. This build (dist/) and the reference (GOGO_BENCH_BASELINE=<dir>, an
// earlier `dist/` kept aside: today's build) are both served by the API server
// (server/app.ts) and measured interleaved, load by load, in one run:
//   - cold load of #/program (fresh context: empty HTTP cache, no service worker) at
//     10 Mbit/s, 40 ms and 3 Mbit/s, 100 ms: time to interactive blocks (as the first-load
//     bench: the toolbox drawn, a frame and a task later), total blocking time (the sum of
//     each main-thread task's time over 50 ms until then) and the longest task;
//   - warm load (second visit: the service worker installed and controlling) at 10 Mbit/s;
//   - JS heap after a load (after a garbage collection): the page and its workers;
//   - a leak check: 20 cycles of opening the editor, the offline data log and the Teachable
//     Machine lab with the (fake) camera on, and leaving them; the heap after the first
//     cycle and after the last.
// Ports: GOGO_BENCH_PORT (default 4195) and the next one.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type CDPSession,
  type Page,
} from '@playwright/test';
import { createServer as createApiServer } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { LONG_TASK_MS, NETWORKS, watchLoad, type Network } from './first-load.ts';
import { median, ms, rounds, table, type BenchSuite } from './lib.ts';
import { benchChromium, DIST, ensureBuilt } from './serve-dist.ts';

type Contender = 'new' | 'reference';
const LABELS: Record<Contender, string> = {
  new: 'this build',
  reference: 'reference build',
};

/** The goals at CPU rate 4. */
const GOALS = {
  cold: { 10: 2500, 3: 3500 } as Record<number, number>,
  tbtMs: 300,
  longestMs: 200,
  warmMs: 1200,
  heapMb: 120,
};
const RATES = [1, 4];
const CYCLES = 20;
const VIEWPORT = { width: 1366, height: 768 };

interface Load {
  readyMs: number;
  longTasks: number[];
}

const tbt = (tasks: number[]) => tasks.reduce((n, d) => n + Math.max(0, d - LONG_TASK_MS), 0);
const mb = (bytes: number) =>
  Number.isFinite(bytes) ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : '–';

async function throttle(page: Page, cpuRate: number, net: Network): Promise<CDPSession> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuRate });
  await cdp.send('Network.enable');
  const bytesPerSecond = (net.mbit * 1e6) / 8;
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: net.latencyMs,
    downloadThroughput: bytesPerSecond,
    uploadThroughput: bytesPerSecond,
  });
  return cdp;
}

/** Navigates and waits for the page's own readiness signal (see watchLoad). */
async function untilReady(page: Page, url: string): Promise<Load> {
  await page.goto(url, { waitUntil: 'commit', timeout: 120_000 });
  const handle = await page.waitForFunction(
    () => {
      const s = (window as unknown as { gogoFirstLoad?: { readyMs: number } }).gogoFirstLoad;
      return s && s.readyMs > 0 ? s : null;
    },
    null,
    { timeout: 120_000, polling: 50 },
  );
  return (await handle.jsonValue()) as Load;
}

async function coldLoad(
  browser: Browser,
  url: string,
  net: Network,
  cpuRate: number,
): Promise<Load> {
  const context = await browser.newContext({ viewport: VIEWPORT, serviceWorkers: 'block' });
  try {
    const page = await context.newPage();
    const cdp = await throttle(page, cpuRate, net);
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await page.addInitScript(watchLoad, LONG_TASK_MS);
    return await untilReady(page, url);
  } finally {
    await context.close();
  }
}

/** A context whose service worker has installed and controls its pages. */
async function warmContext(browser: Browser, url: string): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: VIEWPORT, serviceWorkers: 'allow' });
  await context.addInitScript(watchLoad, LONG_TASK_MS);
  const first = await context.newPage();
  await first.goto(url);
  await first.waitForFunction(() => navigator.serviceWorker.controller !== null, null, {
    timeout: 120_000,
  });
  await first.close();
  return context;
}

async function warmLoad(context: BrowserContext, url: string, cpuRate: number): Promise<Load> {
  const page = await context.newPage();
  try {
    await throttle(page, cpuRate, NETWORKS[0] as Network);
    return await untilReady(page, url);
  } finally {
    await page.close();
  }
}

function withTimeout<T>(p: Promise<T>, millis: number, fallback: T): Promise<T> {
  return Promise.race([p, new Promise<T>((r) => setTimeout(() => r(fallback), millis))]);
}

/**
 * The used JS heap of the page and of each of its workers, after a garbage collection in
 * each. Workers are reached through the page's auto-attached targets, talked to with
 * Target.sendMessageToTarget (Playwright's sessions do not address child sessions).
 */
async function heap(page: Page): Promise<{ page: number; workers: number[] }> {
  const cdp = await page.context().newCDPSession(page);
  try {
    await cdp.send('HeapProfiler.collectGarbage');
    const { usedSize } = await cdp.send('Runtime.getHeapUsage');
    const sessions: string[] = [];
    cdp.on('Target.attachedToTarget', (e) => {
      if (e.targetInfo.type === 'worker') sessions.push(e.sessionId);
    });
    const pending = new Map<number, (m: { result?: { usedSize?: number } }) => void>();
    cdp.on('Target.receivedMessageFromTarget', (e) => {
      const m = JSON.parse(e.message) as { id?: number; result?: { usedSize?: number } };
      if (m.id !== undefined) pending.get(m.id)?.(m);
    });
    let next = 0;
    const call = (sessionId: string, method: string) =>
      withTimeout(
        new Promise<{ result?: { usedSize?: number } }>((answer) => {
          const id = ++next;
          pending.set(id, answer);
          void cdp
            .send('Target.sendMessageToTarget', {
              sessionId,
              message: JSON.stringify({ id, method, params: {} }),
            })
            .catch(() => answer({}));
        }),
        10_000,
        {},
      );
    await cdp.send('Target.setAutoAttach', {
      autoAttach: true,
      waitForDebuggerOnStart: false,
      flatten: false,
    });
    // The existing workers are announced as the call returns; give the events a moment.
    await new Promise((r) => setTimeout(r, 200));
    const workers: number[] = [];
    for (const s of sessions) {
      await call(s, 'HeapProfiler.collectGarbage');
      const used = (await call(s, 'Runtime.getHeapUsage')).result?.usedSize;
      if (used !== undefined) workers.push(used);
    }
    return { page: usedSize, workers };
  } finally {
    await cdp.detach().catch(() => undefined);
  }
}

const total = (h: { page: number; workers: number[] }) =>
  h.page + h.workers.reduce((a, b) => a + b, 0);

/** The heap of the editor page after a cold load at rate 1 and a second to settle. */
async function heapAfterLoad(browser: Browser, url: string) {
  const context = await browser.newContext({ viewport: VIEWPORT, serviceWorkers: 'block' });
  try {
    const page = await context.newPage();
    await page.addInitScript(watchLoad, LONG_TASK_MS);
    await untilReady(page, url);
    await page.waitForTimeout(1000);
    return await heap(page);
  } finally {
    await context.close();
  }
}

/** Opens the editor, the offline data log and the lab (camera on), each in turn. */
async function cycle(page: Page): Promise<void> {
  const go = (hash: string) => page.evaluate((h) => (location.hash = h), hash);
  await go('#/program');
  await page.locator('.blocklyToolboxCategoryLabel').first().waitFor({ timeout: 60_000 });
  await go('#/datalog/offline');
  await page.getByTestId('datalog-read').waitFor({ timeout: 60_000 });
  await go('#/teachable-machine');
  await page.getByRole('button', { name: 'Use the camera' }).click({ timeout: 60_000 });
  // The camera's picture is playing in the preview (no model yet: nothing is predicted).
  await page.waitForFunction(
    () => (document.querySelector<HTMLVideoElement>('video[aria-label]')?.videoWidth ?? 0) > 0,
    null,
    { timeout: 60_000 },
  );
}

async function leakCheck(browser: Browser, url: string) {
  const context = await browser.newContext({
    viewport: VIEWPORT,
    serviceWorkers: 'block',
    permissions: ['camera'],
  });
  try {
    const page = await context.newPage();
    await page.goto(url);
    await cycle(page);
    await page.evaluate(() => (location.hash = '#/program'));
    await page.locator('.blocklyToolboxCategoryLabel').first().waitFor({ timeout: 60_000 });
    const first = await heap(page);
    for (let i = 1; i < CYCLES; i++) await cycle(page);
    await page.evaluate(() => (location.hash = '#/program'));
    await page.locator('.blocklyToolboxCategoryLabel').first().waitFor({ timeout: 60_000 });
    await page.waitForTimeout(1000);
    const last = await heap(page);
    return { first, last };
  } finally {
    await context.close();
  }
}

async function apiServer(staticDir: string, sqlite: string, port: number) {
  const api = await createApiServer(
    loadConfig({
      LOG_LEVEL: 'silent',
      STATIC_DIR: staticDir,
      SQLITE_FILE: sqlite,
      FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:1',
    }),
  );
  await api.listen({ host: '127.0.0.1', port });
  return api;
}

const suite: BenchSuite = {
  description:
    '#/program on a school computer (CPU rate 4 vs 1): cold and warm load, JS heap, a leak check; this build vs the reference',
  async run(ctx) {
    ensureBuilt();
    const launch = benchChromium('school', ['--use-fake-device-for-media-stream']);
    if (launch === null) return;
    const baselineDir = process.env.GOGO_BENCH_BASELINE;
    if (baselineDir && !existsSync(join(baselineDir, 'index.html'))) {
      throw new Error(`GOGO_BENCH_BASELINE: no index.html in ${baselineDir}`);
    }
    if (!baselineDir) {
      console.log(
        '(no GOGO_BENCH_BASELINE=<dir of an earlier dist/>: this build only, no reference)',
      );
    }
    const port = Number(process.env.GOGO_BENCH_PORT ?? 4195);
    const dir = mkdtempSync(join(tmpdir(), 'gogo-school-'));
    const servers = [await apiServer(DIST, join(dir, 'new.sqlite'), port)];
    const urls: Partial<Record<Contender, string>> = {
      new: `http://localhost:${port}/#/program`,
    };
    if (baselineDir) {
      servers.push(await apiServer(resolve(baselineDir), join(dir, 'ref.sqlite'), port + 1));
      urls.reference = `http://localhost:${port + 1}/#/program`;
    }
    const contenders = Object.keys(urls) as Contender[];
    const url = (k: Contender) => urls[k] ?? '';
    const browser = await chromium.launch(launch);
    try {
      const n = rounds(ctx, 3);
      // One untimed load: the OS file cache and Chromium's own start-up.
      await coldLoad(browser, url('new'), NETWORKS[0] as Network, 1);

      const coldRows: Record<string, string | number>[] = [];
      for (const rate of RATES) {
        for (const net of NETWORKS) {
          const loads: Record<Contender, Load[]> = { new: [], reference: [] };
          for (let i = 0; i < n; i++) {
            for (const k of contenders) loads[k].push(await coldLoad(browser, url(k), net, rate));
          }
          for (const k of contenders) {
            const ls = loads[k];
            const ready = median(ls.map((l) => l.readyMs));
            const blocking = median(ls.map((l) => tbt(l.longTasks)));
            const longest = Math.max(0, ...ls.flatMap((l) => l.longTasks));
            const goal = rate === 4 ? GOALS.cold[net.mbit] : undefined;
            coldRows.push({
              CPU: `${rate}×`,
              network: net.name,
              build: LABELS[k],
              'interactive blocks': ms(ready),
              goal: goal ? `≤ ${ms(goal)}` : '',
              'blocking time': ms(blocking),
              'tasks > 50 ms': (ls.flatMap((l) => l.longTasks).length / ls.length).toFixed(1),
              longest: longest > 0 ? ms(longest) : '–',
            });
            ctx.record('school', {
              [`${k}.cold@${rate}x.${net.mbit}Mbit.readyMs`]: ready,
              [`${k}.cold@${rate}x.${net.mbit}Mbit.tbtMs`]: blocking,
              [`${k}.cold@${rate}x.${net.mbit}Mbit.longestMs`]: longest,
            });
          }
        }
      }
      table(`Cold load of #/program, median of ${n} (longest: over all loads)`, coldRows);
      console.log(
        `goals at CPU 4×: interactive blocks ≤ ${ms(GOALS.cold[10] ?? 0)} (10 Mbit/s), ≤ ${ms(GOALS.cold[3] ?? 0)} (3 Mbit/s); blocking time ≤ ${ms(GOALS.tbtMs)}; no task over ${ms(GOALS.longestMs)}`,
      );

      const warm: Partial<Record<Contender, BrowserContext>> = {};
      for (const k of contenders) warm[k] = await warmContext(browser, url(k));
      const warmRows: Record<string, string | number>[] = [];
      try {
        for (const rate of RATES) {
          const loads: Record<Contender, Load[]> = { new: [], reference: [] };
          for (let i = 0; i < n; i++) {
            for (const k of contenders) {
              const c = warm[k];
              if (c) loads[k].push(await warmLoad(c, url(k), rate));
            }
          }
          for (const k of contenders) {
            const ls = loads[k];
            const ready = median(ls.map((l) => l.readyMs));
            const longest = Math.max(0, ...ls.flatMap((l) => l.longTasks));
            warmRows.push({
              CPU: `${rate}×`,
              build: LABELS[k],
              'interactive blocks': ms(ready),
              goal: rate === 4 ? `≤ ${ms(GOALS.warmMs)}` : '',
              'blocking time': ms(median(ls.map((l) => tbt(l.longTasks)))),
              longest: longest > 0 ? ms(longest) : '–',
            });
            ctx.record('school', { [`${k}.warm@${rate}x.readyMs`]: ready });
          }
        }
      } finally {
        for (const c of Object.values(warm)) await c.close();
      }
      table(
        `Warm load of #/program (service worker, second visit), 10 Mbit/s, 40 ms, median of ${n}`,
        warmRows,
      );

      const memRows: Record<string, string | number>[] = [];
      for (const k of contenders) {
        const after = await heapAfterLoad(browser, url(k));
        const leak = await leakCheck(browser, url(k));
        const growth = total(leak.last) - total(leak.first);
        memRows.push({
          build: LABELS[k],
          'heap after load: page': mb(after.page),
          workers: `${mb(after.workers.reduce((a, b) => a + b, 0))} (${after.workers.length})`,
          total: mb(total(after)),
          goal: `≤ ${GOALS.heapMb} MB`,
          [`after cycle 1`]: mb(total(leak.first)),
          [`after cycle ${CYCLES}`]: mb(total(leak.last)),
          'growth / cycle': mb(growth / (CYCLES - 1)),
        });
        ctx.record('school', {
          [`${k}.heapAfterLoad.page`]: after.page,
          [`${k}.heapAfterLoad.workers`]: after.workers.reduce((a, b) => a + b, 0),
          [`${k}.leak.first`]: total(leak.first),
          [`${k}.leak.last`]: total(leak.last),
        });
      }
      table(
        `JS heap after a garbage collection (page and its workers); ${CYCLES} cycles of the editor, the offline data log and the lab with the camera on`,
        memRows,
      );
    } finally {
      await browser.close();
      for (const s of servers) await s.close();
      rmSync(dir, { recursive: true, force: true });
    }
  },
};

export default suite;
