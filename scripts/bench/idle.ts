// What an open, idle page costs: each main page is opened in Debian's Chromium (the e2e
// tests' flags) and left alone; the CPU time of Chromium's processes (browser, GPU,
// renderer, the rest) over the idle window is read from /proc, and inside the page the
// DevTools metrics (task, script, layout and style time) and the animation frames and timers
// it ran. This build (dist/) and a reference build (GOGO_BENCH_BASELINE, else
// /work/base-d7/dist when present) are measured page by page, interleaved, as CPU seconds
// per idle minute and their ratio. GOGO_IDLE_SECONDS: the idle window (default 20 s,
// `--quick` 8 s). Ports: GOGO_BENCH_PORT (default 4180) and the next one.
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { chromium, type Browser, type Page } from '@playwright/test';
import { ratio, table, type BenchSuite } from './lib.ts';
import { benchChromium, benchPort, ensureBuilt, serveDist } from './serve-dist.ts';

/** Chromium's process kinds, from the `--type=` switch (the browser process has none). */
export type ProcessKind = 'browser' | 'gpu' | 'renderer' | 'other';

export function processKind(cmdline: string): ProcessKind {
  const type = /(?:^|\0| )--type=([\w-]+)/.exec(cmdline)?.[1];
  if (type === undefined) return 'browser';
  if (type === 'gpu-process') return 'gpu';
  if (type === 'renderer') return 'renderer';
  return 'other';
}

/** utime + stime (clock ticks) and the parent pid from a /proc/<pid>/stat line. */
export function parseStat(stat: string): { ppid: number; ticks: number } {
  // The command name is in parentheses and may itself hold spaces or parentheses.
  const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // rest[0] is field 3 (state): ppid is field 4, utime 14, stime 15.
  return { ppid: Number(rest[1]), ticks: Number(rest[11]) + Number(rest[12]) };
}

/** Clock ticks per second (USER_HZ): 100 on every Linux this runs on. */
const HZ = 100;

/** CPU seconds so far of every Chromium process under `root`, by kind. */
function chromiumCpu(root: number): Record<ProcessKind, number> {
  const parents = new Map<number, number>();
  const ticks = new Map<number, number>();
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const s = parseStat(readFileSync(`/proc/${name}/stat`, 'utf8'));
      parents.set(Number(name), s.ppid);
      ticks.set(Number(name), s.ticks);
    } catch {
      // The process ended while we looked.
    }
  }
  const under = (pid: number) => {
    for (let p = parents.get(pid); p !== undefined && p > 1; p = parents.get(p)) {
      if (p === root) return true;
    }
    return false;
  };
  const out: Record<ProcessKind, number> = { browser: 0, gpu: 0, renderer: 0, other: 0 };
  for (const [pid, t] of ticks) {
    if (!under(pid)) continue;
    let cmdline: string;
    try {
      cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
    } catch {
      continue;
    }
    if (!/chrom/i.test(cmdline.split('\0')[0] ?? '')) continue;
    out[processKind(cmdline)] += t / HZ;
  }
  return out;
}

/** Counts, inside the page, animation-frame callbacks and timer callbacks that ran. */
const COUNT_CALLBACKS = `(() => {
  const n = { frames: 0, timers: 0 };
  window.gogoIdle = n;
  const raf = window.requestAnimationFrame.bind(window);
  window.requestAnimationFrame = (cb) => raf((t) => { n.frames++; cb(t); });
  for (const name of ['setTimeout', 'setInterval']) {
    const real = window[name].bind(window);
    window[name] = (cb, ms, ...args) =>
      real(typeof cb === 'function' ? (...a) => { n.timers++; cb(...a); } : cb, ms, ...args);
  }
})();`;

interface IdlePage {
  name: string;
  hash: string;
  board: boolean;
}

const PAGES: IdlePage[] = [
  { name: 'program, signed out', hash: '#/program', board: false },
  { name: 'program, virtual board', hash: '#/program', board: true },
  { name: 'gogoboard, virtual board', hash: '#/gogoboard', board: true },
  { name: 'datalog', hash: '#/datalog', board: false },
];

interface Figures {
  cpu: Record<ProcessKind, number>;
  taskS: number;
  scriptS: number;
  layouts: number;
  styles: number;
  frames: number;
  timers: number;
}

async function connectBoard(page: Page): Promise<void> {
  await page.getByTestId('connect-button').click();
  const dialog = page.getByRole('dialog', { name: 'Connect a GoGo board' });
  await dialog.getByTestId('connect-simulated').click();
  await dialog.waitFor({ state: 'hidden', timeout: 60_000 });
}

