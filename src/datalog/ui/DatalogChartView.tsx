// React host of the offline datalog chart (../chart/datalog-chart.ts): makes the chart
// once per log, feeds it the worker's downsampled windows, and hands its controller to
// the page's zoom buttons.
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { coreBridge } from '../../bridge/core-bridge.ts';
import type { DatalogHandle } from '../../core/wasm-core.ts';
import { DatalogChart, type ChartView } from '../chart/datalog-chart.ts';
import type { SeriesUnit } from '../chart/series-units.ts';

interface DatalogChartViewProps {
  handle: DatalogHandle;
  labels: string[];
  /** Bumps when the log has more records (a read in progress). */
  revision: number;
  /** The date offset for the log's time range (see datalog-config.ts). */
  offsetFor: (range: { min: number; max: number } | null) => number;
  algorithm: 'min-max' | 'lttb';
  showPoints: boolean;
  hidden: ReadonlySet<number>;
  onView: (view: ChartView) => void;
  onChart: (chart: DatalogChart | null) => void;
}

export default function DatalogChartView(props: DatalogChartViewProps) {
  const { t, i18n } = useTranslation('datalog');
  const canvas = useRef<HTMLCanvasElement>(null);
  const chart = useRef<DatalogChart | null>(null);
  const unitTitles = useMemo<Record<SeriesUnit, string>>(
    () => ({
      celsius: t('chart.units.celsius'),
      percent: t('chart.units.percent'),
      cm: t('chart.units.cm'),
      reading: t('chart.units.reading'),
    }),
    [t],
  );
  const latest = useRef({ ...props, locale: i18n.language, unitTitles });
  useEffect(() => {
    latest.current = { ...props, locale: i18n.language, unitTitles };
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
        offsetFor: p.offsetFor,
        algorithm: p.algorithm,
        pointRadius: p.showPoints ? 2 : 0,
        hidden: p.hidden,
        locale: p.locale,
        unitTitles: p.unitTitles,
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
      offsetFor: props.offsetFor,
      algorithm: props.algorithm,
      pointRadius: props.showPoints ? 2 : 0,
      hidden: props.hidden,
      locale: i18n.language,
      unitTitles,
    });
  }, [
    unitTitles,
    props.labels,
    props.offsetFor,
    props.algorithm,
    props.showPoints,
    props.hidden,
    i18n.language,
  ]);

  // More records (a read in progress): new points. The chart's own first request already
  // covers the revision it was made with.
  const drawnRevision = useRef(props.revision);
  useEffect(() => {
    if (props.revision === drawnRevision.current) return;
    drawnRevision.current = props.revision;
    void chart.current?.refresh();
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
