// The station running in this tab: the board it shares (USB or this tab's virtual board),
// the lab server link, who holds the board, the board's answer, downloads and a log.
import { useEffect, useRef, useState } from 'react';
import { Alert, Badge, Button, Card, Form, ProgressBar, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import type { Lab } from '../../../contract/remote-lab.ts';
import { browserHid } from '../../../device/webhid/hid-types.ts';
import type { StationEvent } from '../../station/lab-station.ts';
import {
  startBrowserStation,
  type BrowserStation,
  type StationSource,
} from '../../station/browser-station.ts';
import { describeEvent, nextDownload, type DownloadView } from './station-events.ts';
import { useErrorMessage } from './use-error-message.ts';

const LOG_LINES = 30;

/** The latest download from a student: that it is arriving (with progress), then how it
 * ended and when. A live region, so a screen reader hears it too. */
function DownloadLine({ view }: { view: DownloadView }) {
  const { t } = useTranslation('remotelab');
  return (
    <div role="status" className="mb-2" data-testid="station-download">
      {view.state === 'arriving' && (
        <>
          <p className="small mb-1">{t('station.downloadArriving')}</p>
          <ProgressBar
            now={view.percent}
            label={`${view.percent}%`}
            aria-label={t('station.downloading')}
          />
        </>
      )}
      {view.state === 'done' && (
        <Alert variant="success" className="small py-2 mb-0">
          {t('station.downloadDone', { time: view.at.toLocaleTimeString() })}
        </Alert>
      )}
      {view.state === 'failed' && (
        <Alert variant="warning" className="small py-2 mb-0">
          {t('station.downloadFailed', { time: view.at.toLocaleTimeString() })}
        </Alert>
      )}
    </div>
  );
}

export function StationRunner({ lab, onStopped }: { lab: Lab; onStopped: () => void }) {
  const { t } = useTranslation('remotelab');
  const message = useErrorMessage();
  const hasHid = browserHid() !== undefined;
  const [source, setSource] = useState<StationSource>(hasHid ? 'webhid' : 'virtual');
  const [moving, setMoving] = useState(true);
  const [running, setRunning] = useState<BrowserStation | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [log, setLog] = useState<string[]>([]);
  const [broker, setBroker] = useState(false);
  const [session, setSession] = useState<number | null>(null);
  const [answer, setAnswer] = useState(0);
  const [download, setDownload] = useState<DownloadView>({ state: 'none' });
  const stationRef = useRef<BrowserStation | null>(null);

  useEffect(
    () => () => {
      void stationRef.current?.stop();
    },
    [],
  );
  // Leaving the page stops the station: ask first.
  useEffect(() => {
    if (!running) return;
    const warn = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      e.returnValue = t('station.leaveWarning');
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [running, t]);

  const onEvent = (e: StationEvent) => {
    if (e.type === 'broker') setBroker(e.connected);
    if (e.type === 'session') setSession(e.id);
    if (e.type === 'answer') setAnswer(e.answer);
    setDownload((v) => nextDownload(v, e, new Date()));
    const line = describeEvent(t, e);
    if (line) {
      const time = new Date().toLocaleTimeString();
      setLog((l) => [`${time} ${line}`, ...l].slice(0, LOG_LINES));
    }
  };

  async function start() {
    setBusy(true);
    setError(null);
    try {
      const s = await startBrowserStation({
        labUuid: lab.uuid,
        boardId: lab.board_id,
        source,
        movingSensors: moving,
        onEvent,
      });
      stationRef.current = s;
      setRunning(s);
    } catch (e) {
      setError(message(e));
    } finally {
      setBusy(false);
    }
  }

  async function stop() {
    setBusy(true);
    await running?.stop();
    stationRef.current = null;
    setRunning(null);
    setBroker(false);
    setSession(null);
    setBusy(false);
    onStopped();
  }

  return (
    <Card className="mb-3" data-testid="station-runner">
      <Card.Body>
        <h2 className="h5">{t('station.runTitle', { name: lab.name, board: lab.board_id })}</h2>
        {!running && (
          <>
            <Form.Group className="mb-2">
              <Form.Check
                type="radio"
                id="source-webhid"
                name="station-source"
                label={t('station.sourceWebhid')}
                disabled={!hasHid}
                checked={source === 'webhid'}
                onChange={() => setSource('webhid')}
              />
              <Form.Check
                type="radio"
                id="source-virtual"
                name="station-source"
                label={t('station.sourceVirtual')}
                checked={source === 'virtual'}
                onChange={() => setSource('virtual')}
                data-testid="station-source-virtual"
              />
              {source === 'virtual' && (
                <Form.Check
                  type="checkbox"
                  id="station-moving"
                  className="ms-4"
                  label={t('station.movingSensors')}
                  checked={moving}
                  onChange={(e) => setMoving(e.target.checked)}
                />
              )}
              {!hasHid && <Form.Text>{t('station.noWebhid')}</Form.Text>}
            </Form.Group>
            <Button onClick={() => void start()} disabled={busy} data-testid="station-start">
              {busy && <Spinner size="sm" className="me-2" aria-hidden />}
              {t('station.start')}
            </Button>
          </>
        )}
        {running && (
          <>
            <dl className="row small mb-2" data-testid="station-status">
              <dt className="col-4">{t('station.broker')}</dt>
              <dd className="col-8 mb-0">
                <Badge bg={broker ? 'success' : 'warning'} data-testid="station-broker">
                  {t(broker ? 'station.connected' : 'station.reconnecting')}
                </Badge>
              </dd>
              <dt className="col-4">{t('station.holder')}</dt>
              <dd className="col-8 mb-0" data-testid="station-session">
                {session === null ? t('station.free') : t('station.sessionN', { id: session })}
              </dd>
              <dt className="col-4">{t('session.answer')}</dt>
              <dd className="col-8 mb-0" data-testid="station-answer">
                {answer}
              </dd>
            </dl>
            <DownloadLine view={download} />
            <Button variant="outline-danger" onClick={() => void stop()} disabled={busy}>
              {t('station.stop')}
            </Button>
            <p className="small text-body-secondary mt-2 mb-1">{t('station.keepOpen')}</p>
            <ol
              className="small list-unstyled mb-0"
              aria-label={t('station.log')}
              data-testid="station-log"
            >
              {log.map((line, i) => (
                <li key={`${i}-${line}`}>{line}</li>
              ))}
            </ol>
          </>
        )}
        {error && (
          <Alert variant="warning" className="mt-2 mb-0" role="alert">
            {error}
          </Alert>
        )}
      </Card.Body>
    </Card>
  );
}
