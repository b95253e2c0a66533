// The editor on a school's computers: Chromium's CPU throttling (CDP
// `Emulation.setCPUThrottlingRate`, rate 4) stands in for a Chromebook-class CPU, and rate 1
// is printed beside it. This build (dist/) and the reference (GOGO_BENCH_BASELINE=<dir>, an
// earlier `dist/` kept aside) are both served by the API server (server/app.ts) and
// measured interleaved, run by run, in one run of the suite:
//   - cold load of #/program (fresh context: empty HTTP cache, no service worker) at
//     10 Mbit/s, 40 ms and 3 Mbit/s, 100 ms: time to interactive blocks (as the first-load
//     bench: the toolbox drawn, a frame and a task later), total blocking time (the sum of
//     each main-thread task's time over 50 ms until then) and the longest task;
//   - warm load at 10 Mbit/s (the service worker installed and controlling), and at rate 1
//     the CPU time of the page's main thread until then: the second visit (a new profile
//     each time, its first visit kept open until the app's first-visit work is done), and
//     later visits (one profile);
//   - JS heap after a load (after a garbage collection): the page and its workers;
//   - a leak check: 20 cycles of opening the editor, the offline data log and the Teachable
//     Machine lab with the (fake) camera on, and leaving them; the heap after the first
//     cycle and after the last;
//   - long jobs (school-jobs.ts, live-view.ts): a 256 KiB firmware flash, a read of the
//     board's data log and its chart, a 1M-record log opened and plotted, a program
//     downloaded, the Teachable Machine lab's inference, the teacher's live view of 40
//     students: the job's time and the page's main-thread tasks over 50 and 100 ms, and the
//     heap after plotting 1M points and with the lab running;
//   - a class of 30 opening the editor through one 20 Mbit/s school link (class-link.ts).
// `--quick`: one round of each, a 20,000-record board read, 10 s of the live class.
// GOGO_BENCH_SCHOOL_PARTS=load,memory,jobs,live,class picks parts (all by default);
// GOGO_BENCH_SCHOOL_JOBS=flash,read,plot,download,tm picks jobs; GOGO_BENCH_SCHOOL_READ=<records>
// sets the board read; GOGO_BENCH_SCHOOL_PROFILE=<dir> writes a CPU profile of each job's page. Ports: GOGO_BENCH_PORT (default 4195)
// and the next seven (the two builds' servers, the class's link, the Auth emulator's three,
// the live class's two servers).
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
import { classOnLink, CLASS_SIZE, SCHOOL_MBIT, type ClassLoad } from './class-link.ts';
import { createServer as createApiServer } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import {
  finishFirstVisit,
  LONG_TASK_MS,
  NETWORKS,
  openAndWatch,
  WATCH,
  watchLoad,
  type Network,
} from './first-load.ts';
import { heap, held, mb, total, type Heap } from './heap.ts';
import { median, ms, ratio, rounds, table, type BenchContext, type BenchSuite } from './lib.ts';
import { liveJob, liveRooms } from './live-view.ts';
import { longest } from './main-thread.ts';
import {
  downloadJob,
  flashJob,
  logFile,
  PLOT_RECORDS,
  plotJob,
  readJob,
  tmJob,
  VIEWPORT,
  type JobRun,
} from './school-jobs.ts';
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
  /** No main-thread task over this during a long job. */
  jobTaskMs: 100,
  plotHeapMb: 300,
  tmHeapMb: 350,
};
const RATES = [1, 4];
const CYCLES = 20;

interface Load {
  readyMs: number;
  longTasks: number[];
}

const tbt = (tasks: number[]) => tasks.reduce((n, d) => n + Math.max(0, d - LONG_TASK_MS), 0);

async function throttleLoad(page: Page, cpuRate: number, net: Network): Promise<CDPSession> {
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
  const { readyMs, longTasks } = await openAndWatch(page, url, 120_000);
  return { readyMs, longTasks };
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
    const cdp = await throttleLoad(page, cpuRate, net);
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await page.addInitScript(watchLoad, WATCH);
    return await untilReady(page, url);
  } finally {
    await context.close();
  }
}

