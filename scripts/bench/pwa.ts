// The installable app (docs/offline.md): what the service worker precaches, and how much
// faster #/program opens from it. In real Chromium (Debian's, as the e2e tests use) against
// the built app on a small static server (./serve-dist.ts), in the same run:
//   - cold: a fresh browser context (empty HTTP cache, no service worker);
//   - warm: a context whose service worker has installed (the precache) and controls pages;
// each time from navigation start to interactive blocks (the editor's start block drawn on
// the workspace). Both on localhost and on an emulated classroom Wi-Fi (the same network
// for both; a warm load answers from the service worker and barely touches it).
// Port: GOGO_BENCH_PORT + 1 (default 4181).
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium, type BrowserContext, type Page } from '@playwright/test';
import { finishFirstVisit } from './first-load.ts';
import { ms, ratio, rounds, table, type BenchContext, type BenchSuite } from './lib.ts';
import { benchChromium, DIST, ensureBuilt, serveDist } from './serve-dist.ts';

/** A classroom's shared Wi-Fi: 10 Mbit/s down, 5 up, 40 ms round trip. */
const CLASSROOM_WIFI = {
  offline: false,
  latency: 40,
  downloadThroughput: (10 * 1e6) / 8,
  uploadThroughput: (5 * 1e6) / 8,
};

/** The files of the service worker's precache manifest, with their sizes. */
export function precacheFiles(): { url: string; bytes: number; gzip: number }[] {
  const sw = readFileSync(join(DIST, 'sw.js'), 'utf8');
  const urls = [...new Set([...sw.matchAll(/url:"([^"]+)"/g)].map((m) => m[1] ?? ''))];
  return urls.map((url) => {
    const file = join(DIST, url);
    return { url, bytes: statSync(file).size, gzip: gzipSync(readFileSync(file)).length };
  });
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? (s[m] ?? NaN) : ((s[m - 1] ?? NaN) + (s[m] ?? NaN)) / 2;
};

/** Milliseconds from navigation start until the start block is on the workspace. */
async function timeToBlocks(page: Page, url: string, wifi: boolean): Promise<number> {
  if (wifi) {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', CLASSROOM_WIFI);
  }
  await page.goto(url);
  const handle = await page.waitForFunction(
    () =>
      document.querySelector('[data-testid="blocks-workspace"] .blocklyBlockCanvas g.gogo_start')
        ? performance.now()
        : 0,
    null,
    { polling: 'raf', timeout: 120_000 },
  );
  return (await handle.jsonValue()) as number;
}

const suite: BenchSuite = {
  description: 'precache size; #/program to interactive blocks, cold vs service worker',
  async run(ctx: BenchContext) {
    ensureBuilt();
    const files = precacheFiles();
    const bytes = files.reduce((n, f) => n + f.bytes, 0);
    const gzip = files.reduce((n, f) => n + f.gzip, 0);
    const biggest = [...files].sort((a, b) => b.bytes - a.bytes).slice(0, 3);
    table('Service worker precache (dist/sw.js manifest)', [
      {
        files: files.length,
        size: `${(bytes / 1024 / 1024).toFixed(2)} MiB`,
        gzip: `${(gzip / 1024 / 1024).toFixed(2)} MiB`,
        largest: biggest.map((f) => `${f.url} ${(f.bytes / 1024).toFixed(0)} KiB`).join(', '),
      },
    ]);
    ctx.record('pwa', { precacheFiles: files.length, precacheBytes: bytes, precacheGzip: gzip });

    const launch = benchChromium('load');
    if (!launch) return;
    const port = Number(process.env.GOGO_BENCH_PORT ?? 4180) + 1;
    const url = `http://localhost:${port}/#/program`;
    const server = await serveDist(port);
    const browser = await chromium.launch(launch);
    const viewport = { width: 1280, height: 800 };
    let warm: BrowserContext | null = null;
    try {
      warm = await browser.newContext({ viewport, serviceWorkers: 'allow' });
      const first = await warm.newPage();
      await first.goto(url);
      await finishFirstVisit(first, 120_000);
      await first.close();

      const n = rounds(ctx, 5);
      const samples = { cold: [] as number[], warm: [] as number[] };
      const wifiSamples = { cold: [] as number[], warm: [] as number[] };
      for (let i = 0; i < n; i++) {
        for (const wifi of [false, true]) {
          const into = wifi ? wifiSamples : samples;
          const cold = await browser.newContext({ viewport, serviceWorkers: 'block' });
          into.cold.push(await timeToBlocks(await cold.newPage(), url, wifi));
          await cold.close();
          const page = await warm.newPage();
          into.warm.push(await timeToBlocks(page, url, wifi));
          await page.close();
        }
      }
      const row = (network: string, s: { cold: number[]; warm: number[] }) => ({
        network,
        cold: ms(median(s.cold)),
        warm: ms(median(s.warm)),
        'cold / warm': ratio(median(s.cold) / median(s.warm)),
      });
      table(`Chromium: #/program to interactive blocks (median of ${n})`, [
        row('localhost', samples),
        row('classroom Wi-Fi (10 Mbit/s, 40 ms)', wifiSamples),
      ]);
      ctx.record('pwa', {
        coldLoadMs: median(samples.cold),
        warmLoadMs: median(samples.warm),
        wifiColdLoadMs: median(wifiSamples.cold),
        wifiWarmLoadMs: median(wifiSamples.warm),
      });
    } finally {
      await warm?.close();
      await browser.close();
      await new Promise((r) => server.close(r));
    }
  },
};

export default suite;
