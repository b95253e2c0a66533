// /datalog/plotban (spec classroom §2): a live plot of the connected board's sensors and
// numeric key-value messages, with pause, clear and CSV export. The chart redraws at most
// five times a second from the service's ring buffers.
import type { Chart } from 'chart.js';
import { useEffect, useRef, useState } from 'react';
import { Button, Card } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { useDocumentTitle } from '../../shell/ui/use-document-title.ts';
import { board } from '../../device/board-store.ts';
import { tagColour } from '../../ui/chart/colours.ts';
import { createLineChart } from '../../ui/chart/line-chart.ts';
import { timeTicks } from '../chart/time-format.ts';
import type { SeriesId } from '../plot-lab-service.ts';
import { getPlotLab } from '../runtime.ts';
import { exportFileName } from './download.ts';
import { saveFile } from '../../ui/save-file.ts';
import Screen from '../../shell/ui/Screen.tsx';
import SeriesChecks from './SeriesChecks.tsx';

const REDRAW_MS = 200;
type Point = { x: number; y: number };

export default function PlotLabPage() {
  const { t, i18n } = useTranslation('datalog');
  useDocumentTitle(t('screens:plotban.title'));
  const lab = getPlotLab();
  const live = useSnapshot(board);
  const canvas = useRef<HTMLCanvasElement>(null);
  const chart = useRef<Chart<'line', Point[]> | null>(null);
  const [series, setSeries] = useState<SeriesId[]>([]);
  const [samples, setSamples] = useState(0);
  const [paused, setPaused] = useState(lab.isPaused);
  const [hidden, setHidden] = useState<ReadonlySet<SeriesId>>(new Set());
  const hiddenRef = useRef(hidden);

  const label = (id: SeriesId) =>
    id.startsWith('sensor:')
      ? t('plot.sensor', { n: id.slice(7) })
      : t('plot.keyValue', { key: id.slice(3) });
  const labelRef = useRef(label);
  const localeRef = useRef(i18n.language);
  useEffect(() => {
    hiddenRef.current = hidden;
    labelRef.current = label;
    localeRef.current = i18n.language;
  });

  useEffect(() => {
    lab.start();
    const el = canvas.current;
    if (!el) return;
    const c = createLineChart<Point>(el, {
      spanGaps: true,
      responsive: true,
      elements: { line: { borderWidth: 1.5 }, point: { radius: 0 } },
      scales: {
        x: { type: 'time', ticks: timeTicks(() => localeRef.current) },
        y: { type: 'linear' },
      },
      // The series checkboxes beside the chart, with their colours, are the legend.
      plugins: { legend: { display: false } },
    });
    chart.current = c;
    let drawn = -1;
    const timer = setInterval(() => {
      if (lab.revision === drawn) return;
      drawn = lab.revision;
      const ids = lab.series;
      let count = 0;
      c.data.datasets = ids.map((id, i) => {
        const data: Point[] = [];
        lab.ring(id)?.forEach((x, y) => data.push({ x, y }));
        count += data.length;
        const colour = tagColour(i);
        return {
          label: labelRef.current(id),
          data,
          borderColor: colour,
          backgroundColor: colour,
          hidden: hiddenRef.current.has(id),
        };
      });
      c.update('none');
      setSeries((prev) => (prev.join() === ids.join() ? prev : ids));
      setSamples(count);
    }, REDRAW_MS);
    return () => {
      clearInterval(timer);
      c.destroy();
      chart.current = null;
    };
  }, [lab]);

  useEffect(() => {
    const c = chart.current;
    if (!c) return;
    c.data.datasets.forEach((d, i) => (d.hidden = hidden.has(series[i] ?? '')));
    c.update('none');
  }, [hidden, series]);

  const connected = live.link.status === 'connected' && live.status !== null;
  const exportCsv = () => {
    const bytes = new TextEncoder().encode(lab.toCsv(label));
    saveFile(exportFileName('plot-lab', new Date()), bytes, 'text/csv');
  };

  return (
    <Screen titleId="plotlab-title" title={t('screens:plotban.title')} intro={t('plot.intro')}>
      {!connected && (
        <p className="small text-body-secondary" data-testid="plotlab-connect-hint">
          {t('plot.connectHint')}
        </p>
      )}
      <div
        className="d-flex flex-wrap gap-2 mb-3 align-items-center"
        role="toolbar"
        aria-label={t('plot.actions')}
      >
        <Button
          variant={paused ? 'primary' : 'outline-primary'}
          aria-pressed={paused}
          onClick={() => {
            lab.setPaused(!paused);
            setPaused(!paused);
          }}
          data-testid="plotlab-pause"
        >
          <i
            className={`bi ${paused ? 'bi-play-fill' : 'bi-pause-fill'} me-1`}
            aria-hidden="true"
          />
          {paused ? t('plot.resume') : t('plot.pause')}
        </Button>
        <Button variant="outline-secondary" onClick={() => lab.clear()} data-testid="plotlab-clear">
          <i className="bi bi-eraser me-1" aria-hidden="true" />
          {t('plot.clear')}
        </Button>
        <Button
          variant="outline-secondary"
          onClick={exportCsv}
          disabled={samples === 0}
          data-testid="plotlab-export"
        >
          <i className="bi bi-filetype-csv me-1" aria-hidden="true" />
          {t('plot.export')}
        </Button>
        <span className="small text-body-secondary" data-testid="plotlab-samples" aria-live="off">
          {t('plot.samples', { samples: samples.toLocaleString(i18n.language) })}
        </span>
      </div>
      <Card>
        <Card.Body>
          {series.length > 0 && (
            <fieldset className="d-flex flex-wrap gap-3 mb-2">
              <legend className="visually-hidden">{t('plot.series')}</legend>
              <SeriesChecks
                idPrefix="plotlab-series"
                series={series}
                label={label}
                hidden={hidden}
                onHidden={setHidden}
              />
            </fieldset>
          )}
          <div style={{ height: '24rem' }}>
            <canvas
              ref={canvas}
              role="img"
              aria-label={t('plot.chartLabel')}
              data-testid="plotlab-chart"
            />
          </div>
        </Card.Body>
      </Card>
    </Screen>
  );
}
