// Stress case: read a large log from the virtual board in Chromium while every core runs a
// busy loop. The built app (dist/) with the `gogo-fake-hid` cookie, so the real WebHID
// transport reads the simulated board through the fake navigator.hid, through the page's
// own Read button; then the CSV export is compared with the board's log record by record.
// Two cases: nothing lost on purpose (every record must arrive on the first read), and a
// tenth of the records with packets lost on the way in the first read (the page must read
// the log again). Prints the records expected, received, read again and missing, and each
// read's wall time against the link floor (one 1 ms frame per data packet), with the load
// average before the busy loops and as the read ends. Port: GOGO_BENCH_PORT.
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { chromium, type Page } from '@playwright/test';
import { csvMismatches } from '../../src/datalog/testing/expected-records.ts';
import type { BenchRead } from '../../src/datalog/ui/bench-hook.ts';
import { SimDatalog } from '../../src/virtual-board/board/sim-datalog.ts';
import { saturateCpu } from '../fixtures/cpu-load.ts';
import { ratio, table, type BenchContext } from './lib.ts';
import { connectUsb } from './school-jobs.ts';
import { benchChromium, benchPort, ensureBuilt, serveDist } from './serve-dist.ts';

interface StressWindow {
  gogoSim?: {
    fillDatalog(n: number): Promise<void>;
    clearDatalog(): Promise<void>;
    loseDatalogPackets(packets: number[]): Promise<void>;
  };
  gogoDatalogBench?: { lastRead(): BenchRead };
}

/** One read through the page's Read button with every core busy, compared with the board. */
async function stressRead(
  page: Page,
  records: number,
  lose: readonly number[],
): Promise<{
  row: Record<string, string>;
  figures: Record<string, number | string>;
  said: string;
  wrong: string[];
}> {
  await page.evaluate(
    async ({ n, lost }) => {
      const sim = (window as StressWindow).gogoSim;
      await sim?.clearDatalog();
      await sim?.fillDatalog(n);
      if (lost.length > 0) await sim?.loseDatalogPackets(lost);
    },
    { n: records, lost: [...lose] },
  );
  const packets = new SimDatalog();
  packets.fill(records);
  const perRead = packets.startRead()?.packetCount ?? 0;

  const loadBefore = loadavg()[0] ?? 0;
  const stop = saturateCpu();
  let wallMs: number;
  let loadAtEnd: number;
  const message = page.getByTestId('datalog-message');
  try {
    const t0 = performance.now();
    await page.getByTestId('datalog-read').click();
    await message.waitFor({ timeout: 60 * 60_000 });
    wallMs = performance.now() - t0;
    // The 1-minute load average as the read ends, the busy loops still running.
    loadAtEnd = loadavg()[0] ?? 0;
  } finally {
    stop();
  }

  const said = await message.innerText();
  const read = await page.evaluate(() => (window as StressWindow).gogoDatalogBench?.lastRead());
  if (!read) throw new Error('the bench hooks are not installed');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('datalog-export').click(),
  ]);
  const lines = readFileSync(await download.path(), 'utf8')
    .trimEnd()
    .split('\n');
  const wrong = csvMismatches(lines, packets);
  // The link floor: one 1 ms frame per packet of every read the page made (a read again
  // is the whole log once more: the protocol has no range read).
  const floorMs = perRead - lose.length + (read.reread > 0 ? perRead : 0);
  return {
    row: {
      case: lose.length > 0 ? `${lose.length} packets lost on the first read` : 'nothing lost',
      'records expected': records.toLocaleString('en'),
      received: read.records.toLocaleString('en'),
      're-read': read.reread.toLocaleString('en'),
      missing: read.missing.toLocaleString('en'),
      'equal to the board': wrong.length === 0 ? 'yes' : 'NO',
      'wall time': `${(wallMs / 1000).toFixed(1)} s`,
      'vs link floor': ratio(wallMs / floorMs),
      'load (1 min) before / at end': `${loadBefore.toFixed(1)} / ${loadAtEnd.toFixed(1)}`,
    },
    figures: {
      Records: records,
      Received: read.records,
      Reread: read.reread,
      Missing: read.missing,
      Equal: wrong.length === 0 ? 'yes' : 'no',
      WallMs: wallMs,
      VsFloor: wallMs / floorMs,
      LoadBefore: loadBefore,
      LoadAtEnd: loadAtEnd,
    },
    said,
    wrong,
  };
}

/**
 * The stress case: `records` read with nothing lost on purpose (every record must arrive on
 * the first read), then a tenth of that with records packets lost on the way in the first
 * read (as a host whose input buffer overflowed): the page must read the log again.
 */
export async function benchStressRead(ctx: BenchContext, records: number): Promise<void> {
  ensureBuilt();
  const launch = benchChromium('datalog stress');
  if (launch === null) return;
  const port = benchPort();
  const server = await serveDist(port);
  const browser = await chromium.launch(launch);
  try {
    const context = await browser.newContext({ viewport: { width: 1600, height: 900 } });
    const url = `http://localhost:${port}`;
    await context.addCookies([
      { name: 'gogo-bench', value: '1', url },
      { name: 'gogo-fake-hid', value: '1', url },
    ]);
    const page = await context.newPage();
    page.on('pageerror', (e) => console.error('page error:', e.message));
    await page.goto(`${url}/#/datalog/offline`);
    await connectUsb(page);
    const lossy = Math.round(records / 10);
    const lost = [100, 101, 102, Math.floor(lossy / 12)];
    const cases = [await stressRead(page, records, []), await stressRead(page, lossy, lost)];
    table(
      "Read the board's log in Chromium with every core busy (fake WebHID, virtual board)",
      cases.map((c) => c.row),
    );
    for (const c of cases) {
      console.log(`${c.row.case}: the page said: ${c.said}`);
      if (c.wrong.length > 0) console.log(`  first differences: ${c.wrong.join('; ')}`);
    }
    console.log(
      'target: every record received and equal to the board, 0 missing; the lossy case re-reads exactly the records lost',
    );
    const [clean, lossyCase] = cases;
    const prefixed = (prefix: string, f: Record<string, number | string> | undefined) =>
      Object.fromEntries(Object.entries(f ?? {}).map(([k, v]) => [`${prefix}${k}`, v]));
    ctx.record('datalog', {
      ...prefixed('stress', clean?.figures),
      ...prefixed('stressLossy', lossyCase?.figures),
    });
  } finally {
    await browser.close();
    await new Promise((r) => server.close(r));
  }
}
