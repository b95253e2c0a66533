// The long jobs of a school day, each run in the built app in Chromium at a CPU throttling
// rate, for `npm run bench -- school`: a 256 KiB firmware flash to the virtual board, a read
// of the board's data log and its chart, a 1M-record log file opened and plotted (then
// zoomed), a program downloaded to the virtual board, and the Teachable Machine lab running
// inference. Set-up (connecting, opening dialogs) runs unthrottled and unwatched; then the
// page's CPU is throttled, its long tasks are forgotten, the job runs, and the long tasks it
// caused are returned with its wall time. The job is started and awaited inside the page
// (main-thread.ts), so no Playwright polling adds work to the page while it is measured.
// The teacher's live view is in live-view.ts (it needs a server with sign-in).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import type { ProgramDraft } from '../../src/offline/program-draft.ts';
import { SimDatalog } from '../../src/virtual-board/board/sim-datalog.ts';
import { IdentityChip } from '../../src/virtual-board/firmware/identity/firmware-id.ts';
import { buildTestImage } from '../../src/virtual-board/firmware/identity/test-images.ts';
import { heap, type Heap } from './heap.ts';
import {
  clickInPage,
  startTasks,
  takeTasks,
  throttle,
  waitInPage,
  WATCH_TASKS,
  type Throttle,
} from './main-thread.ts';
import { readFps, routeTmModels, startInference } from './tm.ts';
import { startProfile } from './cpu-profile.ts';

/** One run of a job: its wall time, the page's long tasks meanwhile, and what else it shows. */
export interface JobRun {
  ms: number;
  longTasks: number[];
  /** The page's JS heap after the job (when the job measures it). */
  heap?: Heap;
  /** Frames per second the lab showed (the Teachable Machine job). */
  fps?: number;
  /** Workers that took the CPU rate (and refused it), as CDP answered. */
  workers: { accepted: number; refused: number };
}

export const VIEWPORT = { width: 1366, height: 768 };
const FIRMWARE_BYTES = 256 * 1024;
/** Records in the log file the plot job opens. */
export const PLOT_RECORDS = 1_000_000;
/** How long the Teachable Machine job watches inference. */
const TM_WINDOW_MS = 5000;

async function jobContext(
  browser: Browser,
  base: string,
  o: { fakeHid?: boolean; camera?: boolean } = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({
    viewport: VIEWPORT,
    serviceWorkers: 'block',
    ...(o.camera ? { permissions: ['camera'] } : {}),
  });
  if (o.fakeHid) await context.addCookies([{ name: 'gogo-fake-hid', value: '1', url: base }]);
  await context.addInitScript({ content: WATCH_TASKS });
  return context;
}

/**
 * Runs `f` with `bytes` in a file named `name`. Files are handed to a page by path: given as
 * bytes, Playwright would build them on the page's main thread (a long task of its own).
 */