/** A context whose service worker has installed and controls its pages. */
async function warmContext(browser: Browser, url: string): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: VIEWPORT, serviceWorkers: 'allow' });
  await context.addInitScript(watchLoad, WATCH);
  const first = await context.newPage();
  await first.goto(url);
  await finishFirstVisit(first, 120_000);
  await first.close();
  return context;
}

/** A warm load, with the CPU time its page's main thread had used once it was ready. */
interface WarmLoad extends Load {
  /** The renderer main thread's CPU time (DevTools' ThreadTime) when the page was ready. */
  threadMs: number;
}

async function warmLoad(context: BrowserContext, url: string, cpuRate: number): Promise<WarmLoad> {
  const page = await context.newPage();
  try {
    const cdp = await throttleLoad(page, cpuRate, NETWORKS[0] as Network);
    await cdp.send('Performance.enable', { timeDomain: 'threadTicks' });
    const load = await untilReady(page, url);
    const { metrics } = await cdp.send('Performance.getMetrics');
    const thread = metrics.find((m) => m.name === 'ThreadTime')?.value ?? NaN;
    return { ...load, threadMs: thread * 1000 };
  } finally {
    await page.close();
  }
}

/** The heap of the editor page after a cold load at rate 1 and a second to settle. */
async function heapAfterLoad(browser: Browser, url: string) {
  const context = await browser.newContext({ viewport: VIEWPORT, serviceWorkers: 'block' });
  try {
    const page = await context.newPage();
    await page.addInitScript(watchLoad, WATCH);
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

type Part = 'load' | 'memory' | 'jobs' | 'live' | 'class';

function parts(): Set<Part> {
  const all: Part[] = ['load', 'memory', 'jobs', 'live', 'class'];
  const asked = process.env.GOGO_BENCH_SCHOOL_PARTS?.split(',').map((p) => p.trim());
  if (!asked) return new Set(all);
  const unknown = asked.filter((p) => !all.includes(p as Part));
  if (unknown.length > 0) throw new Error(`GOGO_BENCH_SCHOOL_PARTS: unknown ${unknown.join(', ')}`);
  return new Set(asked as Part[]);
}

/** Students simulated with real browser contexts in the class-on-a-link run. */
const CLASS_CONTEXTS = 2;
const LIVE_STUDENTS = 40;

interface Job {
  key: string;
  label: string;
  /** Runs per build and rate. */
  runs: number;
  /** A time worth comparing between the builds (not a fixed watch window). */
  timed: boolean;
  run(k: Contender, rate: number): Promise<JobRun>;
}

/** Runs a job, saying so on stderr (a full run takes a while). */
async function progress(job: Job, k: Contender, rate: number): Promise<JobRun> {
  const r = await job.run(k, rate);
  console.error(
    `[school] ${job.key}, ${LABELS[k]}, CPU ${rate}×: ${ms(r.ms)}, longest task ${ms(longest(r.longTasks))}`,
  );
  return r;
}

const count = (runs: JobRun[], over: number) =>
  runs.reduce((n, r) => n + r.longTasks.filter((d) => d > over).length, 0) / runs.length;
const secondsOrMs = (x: number) => (x >= 10_000 ? `${(x / 1000).toFixed(1)} s` : ms(x));

/** The table rows of one job at one rate, this build first, and its figures. */
function jobRows(
  ctx: BenchContext,
  job: Job,
  rate: number,
  results: Partial<Record<Contender, JobRun[]>>,
): Record<string, string | number>[] {
  const newRuns = results.new ?? [];
  const refRuns = results.reference ?? [];
  return (Object.keys(results) as Contender[]).map((k) => {
    const runs = results[k] ?? [];
    const time = median(runs.map((r) => r.ms));
    const top = longest(runs.flatMap((r) => r.longTasks));
    const fps = runs.some((r) => r.fps !== undefined)
      ? median(runs.map((r) => r.fps ?? Number.NaN))
      : undefined;
    ctx.record('school', {
      [`${k}.${job.key}@${rate}x.ms`]: time,
      [`${k}.${job.key}@${rate}x.longestTaskMs`]: top,
      [`${k}.${job.key}@${rate}x.tasksOver100`]: count(runs, 100),
      ...(fps === undefined ? {} : { [`${k}.${job.key}@${rate}x.fps`]: fps }),
    });
    const vs =
      k === 'new' && refRuns.length > 0 && job.timed
        ? ratio(time / median(refRuns.map((r) => r.ms)))
        : '';
    const workers = runs[0]?.workers;
    return {
      job: job.label,
      CPU: `${rate}×`,
      build: LABELS[k],
      time: job.timed ? secondsOrMs(time) : `${secondsOrMs(time)} watched`,
      'vs reference': vs,
      'longest task': top > 0 ? ms(top) : '–',
      goal: `≤ ${ms(GOALS.jobTaskMs)}`,
      met: top <= GOALS.jobTaskMs ? 'yes' : 'NO',
      'tasks > 50 / > 100 ms': `${count(runs, 50).toFixed(1)} / ${count(runs, 100).toFixed(1)}`,
      fps: fps === undefined ? '' : fps.toFixed(1),
      'workers throttled': workers
        ? `${workers.accepted}/${workers.accepted + workers.refused}`
        : '',
      runs: newRuns.length,
    };
  });
}

function heapRow(
  what: string,
  rate: number,
  k: Contender,
  h: Heap | undefined,
  goalMb: number,
): Record<string, string | number> {
  const js = h ? total(h) : Number.NaN;
  return {
    state: what,
    CPU: `${rate}×`,
    build: LABELS[k],
    'page heap': mb(h?.page ?? Number.NaN),
    workers: h ? `${mb(h.workers.reduce((a, b) => a + b, 0))} (${h.workers.length})` : '–',
    'JS heap': mb(js),
    goal: `≤ ${goalMb} MB`,
    met: js / 1024 / 1024 <= goalMb ? 'yes' : 'NO',
    'array buffers': mb(h?.buffers ?? Number.NaN),
    'WebAssembly memory': mb(h?.wasm ?? Number.NaN),
    'all three': mb(h ? held(h) : Number.NaN),
  };
}

const suite: BenchSuite = {
  description:
    '#/program on a school computer (CPU rate 4 vs 1): cold and warm load, JS heap, a leak check, long jobs, a class on one link; this build vs the reference',
  async run(ctx) {
    ensureBuilt();
    const launch = benchChromium('school', ['--use-fake-device-for-media-stream']);
    if (launch === null) return;
    const want = parts();
    const quick = ctx.scale < 1;
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
    const ports: Partial<Record<Contender, number>> = { new: port };
    if (baselineDir) {
      servers.push(await apiServer(resolve(baselineDir), join(dir, 'ref.sqlite'), port + 1));
      ports.reference = port + 1;
    }
    const contenders = Object.keys(ports) as Contender[];
    const base = (k: Contender) => `http://localhost:${ports[k] ?? 0}`;
    const url = (k: Contender) => `${base(k)}/#/program`;
    const browser = await chromium.launch(launch);
    try {
      const n = rounds(ctx, 3);
      // One untimed load: the OS file cache and Chromium's own start-up.
      await coldLoad(browser, url('new'), NETWORKS[0] as Network, 1);
      if (want.has('load')) await loads(ctx, browser, contenders, url, n);
      if (want.has('memory')) await memory(ctx, browser, contenders, url);
      const jobTable: Record<string, string | number>[] = [];
      const heaps: Record<string, string | number>[] = [];
      if (want.has('jobs')) {
        await jobs(ctx, browser, contenders, base, quick, jobTable, heaps);
      }
      if (want.has('live')) {
        const dirs: Record<string, string> = { new: DIST };
        if (baselineDir) dirs.reference = resolve(baselineDir);
        const rooms = await liveRooms(dirs, port + 3, LIVE_STUDENTS);
        try {
          const seconds = quick ? 10 : 30;
          const job: Job = {
            key: 'live',
            label: `teacher's live view, ${LIVE_STUDENTS} students changing`,
            runs: 1,
            timed: false,
            run: (k, rate) => {
              const room = rooms.rooms.get(k);
              if (!room) throw new Error(`no live class for ${k}`);
              return liveJob(browser, rooms, room, rate, `live-${k}-${rate}x`, seconds);
            },
          };
          for (const rate of RATES) {
            const results: Partial<Record<Contender, JobRun[]>> = {};
            for (const k of contenders) (results[k] ??= []).push(await progress(job, k, rate));
            jobTable.push(...jobRows(ctx, job, rate, results));
          }
        } finally {
          await rooms.close();
        }
      }
      if (jobTable.length > 0) {
        table(
          'Long jobs: wall time, and main-thread tasks over 50 and 100 ms on the page (longest: over all runs)',
          jobTable,
        );
        console.log(
          `goal at CPU 4×: no main-thread task over ${ms(GOALS.jobTaskMs)} during a long job. "workers throttled": workers that took the CPU rate over CDP, of those seen.`,
        );
      }
      if (heaps.length > 0) {
        table(
          'Memory during the long jobs, after a garbage collection, per CDP target (the page and each worker): the JS heap (Runtime.getHeapUsage; the goal), the array buffers it reports beside it, and the live WebAssembly memories (Runtime.queryObjects)',
          heaps,
        );
      }
      if (want.has('class')) await schoolLink(ctx, browser, contenders, ports, port + 2, quick);
    } finally {
      await browser.close();
      for (const s of servers) await s.close();
      rmSync(dir, { recursive: true, force: true });
    }
  },
};

async function loads(
  ctx: BenchContext,
  browser: Browser,
  contenders: Contender[],
  url: (k: Contender) => string,
  n: number,
): Promise<void> {
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
        const top = Math.max(0, ...ls.flatMap((l) => l.longTasks));
        const goal = rate === 4 ? GOALS.cold[net.mbit] : undefined;
        coldRows.push({
          CPU: `${rate}×`,
          network: net.name,
          build: LABELS[k],
          'interactive blocks': ms(ready),
          goal: goal ? `≤ ${ms(goal)}` : '',
          'blocking time': ms(blocking),
          'tasks > 50 ms': (ls.flatMap((l) => l.longTasks).length / ls.length).toFixed(1),
          longest: top > 0 ? ms(top) : '–',
        });
        ctx.record('school', {
          [`${k}.cold@${rate}x.${net.mbit}Mbit.readyMs`]: ready,
          [`${k}.cold@${rate}x.${net.mbit}Mbit.tbtMs`]: blocking,
          [`${k}.cold@${rate}x.${net.mbit}Mbit.longestMs`]: top,
        });
      }
    }
  }
  table(`Cold load of #/program, median of ${n} (longest: over all loads)`, coldRows);
  console.log(
    `goals at CPU 4×: interactive blocks ≤ ${ms(GOALS.cold[10] ?? 0)} (10 Mbit/s), ≤ ${ms(GOALS.cold[3] ?? 0)} (3 Mbit/s); blocking time ≤ ${ms(GOALS.tbtMs)}; no task over ${ms(GOALS.longestMs)}`,
  );

  // The second visit itself, as on a student's second day: a profile of its own each time,
  // its first visit before it (warmContext).
  const secondRows: Record<string, string | number>[] = [];
  for (const rate of RATES) {
    const loads: Record<Contender, WarmLoad[]> = { new: [], reference: [] };
    for (let i = 0; i < n; i++) {
      for (const k of contenders) {
        const c = await warmContext(browser, url(k));
        try {
          loads[k].push(await warmLoad(c, url(k), rate));
        } finally {
          await c.close();
        }
      }
    }
    for (const k of contenders) secondRows.push(warmRow(ctx, 'second', k, rate, loads[k]));
  }
  table(
    `Second visit of #/program (service worker; a new profile each time, its first visit before), 10 Mbit/s, 40 ms, median of ${n}`,
    secondRows,
  );

  // Later visits: one profile per build, its second visit already made.
  const warm: Partial<Record<Contender, BrowserContext>> = {};
  for (const k of contenders) {
    const c = await warmContext(browser, url(k));
    await warmLoad(c, url(k), 1);
    warm[k] = c;
  }
  const warmRows: Record<string, string | number>[] = [];
  // Warm loads are short and vary more from load to load than cold ones: twice the rounds.
  const warmRounds = 2 * n;
  try {
    for (const rate of RATES) {
      const loads: Record<Contender, WarmLoad[]> = { new: [], reference: [] };
      for (let i = 0; i < warmRounds; i++) {
        for (const k of contenders) {
          const c = warm[k];
          if (c) loads[k].push(await warmLoad(c, url(k), rate));
        }
      }
      for (const k of contenders) warmRows.push(warmRow(ctx, 'warm', k, rate, loads[k]));
    }
  } finally {
    for (const c of Object.values(warm)) await c.close();
  }
  table(
    `Later visits of #/program (service worker, the third and after), 10 Mbit/s, 40 ms, median of ${warmRounds}`,
    warmRows,
  );
  console.log(
    "main-thread CPU: the page's renderer main thread's CPU time until interactive blocks (DevTools' ThreadTime), at rate 1, where other work on the host changes it far less than the wall time",
  );
}

