// Teachable Machine inference in real Chromium (Debian's, as the e2e tests use): the built
// lab (dist/) runs a 224 × 224 convolutional model (scripts/make-tm-model.ts) on Chromium's
// fake camera, in the lab's worker and, as the reference in the same run, on the main thread
// (the fallback, chosen with the `gogo-tm-inference=page` cookie). Rounds alternate. For
// each: the frame rate the lab shows, and main-thread long tasks (≥ 50 ms) over the window.
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

const suite: BenchSuite = {
  description: 'Teachable Machine lab: inference fps and main-thread long tasks, worker vs page',
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