async function withFile<T>(
  name: string,
  bytes: Uint8Array,
  f: (path: string) => Promise<T>,
): Promise<T> {
  const dir = mkdtempSync(join(tmpdir(), 'gogo-school-file-'));
  try {
    const path = join(dir, name);
    writeFileSync(path, bytes);
    return await f(path);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** GOGO_BENCH_SCHOOL_PROFILE=dir: a CPU profile of the page's main thread during each job. */
const profileDir = process.env.GOGO_BENCH_SCHOOL_PROFILE;

/**
 * Throttles, forgets the long tasks so far, runs `job`, and returns its run; `name` names
 * the job's CPU profile (GOGO_BENCH_SCHOOL_PROFILE).
 */
export async function measured(
  page: Page,
  rate: number,
  name: string,
  job: () => Promise<void>,
  after?: (t: Throttle) => Promise<Partial<JobRun>>,
): Promise<JobRun> {
  const t = await throttle(page, rate);
  const profile = profileDir
    ? await startProfile(await page.context().newCDPSession(page), profileDir)
    : null;
  try {
    await startTasks(page);
    const t0 = performance.now();
    await job();
    const ms = performance.now() - t0;
    const { longTasks } = await takeTasks(page);
    await profile?.stop(name, `${name} (long tasks: ${longTasks.join(', ') || 'none'} ms)`);
    const more = after ? await after(t) : {};
    return { ms, longTasks, workers: t.workers(), ...more };
  } finally {
    await t.release();
  }
}

/**
 * Connects the virtual board behind the fake navigator.hid ("USB") from the connect
 * dialog; the dialog closes by itself once the board has said what it is.
 */
export async function connectUsb(page: Page): Promise<void> {
  await page.getByTestId('connect-button').click();
  const dialog = page.getByRole('dialog', { name: 'Connect a GoGo board' });
  await dialog.getByTestId('connect-webhid').click();
  await dialog.waitFor({ state: 'hidden', timeout: 120_000 });
}

/** Flashes a 256 KiB STM32 image to the virtual board from the firmware updater. */
export async function flashJob(
  browser: Browser,
  base: string,
  rate: number,
  name: string,
): Promise<JobRun> {
  const context = await jobContext(browser, base, { fakeHid: true });
  try {
    const page = await context.newPage();
    await page.goto(`${base}/#/gogoboard`);
    await connectUsb(page);
    // The board to program: a GoGo 6 (the virtual board then says it is one).
    await page.getByTestId('connect-button').click();
    const dialog = page.getByRole('dialog', { name: 'Connect a GoGo board' });
    await dialog.getByLabel('Board to program').selectOption({ label: 'GoGo Board 6' });
    await dialog.getByRole('button', { name: 'Close' }).last().click();
    await dialog.waitFor({ state: 'hidden' });
    const settings = page.getByTestId('sim-panel').getByTestId('sim-section-settings');
    if ((await settings.getAttribute('open')) === null) await settings.locator('summary').click();
    await settings.getByLabel('Board type').selectOption({ label: 'GoGo Board 6' });
    await page.getByTestId('hamburger-menu').click();
    await page
      .getByTestId('hamburger-items')
      .getByRole('button', { name: 'Update Firmware' })
      .click();
    const updater = page.getByRole('dialog', { name: 'Update Firmware' });
    const input = updater.getByTestId('firmware-file');
    await input.waitFor({ state: 'attached' });
    const image = buildTestImage({
      chip: IdentityChip.stm,
      version: 30,
      semver: '3.0.0',
      bytes: FIRMWARE_BYTES,
    });
    return await withFile('gogo-stm-3.0.0.bin', image, (path) =>
      measured(page, rate, name, async () => {
        await input.setInputFiles(path);
        await waitInPage(page, '[data-testid="firmware-success"]', { timeoutMs: 600_000 });
      }),
    );
  } finally {
    await context.close();
  }
}

/** The offline data log page with the fake USB board connected. */
async function datalogPage(context: BrowserContext, base: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${base}/#/datalog/offline`);
  await connectUsb(page);
  return page;
}

/** Continue past the large-log question, if asked, and wait for the painted chart. */
async function plotted(page: Page, records: number): Promise<void> {
  if (records > 10_000) {
    await waitInPage(page, '[data-testid="datalog-continue"]');
    await clickInPage(page, '[data-testid="datalog-continue"]');
  }
  await waitInPage(page, '[data-testid="datalog-view"]', { text: /\d/ });
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0))));
}

/** Reads `records` from the board's log with the page's Read button, then plots them. */
export async function readJob(
  browser: Browser,
  base: string,
  rate: number,
  name: string,
  records: number,
): Promise<JobRun> {
  const context = await jobContext(browser, base, { fakeHid: true });
  try {
    const page = await datalogPage(context, base);
    await page.evaluate(async (n) => {
      const sim = (window as unknown as { gogoSim?: { fillDatalog(n: number): Promise<void> } })
        .gogoSim;
      if (!sim) throw new Error('the fake USB board has no test hooks');
      await sim.fillDatalog(n);
    }, records);
    return await measured(page, rate, name, async () => {
      await clickInPage(page, '[data-testid="datalog-read"]');
      await waitInPage(page, '[data-testid="datalog-message"]', { timeoutMs: 60 * 60_000 });
      await plotted(page, records);
    });
  } finally {
    await context.close();
  }
}

/** A raw capture of a board's log of `records` records (what "Import" opens). */
export function logFile(records: number): Buffer {
  const log = new SimDatalog();
  log.fill(records);
  return Buffer.from(log.startRead()?.capture() ?? new Uint8Array(0));
}

