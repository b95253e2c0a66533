// Teachable Machine inference in real Chromium (Debian's, as the e2e tests use): the built
// lab (dist/) runs a 224 × 224 convolutional model (scripts/make-tm-model.ts) on Chromium's
// fake camera, in the lab's worker and, as the reference in the same run, on the main thread
// (the fallback, chosen with the `gogo-tm-inference=page` cookie). Rounds alternate. For
// each: the frame rate the lab shows, and main-thread long tasks (≥ 50 ms) over the window.
// Then training in the lab, at CPU rate 1 and 4 (Chrome's CPU throttling over CDP): 2 × 50
// samples recorded from the fake camera, Train, and the trained model's frame rate, in the
// worker and, as the reference in the same run, on the main thread; for each the training
// time and the main thread's long tasks by phase: the Train click, training, the end of
// training (results shown, the model kept in the project); goal: none over 50 ms in the
// worker. GOGO_BENCH_TM_PROFILE=dir also writes a CPU profile of the page while the worker
// trains at rate 4 and prints the functions that took the most time; GOGO_BENCH_TM_TRACE=dir
// a Chrome trace of the same round, and each long task with what filled it (script, style,
// layout, paint).
// A shorter run while working on the lab: GOGO_BENCH_TM_ONLY=train (no inference rounds),
// GOGO_BENCH_TM_RATES=4 (CPU rates, default 1,4), GOGO_BENCH_TM_TRAINERS=worker,before
// (default all), GOGO_BENCH_TM_ROUNDS=1 (training rounds, default 3).
// Port: GOGO_BENCH_PORT (default 4180).
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from '@playwright/test';
import { makeTmBenchModel } from '../make-tm-model.ts';
import { startProfile } from './cpu-profile.ts';
import { median, ms, rounds, table, type BenchContext, type BenchSuite } from './lib.ts';
import { benchChromium, benchPort, ensureBuilt, serveDist } from './serve-dist.ts';

export type Mode = 'worker' | 'page';
/** Who trains: the lab's worker, the main thread (reference), an earlier build's worker. */
type Trainer = Mode | 'before';
const TRAINERS: Record<Trainer, string> = {
  worker: 'worker (the lab)',
  page: 'main thread (reference)',
  before: 'worker (earlier build)',
};

interface Sample {
  fps: number;
  longTasks: number;
  longTaskMs: number;
  longest: number;
}

const WINDOW_MS = 5000;

/**
 * Serves the bench model (scripts/make-tm-model.ts) at /tm-models/bench/ to the pages of
 * `context`, whatever server they come from; returns the clean-up.
 */
