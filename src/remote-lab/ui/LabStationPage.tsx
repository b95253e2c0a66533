// Route /lab-station (signed in): a teacher's remote labs and lab groups, and the station
// that bridges one of those boards from this tab (a USB board over WebHID, or the tab's
// virtual board) to the lab's remote students. docs/remote-lab.md "Stations".
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { Alert, Badge, Button, Card, Form, ProgressBar, Spinner } from 'react-bootstrap';
import { BusyButton, LabField } from './LabFields.tsx';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client.ts';
import { ApiError } from '../../api/errors.ts';
import { useDocumentTitle } from '../../shell/ui/use-document-title.ts';
import {
  LAB_DESC_MAX,
  LAB_NAME_MAX,
  PIN_MAX,
  PIN_MIN,
  type Lab,
  type LabGroup,
  type LabGroupList,
  type LabList,
  type ListableBoards,
  type StationKey,
} from '../../contract/remote-lab.ts';
import { DeviceError } from '../../device/device.ts';
import { translateError } from '../../device/ui/messages.ts';
import { browserHid } from '../../device/webhid/hid-types.ts';
import type { StationEvent } from '../station/lab-station.ts';
import {
  startBrowserStation,
  type BrowserStation,
  type StationSource,
} from '../station/browser-station.ts';

const REFRESH_MS = 3000;
const LOG_LINES = 30;

const splitList = (text: string) =>
  text
    .split(',')
    .map((w) => w.trim())
    .filter((w) => w !== '');

function useMessage() {
  const { t } = useTranslation('remotelab');
  return useCallback(
    (e: unknown) =>
      e instanceof ApiError
        ? e.message
        : e instanceof DeviceError
          ? translateError(t, e.code, e.detail)
          : t('errors.failed'),
    [t],
  );
}

