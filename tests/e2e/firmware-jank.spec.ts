// Main-thread jank while a 256 KiB STM32 image is flashed to the virtual board
// (performance-anchors T7): the flash engine and the simulated link run in workers, the page
// only renders progress. From the moment the file is chosen to the success message it
// counts every long task (>= 50 ms) and long animation frame (> 50 ms), the script time
// inside each of those frames, the progress updates rendered, and the main thread's CPU time.
//
// The target is zero long tasks. A long task is wall time, so on a shared machine whose
// other processes starve this page it also counts time the page never ran; the targets are
// therefore asserted on an idle machine, and the figures are always reported. Everywhere,
// progress must render at most once per frame and the main thread stay under 10 % busy.
import { loadavg } from 'node:os';
import { IdentityChip } from '../../src/virtual-board/firmware/identity/firmware-id.ts';
import { buildTestImage } from '../../src/virtual-board/firmware/identity/test-images.ts';
import { expect, test } from './fixtures/firmware.ts';

/** Below this 1-minute load average the machine counts as idle (2 cores). */
const IDLE_LOAD = 1.5;

interface Jank {
  longtasks: number[];
  frames: { duration: number; script: number; by: string }[];
  renders: number;
}
interface JankWindow {
  __jank?: Jank;
}

test('a 256 KiB firmware flash causes no long task on the page', async ({
  updater,
  page,
}, info) => {
  test.setTimeout(180_000);
  await updater.connect('GoGo Board 6');
  await updater.openFromMenu();
  await page.evaluate(() => {
    const jank: Jank = { longtasks: [], frames: [], renders: 0 };
    (window as JankWindow).__jank = jank;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) jank.longtasks.push(e.duration);
    }).observe({ type: 'longtask' });
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) {
        const frame = e as PerformanceEntry & {
          scripts?: { duration: number; invoker: string; sourceURL: string }[];
        };
        const scripts = frame.scripts ?? [];
        const longest = scripts.reduce(
          (a, s) => (a && a.duration >= s.duration ? a : s),
          scripts[0],
        );
        if (e.duration > 50) {
          jank.frames.push({
            duration: Math.round(e.duration),
            script: Math.round(longest?.duration ?? 0),
            by: longest ? `${longest.invoker} ${longest.sourceURL.split('/').pop()}` : '',
          });
        }
      }
    }).observe({ type: 'long-animation-frame' });
    const updater = document.querySelector('[data-testid="firmware-updater"]');
    if (updater) {
      new MutationObserver(() => jank.renders++).observe(updater, {
        subtree: true,
        attributes: true,
        characterData: true,
        childList: true,
      });
    }
  });
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  const cpu = async () => {
    const { metrics } = await cdp.send('Performance.getMetrics');
    return metrics.find((m) => m.name === 'ThreadTime')?.value ?? 0;
  };
  const image = Buffer.from(
    buildTestImage({ chip: IdentityChip.stm, version: 30, semver: '3.0.0', bytes: 256 * 1024 }),
  );
  const load = loadavg()[0] ?? 0;
  const cpu0 = await cpu();
  const started = Date.now();
  // Waits inside the page, without Playwright's polling (each poll walks the accessibility
  // tree on the main thread, which would be measured as the page's own work).
  const done = page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const found = () => document.querySelector('[data-testid="firmware-success"]');
        const observer = new MutationObserver(() => {
          if (!found()) return;
          observer.disconnect();
          resolve();
        });
        observer.observe(document.body, { subtree: true, childList: true });
      }),
  );
  await updater.chooseFile({ name: 'gogo-stm-3.0.0.bin', buffer: image });
  await done;
  const seconds = (Date.now() - started) / 1000;
  const cpuSeconds = (await cpu()) - cpu0;
  await expect(updater.success()).toContainText('256 written, 0 unchanged and skipped.');
  await expect(updater.simFirmware('sim-stm-version')).toHaveText('3.0.0');
  const jank = await page.evaluate(() => (window as JankWindow).__jank);
  if (!jank) throw new Error('no measurements');
  const ours = jank.frames.filter((f) => f.script >= 50);
  const summary =
    `256 KiB STM flash, ${seconds.toFixed(1)} s wall (load average ${load.toFixed(1)}): ` +
    `${jank.longtasks.length} long tasks, ${jank.frames.length} long animation frames, ` +
    `${ours.length} with a script of 50 ms or more; main thread CPU ${(cpuSeconds * 1000).toFixed(0)} ms ` +
    `(${((100 * cpuSeconds) / seconds).toFixed(1)} %); ${jank.renders} updater DOM updates`;
  console.log(summary);
  if (jank.frames.length > 0) console.log(JSON.stringify(jank.frames));
  info.annotations.push({ type: 'jank', description: summary });
  // Progress renders at most once per frame; the page stays mostly idle.
  expect(jank.renders / seconds).toBeLessThanOrEqual(60);
  expect(cpuSeconds / seconds).toBeLessThan(0.1);
  if (load < IDLE_LOAD) {
    // The targets proper (performance-anchors T7), judged where wall time means CPU time.
    expect(jank.longtasks).toEqual([]);
    expect(jank.frames).toEqual([]);
    expect(ours).toEqual([]);
    expect(cpuSeconds / seconds).toBeLessThan(0.05);
  }
});
