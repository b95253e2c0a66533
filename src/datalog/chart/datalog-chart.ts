// The offline datalog's chart: Chart.js fed with points the core worker picked. The page
// never holds the log: for every view (first paint, zoom, pan, resize) the worker
// downsamples the visible window of each series to at most 4 points per pixel (min-max,
// or LTTB), and the chart gets those few thousand points (`parsing: false`,
// `animation: false`, no Chart.js decimation). Requests are coalesced: while one is in
// flight only the newest window waits, so a fast wheel never queues stale work.
//
// Zoom and pan are ours (wheel, drag, keys, buttons) rather than a plugin's, so every
// view change goes through one path that re-decimates.
import type { Chart, ChartDataset, ScaleOptions } from 'chart.js';
import type { Downsampled, DownsampleRequest } from '../../core/wasm-core.ts';
import { tagColour } from '../../ui/chart/colours.ts';
import { timeTicks } from './time-format.ts';
import { createLineChart } from '../../ui/chart/line-chart.ts';
import { nextTask } from '../../ui/next-task.ts';
import { axesFor, type SeriesUnit } from './series-units.ts';

/**
 * Points per pixel of the plot area: core-rs min-max keeps the first, lowest, highest and
 * last point of each 2-pixel column (4 points), i.e. 2 per pixel. Every peak stays; half
 * the points of 1-pixel columns, which halves Chart.js's work and the canvas raster.
 */
const POINTS_PER_PIXEL = 2;
/**
 * The most points the chart can draw for `series` series in a column this wide: the card's
 * canvas is narrower than the column, and its plot narrower still, at POINTS_PER_PIXEL
 * points per pixel plus the two edge points of each series; never more than the log has.
 */
export function mostPointsDrawn(series: number, columnPx: number, records: number): number {
  const canvasPx = Math.max(0, Math.floor(columnPx) - 2 * 17);
  return Math.min(records, Math.max(1, series) * (POINTS_PER_PIXEL * canvasPx + 2));
}

/** New points after a resize once the size stayed put this long. */
const RESIZE_SETTLE_MS = 250;
/** The narrowest window a zoom reaches, in ms. */
const MIN_SPAN_MS = 10;

/** An axis that is laid out in no time: no ticks, no labels, no grid. */
const PLACEHOLDER_AXIS = { type: 'linear', display: false, ticks: { display: false } } as const;

type Downsampler = (request: DownsampleRequest) => Promise<Downsampled | null>;

interface ChartOptions {
  labels: string[];
  /** Ms added to the board's times for display, from the log's time range (date offset). */
  offsetFor: (range: { min: number; max: number } | null) => number;
  algorithm: 'min-max' | 'lttb';
  pointRadius: number;
  hidden: ReadonlySet<number>;
  /** The viewer's language, for the time labels. */
  locale: string;
  /** Axis titles by unit (translated); an axis is titled only when there are several. */
  unitTitles?: Readonly<Record<SeriesUnit, string>>;
}

export interface ChartView {
  /** Board ms of the full log (null until the first answer). */
  range: { min: number; max: number } | null;
  /** The visible window (board ms), null = the whole log. */
  window: { min: number; max: number } | null;
  /** Points drawn in the last paint, and points of the log inside the window. */
  drawn: number;
  inWindow: number;
  /** The date offset in use (ms added to the board's times). */
  offsetMs: number;
  /** The units of the shown series, one y-axis each (left, right, left…). */
  units: SeriesUnit[];
}

type Point = { x: number; y: number };

export class DatalogChart {
  /** Made a task after the host's own (see `build`); null until then and once destroyed. */
  private chart: Chart<'line', Point[]> | null = null;
  private destroyed = false;
  /** The chart is built, with its axes and series, and may be asked for points. */
  private readonly built: Promise<void>;
  private options: ChartOptions;
  private window: { min: number; max: number } | null = null;
  private range: { min: number; max: number } | null = null;
  private inFlight = false;
  private wanted = false;
  private generation = 0;
  private ready = false;
  /** Nothing is drawn until the worker's first answer: no empty axes before the points. */
  private blank = true;
  /** Where update() stops, when set (see `updateUntil`); 'update' skips all of it. */
  private stopBefore: 'update' | 'layout' | 'drawing' | null = null;
  /** One dataset per series, kept across answers so Chart.js keeps its per-series state. */
  private readonly datasets = new Map<number, ChartDataset<'line', Point[]>>();
  private offsetMs = 0;
  /** The canvas width the last request was sized for. */
  private requestedWidth = 0;
  private resizeTimer: ReturnType<typeof setTimeout> | undefined;
  private drag: { x: number; window: { min: number; max: number } } | null = null;
  private readonly offs: (() => void)[] = [];
  /** Resolves after the next paint that followed a request (benchmarks, tests). */
  private paintWaiters: (() => void)[] = [];
  private resolveFirstPaint: () => void = () => {};
  /** Resolves in the frame after the first chart with points was drawn. */
  readonly firstPaint = new Promise<void>((r) => (this.resolveFirstPaint = r));

