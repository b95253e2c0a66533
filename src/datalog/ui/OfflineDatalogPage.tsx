// /datalog/offline (spec classroom §2): read the connected board's data log, plot it with
// zoom and pan, export it as CSV, import a saved log, and configure the chart.
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import {
  Alert,
  Button,
  ButtonGroup,
  Card,
  Col,
  Form,
  Modal,
  ProgressBar,
  Row,
} from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { useDocumentTitle } from '../../shell/ui/use-document-title.ts';
import { inBackground } from '../../api/report-failure.ts';
import { board } from '../../device/board-store.ts';
import { mostPointsDrawn, type ChartView, type DatalogChart } from '../chart/datalog-chart.ts';
import { datalogConfig, dateOffsetMs, type DateMode } from '../datalog-config.ts';
import type { DatalogState } from '../datalog-service.ts';
import { datalogStore, getDatalogService } from '../runtime.ts';
import { exportFileName } from './download.ts';
import { saveFile } from '../../ui/save-file.ts';
import DatalogChartView from './DatalogChartView.tsx';
import { installBenchHook, trackChart } from './bench-hook.ts';
import { outcomeMessage } from './messages.ts';
import Screen from '../../shell/ui/Screen.tsx';
import SeriesChecks from './SeriesChecks.tsx';

/** Spec classroom §9 "Datalog warning above 10,000 points". */
const LARGE_LOG_POINTS = 10_000;

