// The datalog chart in real Chromium (Debian's, as the e2e tests use): the built app
// (dist/) is served from a small static server, and the offline datalog page's bench hooks
// (src/datalog/ui/bench-hook.ts, enabled by the `gogo-bench=1` cookie) run its real path:
//   - plot: a raw capture of N records is decoded in the core worker; from the moment the
//     decoded log's answer reaches the page to the frame after Chart.js drew the worker's
//     downsampled points (Continue confirmed by the hook), with main-thread long tasks and
//     long animation frames (> 50 ms) observed meanwhile;
//   - zoom: chart.zoom(4) → the worker re-decimates the window → the frame after the redraw.
// GOGO_BENCH_BASELINE=<dir of an earlier dist/> measures that build too, round by round in
// the same browser, and prints this build's ratio to it. `npm run bench -- datalog-browser`
// runs this part alone. GOGO_BENCH_DATALOG_PROFILE=<dir> writes a CPU profile of each
// build's page over its last round (profiling slows it: its times are not the run's).
// Port: GOGO_BENCH_PORT (default 4180) and, with a baseline, the next.
import { existsSync } from 'node:fs';
import type { Server } from 'node:http';
import { join, resolve } from 'node:path';
import { chromium, type Browser, type Page } from '@playwright/test';
import { startProfile } from './cpu-profile.ts';
import { median, ms, ratio, table, type BenchContext, type BenchSuite } from './lib.ts';
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

const RECORDS = 1_000_000;

type Build = 'new' | 'reference';
const BUILD_LABELS: Record<Build, string> = { new: 'this build', reference: 'reference build' };

/** The offline data log page of one build, with its bench hooks ready. */
async function chartPage(browser: Browser, port: number): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1600, height: 900 } });
  await context.addCookies([{ name: 'gogo-bench', value: '1', url: `http://localhost:${port}` }]);
  const page = await context.newPage();
  page.on('pageerror', (e) => console.error('page error:', e.message));
  await page.goto(`http://localhost:${port}/#/datalog/offline`);
  await page.waitForFunction(() => 'gogoDatalogBench' in window, null, { timeout: 60_000 });
  return page;
}

const got = (t: Timing | undefined) => {
  if (!t) throw new Error('the bench hooks are not installed');
  return t;
};

/** Plots `records` on `page` through its hooks: decoded in the worker → first painted chart. */
export const plotOnce = async (page: Page, records: number) =>
  got(
    await page.evaluate(
      (k) => (window as unknown as BenchWindow).gogoDatalogBench?.plot(k),
      records,
    ),
  );

/** Zooms the chart on `page` `factor`× through its hooks: → re-decimated painted frame. */
export const zoomOnce = async (page: Page, factor: number) =>
  got(
    await page.evaluate(
      (k) => (window as unknown as BenchWindow).gogoDatalogBench?.zoom(k),
      factor,
    ),
  );

const longest = (ts: Timing[], k: 'longTasks' | 'longFrames') =>
  Math.max(0, ...ts.flatMap((t) => t[k]));
const count = (ts: Timing[], k: 'longTasks' | 'longFrames') =>
  ts.reduce((n, t) => n + t[k].length, 0);