  constructor(
    private readonly canvas: HTMLCanvasElement,
    private readonly downsample: Downsampler,
    options: ChartOptions,
    private readonly onView: (view: ChartView) => void = () => {},
  ) {
    this.options = options;
    this.built = this.build();
    this.listen();
  }

  /**
   * Makes the chart in steps, each a task of its own after the host's (on a slow machine
   * they made one long task together): the page's layout, an empty chart with hidden
   * placeholder axes, its first update, then the real axes and series laid out (nothing
   * drawn) while the worker picks the points.
   */
  private async build(): Promise<void> {
    await nextTask();
    if (this.destroyed) return;
    // Chart.js reads the canvas's computed size first: the page's styles and layout,
    // left out of date by the render that made the canvas, are brought up to date here.
    this.canvas.getBoundingClientRect();
    await nextTask();
    if (this.destroyed) return;
    // Chart.js updates the chart it has just made: that update waits for the next task.
    this.stopBefore = 'update';
    const chart = createLineChart<Point>(
      this.canvas,
      {
        spanGaps: true,
        responsive: true,
        interaction: { mode: 'nearest', axis: 'x', intersect: false },
        elements: { line: { borderWidth: 1 }, point: { radius: 0 } },
        // Placeholders without ticks: laying out the empty chart's axes (a day of time
        // ticks, every label formatted and measured) cost as much as the real ones.
        scales: { x: PLACEHOLDER_AXIS, y: PLACEHOLDER_AXIS },
        plugins: {
          legend: { display: true, onClick: () => {} },
          tooltip: { enabled: true },
        },
        // Chart.js may call this from its constructor, before `this.chart` is set.
        // Chart.js redraws the points it has at the new size at once; new points for the
        // new width follow once the resizing settles (a scrollbar appearing, a drag).
        onResize: (_chart, size) => {
          if (!this.ready || size.width === this.requestedWidth) return;
          clearTimeout(this.resizeTimer);
          this.resizeTimer = setTimeout(() => void this.request(), RESIZE_SETTLE_MS);
        },
      },
      [
        {
          id: 'steps',
          beforeUpdate: () => this.stopBefore !== 'update',
          beforeLayout: () => this.stopBefore !== 'layout',
          beforeRender: () => !this.blank && this.stopBefore === null,
        },
      ],
    );
    this.stopBefore = null;
    this.chart = chart;
    this.ready = true;
    await nextTask();
    if (this.destroyed) return;
    // The update Chart.js skipped, in a task of its own: the empty chart laid out once (the
    // legend's hit boxes, the scales' caches), not drawn.
    this.updateUntil(chart, 'drawing');
    await nextTask();
    if (this.destroyed) return;
    // The time axis on a 1-second span (its ticks are cheap; the answer sets the real one)
    // and the series without points: Chart.js makes its scales and per-series state here,
    // and the first request is sized for a plot that has its axes.
    const scales = chart.options.scales;
    if (scales)
      scales.x = { type: 'time', min: 0, max: 1000, ticks: timeTicks(() => this.options.locale) };
    const { labels, hidden } = this.options;
    const axes = axesFor(labels, hidden);
    this.placeAxes(chart, axes.units);
    chart.data.datasets = labels.map((_, i) => this.dataset(i, [], axes.axisOf(i)));
    this.updateUntil(chart, 'layout');
    await nextTask();
    if (this.destroyed) return;
    this.updateUntil(chart, 'drawing');
  }

  /** New labels, offset or drawing options; re-decimates when one of them changed. */
  configure(options: Partial<ChartOptions>): void {
    const next = { ...this.options, ...options };
    const changed = (Object.keys(next) as (keyof ChartOptions)[]).some(
      (k) => next[k] !== this.options[k],
    );
    this.options = next;
    if (changed) void this.request();
  }

  /** The log changed (a new one, or more records during a read): new points, same view. */
  refresh(resetView = false): Promise<void> {
    if (resetView) {
      this.window = null;
      this.range = null;
    }
    return this.request();
  }

  /** Zooms by `factor` (> 1 = in) around `at` (0..1 of the plot's width; 0.5 = centre). */
  zoom(factor: number, at = 0.5): Promise<void> {
    const w = this.window ?? this.range;
    if (!w) return Promise.resolve();
    const span = w.max - w.min;
    const next = Math.max(MIN_SPAN_MS, span / factor);
    const pivot = w.min + span * at;
    return this.setWindow(
      pivot - (pivot - w.min) * (next / span),
      pivot + (w.max - pivot) * (next / span),
    );
  }