/** A warm load table's row for build `k` at `rate`, recorded as `<k>.<what>@<rate>x`. */
function warmRow(
  ctx: BenchContext,
  what: 'second' | 'warm',
  k: Contender,
  rate: number,
  ls: WarmLoad[],
): Record<string, string | number> {
  const ready = median(ls.map((l) => l.readyMs));
  const thread = median(ls.map((l) => l.threadMs));
  const top = Math.max(0, ...ls.flatMap((l) => l.longTasks));
  ctx.record('school', {
    [`${k}.${what}@${rate}x.readyMs`]: ready,
    ...(rate === 1 ? { [`${k}.${what}@1x.threadMs`]: thread } : {}),
  });
  return {
    CPU: `${rate}×`,
    build: LABELS[k],
    'interactive blocks': ms(ready),
    goal: rate === 4 ? `≤ ${ms(GOALS.warmMs)}` : '',
    'blocking time': ms(median(ls.map((l) => tbt(l.longTasks)))),
    longest: top > 0 ? ms(top) : '–',
    // At rate 1 only: CDP's throttling keeps the thread busy while it holds it back.
    'main-thread CPU': rate === 1 ? ms(thread) : '',
  };
}

async function memory(
  ctx: BenchContext,
  browser: Browser,
  contenders: Contender[],
  url: (k: Contender) => string,
): Promise<void> {
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
      'array buffers': mb(after.buffers),
      WebAssembly: mb(after.wasm),
      [`after cycle 1`]: mb(total(leak.first)),
      [`after cycle ${CYCLES}`]: mb(total(leak.last)),
      'growth / cycle': mb(growth / (CYCLES - 1)),
    });
    ctx.record('school', {
      [`${k}.heapAfterLoad.page`]: after.page,
      [`${k}.heapAfterLoad.workers`]: after.workers.reduce((a, b) => a + b, 0),
      [`${k}.heapAfterLoad.wasm`]: after.wasm,
      [`${k}.leak.first`]: total(leak.first),
      [`${k}.leak.last`]: total(leak.last),
    });
  }
  table(
    `JS heap after a garbage collection (CDP Runtime.getHeapUsage per target: the page and each worker); ${CYCLES} cycles of the editor, the offline data log and the lab with the camera on`,
    memRows,
  );
}