export async function routeTmModels(context: BrowserContext): Promise<() => void> {
  const models = mkdtempSync(path.join(tmpdir(), 'tm-bench-'));
  await makeTmBenchModel(models);
  await context.route('**/tm-models/**', (route) => {
    const rel = new URL(route.request().url()).pathname.replace(/^\/tm-models\//, '');
    if (rel.includes('..')) return route.fulfill({ status: 403 });
    try {
      return route.fulfill({ body: readFileSync(path.join(models, rel)) });
    } catch {
      return route.fulfill({ status: 404 });
    }
  });
  return () => rmSync(models, { recursive: true, force: true });
}

/**
 * Opens the lab on `page` (of a context with the camera allowed and `routeTmModels`), loads
 * the bench model by its link, checks where it runs and turns the fake camera on; resolves
 * once the lab shows a frame rate.
 */
export async function startInference(page: Page, base: string, mode: Mode): Promise<void> {
  await page.goto(`${base}/#/teachable-machine`);
  await page.getByLabel('Use a Teachable Machine link').check();
  await page.getByLabel('Model URL').fill('/tm-models/bench/');
  await page.getByRole('button', { name: 'Load model' }).click();
  await page.getByTestId('tm-model').waitFor({ timeout: 60_000 });
  const where = await page.getByTestId('tm-model').innerText();
  const expected = mode === 'worker' ? 'background worker' : 'on the page';
  if (!where.includes(expected)) throw new Error(`expected inference ${expected}: ${where}`);
  await page.getByRole('button', { name: 'Use the camera' }).click();
  await page.getByTestId('tm-fps').filter({ hasText: /[1-9]/ }).waitFor({ timeout: 120_000 });
}

/** The frame rate the lab shows. */
export async function readFps(page: Page): Promise<number> {
  return Number(/([\d.]+)/.exec(await page.getByTestId('tm-fps').innerText())?.[1] ?? 0);
}

async function measure(context: BrowserContext, base: string, mode: Mode): Promise<Sample> {
  await context.clearCookies();
  if (mode === 'page') {
    await context.addCookies([{ name: 'gogo-tm-inference', value: 'page', url: base }]);
  }
  const page = await context.newPage();
  try {
    await page.addInitScript(() => {
      const w = window as unknown as { tmLong: number[] };
      w.tmLong = [];
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) w.tmLong.push(e.duration);
      }).observe({ type: 'longtask', buffered: false });
    });
    await startInference(page, base, mode);
    // Warm (first frames compile shaders / JIT), then the measured window.
    await page.waitForTimeout(2000);
    await page.evaluate(() => ((window as unknown as { tmLong: number[] }).tmLong = []));
    await page.waitForTimeout(WINDOW_MS);
    const long = await page.evaluate(() => (window as unknown as { tmLong: number[] }).tmLong);
    const fps = await readFps(page);
    return {
      fps,
      longTasks: long.length,
      longTaskMs: long.reduce((a, b) => a + b, 0),
      longest: Math.max(0, ...long),
    };
  } finally {
    await page.close();
  }
}

/** Main-thread long tasks in one phase of training: how many, and the longest (ms). */
interface Phase {
  count: number;
  longest: number;
}

const PHASES = ['click', 'training', 'end'] as const;
type PhaseName = (typeof PHASES)[number];

interface TrainSample {
  /** Recording 2 × 50 samples (ms). */
  recordMs: number;
  /** Train pressed → the test's results shown (ms). */
  trainMs: number;
  /** Long tasks from Train pressed to the results shown and SETTLE_MS after. */
  longTasks: number;
  longest: number;
  /**
   * The same, by phase: the Train click (pressed → the first epoch reported), training
   * (→ the last epoch reported), the end (→ the results shown and SETTLE_MS after, which
   * takes in the project keeping the model and its draft being written).
   */
  phases: Record<PhaseName, Phase>;
  fps: number;
}

const TRAIN_SAMPLES = 50;
/** After the results show: the model kept in the project, its draft written (400 ms on). */
const SETTLE_MS = 1500;

/** Page-side marks of training (performance.now() times) and the long tasks with their start. */
interface TrainMarks {
  armed: boolean;
  press?: number;
  firstEpoch?: number;
  lastEpoch?: number;
  results?: number;
  long: { start: number; duration: number }[];
}

/**
 * Installed before the app: the long tasks, and when Train is pressed, the first and the last
 * epoch show and the results show. A string: tsx names the functions it compiles (`__name`),
 * which the page does not have.
 */
const WATCH_TRAINING = `(() => {
  const marks = { armed: false, long: [] };
  window.tmMarks = marks;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) marks.long.push({ start: e.startTime, duration: e.duration });
  }).observe({ type: 'longtask', buffered: false });
  addEventListener('pointerdown', (e) => {
    if (marks.armed && marks.press === undefined) marks.press = e.timeStamp;
  }, true);
  // Only the bars' values are watched (a watch on every change of the page costs the page
  // more than some of what is measured); the results are then looked for every 10 ms.
  const results = () => {
    if (document.querySelector('[data-testid="tm-test"]')) marks.results = performance.now();
    else setTimeout(results, 10);
  };
  addEventListener('DOMContentLoaded', () => {
    new MutationObserver(() => {
      if (marks.press === undefined || marks.lastEpoch !== undefined) return;
      const bar = document.querySelector('[data-testid="tm-train-progress"] [aria-valuenow]');
      const value = Number(bar?.getAttribute('aria-valuenow') ?? 0);
      if (value > 0) marks.firstEpoch ??= performance.now();
      if (value >= 100 || (marks.firstEpoch !== undefined && !bar)) {
        marks.lastEpoch = performance.now();
        results();
      }
    }).observe(document.body, {
      subtree: true,
      attributes: true,
      attributeFilter: ['aria-valuenow'],
    });
  });
})();`;

