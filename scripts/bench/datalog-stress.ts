// Stress case: read a large log from the virtual board in Chromium while every core runs a
// busy loop. The built app (dist/) with the `gogo-fake-hid` cookie, so the real WebHID
// transport reads the simulated board through the fake navigator.hid, through the page's
// own Read button; then the CSV export is compared with the board's log record by record.
// Prints the records expected, received, read again and missing, and the read's wall time
// against the link floor (one 1 ms frame per data packet). Port: GOGO_BENCH_PORT.
import { readFileSync } from 'node:fs';
import { chromium, type Page } from '@playwright/test';
import { csvMismatches } from '../../src/datalog/testing/expected-records.ts';
import type { BenchRead } from '../../src/datalog/ui/bench-hook.ts';
import { SimDatalog } from '../../src/virtual-board/board/sim-datalog.ts';
import { saturateCpu } from '../fixtures/cpu-load.ts';
import { ratio, table, type BenchContext } from './lib.ts';
import { benchChromium, benchPort, ensureBuilt, serveDist } from './serve-dist.ts';

interface StressWindow {
  gogoSim?: { fillDatalog(n: number): Promise<void> };
  gogoDatalogBench?: { lastRead(): BenchRead };
}

/** Connects the fake USB board through the connect dialog. */
async function connect(page: Page): Promise<void> {
  await page.getByTestId('connect-button').click();
  const dialog = page.getByRole('dialog', { name: 'Connect a GoGo board' });
  await dialog.getByTestId('connect-webhid').click();
  await dialog.getByTestId('board-info').waitFor({ timeout: 120_000 });
  await dialog.getByRole('button', { name: 'Close' }).last().click();
}

export async function benchStressRead(ctx: BenchContext, records: number): Promise<void> {
  ensureBuilt();
  const launch = benchChromium('datalog stress');
  if (launch === null) return;
  const port = benchPort();
  const server = await serveDist(port);
  const browser = await chromium.launch(launch);
  let stop: (() => void) | null = null;
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
    await connect(page);
    await page.evaluate((n) => (window as StressWindow).gogoSim?.fillDatalog(n), records);
    const packets = new SimDatalog();
    packets.fill(records);
    const floorMs = packets.startRead()?.packetCount ?? 0;

    stop = saturateCpu();
    const t0 = performance.now();
    await page.getByTestId('datalog-read').click();
    const message = page.getByTestId('datalog-message');
    await message.waitFor({ timeout: 60 * 60_000 });
    const wallMs = performance.now() - t0;
    stop();
    stop = null;

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
    table(
      `Read ${records.toLocaleString('en')} records in Chromium with every core busy (fake WebHID, virtual board)`,
      [
        {
          'records expected': records.toLocaleString('en'),
          received: read.records.toLocaleString('en'),
          're-read': read.reread.toLocaleString('en'),
          missing: read.missing.toLocaleString('en'),
          'equal to the board': wrong.length === 0 ? 'yes' : 'NO',
          'wall time': `${(wallMs / 1000).toFixed(1)} s`,
          'vs link floor': ratio(wallMs / floorMs),
        },
      ],
    );
    console.log(`the page said: ${said}`);
    if (wrong.length > 0) console.log(`first differences: ${wrong.join('; ')}`);
    console.log('target: every record received, equal to the board, 0 missing');
    ctx.record('datalog', {
      stressRecords: records,
      stressReceived: read.records,
      stressReread: read.reread,
      stressMissing: read.missing,
      stressEqual: wrong.length === 0 ? 'yes' : 'no',
      stressWallMs: wallMs,
      stressVsFloor: wallMs / floorMs,
    });
  } finally {
    stop?.();
    await browser.close();
    await new Promise((r) => server.close(r));
  }
}
