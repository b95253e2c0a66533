// The datalog chart in real Chromium (Debian's, as the e2e tests use): the built app
// (dist/) is served from a small static server, and the offline datalog page's bench hooks
// (src/datalog/ui/bench-hook.ts, enabled by the `gogo-bench=1` cookie) run its real path:
//   - plot: a raw capture of N records is decoded in the core worker; from the moment the
//     decoded log's answer reaches the page to the frame after Chart.js drew the worker's
//     downsampled points (Continue confirmed by the hook), with main-thread long tasks and
//     long animation frames (> 50 ms) observed meanwhile;
//   - zoom: chart.zoom(4) → the worker re-decimates the window → the frame after the redraw.
// Port: GOGO_BENCH_PORT (default 4180).
import { chromium } from '@playwright/test';
import { median, ms, table, type BenchContext } from './lib.ts';
import { benchChromium, benchPort, ensureBuilt, serveDist } from './serve-dist.ts';

interface Timing {
  ms: number;
  longTasks: number[];
  longFrames: number[];
  culprits: string[];
  records?: number;
}

/** The page's hooks (src/datalog/ui/bench-hook.ts), as seen from here. */
interface BenchWindow {
  gogoDatalogBench?: { plot(n: number): Promise<Timing>; zoom(f: number): Promise<Timing> };
}

export async function benchBrowserChart(ctx: BenchContext, records: number): Promise<void> {
  ensureBuilt();
  const launch = benchChromium('browser chart');
  if (launch === null) return;
  const port = benchPort();
  const server = await serveDist(port);
  const browser = await chromium.launch(launch);
  try {
    const context = await browser.newContext({ viewport: { width: 1600, height: 900 } });
    await context.addCookies([{ name: 'gogo-bench', value: '1', url: `http://localhost:${port}` }]);
    const page = await context.newPage();
    page.on('pageerror', (e) => console.error('page error:', e.message));
    await page.goto(`http://localhost:${port}/#/datalog/offline`);
    await page.waitForFunction(() => 'gogoDatalogBench' in window, null, {
      timeout: 60_000,
    });
    const plots: Timing[] = [];
    const zooms: Timing[] = [];
    const got = (t: Timing | undefined) => {
      if (!t) throw new Error('the bench hooks are not installed');
      return t;
    };
    const runs = Math.max(3, Math.round(5 * ctx.scale));
    const plot = (n: number) =>
      page.evaluate((k) => (window as unknown as BenchWindow).gogoDatalogBench?.plot(k), n);
    const zoom = (f: number) =>
      page.evaluate((k) => (window as unknown as BenchWindow).gogoDatalogBench?.zoom(k), f);
    // One untimed round first: the page's code is cold (parsing, JIT, first Chart.js use).
    await plot(records);
    await zoom(4);
    for (let i = 0; i < runs; i++) {
      plots.push(got(await plot(records)));
      // In twice, then back out: every zoom re-decimates a different window.
      zooms.push(got(await zoom(4)));
      zooms.push(got(await zoom(4)));
      zooms.push(got(await zoom(1 / 16)));
    }
    const drawn = await page.getByTestId('datalog-view').innerText();
    const longest = (ts: Timing[], k: 'longTasks' | 'longFrames') =>
      Math.max(0, ...ts.flatMap((t) => t[k]));
    const count = (ts: Timing[], k: 'longTasks' | 'longFrames') =>
      ts.reduce((n, t) => n + t[k].length, 0);
    table(`Chromium: chart of ${records.toLocaleString('en')} records (1600×900 window)`, [
      {
        step: 'decoded in the worker → first painted chart',
        median: ms(median(plots.map((p) => p.ms))),
        best: ms(Math.min(...plots.map((p) => p.ms))),
        'tasks > 50 ms': count(plots, 'longTasks'),
        'frames > 50 ms': count(plots, 'longFrames'),
      },
      {
        step: 'zoom → re-decimated painted frame',
        median: ms(median(zooms.map((p) => p.ms))),
        best: ms(Math.min(...zooms.map((p) => p.ms))),
        'tasks > 50 ms': count(zooms, 'longTasks'),
        'frames > 50 ms': count(zooms, 'longFrames'),
      },
    ]);
    console.log(`after the last zoom the page says: ${drawn}`);
    const culprits = [...plots, ...zooms].flatMap((t) => t.culprits);
    if (culprits.length > 0) console.log(`scripts in long frames: ${culprits.join('; ')}`);
    console.log(
      'targets: first chart <= 150 ms with no main-thread task over 50 ms; zoom <= 100 ms',
    );
    ctx.record('datalog', {
      browserRecords: records,
      browserFirstChartMs: median(plots.map((p) => p.ms)),
      browserZoomMs: median(zooms.map((p) => p.ms)),
      browserLongTasks: count(plots, 'longTasks') + count(zooms, 'longTasks'),
      browserLongFrames: count(plots, 'longFrames') + count(zooms, 'longFrames'),
      browserLongestTaskMs: Math.max(longest(plots, 'longTasks'), longest(zooms, 'longTasks')),
    });
  } finally {
    await browser.close();
    await new Promise((r) => server.close(r));
  }
}