async function jobs(
  ctx: BenchContext,
  browser: Browser,
  contenders: Contender[],
  base: (k: Contender) => string,
  quick: boolean,
  jobTable: Record<string, string | number>[],
  heaps: Record<string, string | number>[],
): Promise<void> {
  const readRecords = Number(process.env.GOGO_BENCH_SCHOOL_READ ?? (quick ? 20_000 : 1_000_000));
  const file = logFile(PLOT_RECORDS);
  const runs = quick ? 1 : 2;
  const list: Job[] = [
    {
      key: 'flash',
      label: '256 KiB firmware flash (virtual board, fake USB)',
      runs,
      timed: true,
      run: (k, rate) => flashJob(browser, base(k), rate, `flash-${k}-${rate}x`),
    },
    {
      key: 'read',
      label: `read ${readRecords.toLocaleString('en')} records from the board, plot them`,
      runs: 1,
      timed: true,
      run: (k, rate) => readJob(browser, base(k), rate, `read-${k}-${rate}x`, readRecords),
    },
    {
      key: 'plot',
      label: `open a ${PLOT_RECORDS.toLocaleString('en')}-record log file, plot it, zoom in twice`,
      runs,
      timed: true,
      run: (k, rate) => plotJob(browser, base(k), rate, `plot-${k}-${rate}x`, file),
    },
    {
      key: 'download',
      label: 'download a 1.9 KB program to the virtual board',
      runs,
      timed: true,
      run: (k, rate) => downloadJob(browser, base(k), rate, `download-${k}-${rate}x`),
    },
    {
      key: 'tm',
      label: 'Teachable Machine lab: inference in its worker',
      runs,
      timed: false,
      run: (k, rate) => tmJob(browser, base(k), rate, `tm-${k}-${rate}x`),
    },
  ];
  const only = process.env.GOGO_BENCH_SCHOOL_JOBS?.split(',').map((j) => j.trim());
  const chosen = list.filter((j) => !only || only.includes(j.key));
  for (const rate of RATES) {
    for (const job of chosen) {
      const results: Partial<Record<Contender, JobRun[]>> = {};
      for (let i = 0; i < job.runs; i++) {
        for (const k of contenders) (results[k] ??= []).push(await progress(job, k, rate));
      }
      jobTable.push(...jobRows(ctx, job, rate, results));
      const state =
        job.key === 'plot'
          ? {
              what: `after plotting ${PLOT_RECORDS.toLocaleString('en')} points`,
              goal: GOALS.plotHeapMb,
            }
          : job.key === 'tm'
            ? { what: 'Teachable Machine lab running', goal: GOALS.tmHeapMb }
            : null;
      if (!state) continue;
      for (const k of contenders) {
        const h = results[k]?.at(-1)?.heap;
        heaps.push(heapRow(state.what, rate, k, h, state.goal));
        if (h) {
          ctx.record('school', {
            [`${k}.heap.${job.key}@${rate}x`]: total(h),
            [`${k}.buffers.${job.key}@${rate}x`]: h.buffers,
            [`${k}.wasm.${job.key}@${rate}x`]: h.wasm,
          });
        }
      }
    }
  }
}

