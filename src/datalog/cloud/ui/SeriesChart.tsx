// The aggregated series as a Chart.js line chart: one line per field in its tag colour, a
// time axis labelled in the viewer's language. The chart is created once and updated in
// place, so live refresh does not flash.
import type { Chart } from 'chart.js';
import { useEffect, useRef } from 'react';
import type { Field, Series } from '../../../contract/datalog.ts';
import { tagColour } from '../../../ui/chart/colours.ts';
import { createLineChart } from '../../../ui/chart/line-chart.ts';
import { timeFormatter } from '../../chart/time-format.ts';

interface SeriesChartProps {
  series: Series;
  fields: readonly Field[];
  locale: string;
  label: string;
}

function datasets(series: Series, fields: readonly Field[]) {
  return series.series.map((s) => {
    const field = fields.find((f) => f.name === s.name);
    const colour = tagColour(field?.colour ?? 0);
    return {
      label: field?.tag ?? s.name,
      data: s.t.map((t, i) => ({ x: t, y: s.v[i] ?? null })),
      borderColor: colour,
      backgroundColor: colour,
      pointRadius: s.t.length > 200 ? 0 : 2,
      borderWidth: 2,
      tension: 0,
    };
  });
}

type Point = { x: number; y: number | null };
type LineChart = Chart<'line', Point[]>;

/** Puts a series on the chart in place (no animation, so live refresh does not flash). */
function show(c: LineChart, series: Series, fields: readonly Field[], locale: string): void {
  const format = timeFormatter(locale, series.to - series.from);
  c.data.datasets = datasets(series, fields);
  const x = c.options.scales?.x;
  if (x) {
    x.min = series.from;
    x.max = series.to;
    x.ticks = { ...x.ticks, callback: (value) => format(Number(value)), maxTicksLimit: 8 };
  }
  c.options.plugins = {
    ...c.options.plugins,
    tooltip: { callbacks: { title: (items) => format(Number(items[0]?.parsed.x ?? 0)) } },
  };
  c.update('none');
}

export default function SeriesChart({ series, fields, locale, label }: SeriesChartProps) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const chart = useRef<LineChart | null>(null);

  useEffect(() => {
    const element = canvas.current;
    if (!element) return;
    chart.current = createLineChart<Point>(element, {
      interaction: { mode: 'nearest', intersect: false },
      scales: { x: { type: 'linear' }, y: { type: 'linear' } },
    });
    return () => {
      chart.current?.destroy();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    if (chart.current) show(chart.current, series, fields, locale);
  }, [series, fields, locale]);

  return (
    <div className="cloudlog-chart" style={{ position: 'relative', height: '360px' }}>
      <canvas ref={canvas} role="img" aria-label={label} data-testid="cloudlog-chart" />
    </div>
  );
}
