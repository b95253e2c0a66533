// The connect dialog (spec classroom §2 "A connect modal"): choose USB (WebHID), the GoGo
// plugin or the virtual board (and which board the virtual one is), see the link and the
// board, choose the display board. It closes once a board is connected and matches the
// board to program; a mismatch keeps it open with the way to fix it. Errors show the
// spec's texts, picked from the DeviceError code.
import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Form, Modal, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { subscribe, useSnapshot } from 'valtio';
import RemoteConnect, { RemoteSessionPanel } from '../../remote-lab/ui/RemoteConnect.tsx';
import { getRemoteSession } from '../../remote-lab/runtime.ts';
import { firmwareVersionText } from '../../device/firmware-version.ts';
import { board, linkStats } from '../../device/board-store.ts';
import { remoteLab } from '../../remote-lab/remote-lab-store.ts';
import { connection, isBoardMatch, setDisplayBoard } from '../../device/connection-store.ts';
import {
  DeviceError,
  type DeviceErrorCode,
  type DeviceErrorDetail,
  type TransportKind,
} from '../../device/device.ts';
import { DISPLAY_BOARDS } from '../../device/board-state.ts';
import { browserHid } from '../../device/webhid/hid-types.ts';
import { translateError } from '../../device/ui/messages.ts';
import { useDevice } from '../../device/ui/use-device.ts';
import { getSimHost } from '../../virtual-board/host/sim-host.ts';

const CHOICES: { kind: TransportKind; icon: string }[] = [
  { kind: 'webhid', icon: 'bi-usb-symbol' },
  { kind: 'plugin', icon: 'bi-plug' },
  { kind: 'simulated', icon: 'bi-cpu' },
];

interface Props {
  show: boolean;
  onHide: () => void;
}

/** The stream's counters: their own component, so only it follows every report, and only
 * while the dialog is open. */
function StreamStats() {
  const { t } = useTranslation('device');
  const { current: stats } = useSnapshot(linkStats);
  return (
    <p className="small text-body-secondary mb-0" data-testid="stream-stats">
      {t('dialog.stats', {
        received: stats.received,
        ignored:
          stats.ignored.short +
          stats.ignored.unknown +
          stats.ignored.malformed +
          stats.ignored.empty,
      })}
    </p>
  );
}

