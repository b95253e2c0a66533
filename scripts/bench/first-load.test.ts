import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { chromium, type Browser } from '@playwright/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openAndWatch, WATCH, watchLoad } from './first-load.ts';
import { benchChromium } from './serve-dist.ts';

// A page whose "toolbox" appears 300 ms after it starts, after a long task of 120 ms.
const PAGE = `<!doctype html><body><script>
  setTimeout(() => {
    const end = performance.now() + 120;
    while (performance.now() < end);
    const label = document.createElement('div');
    label.className = 'blocklyToolboxCategoryLabel';
    document.body.append(label);
  }, 300);
</script></body>`;

let server: Server;
let browser: Browser | null = null;

beforeAll(async () => {
  server = createServer((_, res) => res.end(PAGE));
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
  const launch = benchChromium('first-load harness');
  if (launch) browser = await chromium.launch(launch);
}, 60_000);

afterAll(async () => {
  await browser?.close();
  server.close();
});

describe('first-load harness', () => {
  it("waits for the page's interactive blocks and reads its figures", async (t) => {
    if (!browser) return t.skip();
    const page = await browser.newPage();
    await page.addInitScript(watchLoad, WATCH);
    const port = (server.address() as AddressInfo).port;
    const load = await openAndWatch(page, `http://127.0.0.1:${port}/`, 30_000);
    expect(load.readyMs).toBeGreaterThanOrEqual(420);
    expect(load.readyMs).toBeLessThan(10_000);
    expect(load.timeOrigin).toBeGreaterThan(Date.now() - 60_000);
    expect(load.longTasks.some((d) => d >= 120)).toBe(true);
    await page.close();
  }, 60_000);
});