export async function benchBrowserChart(
  ctx: BenchContext,
  records: number,
  baselineDir = process.env.GOGO_BENCH_BASELINE,
): Promise<void> {
  ensureBuilt();
  const launch = benchChromium('browser chart');
  if (launch === null) return;
  if (baselineDir && !existsSync(join(baselineDir, 'index.html'))) {
    throw new Error(`GOGO_BENCH_BASELINE: no index.html in ${baselineDir}`);
  }
  const port = benchPort();
  const servers: Server[] = [await serveDist(port)];
  if (baselineDir) servers.push(await serveDist(port + 1, resolve(baselineDir)));
  const browser = await chromium.launch(launch);
  try {
    const pages: Partial<Record<Build, Page>> = { new: await chartPage(browser, port) };
    if (baselineDir) pages.reference = await chartPage(browser, port + 1);
    const builds = Object.keys(pages) as Build[];
    const plots: Record<Build, Timing[]> = { new: [], reference: [] };
    const zooms: Record<Build, Timing[]> = { new: [], reference: [] };
    const runs = Math.max(3, Math.round(5 * ctx.scale));
    // One untimed round first: the page's code is cold (parsing, JIT, first Chart.js use).
    for (const b of builds) {
      const page = pages[b] as Page;
      await plotOnce(page, records);
      await zoomOnce(page, 4);
    }
    // Build by build within each round: both see the machine's load alike.
    for (let i = 0; i < runs; i++) {
      for (const b of builds) {
        const page = pages[b] as Page;
        plots[b].push(await plotOnce(page, records));
        // In twice, then back out: every zoom re-decimates a different window.
        zooms[b].push(await zoomOnce(page, 4));
        zooms[b].push(await zoomOnce(page, 4));
        zooms[b].push(await zoomOnce(page, 1 / 16));
      }
    }
    const profileDir = process.env.GOGO_BENCH_DATALOG_PROFILE;
    for (const b of profileDir ? builds : []) {
      const page = pages[b] as Page;
      const profile = await startProfile(
        await page.context().newCDPSession(page),
        profileDir ?? '',
      );
      const plot = await plotOnce(page, records);
      const zoom = await zoomOnce(page, 4);
      await profile.stop(
        `datalog-chart-${b}`,
        `${BUILD_LABELS[b]}: a plot (${ms(plot.ms)}) and a zoom (${ms(zoom.ms)}), profiled`,
      );
    }
    const drawn = await (pages.new as Page).getByTestId('datalog-view').innerText();
    const vs = (b: Build, which: Record<Build, Timing[]>): Record<string, string> =>
      b === 'new' && baselineDir
        ? {
            'vs reference': ratio(
              median(which.new.map((p) => p.ms)) / median(which.reference.map((p) => p.ms)),
            ),
          }
        : {};
    table(
      `Chromium: chart of ${records.toLocaleString('en')} records (1600×900 window), ${runs} rounds`,
      builds.flatMap((b) => [
        {
          step: 'decoded in the worker → first painted chart',
          build: BUILD_LABELS[b],
          median: ms(median(plots[b].map((p) => p.ms))),
          best: ms(Math.min(...plots[b].map((p) => p.ms))),
          ...vs(b, plots),
          'tasks > 50 ms': count(plots[b], 'longTasks'),
          'frames > 50 ms': count(plots[b], 'longFrames'),
        },
        {
          step: 'zoom → re-decimated painted frame',
          build: BUILD_LABELS[b],
          median: ms(median(zooms[b].map((p) => p.ms))),
          best: ms(Math.min(...zooms[b].map((p) => p.ms))),
          ...vs(b, zooms),
          'tasks > 50 ms': count(zooms[b], 'longTasks'),
          'frames > 50 ms': count(zooms[b], 'longFrames'),
        },
      ]),
    );
    console.log(`after the last zoom the page says: ${drawn}`);
    for (const b of builds) {
      const culprits = [...plots[b], ...zooms[b]].flatMap((t) => t.culprits);
      if (culprits.length > 0) {
        console.log(`scripts in long frames (${BUILD_LABELS[b]}): ${culprits.join('; ')}`);
      }
    }
    console.log(
      'targets: first chart <= 150 ms with no main-thread task over 50 ms; zoom <= 100 ms',
    );
    const figures = (b: Build, prefix: string) => ({
      [`${prefix}FirstChartMs`]: median(plots[b].map((p) => p.ms)),
      [`${prefix}ZoomMs`]: median(zooms[b].map((p) => p.ms)),
      [`${prefix}LongTasks`]: count(plots[b], 'longTasks') + count(zooms[b], 'longTasks'),
      [`${prefix}LongFrames`]: count(plots[b], 'longFrames') + count(zooms[b], 'longFrames'),
      [`${prefix}LongestTaskMs`]: Math.max(
        longest(plots[b], 'longTasks'),
        longest(zooms[b], 'longTasks'),
      ),
    });
    ctx.record('datalog', {
      browserRecords: records,
      ...figures('new', 'browser'),
      ...(baselineDir ? figures('reference', 'referenceBrowser') : {}),
    });
  } finally {
    await browser.close();
    for (const s of servers) await new Promise((r) => s.close(r));
  }
}

/** The chart alone (`npm run bench -- datalog-browser`), against GOGO_BENCH_BASELINE. */
const suite: BenchSuite = {
  description: `the data log chart of ${RECORDS.toLocaleString('en')} records in Chromium: first paint and zoom, this build vs GOGO_BENCH_BASELINE`,
  async run(ctx) {
    if (!process.env.GOGO_BENCH_BASELINE) {
      console.log('(no GOGO_BENCH_BASELINE=<dir of an earlier dist/>: this build only)');
    }
    await benchBrowserChart(ctx, RECORDS);
  },
};

export default suite;