async function idleOnce(
  browser: Browser,
  root: number,
  base: string,
  p: IdlePage,
  seconds: number,
): Promise<Figures> {
  const context = await browser.newContext({
    viewport: { width: 1366, height: 768 },
    serviceWorkers: 'block',
  });
  try {
    if (p.board) {
      await context.addCookies([{ name: 'gogo-fake-hid', value: '1', url: base }]);
    }
    await context.addInitScript(COUNT_CALLBACKS);
    const page = await context.newPage();
    await page.goto(`${base}/${p.board ? '#/gogoboard' : p.hash}`);
    if (p.board) {
      await connectBoard(page);
      if (p.hash !== '#/gogoboard') await page.goto(`${base}/${p.hash}`);
    }
    // Settle: lazy chunks, fonts, the first frames after a route change.
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(3000);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    const metrics = async () => {
      const m = (await cdp.send('Performance.getMetrics')) as {
        metrics: { name: string; value: number }[];
      };
      return Object.fromEntries(m.metrics.map((x) => [x.name, x.value]));
    };
    const counts = () =>
      page.evaluate(() => ({
        ...(window as unknown as { gogoIdle: object }).gogoIdle,
      })) as Promise<{
        frames: number;
        timers: number;
      }>;
    const m0 = await metrics();
    const c0 = await counts();
    const cpu0 = chromiumCpu(root);
    await new Promise((r) => setTimeout(r, seconds * 1000));
    const cpu1 = chromiumCpu(root);
    const c1 = await counts();
    const m1 = await metrics();
    const d = (k: string) => (m1[k] ?? 0) - (m0[k] ?? 0);
    const kinds = Object.keys(cpu0) as ProcessKind[];
    return {
      cpu: Object.fromEntries(kinds.map((k) => [k, cpu1[k] - cpu0[k]])) as Record<
        ProcessKind,
        number
      >,
      taskS: d('TaskDuration'),
      scriptS: d('ScriptDuration'),
      layouts: d('LayoutCount'),
      styles: d('RecalcStyleCount'),
      frames: c1.frames - c0.frames,
      timers: c1.timers - c0.timers,
    };
  } finally {
    await context.close();
  }
}

/** CPU seconds of all of Chromium's processes. */
const total = (f: Figures) => f.cpu.browser + f.cpu.gpu + f.cpu.renderer + f.cpu.other;

const suite: BenchSuite = {
  description: 'CPU an open, idle page costs in Chromium (browser, GPU, renderer processes)',
  async run(ctx) {
    ensureBuilt();
    const chrome = benchChromium('idle', [
      '--disable-quic',
      '--disable-component-update',
      '--disable-sync',
      ...(process.env.GOGO_IDLE_ARGS?.split(' ').filter(Boolean) ?? []),
    ]);
    if (!chrome) return;
    const fallback = '/work/base-d7/dist';
    const baseDir =
      process.env.GOGO_BENCH_BASELINE ?? (existsSync(join(fallback, 'index.html')) ? fallback : '');
    const seconds = Number(process.env.GOGO_IDLE_SECONDS ?? (ctx.scale < 1 ? 8 : 20));
    const only = process.env.GOGO_IDLE_PAGES;
    const pages = only ? PAGES.filter((_, i) => only.split(',').includes(String(i))) : PAGES;
    const port = benchPort();
    const servers = [await serveDist(port)];
    const builds: { name: string; url: string }[] = [
      { name: 'this build', url: `http://localhost:${port}` },
    ];
    if (baseDir) {
      servers.push(await serveDist(port + 1, resolve(baseDir)));
      builds.push({ name: 'reference', url: `http://localhost:${port + 1}` });
    }
    const browser = await chromium.launch(chrome);
    const perMinute = (x: number) => (x * 60) / seconds;
    try {
      const rows: Record<string, string | number>[] = [];
      for (const p of pages) {
        const got: Figures[] = [];
        for (const b of builds) got.push(await idleOnce(browser, process.pid, b.url, p, seconds));
        got.forEach((f, i) => {
          const [load1] = loadavg();
          const ref = got[1];
          rows.push({
            page: p.name,
            build: builds[i]?.name ?? '',
            'CPU s / idle min': perMinute(total(f)).toFixed(2),
            browser: perMinute(f.cpu.browser).toFixed(2),
            gpu: perMinute(f.cpu.gpu).toFixed(2),
            renderer: perMinute(f.cpu.renderer).toFixed(2),
            other: perMinute(f.cpu.other).toFixed(2),
            'task s/min': perMinute(f.taskS).toFixed(2),
            'script s/min': perMinute(f.scriptS).toFixed(2),
            'layouts/s': (f.layouts / seconds).toFixed(1),
            'styles/s': (f.styles / seconds).toFixed(1),
            'frames/s': (f.frames / seconds).toFixed(1),
            'timers/s': (f.timers / seconds).toFixed(1),
            'vs reference': i === 0 && ref ? ratio(total(f) / Math.max(total(ref), 0.01)) : '',
            load: (load1 ?? 0).toFixed(1),
          });
          ctx.record('idle', {
            [`${builds[i]?.name ?? ''}@${p.name}.cpuPerMin`]: perMinute(total(f)),
          });
        });
      }
      table(`Idle pages, ${seconds} s each (1366×768 window), CPU seconds per idle minute`, rows);
      console.log(
        `"vs reference": this build's CPU over the reference build's (${baseDir || 'none'}); < 1 is cheaper`,
      );
    } finally {
      await browser.close();
      for (const s of servers) await new Promise((r) => s.close(r));
    }
  },
};

export default suite;