/**
 * Opens a log file of PLOT_RECORDS records with the page's Import, plots it (Continue),
 * zooms in twice; the heap is measured after.
 */
export async function plotJob(
  browser: Browser,
  base: string,
  rate: number,
  name: string,
  file: Buffer,
): Promise<JobRun> {
  const context = await jobContext(browser, base, { fakeHid: true });
  try {
    const page = await datalogPage(context, base);
    const input = page.getByTestId('datalog-import-file');
    return await withFile('log.bin', file, (path) =>
      measured(
        page,
        rate,
        name,
        async () => {
          await input.setInputFiles(path);
          await plotted(page, PLOT_RECORDS);
          for (let i = 0; i < 2; i++) {
            const before = await page.getByTestId('datalog-view').innerText();
            await clickInPage(page, '[data-testid="datalog-zoom-in"]');
            await waitInPage(page, '[data-testid="datalog-view"]', {
              text: new RegExp(`^(?!${before.replace(/[^\w ]/g, '.')}$)`),
            });
          }
        },
        async () => ({ heap: await heap(page) }),
      ),
    );
  } finally {
    await context.close();
  }
}

/** A Logo program of `lines` statements (about 25 bytes of byte code each). */
export function logoProgram(lines: number): string {
  const body = Array.from(
    { length: lines },
    (_, i) =>
      `if sensor${(i % 8) + 1} > ${(i * 37) % 1000} [ a, on setpower ${(i % 7) + 1} wait ${(i % 5) + 1} a, off beep ]`,
  );
  return ['to main', ...body, 'end', ''].join('\n');
}

const DRAFT_LINES = 75;

/** The open program kept in browser storage: a Logo program, restored as the app starts. */
function draft(): ProgramDraft {
  return {
    v: 1,
    projectId: null,
    project: null,
    name: 'bench',
    headerImage: '',
    desc: '',
    xml: '<xml xmlns="https://developers.google.com/blockly/xml"><block type="gogo_start" x="40" y="40"></block></xml>',
    logo: logoProgram(DRAFT_LINES),
    mode: 'logo',
    tm: { type: '', url: '', threshold: '', channel: '' },
    hasChanged: true,
  };
}

/** Downloads a Logo program (1.9 KB of byte code, near the board's limit) to the virtual board. */
export async function downloadJob(
  browser: Browser,
  base: string,
  rate: number,
  name: string,
): Promise<JobRun> {
  const context = await jobContext(browser, base);
  try {
    await context.addInitScript(
      (d) => localStorage.setItem('programDraft', d),
      JSON.stringify(draft()),
    );
    const page = await context.newPage();
    await page.goto(`${base}/#/program`);
    await page.getByTestId('logo-panel').waitFor({ timeout: 120_000 });
    await page.getByTestId('connect-button').click();
    const dialog = page.getByRole('dialog', { name: 'Connect a GoGo board' });
    await dialog.getByTestId('connect-simulated').click();
    await dialog.waitFor({ state: 'hidden', timeout: 120_000 });
    const button = await page
      .getByRole('button', { name: 'Download', exact: true })
      .elementHandle();
    if (!button) throw new Error('no Download button');
    return await measured(page, rate, name, async () => {
      await button.evaluate((b: HTMLElement) => b.click());
      await waitInPage(page, '[data-testid="toast-success"]', { text: /Download success/ });
    });
  } finally {
    await context.close();
  }
}

/**
 * The Teachable Machine lab running a 224 × 224 model (tm.ts) on the fake camera in its
 * worker: TM_WINDOW_MS of inference watched; the frame rate the lab shows and the heap.
 */
export async function tmJob(
  browser: Browser,
  base: string,
  rate: number,
  name: string,
): Promise<JobRun> {
  const context = await jobContext(browser, base, { camera: true });
  const dispose = await routeTmModels(context);
  try {
    const page = await context.newPage();
    await startInference(page, base, 'worker');
    // Warm (the first frames compile and JIT), throttled as measured.
    const t = await throttle(page, rate);
    try {
      await page.waitForTimeout(2000);
    } finally {
      await t.release();
    }
    return await measured(
      page,
      rate,
      name,
      () => page.waitForTimeout(TM_WINDOW_MS),
      async () => ({ fps: await readFps(page), heap: await heap(page) }),
    );
  } finally {
    await context.close();
    dispose();
  }
}