  /** Moves the view by `fraction` of its width (negative = earlier). */
  pan(fraction: number): Promise<void> {
    const w = this.window;
    if (!w) return Promise.resolve();
    const d = (w.max - w.min) * fraction;
    return this.setWindow(w.min + d, w.max + d);
  }

  /** Shows the whole log. */
  reset(): Promise<void> {
    this.window = null;
    return this.request();
  }

  destroy(): void {
    this.generation++;
    clearTimeout(this.resizeTimer);
    this.destroyed = true;
    this.offs.forEach((off) => off());
    this.chart?.destroy();
    this.chart = null;
  }

  /** `preview`: move the axis at once with the points already there (drag). */
  private setWindow(min: number, max: number, preview = false): Promise<void> {
    const r = this.range;
    if (r) {
      // Keep the window over the log; zoomed fully out is "no window".
      const span = Math.min(max - min, r.max - r.min);
      if (span >= r.max - r.min) return this.reset();
      if (min < r.min) [min, max] = [r.min, r.min + span];
      if (max > r.max) [min, max] = [r.max - span, r.max];
    }
    this.window = { min, max };
    const x = this.chart?.options.scales?.x;
    if (preview && x && this.chart) {
      // Exact points for the new window follow from the worker.
      x.min = min + this.offsetMs;
      x.max = max + this.offsetMs;
      this.chart.update('none');
    }
    return this.request();
  }

  /** Asks for the current view's points; coalesces while a request is in flight. */
  private request(): Promise<void> {
    const done = new Promise<void>((r) => this.paintWaiters.push(r));
    if (this.inFlight) {
      this.wanted = true;
      return done;
    }
    void this.fetch();
    return done;
  }

  private async fetch(): Promise<void> {
    this.inFlight = true;
    this.wanted = false;
    const generation = this.generation;
    const waiters = this.paintWaiters;
    this.paintWaiters = [];
    await this.built;
    const chart = this.chart;
    if (generation !== this.generation || !chart) return;
    this.requestedWidth = chart.width;
    const width = Math.max(2, Math.round(chart.chartArea?.width ?? this.canvas.clientWidth));
    const w = this.window;
    const req: DownsampleRequest = {
      maxPoints: Math.max(8, POINTS_PER_PIXEL * width),
      algorithm: this.options.algorithm,
      ...(w ? { t0: w.min, t1: w.max } : {}),
    };
    let result: Downsampled | null = null;
    // Marks for performance traces (request → response → drawn → frame → painted).
    performance.mark('datalog:request');
    try {
      result = await this.downsample(req);
      performance.mark('datalog:response');
    } catch (e) {
      console.error('datalog chart:', e);
    }
    if (generation !== this.generation) return;
    if (result) await this.draw(chart, result, w);
    performance.mark('datalog:drawn');
    this.inFlight = false;
    if (this.wanted) void this.fetch();
    // update() recorded the drawing; the next frame rasterises and shows it. A task
    // queued from that frame's animation callback runs after its paint.
    requestAnimationFrame(() => {
      performance.mark('datalog:frame');
      const after = new MessageChannel();
      after.port1.onmessage = () => {
        after.port1.close();
        performance.mark('datalog:painted');
        waiters.forEach((r) => r());
        if (result) this.resolveFirstPaint();
      };
      after.port2.postMessage(null);
    });
  }

  private async draw(
    chart: Chart<'line', Point[]>,
    d: Downsampled,
    w: { min: number; max: number } | null,
  ): Promise<void> {
    const { labels, hidden } = this.options;
    const axes = axesFor(labels, hidden);
    this.placeAxes(chart, axes.units);
    let drawn = 0;
    let inWindow = 0;
    if (!w) {
      let min = Infinity;
      let max = -Infinity;
      for (const s of d.series) {
        if (s.x.length === 0) continue;
        min = Math.min(min, s.x[0] ?? Infinity);
        max = Math.max(max, s.x[s.x.length - 1] ?? -Infinity);
      }
      this.range = min <= max ? { min, max } : null;
    }
    // From the range, before any point is placed: one draw, with the right dates.
    const offsetMs = this.options.offsetFor(this.range);
    this.offsetMs = offsetMs;
    chart.data.datasets = d.series.map((s) => {
      const n = s.x.length;
      const data: Point[] = new Array<Point>(n);
      for (let i = 0; i < n; i++) data[i] = { x: (s.x[i] ?? 0) + offsetMs, y: s.y[i] ?? 0 };
      drawn += n;
      inWindow += s.inWindow;
      return this.dataset(s.series, data, axes.axisOf(s.series));
    });
    const x = chart.options.scales?.x;
    const view = w ?? this.range;
    if (x) {
      // No points at all: Chart.js's own span (the current day), as for any empty chart.
      x.min = view ? view.min + offsetMs : undefined;
      x.max = view ? view.max + offsetMs : undefined;
    }
    this.blank = false;
    this.updateUntil(chart, 'drawing');
    this.onView({ range: this.range, window: w, drawn, inWindow, offsetMs, units: axes.units });
    // Drawn in a task of its own: on a slow machine layout and drawing together made one
    // long task, and so did drawing inside the frame's own rendering.
    await nextTask();
    if (this.chart === chart) chart.render();
  }