async function schoolLink(
  ctx: BenchContext,
  browser: Browser,
  contenders: Contender[],
  ports: Partial<Record<Contender, number>>,
  linkPort: number,
  quick: boolean,
): Promise<void> {
  const rows: Record<string, string | number>[] = [];
  const rounds = quick ? 1 : 2;
  for (const rate of RATES) {
    const got: Partial<Record<Contender, { cold: ClassLoad; warm: ClassLoad; mbit: number }[]>> =
      {};
    for (let i = 0; i < rounds; i++) {
      for (const k of contenders) {
        (got[k] ??= []).push(
          await classOnLink(browser, ports[k] ?? 0, linkPort, rate, CLASS_CONTEXTS),
        );
      }
    }
    const newCold = median((got.new ?? []).map((g) => g.cold.lastMs));
    const refCold = median((got.reference ?? []).map((g) => g.cold.lastMs));
    for (const k of contenders) {
      const gs = got[k] ?? [];
      const cold = median(gs.map((g) => g.cold.lastMs));
      const warm = median(gs.map((g) => g.warm.lastMs));
      const bytes = median(gs.map((g) => g.cold.bytesPerStudent));
      // What the link alone allows: the whole class's bytes through 20 Mbit/s.
      const floorMs = ((CLASS_SIZE * bytes * 8) / (SCHOOL_MBIT * 1e6)) * 1000;
      rows.push({
        CPU: `${rate}×`,
        build: LABELS[k],
        'first lesson: 30th student interactive': secondsOrMs(cold),
        'vs reference': k === 'new' && got.reference ? ratio(newCold / refCold) : '',
        'bytes / student until then': `${(bytes / 1024).toFixed(0)} KiB`,
        'link floor (30 × bytes)': secondsOrMs(floorMs),
        'next lesson (service worker)': secondsOrMs(warm),
        'next lesson bytes / student': `${(median(gs.map((g) => g.warm.bytesPerStudent)) / 1024).toFixed(0)} KiB`,
      });
      ctx.record('school', {
        [`${k}.class@${rate}x.coldLastMs`]: cold,
        [`${k}.class@${rate}x.warmLastMs`]: warm,
        [`${k}.class@${rate}x.bytesPerStudent`]: bytes,
      });
    }
  }
  table(
    `A class of ${CLASS_SIZE} on one ${SCHOOL_MBIT} Mbit/s link (40 ms round trip): ${CLASS_CONTEXTS} real browser contexts started together through their share of it (${((SCHOOL_MBIT * CLASS_CONTEXTS) / CLASS_SIZE).toFixed(2)} Mbit/s, ${(SCHOOL_MBIT / CLASS_SIZE).toFixed(2)} Mbit/s each), the last of them standing for the 30th; service worker allowed, the server's cache headers; median of ${rounds}`,
    rows,
  );
}

export default suite;
