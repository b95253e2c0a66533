// A line-chart widget: the last values of its topic (oldest first) on the app's one
// Chart.js set-up, redrawn in place as values arrive.
import type { Chart } from 'chart.js';
import { useEffect, useRef } from 'react';
import { tagColour } from '../../ui/chart/colours.ts';
import { createLineChart } from '../../ui/chart/line-chart.ts';

type Point = { x: number; y: number };

interface WidgetChartProps {
  values: readonly number[];
  min: number;
  max: number;
  label: string;
}

/** Puts the values on the chart in place (no animation, so new values do not flash). */
function show(
  c: Chart<'line', Point[]>,
  values: readonly number[],
  min: number,
  max: number,
  label: string,
): void {
  const colour = tagColour(0);
  c.data.datasets = [
    {
      label,
      data: values.map((y, x) => ({ x, y })),
      borderColor: colour,
      backgroundColor: colour,
      pointRadius: values.length > 40 ? 0 : 2,
      borderWidth: 2,
    },
  ];
  const y = c.options.scales?.y;
  if (y) {
    y.suggestedMin = min;
    y.suggestedMax = max;
  }
  c.update('none');
}

export default function WidgetChart({ values, min, max, label }: WidgetChartProps) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const chart = useRef<Chart<'line', Point[]> | null>(null);

  useEffect(() => {
    if (!canvas.current) return;
    chart.current = createLineChart<Point>(canvas.current, {
      scales: { x: { type: 'linear', display: false }, y: { type: 'linear' } },
      plugins: { legend: { display: false } },
    });
    return () => {
      chart.current?.destroy();
      chart.current = null;
    };
  }, []);

  useEffect(() => {
    if (chart.current) show(chart.current, values, min, max, label);
  }, [values, min, max, label]);

  return (
    <div className="webui-chart">
      <canvas ref={canvas} role="img" aria-label={label} />
    </div>
  );
}
