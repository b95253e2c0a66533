// One Chart.js set-up for every line chart of the app (the offline log, the plot lab, the
// cloud series): the pieces they use registered once, and the options they all share.
// Points go in as given (no parsing, no animation, so a redraw never flashes) and the
// chart takes the size of its container.
import {
  CategoryScale,
  Chart,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PointElement,
  TimeScale,
  Tooltip,
  type ChartOptions,
  type Plugin,
} from 'chart.js';
import 'chartjs-adapter-date-fns';

Chart.register(
  LineController,
  LineElement,
  PointElement,
  LinearScale,
  CategoryScale,
  TimeScale,
  Legend,
  Tooltip,
);

/**
 * An empty line chart on `canvas` with the shared options and the chart's own, and
 * `plugins` for this chart only.
 */
export function createLineChart<Point>(
  canvas: HTMLCanvasElement,
  options: ChartOptions<'line'>,
  plugins: Plugin<'line'>[] = [],
): Chart<'line', Point[]> {
  return new Chart<'line', Point[]>(canvas, {
    type: 'line',
    data: { datasets: [] },
    plugins,
    options: {
      animation: false,
      parsing: false,
      normalized: true,
      maintainAspectRatio: false,
      // Room above the plot so the top value label is not cut off.
      layout: { padding: { top: 10, right: 8 } },
      ...options,
    },
  });
}