function NewLabForm({ onCreated }: { onCreated: () => void }) {
  const { t } = useTranslation('remotelab');
  const message = useMessage();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [keywords, setKeywords] = useState('');
  const [boardId, setBoardId] = useState('');
  const [pin, setPin] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await api.post<Lab>(
        '/lab/create',
        {
          name,
          description,
          keywords: splitList(keywords),
          board_id: boardId.trim(),
          pin: pin.trim(),
        },
        { quiet: true },
      );
      setName('');
      setDescription('');
      setKeywords('');
      setBoardId('');
      setPin('');
      onCreated();
    } catch (err) {
      setError(message(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Form onSubmit={(e) => void submit(e)} aria-labelledby="new-lab-title" data-testid="new-lab">
      <h2 id="new-lab-title" className="h5">
        {t('station.newLab')}
      </h2>
      <div className="row g-2">
        <LabField
          id="lab-name"
          className="col-md-6"
          label={t('station.name')}
          value={name}
          onChange={setName}
          required
          maxLength={LAB_NAME_MAX}
        />
        <LabField
          id="lab-board-id"
          className="col-md-3"
          label={t('form.boardId')}
          value={boardId}
          onChange={setBoardId}
          required
          code
          maxLength={64}
        />
        <LabField
          id="lab-pin"
          className="col-md-3"
          label={t('form.pin')}
          value={pin}
          onChange={setPin}
          required
          code
          minLength={PIN_MIN}
          maxLength={PIN_MAX}
        />
        <LabField
          id="lab-description"
          className="col-md-8"
          label={t('station.description')}
          value={description}
          onChange={setDescription}
          rows={2}
          maxLength={LAB_DESC_MAX}
        />
        <LabField
          id="lab-keywords"
          className="col-md-4"
          label={t('station.keywords')}
          value={keywords}
          onChange={setKeywords}
          help={t('station.keywordsHelp')}
        />
      </div>
      {error && (
        <Alert variant="warning" className="mt-2" role="alert">
          {error}
        </Alert>
      )}
      <BusyButton busy={busy} className="mt-2" testId="new-lab-submit">
        {t('station.create')}
      </BusyButton>
    </Form>
  );
}

function describeEvent(t: TFunction<'remotelab'>, e: StationEvent): string | null {
  switch (e.type) {
    case 'broker':
      return t(e.connected ? 'log.brokerUp' : 'log.brokerDown');
    case 'session':
      return e.id === null ? t('log.free') : t('log.session', { id: e.id });
    case 'board':
      return e.board
        ? t('log.board', { type: e.board.type, firmware: e.board.firmware })
        : t('log.noBoard');
    case 'answer':
      return t('log.answer', { answer: e.answer });
    case 'download-end':
      return t(e.ok ? 'log.downloaded' : 'log.downloadFailed');
    case 'restored':
      return t('log.restored', { bytes: e.bytes });
    case 'refused':
      return t('log.refused', { category: e.category, command: e.command });
    case 'download':
      return null;
  }
}

function StationRunner({ lab, onStopped }: { lab: Lab; onStopped: () => void }) {
  const { t } = useTranslation('remotelab');
  const message = useMessage();
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
  const [progress, setProgress] = useState<number | null>(null);
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
    if (e.type === 'download') setProgress(e.done / e.total);
    if (e.type === 'download-end') setProgress(null);
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
            {progress !== null && (
              <ProgressBar
                now={Math.round(progress * 100)}
                label={`${Math.round(progress * 100)}%`}
                className="mb-2"
                aria-label={t('station.downloading')}
              />
            )}
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

function LabCard({
  lab,
  onChanged,
  onRun,
  running,
}: {
  lab: Lab;
  onChanged: () => void;
  onRun: () => void;
  running: boolean;
}) {
  const { t } = useTranslation('remotelab');
  const message = useMessage();
  const [key, setKey] = useState<string | null>(null);
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(lab.name);
  const [pin, setPin] = useState('');
  const [rotate, setRotate] = useState(false);
  const [official, setOfficial] = useState(lab.official);
  const [shares, setShares] = useState(lab.shared_with.join(', '));
  const [error, setError] = useState<string | null>(null);

  async function act(f: () => Promise<unknown>) {
    setError(null);
    try {
      await f();
      onChanged();
    } catch (e) {
      setError(message(e));
    }
  }

  const command = key
    ? `npm run lab-station -- --board virtual --board-id ${lab.board_id} --key ${key} --server ${window.location.origin}`
    : '';

  return (
    <Card className="mb-2" data-testid={`lab-${lab.board_id}`}>
      <Card.Body>
        <div className="d-flex flex-wrap align-items-center gap-2 mb-1">
          <h3 className="h6 mb-0">{lab.name}</h3>
          <Badge bg={lab.status.online ? 'success' : 'secondary'} data-testid="lab-online">
            {t(lab.status.online ? 'station.online' : 'station.offline')}
          </Badge>
          {lab.official && <Badge bg="primary">{t('station.officialBadge')}</Badge>}
          {lab.status.session_id !== null && (
            <Badge bg="info">{t('station.inUse', { queue: lab.status.queue })}</Badge>
          )}
        </div>
        <dl className="row small mb-2">
          <dt className="col-4">{t('form.boardId')}</dt>
          <dd className="col-8 mb-0">{lab.board_id}</dd>
          <dt className="col-4">{t('form.accessCode')}</dt>
          <dd className="col-8 mb-0">
            <code data-testid="lab-access-code">{lab.access_code}</code>
          </dd>
          {lab.keywords.length > 0 && (
            <>
              <dt className="col-4">{t('station.keywords')}</dt>
              <dd className="col-8 mb-0">{lab.keywords.join(', ')}</dd>
            </>
          )}
          {lab.shared_with.length > 0 && (
            <>
              <dt className="col-4">{t('station.sharedWith')}</dt>
              <dd className="col-8 mb-0" data-testid="lab-shared-with">
                {lab.shared_with.join(', ')}
              </dd>
            </>
          )}
        </dl>
        {lab.description && <p className="small mb-2">{lab.description}</p>}
        <div className="d-flex flex-wrap gap-2">
          <Button size="sm" onClick={onRun} disabled={running} data-testid="lab-run">
            {t('station.runHere')}
          </Button>
          <Button
            size="sm"
            variant="outline-secondary"
            onClick={() =>
              void act(async () =>
                setKey(
                  (await api.post<StationKey>(`/lab/${lab.uuid}/station-key`, {}, { quiet: true }))
                    .key,
                ),
              )
            }
          >
            {t('station.cliKey')}
          </Button>
          <Button size="sm" variant="outline-secondary" onClick={() => setEditing(!editing)}>
            {t('station.edit')}
          </Button>
          <Button
            size="sm"
            variant="outline-danger"
            onClick={() => {
              if (window.confirm(t('station.deleteConfirm', { name: lab.name }))) {
                void act(() => api.delete(`/lab/${lab.uuid}`, { quiet: true }));
              }
            }}
          >
            {t('station.delete')}
          </Button>
        </div>
        {key && (
          <Alert variant="info" className="mt-2 mb-0 small">
            <p className="mb-1">{t('station.cliKeyShown')}</p>
            <code className="user-select-all" data-testid="lab-cli-command">
              {command}
            </code>
          </Alert>
        )}
        {editing && (
          <Form
            className="mt-2"
            onSubmit={(e) => {
              e.preventDefault();
              void act(async () => {
                await api.put(
                  `/lab/${lab.uuid}`,
                  {
                    name,
                    official,
                    shared_with: splitList(shares),
                    ...(pin ? { pin } : {}),
                    ...(rotate ? { rotate_code: true } : {}),
                  },
                  { quiet: true },
                );
                setEditing(false);
                setPin('');
                setRotate(false);
              });
            }}
          >
            <div className="row g-2">
              <LabField
                id={`edit-name-${lab.uuid}`}
                className="col-md-6"
                label={t('station.name')}
                value={name}
                onChange={setName}
                required
              />
              <LabField
                id={`edit-pin-${lab.uuid}`}
                className="col-md-6"
                label={t('station.newPin')}
                value={pin}
                onChange={setPin}
                code
                minLength={PIN_MIN}
                maxLength={PIN_MAX}
              />
            </div>
            <LabField
              id={`edit-shares-${lab.uuid}`}
              className="mt-2"
              label={t('station.shareEmails')}
              value={shares}
              onChange={setShares}
              help={t('station.shareHelp')}
              testId="lab-shares"
            />
            <Form.Check
              id={`official-${lab.uuid}`}
              className="mt-2"
              label={t('station.official')}
              checked={official}
              onChange={(e) => setOfficial(e.target.checked)}
            />
            <Form.Check
              id={`rotate-${lab.uuid}`}
              className="my-2"
              label={t('station.rotateCode')}
              checked={rotate}
              onChange={(e) => setRotate(e.target.checked)}
            />
            <Button size="sm" type="submit">
              {t('station.save')}
            </Button>
          </Form>
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

/** A lab group takes boards of the teacher's own labs and of labs shared with them: the
 * form offers exactly those (docs/remote-lab.md "Who may list a board"). */
function Groups({ labs }: { labs: readonly Lab[] }) {
  const { t } = useTranslation('remotelab');
  const message = useMessage();
  const [groups, setGroups] = useState<LabGroup[]>([]);
  const [listable, setListable] = useState<ListableBoards['data']>([]);
  const [name, setName] = useState('');
  const [boards, setBoards] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);

  const [version, setVersion] = useState(0);
  const load = useCallback(() => setVersion((v) => v + 1), []);
  // The labs list refreshes every few seconds; the boards on offer change with its ids only.
  const labIds = labs.map((l) => l.board_id).join(' ');
  useEffect(() => {
    let live = true;
    api.get<LabGroupList>('/lab-group/browse/my', { quiet: true }).then(
      (r) => live && setGroups(r.data),
      (e: unknown) => live && setError(message(e)),
    );
    api.get<ListableBoards>('/lab/browse/listable', { quiet: true }).then(
      (r) => live && setListable(r.data),
      (e: unknown) => live && setError(message(e)),
    );
    return () => {
      live = false;
    };
  }, [version, message, labIds]);

  async function create(e: FormEvent) {
    e.preventDefault();
    setError(null);
    if (boards.length === 0) {
      setError(t('groups.pickBoards'));
      return;
    }
    try {
      await api.post('/lab-group/create', { name, board_ids: boards }, { quiet: true });
      setName('');
      setBoards([]);
      load();
    } catch (err) {
      setError(message(err));
    }
  }

  return (
    <section aria-labelledby="groups-title" className="mt-4">
      <h2 id="groups-title" className="h5">
        {t('groups.title')}
      </h2>
      <p className="small text-body-secondary">{t('groups.help')}</p>
      {groups.map((g) => (
        <Card key={g.uuid} className="mb-2">
          <Card.Body className="py-2 d-flex flex-wrap align-items-center gap-2">
            <strong>{g.name}</strong>
            <code>{g.access_code}</code>
            <span className="small">{g.board_ids.join(', ')}</span>
            <Button
              size="sm"
              variant="outline-danger"
              className="ms-auto"
              onClick={() =>
                void api
                  .delete(`/lab-group/${g.uuid}`, { quiet: true })
                  .then(load, (e: unknown) => setError(message(e)))
              }
            >
              {t('station.delete')}
            </Button>
          </Card.Body>
        </Card>
      ))}
      <Form onSubmit={(e) => void create(e)} className="row g-2 align-items-end">
        <Form.Group className="col-md-4" controlId="group-name">
          <Form.Label>{t('station.name')}</Form.Label>
          <Form.Control value={name} onChange={(e) => setName(e.target.value)} required />
        </Form.Group>
        <fieldset className="col-md-6" data-testid="group-boards">
          <legend className="form-label fs-6 mb-1">{t('groups.boards')}</legend>
          {listable.length === 0 && (
            <p className="small text-body-secondary mb-0">{t('groups.noBoards')}</p>
          )}
          {listable.map((b) => (
            <Form.Check
              key={b.board_id}
              id={`group-board-${b.board_id}`}
              label={t(b.mine ? 'groups.own' : 'groups.shared', {
                board: b.board_id,
                name: b.name,
              })}
              checked={boards.includes(b.board_id)}
              onChange={(e) =>
                setBoards((list) =>
                  e.target.checked ? [...list, b.board_id] : list.filter((x) => x !== b.board_id),
                )
              }
            />
          ))}
        </fieldset>
        <div className="col-md-2">
          <Button type="submit">{t('groups.create')}</Button>
        </div>
      </Form>
      {error && (
        <Alert variant="warning" className="mt-2" role="alert">
          {error}
        </Alert>
      )}
    </section>
  );
}

export default function LabStationPage() {
  const { t } = useTranslation('remotelab');
  useDocumentTitle(t('station.title'));
  const message = useMessage();
  const [labs, setLabs] = useState<Lab[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [runningLab, setRunningLab] = useState<string | null>(null);

  const [version, setVersion] = useState(0);
  const load = useCallback(() => setVersion((v) => v + 1), []);
  useEffect(() => {
    let live = true;
    const fetchLabs = () =>
      api.get<LabList>('/lab/browse/my', { quiet: true }).then(
        (r) => {
          if (!live) return;
          setLabs(r.data);
          setError(null);
        },
        (e: unknown) => live && setError(message(e)),
      );
    void fetchLabs();
    const timer = setInterval(() => void fetchLabs(), REFRESH_MS);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [version, message]);

  const runLab = labs?.find((l) => l.uuid === runningLab) ?? null;
  return (
    <div className="container py-4" style={{ maxWidth: 960 }}>
      <h1 className="h3">{t('station.title')}</h1>
      <p>{t('station.intro')}</p>
      {runLab && <StationRunner key={runLab.uuid} lab={runLab} onStopped={load} />}
      {error && <Alert variant="warning">{error}</Alert>}
      {labs === null ? (
        <Spinner aria-label={t('station.loading')} />
      ) : (
        <section aria-labelledby="labs-title">
          <h2 id="labs-title" className="h5">
            {t('station.myLabs')}
          </h2>
          {labs.length === 0 && <p className="text-body-secondary">{t('station.none')}</p>}
          {labs.map((lab) => (
            <LabCard
              key={lab.uuid}
              lab={lab}
              running={runningLab !== null}
              onRun={() => setRunningLab(lab.uuid)}
              onChanged={load}
            />
          ))}
        </section>
      )}
      <Card className="mt-3">
        <Card.Body>
          <NewLabForm onCreated={load} />
        </Card.Body>
      </Card>
      <Groups labs={labs ?? []} />
    </div>
  );
}