async function measureTraining(
  context: BrowserContext,
  base: string,
  mode: Mode,
  rate: number,
  profileIt = false,
): Promise<TrainSample> {
  await context.clearCookies();
  if (mode === 'page') {
    await context.addCookies([{ name: 'gogo-tm-inference', value: 'page', url: base }]);
  }
  const page = await context.newPage();
  try {
    await page.addInitScript({ content: WATCH_TRAINING });
    await page.goto(`${base}/#/teachable-machine`);
    // A model kept by an earlier round (the program's draft) would show its results at once.
    await page.evaluate(() => localStorage.clear());
    await page.reload();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate });
    await page.getByRole('button', { name: 'Use the camera' }).click();
    const counts = page.getByTestId('tm-train-count');
    const started = Date.now();
    for (const [i, name] of ['Class 1', 'Class 2'].entries()) {
      const record = page.getByRole('button', { name: `Hold to record ${name}` });
      await record.hover();
      await page.mouse.down();
      await counts
        .nth(i)
        .filter({ hasText: new RegExp(`^(${TRAIN_SAMPLES}|[5-9]\\d|\\d{3}) samples$`) })
        .waitFor({ timeout: 300_000 });
      await page.mouse.up();
    }
    const recordMs = Date.now() - started;
    // A sample in flight when Record was let go still lands: the counts settle first (on a
    // busy machine it could land between reading a count and deleting down from it).
    let counted = '';
    for (let same = 0; same < 5;) {
      const now = (await counts.allInnerTexts()).join();
      same = now === counted ? same + 1 : 0;
      counted = now;
      await page.waitForTimeout(200);
    }
    // The samples beyond 50 (the last one in flight) are deleted, newest first.
    for (const [i, name] of ['Class 1', 'Class 2'].entries()) {
      for (;;) {
        const n = Number(/\d+/.exec(await counts.nth(i).innerText())?.[0] ?? 0);
        if (n <= TRAIN_SAMPLES) break;
        await page.getByRole('button', { name: `Delete sample ${n} of ${name}` }).click();
        await counts
          .nth(i)
          .filter({ hasText: `${n - 1} samples` })
          .waitFor();
      }
    }
    // Pressed where it is, as a user would: a locator's click would first run Playwright's
    // own search of the page (roles, names), a long task of its own on the page.
    const button = page.getByRole('button', { name: 'Train', exact: true });
    await button.scrollIntoViewIfNeeded();
    const train = await button.boundingBox();
    if (!train) throw new Error('no Train button');
    await page.evaluate(() => {
      const marks = (window as unknown as { tmMarks: TrainMarks }).tmMarks;
      marks.long = [];
      marks.armed = true;
    });
    const profile =
      profileIt && profileDir !== undefined ? await startProfile(cdp, profileDir) : null;
    const trace = profileIt && traceDir !== undefined ? await startTrace(page) : null;
    await page.mouse.click(train.x + train.width / 2, train.y + train.height / 2);
    // The page's own watch says when the results show: a locator's wait would run
    // Playwright's search of the page on every frame, long tasks of its own at rate 4.
    await page.waitForFunction(
      () => (window as unknown as { tmMarks: TrainMarks }).tmMarks.results !== undefined,
      null,
      { polling: 100, timeout: 300_000 },
    );
    await page.waitForTimeout(SETTLE_MS);
    if (profile) {
      await profile.stop(
        `tm-train-${mode}-${rate}x`,
        `Train pressed → results + ${SETTLE_MS} ms (${mode}, CPU ${rate}×)`,
      );
    }
    if (trace) await trace.stop(`${mode}-${rate}x`);
    const marks = await page.evaluate(() => (window as unknown as { tmMarks: TrainMarks }).tmMarks);
    await page.waitForTimeout(WINDOW_MS);
    const fps = await readFps(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    // Timed on the page's clock: pressed → the results shown.
    const trainMs = (marks.results ?? NaN) - (marks.press ?? NaN);
    return { recordMs, trainMs, ...splitPhases(marks), fps };
  } finally {
    await page.close();
  }
}

