// Browser benchmark hooks for the offline datalog page (`npm run bench -- datalog` drives
// them in Chromium; scripts/bench/datalog-browser.ts). Present only with the `gogo-bench=1`
// cookie. They run the page's real path: a raw capture decoded in the core worker, the
// "Continue" step, the worker's downsampling and Chart.js; and they watch the main thread
// for long tasks and long animation frames meanwhile.
import { SimDatalog } from '../../virtual-board/model.ts';
import type { DatalogChart } from '../chart/datalog-chart.ts';
import { getDatalogService } from '../runtime.ts';

const BENCH_COOKIE = 'gogo-bench';

interface BenchTiming {
  ms: number;
  /** Durations of main-thread tasks ≥ 50 ms (longtask) seen meanwhile. */
  longTasks: number[];
  /** Durations of animation frames over 50 ms (long-animation-frame) seen meanwhile. */
  longFrames: number[];
  /** For each long frame, its longest scripts (`invoker: ms`), to find the culprit. */
  culprits: string[];
  records?: number;
}

declare global {
  interface Window {
    gogoDatalogBench?: {
      /** Loads a generated log of `records` and times "decoded in the worker" → painted. */
      plot(records: number): Promise<BenchTiming>;
      /** Zooms the chart in `factor`× and times it until the re-decimated frame. */
      zoom(factor: number): Promise<BenchTiming>;
      /** How the last read ended: its records, and how many were read again or are still
       * missing (the stress benchmark reads through the page's own button). */
      lastRead(): BenchRead;
    };
  }
}

export interface BenchRead {
  outcome: string | null;
  records: number;
  reread: number;
  missing: number;
}

const rangeTotal = (ranges: [number, number][] | undefined) =>
  (ranges ?? []).reduce((n, [start, end]) => n + end - start, 0);

interface LoafScript {
  invoker?: string;
  sourceFunctionName?: string;
  duration: number;
}

function watchMainThread(): () => {
  longTasks: number[];
  longFrames: number[];
  culprits: string[];
} {
  const longTasks: number[] = [];
  const longFrames: number[] = [];
  const culprits: string[] = [];
  const observers: { o: PerformanceObserver; out: number[] }[] = [];
  const keep = (entries: PerformanceEntryList, out: number[]) => {
    for (const e of entries) {
      if (e.duration <= 50) continue;
      out.push(Math.round(e.duration));
      const scripts = (e as PerformanceEntry & { scripts?: LoafScript[] }).scripts ?? [];
      for (const s of scripts) {
        if (s.duration < 10) continue;
        const name = s.sourceFunctionName || s.invoker || '?';
        culprits.push(
          `${name}: ${Math.round(s.duration)} ms of a ${Math.round(e.duration)} ms frame`,
        );
      }
    }
  };
  for (const [type, out] of [
    ['longtask', longTasks],
    ['long-animation-frame', longFrames],
  ] as const) {
    if (!PerformanceObserver.supportedEntryTypes.includes(type)) continue;
    const o = new PerformanceObserver((list) => keep(list.getEntries(), out));
    o.observe({ type });
    observers.push({ o, out });
  }
  return () => {
    for (const { o, out } of observers) {
      keep(o.takeRecords(), out);
      o.disconnect();
    }
    return { longTasks, longFrames, culprits };
  };
}

const nextFrame = () => new Promise<number>((r) => requestAnimationFrame(r));

let currentChart: DatalogChart | null = null;
const getChart = () => currentChart;

/** The page reports its chart here (the hooks outlive React's renders). */
export function trackChart(chart: DatalogChart | null): void {
  currentChart = chart;
}

export function installBenchHook(confirm: (handleId: number) => void): () => void {
  if (!document.cookie.split(';').some((c) => c.trim() === `${BENCH_COOKIE}=1`)) {
    return () => {};
  }
  window.gogoDatalogBench = {
    async plot(records) {
      const log = new SimDatalog();
      log.fill(records);
      const bytes = log.startRead()?.capture() ?? new Uint8Array(0);
      log.clear();
      // Let the generation's long task end before watching.
      await nextFrame();
      await nextFrame();
      const old = getChart();
      const stop = watchMainThread();
      const state = await getDatalogService().importFile('bench.bin', bytes);
      const t0 = performance.now();
      const handle = state.log?.handle.id;
      if (handle === undefined) throw new Error(`import failed: ${state.detail.code ?? ''}`);
      confirm(handle);
      let chart = getChart();
      while (!chart || chart === old) {
        await nextFrame();
        chart = getChart();
      }
      await chart.firstPaint;
      const ms = performance.now() - t0;
      return { ms, records: state.log?.records ?? 0, ...stop() };
    },
    async zoom(factor) {
      const chart = getChart();
      if (!chart) throw new Error('no chart');
      const stop = watchMainThread();
      const t0 = performance.now();
      await chart.zoom(factor);
      const ms = performance.now() - t0;
      return { ms, ...stop() };
    },
    lastRead() {
      const { outcome, detail, log } = getDatalogService().snapshot;
      return {
        outcome,
        records: log?.records ?? 0,
        reread: rangeTotal(detail.reread),
        missing: rangeTotal(detail.missing) + (detail.missingCount ?? 0),
      };
    },
  };
  return () => {
    delete window.gogoDatalogBench;
  };
}
