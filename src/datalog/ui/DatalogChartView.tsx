// React host of the offline datalog chart (../chart/datalog-chart.ts): makes the chart
// once per log, feeds it the worker's downsampled windows, and hands its controller to
// the page's zoom buttons.
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { coreBridge } from '../../core/core-bridge.ts';
import type { DatalogHandle } from '../../../workers/core/wasm-core.ts';
import { DatalogChart, type ChartView } from '../chart/datalog-chart.ts';

export interface DatalogChartViewProps {
  handle: DatalogHandle;
  labels: string[];
  /** Bumps when the log has more records (a read in progress). */
  revision: number;
  offsetMs: number;
  algorithm: 'min-max' | 'lttb';
  showPoints: boolean;
  hidden: ReadonlySet<number>;
  onView: (view: ChartView) => void;
  onChart: (chart: DatalogChart | null) => void;
}

export default function DatalogChartView(props: DatalogChartViewProps) {
  const { t } = useTranslation('datalog');
  const canvas = useRef<HTMLCanvasElement>(null);
  const chart = useRef<DatalogChart | null>(null);
  const latest = useRef(props);
  useEffect(() => {
    latest.current = props;
  });
  const { handle } = props;

  useEffect(() => {
    const el = canvas.current;
    if (!el) return;
    const p = latest.current;
    const c = new DatalogChart(
      el,
      async (request) => {
        const r = await coreBridge.datalogDownsample(handle, request);
        return r.ok ? r.value : null;
      },
      {
        labels: p.labels,
        offsetMs: p.offsetMs,
        algorithm: p.algorithm,
        pointRadius: p.showPoints ? 2 : 0,
        hidden: p.hidden,
      },
      (view) => latest.current.onView(view),
    );
    chart.current = c;
    p.onChart(c);
    void c.refresh(true);
    return () => {
      latest.current.onChart(null);
      chart.current = null;
      c.destroy();
    };
  }, [handle]);

  useEffect(() => {
    chart.current?.configure({
      labels: props.labels,
      offsetMs: props.offsetMs,
      algorithm: props.algorithm,
      pointRadius: props.showPoints ? 2 : 0,
      hidden: props.hidden,
    });
  }, [props.labels, props.offsetMs, props.algorithm, props.showPoints, props.hidden]);

  useEffect(() => {
    if (props.revision > 0) void chart.current?.refresh();
  }, [props.revision]);

  return (
    <div className="position-relative" style={{ height: '24rem' }}>
      <canvas
        ref={canvas}
        tabIndex={0}
        role="img"
        aria-label={t('chart.label')}
        data-testid="datalog-chart"
        style={{ touchAction: 'none', cursor: 'grab' }}
      />
    </div>
  );
}