/** The long tasks of each phase; a task belongs to the phase it ends in. */
function splitPhases(marks: TrainMarks): Pick<TrainSample, 'longTasks' | 'longest' | 'phases'> {
  const press = marks.press ?? 0;
  const first = marks.firstEpoch ?? Infinity;
  const last = marks.lastEpoch ?? Infinity;
  const phases = Object.fromEntries(PHASES.map((p) => [p, { count: 0, longest: 0 }])) as Record<
    PhaseName,
    Phase
  >;
  let count = 0;
  let longest = 0;
  for (const task of marks.long) {
    const end = task.start + task.duration;
    if (end < press) continue;
    const phase = phases[end <= first ? 'click' : end <= last ? 'training' : 'end'];
    phase.count++;
    phase.longest = Math.max(phase.longest, task.duration);
    count++;
    longest = Math.max(longest, task.duration);
  }
  return { longTasks: count, longest, phases };
}

/**
 * GOGO_BENCH_TM_PROFILE=dir: a CPU profile of the page from Train pressed to SETTLE_MS after
 * the results (the lab's worker at CPU rate 4, first round), written to dir/tm-train-<mode>-<rate>x.cpuprofile
 * (DevTools opens it), and the functions that took the most time printed.
 */
const profileDir = process.env.GOGO_BENCH_TM_PROFILE;
/** A trace event (Chrome's JSON trace format). */
interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: { functionName?: string; url?: string } };
}

/**
 * GOGO_BENCH_TM_TRACE=dir: a Chrome trace of the same round as the profile, written to
 * dir/tm-train-<mode>-<rate>x.json (DevTools' Performance panel opens it), and the page's
 * long tasks printed with the trace events that took their time (self time by name).
 */
const traceDir = process.env.GOGO_BENCH_TM_TRACE;