export default function ConnectDialog({ show, onHide }: Props) {
  const { t } = useTranslation('device');
  const device = useDevice();
  const conn = useSnapshot(connection);
  const live = useSnapshot(board);
  const remote = useSnapshot(remoteLab);
  const inRemoteSession = remote.phase === 'waiting' || remote.phase === 'active';
  const [failure, setFailure] = useState<{
    code: DeviceErrorCode;
    detail: DeviceErrorDetail;
  } | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [pending, setPending] = useState<TransportKind | null>(null);
  const stopWatching = useRef<(() => void) | null>(null);
  const hasHid = browserHid() !== undefined;
  const link = live.link;
  const connected = link.status === 'connected';
  const onVirtual = connected && link.transport === 'simulated';
  // The virtual board is whatever board the user means to program, unless it already runs.
  const [virtualType, setVirtualType] = useState(
    () => getSimHost().boardType() ?? conn.displayBoard,
  );

  useEffect(() => () => stopWatching.current?.(), []);

  /** Closes once the board just connected tells its type, if it is the board to program. */
  function closeWhenMatched() {
    stopWatching.current?.();
    const check = () => {
      if (board.link.status !== 'connected') {
        stopWatching.current?.();
      } else if (connection.board.boardType !== 0) {
        stopWatching.current?.();
        if (isBoardMatch(connection)) onHide();
      }
    };
    const stops = [subscribe(connection, check), subscribe(board, check)];
    stopWatching.current = () => {
      stops.forEach((stop) => stop());
      stopWatching.current = null;
    };
    check();
  }

  function chooseVirtualType(type: number) {
    setVirtualType(type);
    getSimHost().configure({ boardType: type });
    if (onVirtual) setDisplayBoard(type);
  }

  async function connect(kind: TransportKind) {
    setFailure(null);
    setNotice(null);
    setPending(kind);
    try {
      if (kind === 'simulated') {
        getSimHost().configure({ boardType: virtualType });
        setDisplayBoard(virtualType);
      }
      const result = await device.connect(kind);
      if (result === 'ignored') setNotice(t('dialog.usbIgnored'));
      else closeWhenMatched();
    } catch (e) {
      const err = e instanceof DeviceError ? e : new DeviceError('open-failed', String(e));
      setFailure({ code: err.code, detail: err.detail });
    } finally {
      setPending(null);
    }
  }

  async function disconnect() {
    setFailure(null);
    setNotice(null);
    // A remote-lab session ends on the server too, so the next student gets the board.
    if (inRemoteSession) await getRemoteSession().disconnect();
    else await device.disconnect();
  }

  const shownError = failure ?? (live.lastError && !connected ? live.lastError : null);
  const boardType = conn.board.boardType;
  const mismatch = connected && boardType !== 0 && !isBoardMatch(conn);
  const boardName = (type: number) =>
    t(`boards.${type}`, { defaultValue: t('boards.other', { type }) });

  return (
    <Modal show={show} onHide={onHide} aria-labelledby="connect-dialog-title" centered>
      <Modal.Header closeButton closeLabel={t('dialog.close')}>
        <Modal.Title id="connect-dialog-title">{t('dialog.title')}</Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <section
          aria-labelledby="connect-status-title"
          className="mb-3"
          data-testid="connect-status"
        >
          <h2 id="connect-status-title" className="h6 text-body-secondary mb-1">
            {t('dialog.status')}
          </h2>
          <p className="mb-1" role="status">
            {link.status === 'connecting' && <Spinner size="sm" className="me-2" aria-hidden />}
            {t(`state.${link.status}`)}
            {link.transport &&
              link.status !== 'disconnected' &&
              ` · ${t(`transport.${link.transport}`)}`}
          </p>
          {link.reconnecting && (
            <p className="small text-body-secondary mb-1">{t('dialog.reconnecting')}</p>
          )}
          {connected && boardType === 0 && (
            <p className="small text-body-secondary mb-1">{t('dialog.waitingForBoard')}</p>
          )}
          {connected && boardType !== 0 && (
            <dl className="row small mb-0" data-testid="board-info">
              <dt className="col-5">{t('dialog.board')}</dt>
              <dd className="col-7 mb-0">
                {t(`boards.${boardType}`, { defaultValue: t('boards.other', { type: boardType }) })}
              </dd>
              <dt className="col-5">{t('dialog.boardVersion')}</dt>
              <dd className="col-7 mb-0">{conn.board.boardVersion}</dd>
              <dt className="col-5">{t('dialog.firmware')}</dt>
              <dd className="col-7 mb-0" data-testid="connect-firmware">
                {firmwareVersionText({
                  version: conn.board.firmwareVersion,
                  semver: conn.board.semanticFirmwareVersion || null,
                })}
              </dd>
            </dl>
          )}
          {connected && <StreamStats />}
        </section>

        <RemoteSessionPanel />

        {shownError && (
          <Alert variant="warning" data-testid="connect-error">
            {translateError(t, shownError.code, shownError.detail)}
          </Alert>
        )}
        {notice && <Alert variant="info">{notice}</Alert>}
        {mismatch && (
          <Alert variant="warning">
            <p className="fw-semibold mb-1" data-testid="board-mismatch">
              {translateError(t, 'board-mismatch', { boardType: conn.displayBoard })}
            </p>
            {/* Say what to change, and offer to change it (a stale choice is common). */}
            <p className="mb-2 small" data-testid="board-mismatch-hint">
              {t('dialog.mismatchHint', { board: boardName(boardType) })}
            </p>
            {DISPLAY_BOARDS.includes(boardType) && (
              <Button size="sm" variant="warning" onClick={() => setDisplayBoard(boardType)}>
                {t('dialog.useConnected', { board: boardName(boardType) })}
              </Button>
            )}
          </Alert>
        )}

        <div className="d-grid gap-2 mb-3" role="group" aria-label={t('dialog.choose')}>
          {CHOICES.map(({ kind, icon }) => {
            const disabled = pending !== null || (kind === 'webhid' && !hasHid);
            const button = (
              <Button
                key={kind}
                variant={link.transport === kind && connected ? 'primary' : 'outline-primary'}
                className="text-start d-flex align-items-start gap-3"
                disabled={disabled}
                onClick={() => void connect(kind)}
                data-testid={`connect-${kind}`}
              >
                <i className={`bi ${icon} fs-4`} aria-hidden />
                <span>
                  <span className="d-block fw-semibold">
                    {pending === kind && <Spinner size="sm" className="me-2" aria-hidden />}
                    {t(`choice.${kind}.title`)}
                  </span>
                  <span className="d-block small">
                    {kind === 'webhid' && !hasHid
                      ? t('errors.unsupportedBrowser')
                      : t(`choice.${kind}.description`)}
                  </span>
                </span>
              </Button>
            );
            if (kind !== 'simulated') return button;
            return (
              <div key={kind} className="d-grid gap-1">
                {button}
                <Form.Group controlId="virtual-board-type" className="ms-5">
                  <Form.Label className="small mb-0">{t('dialog.virtualType')}</Form.Label>
                  <Form.Select
                    size="sm"
                    value={virtualType}
                    disabled={pending !== null}
                    onChange={(e) => chooseVirtualType(Number(e.target.value))}
                  >
                    {DISPLAY_BOARDS.map((type) => (
                      <option key={type} value={type}>
                        {t(`boards.${type}`)}
                      </option>
                    ))}
                  </Form.Select>
                </Form.Group>
              </div>
            );
          })}
        </div>

        <RemoteConnect disabled={pending !== null} />

        <Form.Group controlId="display-board">
          <Form.Label>{t('dialog.displayBoard')}</Form.Label>
          <Form.Select
            value={conn.displayBoard}
            onChange={(e) => setDisplayBoard(Number(e.target.value))}
          >
            {DISPLAY_BOARDS.map((type) => (
              <option key={type} value={type}>
                {t(`boards.${type}`)}
              </option>
            ))}
          </Form.Select>
          <Form.Text>{t('dialog.displayBoardHelp')}</Form.Text>
        </Form.Group>
      </Modal.Body>
      <Modal.Footer>
        {(link.status !== 'disconnected' || link.reconnecting || inRemoteSession) && (
          <Button
            variant="outline-danger"
            onClick={() => void disconnect()}
            data-testid="disconnect"
          >
            {remote.phase === 'waiting'
              ? t('dialog.leaveQueue')
              : link.reconnecting && link.status === 'disconnected'
                ? t('dialog.stopRetrying')
                : t('dialog.disconnect')}
          </Button>
        )}
        <Button variant="secondary" onClick={onHide}>
          {t('dialog.close')}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
