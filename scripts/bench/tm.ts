// Teachable Machine inference in real Chromium (Debian's, as the e2e tests use): the built
// lab (dist/) runs a 224 × 224 convolutional model (scripts/make-tm-model.ts) on Chromium's
// fake camera, in the lab's worker and, as the reference in the same run, on the main thread
// (the fallback, chosen with the `gogo-tm-inference=page` cookie). Rounds alternate. For
// each: the frame rate the lab shows, and main-thread long tasks (≥ 50 ms) over the window.
// Then training in the lab, at CPU rate 1 and 4 (Chrome's CPU throttling over CDP): 2 × 50
// samples recorded from the fake camera, Train, and the trained model's frame rate, in the
// worker and, as the reference in the same run, on the main thread; for each the training
// time and the main thread's long tasks while it trained (goal: none over 50 ms in the worker).
// Port: GOGO_BENCH_PORT (default 4180).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext } from '@playwright/test';
import { makeTmBenchModel } from '../make-tm-model.ts';
import { median, ms, rounds, table, type BenchContext, type BenchSuite } from './lib.ts';
import { benchChromium, benchPort, ensureBuilt, serveDist } from './serve-dist.ts';

type Mode = 'worker' | 'page';

interface Sample {
  fps: number;
  longTasks: number;
  longTaskMs: number;
  longest: number;
}

const WINDOW_MS = 5000;

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
    await page.goto(`${base}/#/teachable-machine`);
    await page.getByLabel('Use a Teachable Machine link').check();
    await page.getByLabel('Model URL').fill('/tm-models/bench/');
    await page.getByRole('button', { name: 'Load model' }).click();
    await page.getByTestId('tm-model').waitFor({ timeout: 60_000 });
    const where = await page.getByTestId('tm-model').innerText();
    const expected = mode === 'worker' ? 'background worker' : 'on the page';
    if (!where.includes(expected)) throw new Error(`expected inference ${expected}: ${where}`);
    await page.getByRole('button', { name: 'Use the camera' }).click();
    await page.getByTestId('tm-fps').filter({ hasText: /[1-9]/ }).waitFor({ timeout: 60_000 });
    // Warm (first frames compile shaders / JIT), then the measured window.
    await page.waitForTimeout(2000);
    await page.evaluate(() => ((window as unknown as { tmLong: number[] }).tmLong = []));
    await page.waitForTimeout(WINDOW_MS);
    const long = await page.evaluate(() => (window as unknown as { tmLong: number[] }).tmLong);
    const fps = Number(/([\d.]+)/.exec(await page.getByTestId('tm-fps').innerText())?.[1] ?? 0);
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

interface TrainSample {
  /** Recording 2 × 50 samples (ms). */
  recordMs: number;
  /** Train pressed → the test's results shown (ms). */
  trainMs: number;
  longTasks: number;
  longest: number;
  fps: number;
}

const TRAIN_SAMPLES = 50;

async function measureTraining(
  context: BrowserContext,
  base: string,
  mode: Mode,
  rate: number,
): Promise<TrainSample> {
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
    await page.goto(`${base}/#/teachable-machine`);
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
    await page.evaluate(() => ((window as unknown as { tmLong: number[] }).tmLong = []));
    const trainStarted = Date.now();
    await page.getByRole('button', { name: 'Train', exact: true }).click();
    await page.getByTestId('tm-test').waitFor({ timeout: 300_000 });
    const trainMs = Date.now() - trainStarted;
    const long = await page.evaluate(() => (window as unknown as { tmLong: number[] }).tmLong);
    await page.waitForTimeout(WINDOW_MS);
    const fps = Number(/([\d.]+)/.exec(await page.getByTestId('tm-fps').innerText())?.[1] ?? 0);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    return {
      recordMs,
      trainMs,
      longTasks: long.length,
      longest: Math.max(0, ...long),
      fps,
    };
  } finally {
    await page.close();
  }
}

const suite: BenchSuite = {
  description:
    'Teachable Machine lab: inference fps and main-thread long tasks, worker vs page; training 2 × 50 samples at CPU rate 1 and 4',
  async run(ctx: BenchContext) {
    ensureBuilt();
    const launch = benchChromium('Teachable Machine', ['--use-fake-device-for-media-stream']);
    if (launch === null) return;
    const models = mkdtempSync(path.join(tmpdir(), 'tm-bench-'));
    await makeTmBenchModel(models);
    const port = benchPort();
    const base = `http://localhost:${port}`;
    const server = await serveDist(port);
    const browser = await chromium.launch(launch);
    try {
      const context = await browser.newContext({ permissions: ['camera'] });
      await context.route('**/tm-models/**', (route) => {
        const rel = new URL(route.request().url()).pathname.replace(/^\/tm-models\//, '');
        if (rel.includes('..')) return route.fulfill({ status: 403 });
        try {
          return route.fulfill({ body: readFileSync(path.join(models, rel)) });
        } catch {
          return route.fulfill({ status: 404 });
        }
      });
      const samples: Record<Mode, Sample[]> = { worker: [], page: [] };
      const n = rounds(ctx, 2);
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
      table(`Teachable Machine, 224 × 224 conv model, fake camera, ${n} rounds each`, [
        row('worker'),
        row('page'),
      ]);
      // Training in the lab, at CPU rate 1 and 4.
      const trained: Record<string, TrainSample[]> = {};
      const key = (mode: Mode, rate: number) => `${mode}@${rate}`;
      const trainRounds = rounds(ctx, 1);
      for (const rate of [1, 4]) {
        for (let i = 0; i < trainRounds; i++) {
          for (const mode of ['worker', 'page'] as const) {
            (trained[key(mode, rate)] ??= []).push(
              await measureTraining(context, base, mode, rate),
            );
          }
        }
      }
      const trainRow = (mode: Mode, rate: number) => {
        const s = trained[key(mode, rate)] ?? [];
        const ref = trained[key('page', rate)] ?? [];
        const trainMs = median(s.map((x) => x.trainMs));
        return {
          training: mode === 'worker' ? 'worker (the lab)' : 'main thread (reference)',
          'CPU rate': `${rate}×`,
          'record 2 × 50': ms(median(s.map((x) => x.recordMs))),
          'train 2 × 50': ms(trainMs),
          'vs reference': `${(trainMs / Math.max(1, median(ref.map((x) => x.trainMs)))).toFixed(2)}×`,
          'long tasks while training': median(s.map((x) => x.longTasks)),
          longest: ms(median(s.map((x) => x.longest))),
          'trained model fps': median(s.map((x) => x.fps)).toFixed(1),
        };
      };
      table(
        `Teachable Machine training, 2 × ${TRAIN_SAMPLES} samples, fake camera, ${trainRounds} round(s) each`,
        [trainRow('worker', 1), trainRow('page', 1), trainRow('worker', 4), trainRow('page', 4)],
      );
      for (const rate of [1, 4]) {
        const t = trained[key('worker', rate)] ?? [];
        const r = trained[key('page', rate)] ?? [];
        ctx.record(`tm-train-${rate}x`, {
          workerTrainMs: median(t.map((x) => x.trainMs)),
          pageTrainMs: median(r.map((x) => x.trainMs)),
          workerLongTasks: median(t.map((x) => x.longTasks)),
          pageLongTasks: median(r.map((x) => x.longTasks)),
          workerLongest: median(t.map((x) => x.longest)),
          pageLongest: median(r.map((x) => x.longest)),
          workerFps: median(t.map((x) => x.fps)),
          pageFps: median(r.map((x) => x.fps)),
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
      rmSync(models, { recursive: true, force: true });
    }
  },
};

export default suite;