export default function OfflineDatalogPage() {
  const { t, i18n } = useTranslation('datalog');
  useDocumentTitle(t('screens:datalogOffline.title'));
  const service = getDatalogService();
  const snap = useSnapshot(datalogStore);
  const state = snap.state as DatalogState | null;
  const config = useSnapshot(datalogConfig);
  const live = useSnapshot(board);
  const [confirmed, setConfirmed] = useState<number | null>(null);
  const [askClear, setAskClear] = useState(false);
  const [view, setView] = useState<ChartView | null>(null);
  const [hidden, setHidden] = useState<ReadonlySet<number>>(new Set());
  const [chart, setChart] = useState<DatalogChart | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  const log = state?.log ?? null;
  const busy = state?.busy ?? null;
  const handleId = log?.handle.id ?? null;
  // A new log starts with every series shown and no view yet.
  const [seenHandle, setSeenHandle] = useState(handleId);
  if (seenHandle !== handleId) {
    setSeenHandle(handleId);
    setView(null);
    setHidden(new Set());
  }
  useEffect(() => installBenchHook(setConfirmed), []);

  const connected = live.link.status === 'connected' && live.status !== null;
  // A log over the spec's 10,000 points waits for its question before any chart is drawn:
  // asked once, when the read (or import) has finished and the count is final, it says how
  // far the chart will simplify it. Smaller logs draw while they are read.
  const held = log !== null && log.records > LARGE_LOG_POINTS && confirmed !== handleId;
  const large = held && busy === null;
  const column = useRef<HTMLDivElement>(null);
  const [columnWidth, setColumnWidth] = useState(0);
  useLayoutEffect(() => {
    if (large) setColumnWidth(column.current?.clientWidth ?? 0);
  }, [large]);
  const loadedAt = log?.loadedAt ?? 0;
  const { dateMode, start } = config;
  const offsetFor = useCallback(
    (range: { min: number; max: number } | null) =>
      dateOffsetMs({ dateMode, start }, range, loadedAt),
    [dateMode, start, loadedAt],
  );
  const offsetMs = view?.offsetMs ?? 0;
  const labels = useMemo(() => log?.labels ?? [], [log?.labels]);
  const fmt = (n: number) => n.toLocaleString(i18n.language);
  const message = state ? outcomeMessage(t, state, fmt, i18n.language) : null;

  const exportCsv = async (layout: 'long' | 'wide') => {
    const bytes = await service.exportCsv(offsetMs, layout);
    const name = layout === 'wide' ? 'datalog-wide' : 'datalog';
    if (bytes) saveFile(exportFileName(name, new Date()), bytes, 'text/csv');
  };
  const importFile = async (file: File) => {
    const bytes = new Uint8Array(await file.arrayBuffer());
    await service.importFile(file.name, bytes);
  };

  return (
    <Screen
      titleId="datalog-offline-title"
      title={t('screens:datalogOffline.title')}
      intro={t('offline.intro')}
    >
      <div className="d-flex flex-wrap gap-2 mb-3" role="toolbar" aria-label={t('offline.actions')}>
        <Button
          onClick={() => inBackground(service.read())}
          disabled={!connected || busy !== null}
          data-testid="datalog-read"
        >
          <i className="bi bi-download me-1" aria-hidden="true" />
          {t('offline.read')}
        </Button>
        <Button
          variant="outline-danger"
          onClick={() => setAskClear(true)}
          disabled={!connected || busy !== null}
          data-testid="datalog-clear"
        >
          <i className="bi bi-trash me-1" aria-hidden="true" />
          {t('offline.clear')}
        </Button>
        <Button
          variant="outline-secondary"
          onClick={() => fileInput.current?.click()}
          disabled={busy !== null}
          data-testid="datalog-import"
        >
          <i className="bi bi-folder2-open me-1" aria-hidden="true" />
          {t('offline.import')}
        </Button>
        <input
          ref={fileInput}
          type="file"
          accept=".csv,.bin,.gglog,text/csv,application/octet-stream"
          className="d-none"
          data-testid="datalog-import-file"
          aria-label={t('offline.import')}
          onChange={(e) => {
            const f = e.target.files?.[0];
            e.target.value = '';
            if (f) inBackground(importFile(f));
          }}
        />
        <Button
          variant="outline-secondary"
          onClick={() => inBackground(exportCsv('long'))}
          disabled={!log || busy !== null}
          data-testid="datalog-export"
        >
          <i className="bi bi-filetype-csv me-1" aria-hidden="true" />
          {t('offline.export')}
        </Button>
        <Button
          variant="outline-secondary"
          onClick={() => inBackground(exportCsv('wide'))}
          disabled={!log || busy !== null}
          title={t('offline.exportWideHint')}
          data-testid="datalog-export-wide"
        >
          <i className="bi bi-table me-1" aria-hidden="true" />
          {t('offline.exportWide')}
        </Button>
      </div>
      {!connected && (
        <p className="small text-body-secondary" data-testid="datalog-connect-hint">
          {t('offline.connectHint')}
        </p>
      )}

      {busy === 'reading' && (
        <ProgressBar
          now={state?.percent ?? 0}
          label={`${Math.floor(state?.percent ?? 0)}%`}
          className="mb-3"
          aria-label={t('offline.progress')}
          data-testid="datalog-progress"
          animated
        />
      )}
      {busy === 'reading' && state?.reread && (
        <p className="small mb-3" data-testid="datalog-reread">
          {t('offline.rereading', { read: state.reread.read, of: state.reread.of })}
        </p>
      )}
      <div role="status" aria-live="polite">
        {message && (
          <Alert variant={message.variant} className="py-2" data-testid="datalog-message">
            {message.text}
          </Alert>
        )}
      </div>

      <Row className="g-3">
        <Col lg={9} ref={column}>
          {log && held && busy !== null && (
            <p className="small text-body-secondary" data-testid="datalog-chart-held">
              {t('offline.chartHeld')}
            </p>
          )}
          {log && large && (
            <Alert variant="warning" data-testid="datalog-large">
              <p className="mb-2">
                {t('offline.largeWarning', {
                  records: fmt(log.records),
                  shown: fmt(mostPointsDrawn(log.labels.length, columnWidth, log.records)),
                })}
              </p>
              <Button
                variant="warning"
                onClick={() => setConfirmed(handleId)}
                data-testid="datalog-continue"
              >
                {t('offline.continue')}
              </Button>
            </Alert>
          )}
          {log && log.records > 0 && !held && (
            <Card>
              <Card.Body>
                <div className="d-flex flex-wrap gap-2 align-items-center mb-2">
                  <ButtonGroup size="sm" aria-label={t('chart.zoomGroup')}>
                    <Button
                      variant="outline-secondary"
                      onClick={() => void chart?.zoom(2)}
                      data-testid="datalog-zoom-in"
                    >
                      <i className="bi bi-zoom-in" aria-hidden="true" />
                      <span className="visually-hidden">{t('chart.zoomIn')}</span>
                    </Button>
                    <Button
                      variant="outline-secondary"
                      onClick={() => void chart?.zoom(0.5)}
                      data-testid="datalog-zoom-out"
                    >
                      <i className="bi bi-zoom-out" aria-hidden="true" />
                      <span className="visually-hidden">{t('chart.zoomOut')}</span>
                    </Button>
                    <Button variant="outline-secondary" onClick={() => void chart?.pan(-0.25)}>
                      <i className="bi bi-arrow-left" aria-hidden="true" />
                      <span className="visually-hidden">{t('chart.panLeft')}</span>
                    </Button>
                    <Button variant="outline-secondary" onClick={() => void chart?.pan(0.25)}>
                      <i className="bi bi-arrow-right" aria-hidden="true" />
                      <span className="visually-hidden">{t('chart.panRight')}</span>
                    </Button>
                    <Button
                      variant="outline-secondary"
                      onClick={() => void chart?.reset()}
                      data-testid="datalog-zoom-reset"
                    >
                      <i className="bi bi-arrows-angle-expand" aria-hidden="true" />
                      <span className="visually-hidden">{t('chart.reset')}</span>
                    </Button>
                  </ButtonGroup>
                  <span className="small text-body-secondary" data-testid="datalog-view">
                    {view &&
                      // Edge points just outside the window make "drawn" exceed "in view"
                      // on short windows: only a real simplification is mentioned.
                      t(view.drawn < view.inWindow ? 'chart.viewSimplified' : 'chart.viewInfo', {
                        drawn: fmt(view.drawn),
                        inWindow: fmt(view.inWindow),
                        total: fmt(log.records),
                      })}
                  </span>
                  {view && view.units.length > 1 && (
                    <span className="small text-body-secondary" data-testid="datalog-axes">
                      {t('chart.axes', {
                        list: view.units.map((u) => t(`chart.units.${u}`)).join(', '),
                      })}
                    </span>
                  )}
                  <span className="small text-body-secondary ms-auto">{t('chart.keysHint')}</span>
                </div>
                <DatalogChartView
                  handle={log.handle}
                  labels={labels}
                  revision={state?.revision ?? 0}
                  offsetFor={offsetFor}
                  algorithm={config.algorithm}
                  showPoints={config.showPoints}
                  hidden={hidden}
                  onView={setView}
                  onChart={(c) => {
                    setChart(c);
                    trackChart(c);
                  }}
                />
              </Card.Body>
            </Card>
          )}
        </Col>
        <Col lg={3}>
          <Card>
            <Card.Body>
              <h2 className="h6">{t('config.title')}</h2>
              <Form.Group className="mb-2" controlId="datalog-algorithm">
                <Form.Label className="small mb-0">{t('config.algorithm')}</Form.Label>
                <Form.Select
                  size="sm"
                  value={config.algorithm}
                  onChange={(e) =>
                    (datalogConfig.algorithm = e.target.value === 'lttb' ? 'lttb' : 'min-max')
                  }
                >
                  <option value="min-max">{t('config.minMax')}</option>
                  <option value="lttb">{t('config.lttb')}</option>
                </Form.Select>
              </Form.Group>
              <Form.Check
                id="datalog-points"
                className="small mb-2"
                label={t('config.showPoints')}
                checked={config.showPoints}
                onChange={(e) => (datalogConfig.showPoints = e.target.checked)}
              />
              <fieldset className="mb-2">
                <legend className="small mb-0">{t('config.dates')}</legend>
                {(['auto', 'board', 'start'] as DateMode[]).map((mode) => (
                  <Form.Check
                    key={mode}
                    type="radio"
                    id={`datalog-date-${mode}`}
                    name="datalog-date"
                    className="small"
                    label={t(`config.date.${mode}`)}
                    checked={config.dateMode === mode}
                    onChange={() => (datalogConfig.dateMode = mode)}
                  />
                ))}
                {config.dateMode === 'start' && (
                  <Form.Control
                    size="sm"
                    type="datetime-local"
                    step={1}
                    aria-label={t('config.startDate')}
                    value={config.start}
                    onChange={(e) => (datalogConfig.start = e.target.value)}
                  />
                )}
              </fieldset>
              {labels.length > 0 && (
                <fieldset>
                  <legend className="small mb-0">{t('config.series')}</legend>
                  <SeriesChecks
                    idPrefix="datalog-series"
                    series={labels.map((_, i) => i)}
                    label={(i) => labels[i] ?? ''}
                    hidden={hidden}
                    onHidden={setHidden}
                  />
                </fieldset>
              )}
            </Card.Body>
          </Card>
        </Col>
      </Row>

      <Modal
        show={askClear}
        onHide={() => setAskClear(false)}
        aria-labelledby="datalog-clear-title"
      >
        <Modal.Header closeButton closeLabel={t('offline.cancel')}>
          <Modal.Title id="datalog-clear-title" className="h5">
            {t('offline.clearTitle')}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>{t('offline.clearBody')}</Modal.Body>
        <Modal.Footer>
          <Button variant="secondary" onClick={() => setAskClear(false)}>
            {t('offline.cancel')}
          </Button>
          <Button
            variant="danger"
            data-testid="datalog-clear-confirm"
            onClick={() => {
              setAskClear(false);
              void service.clear();
            }}
          >
            {t('offline.clearConfirm')}
          </Button>
        </Modal.Footer>
      </Modal>
    </Screen>
  );
}