  /** Series `series`'s dataset with these points and options (the same object each time). */
  private dataset(series: number, data: Point[], yAxisID: string): ChartDataset<'line', Point[]> {
    const { labels, hidden, pointRadius } = this.options;
    let set = this.datasets.get(series);
    if (!set) {
      const colour = tagColour(series);
      set = { data, borderColor: colour, backgroundColor: colour };
      this.datasets.set(series, set);
    }
    set.data = data;
    set.label = labels[series] ?? `#${series}`;
    set.pointRadius = pointRadius;
    set.hidden = hidden.has(series);
    set.yAxisID = yAxisID;
    return set;
  }

  /**
   * Chart.js's update, stopped before its layout (scales, series and options made) or
   * before its drawing (`render()` draws): steps of the work for tasks of their own.
   */
  private updateUntil(chart: Chart<'line', Point[]>, step: 'layout' | 'drawing'): void {
    this.stopBefore = step;
    try {
      chart.update('none');
    } finally {
      this.stopBefore = null;
    }
  }

  /** One y-axis per unit shown: the first on the left, the others alternating sides. */
  private placeAxes(chart: Chart<'line', Point[]>, units: SeriesUnit[]): void {
    const scales = chart.options.scales;
    if (!scales) return;
    const titles = this.options.unitTitles;
    const several = units.length > 1;
    // Axes of units no longer shown are switched off (Chart.js keeps a scale it was given).
    for (const [id, scale] of Object.entries(scales)) {
      if (id !== 'x' && scale) scale.display = false;
    }
    units.forEach((unit, k) => {
      const id = k === 0 ? 'y' : `y${k}`;
      // Only the first axis draws grid lines: several grids would cross each other. Every
      // tick label is measured (no sampleSize): a sample could miss the widest, whose
      // digits would then be cut off at the axis's edge.
      const axis = {
        type: 'linear',
        display: true,
        position: k % 2 === 0 ? 'left' : 'right',
        grid: { drawOnChartArea: k === 0 },
        title: { display: several && titles !== undefined, text: titles?.[unit] ?? '' },
      } satisfies ScaleOptions<'linear'>;
      scales[id] = axis as (typeof scales)[string];
    });
  }

  private listen(): void {
    const c = this.canvas;
    const area = () => this.chart?.chartArea;
    const fractionAt = (clientX: number) => {
      const a = area();
      const left = c.getBoundingClientRect().left;
      return a ? Math.min(1, Math.max(0, (clientX - left - a.left) / (a.right - a.left))) : 0.5;
    };
    const on = <K extends keyof HTMLElementEventMap>(
      type: K,
      f: (e: HTMLElementEventMap[K]) => void,
      opts?: AddEventListenerOptions,
    ) => {
      c.addEventListener(type, f as EventListener, opts);
      this.offs.push(() => c.removeEventListener(type, f as EventListener, opts));
    };
    on(
      'wheel',
      (e) => {
        e.preventDefault();
        void this.zoom(e.deltaY < 0 ? 1.25 : 0.8, fractionAt(e.clientX));
      },
      { passive: false },
    );
    on('pointerdown', (e) => {
      const w = this.window;
      if (!w || e.button !== 0) return;
      this.drag = { x: e.clientX, window: w };
      c.setPointerCapture(e.pointerId);
    });
    on('pointermove', (e) => {
      const d = this.drag;
      const a = area();
      if (!d || !a) return;
      const span = d.window.max - d.window.min;
      const shift = ((d.x - e.clientX) / (a.right - a.left)) * span;
      void this.setWindow(d.window.min + shift, d.window.max + shift, true);
    });
    const stop = () => (this.drag = null);
    on('pointerup', stop);
    on('pointercancel', stop);
    on('keydown', (e) => {
      const keys: Record<string, () => Promise<void>> = {
        '+': () => this.zoom(2),
        '=': () => this.zoom(2),
        '-': () => this.zoom(0.5),
        ArrowLeft: () => this.pan(-0.1),
        ArrowRight: () => this.pan(0.1),
        '0': () => this.reset(),
        Home: () => this.reset(),
      };
      const f = keys[e.key];
      if (!f) return;
      e.preventDefault();
      void f();
    });
  }
}