async function startTrace(page: Page) {
  const browser = page.context().browser();
  if (!browser) throw new Error('no browser to trace');
  await browser.startTracing(page, {
    categories: ['toplevel', 'devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8'],
  });
  return {
    async stop(name: string) {
      const buffer = await browser.stopTracing();
      mkdirSync(traceDir ?? '.', { recursive: true });
      const file = path.join(traceDir ?? '.', `tm-train-${name}.json`);
      writeFileSync(file, buffer);
      const { traceEvents } = JSON.parse(buffer.toString('utf8')) as { traceEvents: TraceEvent[] };
      // The page's main thread: the renderer main thread with the most events.
      const mains = traceEvents.filter(
        (e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain',
      );
      const count = (m: TraceEvent) =>
        traceEvents.filter((e) => e.pid === m.pid && e.tid === m.tid).length;
      const main = mains.sort((a, b) => count(b) - count(a))[0];
      if (!main) return;
      const events = traceEvents
        .filter((e) => e.ph === 'X' && e.pid === main.pid && e.tid === main.tid && e.dur)
        .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
      const start = events[0]?.ts ?? 0;
      const tasks = events.filter((e) => e.name === 'RunTask' && (e.dur ?? 0) >= 50_000);
      const rows = tasks.map((task) => {
        const end = task.ts + (task.dur ?? 0);
        const inside = events.filter((e) => e !== task && e.ts >= task.ts && e.ts < end);
        // Self time by name: each event's time less that of the events directly inside it.
        const self = new Map<string, number>();
        const stack: TraceEvent[] = [];
        for (const e of inside) {
          while (stack.length && (stack.at(-1)?.ts ?? 0) + (stack.at(-1)?.dur ?? 0) <= e.ts) {
            stack.pop();
          }
          const parent = stack.at(-1);
          const key = (x: TraceEvent) =>
            x.name === 'FunctionCall' && x.args?.data?.functionName
              ? `${x.name} ${x.args.data.functionName}`
              : x.name;
          self.set(key(e), (self.get(key(e)) ?? 0) + (e.dur ?? 0));
          if (parent) self.set(key(parent), (self.get(key(parent)) ?? 0) - (e.dur ?? 0));
          stack.push(e);
        }
        const top = [...self.entries()]
          .sort((a, b) => b[1] - a[1])
          .slice(0, 5)
          .map(([n, us]) => `${n} ${(us / 1000).toFixed(0)}`)
          .join(', ');
        return {
          at: ms((task.ts - start) / 1000),
          task: ms((task.dur ?? 0) / 1000),
          'self time (ms)': top,
        };
      });
      table(`Long tasks on the page's main thread (${name}; ${file})`, rows);
    },
  };
}

const suite: BenchSuite = {
  description:
    'Teachable Machine lab: inference fps and main-thread long tasks, worker vs page; training 2 × 50 samples at CPU rate 1 and 4',
  async run(ctx: BenchContext) {
    ensureBuilt();
    const launch = benchChromium('Teachable Machine', ['--use-fake-device-for-media-stream']);
    if (launch === null) return;
    const port = benchPort();
    const base = `http://localhost:${port}`;
    const server = await serveDist(port);
    const before = process.env.GOGO_BENCH_TM_BEFORE;
    const beforeServer = before ? await serveDist(port + 1, path.resolve(before)) : null;
    const browser = await chromium.launch(launch);
    let disposeModels: () => void = () => undefined;
    try {
      const context = await browser.newContext({ permissions: ['camera'] });
      disposeModels = await routeTmModels(context);
      const samples: Record<Mode, Sample[]> = { worker: [], page: [] };
      const n = process.env.GOGO_BENCH_TM_ONLY === 'train' ? 0 : rounds(ctx, 2);
      for (let i = 0; i < n; i++) {
        for (const mode of ['worker', 'page'] as const) {
          samples[mode].push(await measure(context, base, mode));
        }
      }
      const row = (mode: Mode) => {
        const s = samples[mode];
        return {
          inference: mode === 'worker' ? 'worker (the lab)' : 'main thread (reference)',
          'fps (median)': median(s.map((x) => x.fps)).toFixed(1),
          [`long tasks / ${WINDOW_MS / 1000} s`]: median(s.map((x) => x.longTasks)),
          'long-task time': ms(median(s.map((x) => x.longTaskMs))),
          longest: ms(median(s.map((x) => x.longest))),
        };
      };
      if (n > 0) {
        table(`Teachable Machine, 224 × 224 conv model, fake camera, ${n} rounds each`, [
          row('worker'),
          row('page'),
        ]);
      }
      // Training in the lab, at CPU rate 1 and 4; with GOGO_BENCH_TM_BEFORE, an earlier build
      // of the lab (its dist/ folder) trains in its worker in the same rounds.
      const trained: Record<string, TrainSample[]> = {};
      const key = (mode: Trainer, rate: number) => `${mode}@${rate}`;
      const trainRounds = Number(process.env.GOGO_BENCH_TM_ROUNDS ?? 0) || rounds(ctx, 1);
      const rates = (process.env.GOGO_BENCH_TM_RATES ?? '1,4').split(',').map(Number);
      const only = process.env.GOGO_BENCH_TM_TRAINERS?.split(',');
      const all: { mode: Trainer; base: string }[] = [
        { mode: 'worker', base },
        { mode: 'page', base },
      ];
      if (before) all.unshift({ mode: 'before', base: `http://localhost:${port + 1}` });
      const trainers = all.filter((t) => !only || only.includes(t.mode));
      for (const rate of rates) {
        for (let i = 0; i < trainRounds; i++) {
          for (const t of trainers) {
            (trained[key(t.mode, rate)] ??= []).push(
              await measureTraining(
                context,
                t.base,
                t.mode === 'page' ? 'page' : 'worker',
                rate,
                t.mode === 'worker' && rate === 4 && i === 0,
              ),
            );
          }
        }
      }
      const trainRow = (mode: Trainer, rate: number) => {
        const s = trained[key(mode, rate)] ?? [];
        const ref = trained[key('page', rate)] ?? [];
        const trainMs = median(s.map((x) => x.trainMs));
        const phase = (p: PhaseName) =>
          `${median(s.map((x) => x.phases[p].count))} / ${ms(median(s.map((x) => x.phases[p].longest)))}`;
        return {
          training: TRAINERS[mode],
          'CPU rate': `${rate}×`,
          'record 2 × 50': ms(median(s.map((x) => x.recordMs))),
          'train 2 × 50': ms(trainMs),
          // The reference (training on the page) may be left out (GOGO_BENCH_TM_TRAINERS).
          'vs reference':
            ref.length === 0
              ? '–'
              : `${(trainMs / Math.max(1, median(ref.map((x) => x.trainMs)))).toFixed(2)}×`,
          'Train click': phase('click'),
          'while training': phase('training'),
          'end of training': phase('end'),
          'trained model fps': median(s.map((x) => x.fps)).toFixed(1),
        };
      };
      table(
        `Teachable Machine training, 2 × ${TRAIN_SAMPLES} samples, fake camera, ${trainRounds} round(s) each;\n` +
          `main-thread long tasks by phase: how many over 50 ms / the longest (goal in the worker: 0)`,
        rates.flatMap((rate) => trainers.map((t) => trainRow(t.mode, rate))),
      );
      for (const rate of rates) {
        const t = trained[key('worker', rate)] ?? [];
        const r = trained[key('page', rate)] ?? [];
        const phases = Object.fromEntries(
          PHASES.flatMap((p) => [
            [`${p}LongTasks`, median(t.map((x) => x.phases[p].count))],
            [`${p}Longest`, median(t.map((x) => x.phases[p].longest))],
          ]),
        );
        ctx.record(`tm-train-${rate}x`, {
          workerTrainMs: median(t.map((x) => x.trainMs)),
          pageTrainMs: median(r.map((x) => x.trainMs)),
          workerLongTasks: median(t.map((x) => x.longTasks)),
          pageLongTasks: median(r.map((x) => x.longTasks)),
          workerLongest: median(t.map((x) => x.longest)),
          pageLongest: median(r.map((x) => x.longest)),
          workerFps: median(t.map((x) => x.fps)),
          pageFps: median(r.map((x) => x.fps)),
          ...phases,
        });
      }
      const w = samples.worker;
      const p = samples.page;
      ctx.record('tm', {
        workerFps: median(w.map((x) => x.fps)),
        pageFps: median(p.map((x) => x.fps)),
        workerLongTasks: median(w.map((x) => x.longTasks)),
        pageLongTasks: median(p.map((x) => x.longTasks)),
        workerLongTaskMs: median(w.map((x) => x.longTaskMs)),
        pageLongTaskMs: median(p.map((x) => x.longTaskMs)),
      });
    } finally {
      await browser.close();
      server.close();
      beforeServer?.close();
      disposeModels();
    }
  },
};

export default suite;
