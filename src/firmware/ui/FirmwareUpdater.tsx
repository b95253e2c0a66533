// The firmware updater (spec core §2 "Firmware updater modal"): update to the latest
// release (with its version) or "You're using the latest firmware.", update from a local
// .hex or .bin file, progress with its percentage, and the spec's error texts after
// 'Update firmware error'. Shown in the modal and on the update-firmware page.
import { useEffect, useRef, type ChangeEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { connection } from '../../device/connection-store.ts';
import { inBackground } from '../../api/report-failure.ts';
import { firmwareVersionText } from '../../device/firmware-version.ts';
import { boardFirmwareText, CHIP_NAMES, updatedText } from '../messages.ts';
import { getFirmwareService } from '../runtime.ts';
import { firmware } from '../firmware-state.ts';
import './firmware.css';
import ProgressRing from './ProgressRing.tsx';

export default function FirmwareUpdater() {
  const { t } = useTranslation(['firmware', 'device']);
  const s = useSnapshot(firmware);
  const { board } = useSnapshot(connection);
  const fileInput = useRef<HTMLInputElement>(null);
  const service = getFirmwareService();
  const busy = s.phase === 'preparing' || s.phase === 'updating';
  // While the worker has the board, the page is disconnected: show the board being updated.
  const shown = s.board ?? (board.boardType === 0 ? null : board);
  const source = s.check.source;
  // What the board's chips run, as it said; else what the connection knows.
  const firmwareText =
    s.check.firmware.length > 0
      ? boardFirmwareText(t, s.check.firmware)
      : firmwareVersionText({
          version: shown?.firmwareVersion ?? 0,
          semver: s.board ? null : board.semanticFirmwareVersion || null,
        });

  useEffect(() => {
    // The page route opens without the menu action: look the release up here too.
    if (!firmware.check.loading && firmware.check.latest === null && !busy) {
      void service.checkLatest();
    }
    // Once per mount.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const onFile = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (file) void service.updateFromFile(file);
  };

  return (
    <div data-testid="firmware-updater" className="d-grid gap-3">
      <p className="mb-0" data-testid="firmware-board">
        {shown === null
          ? t('firmware:boardUnknown')
          : t('firmware:board', {
              board: t(`device:boards.${shown.boardType}`),
              version: firmwareText,
            })}
      </p>

      <section aria-labelledby="firmware-latest" className="d-grid gap-2">
        <h3 id="firmware-latest" className="h6 mb-0">
          {t('firmware:latest.heading')}
        </h3>
        {s.check.loading ? (
          <p className="mb-0 small text-body-secondary">
            <Spinner size="sm" className="me-2" aria-hidden="true" />
            {t('firmware:latest.checking')}
          </p>
        ) : s.check.upToDate ? (
          <p className="mb-0" data-testid="firmware-up-to-date">
            {t('firmware:latest.upToDate')}
          </p>
        ) : s.check.latest ? (
          <Button
            variant="primary"
            disabled={busy}
            onClick={() => void service.updateToLatest()}
            data-testid="firmware-update-latest"
          >
            {t('firmware:latest.update', { version: s.check.latest })}
          </Button>
        ) : (
          <p className="mb-0 small text-body-secondary">{t('firmware:latest.unavailable')}</p>
        )}
        {s.check.notes && !s.check.upToDate && (
          <p className="mb-0 small text-body-secondary" style={{ whiteSpace: 'pre-line' }}>
            {s.check.notes}
          </p>
        )}
        {!s.check.loading && (
          <p className="mb-0 small text-body-secondary" data-testid="firmware-source">
            {t('firmware:latest.source', {
              source:
                source?.kind === 'test'
                  ? t('firmware:latest.sourceTest')
                  : (source?.name ?? t('firmware:latest.sourceFolder')),
            })}
            {source?.kind === 'vendor' && source.url && (
              <>
                {' '}
                <a href={source.url} target="_blank" rel="noopener noreferrer">
                  {source.url}
                </a>
              </>
            )}
          </p>
        )}
      </section>

      <section aria-labelledby="firmware-file" className="d-grid gap-2">
        <h3 id="firmware-file" className="h6 mb-0">
          {t('firmware:file.heading')}
        </h3>
        <Button
          variant="outline-primary"
          disabled={busy}
          onClick={() => fileInput.current?.click()}
          data-testid="firmware-choose-file"
        >
          <i className="bi bi-file-earmark-arrow-up me-2" aria-hidden="true" />
          {t('firmware:file.button')}
        </Button>
        <input
          ref={fileInput}
          type="file"
          accept=".hex,.bin"
          className="d-none"
          aria-label={t('firmware:file.label')}
          data-testid="firmware-file"
          onChange={onFile}
        />
      </section>

      {busy && (
        <div
          data-testid="firmware-progress"
          role="status"
          aria-live="polite"
          className="d-flex align-items-center gap-3"
        >
          <ProgressRing
            percent={s.percent}
            label={t('firmware:progress.percent', { percent: s.percent })}
            name={t('firmware:progress.updating')}
            testId="firmware-percent"
          />
          <div>
            <p className="mb-1">{t('firmware:progress.updating')}</p>
            <p className="mb-1 small" data-testid="firmware-stage">
              {s.stage ? t(`firmware:progress.stages.${s.stage}`) : ''}
            </p>
            <p className="small text-body-secondary mb-0">{t('firmware:progress.keepConnected')}</p>
          </div>
        </div>
      )}

      {s.downgrade && (
        <Alert variant="warning" className="mb-0" data-testid="firmware-downgrade">
          <p className="mb-2">
            {t('firmware:downgrade.question', {
              chip: CHIP_NAMES[s.downgrade.chip],
              image: s.downgrade.image,
              board: s.downgrade.board,
            })}
          </p>
          <div className="d-flex flex-wrap gap-2">
            <Button
              size="sm"
              variant="warning"
              onClick={() => service.answerDowngrade(true)}
              data-testid="firmware-downgrade-install"
            >
              {t('firmware:downgrade.install', { version: s.downgrade.image })}
            </Button>
            <Button
              size="sm"
              variant="outline-secondary"
              onClick={() => service.answerDowngrade(false)}
              data-testid="firmware-downgrade-keep"
            >
              {t('firmware:downgrade.keep', { version: s.downgrade.board })}
            </Button>
          </div>
        </Alert>
      )}

      {s.info && (
        <Alert variant="info" className="mb-0" data-testid="firmware-info">
          {s.info}
        </Alert>
      )}

      {s.needsBootloaderPermission && (
        <Alert variant="info" className="mb-0">
          <p className="mb-2">{t('firmware:bootloader.hint')}</p>
          <Button size="sm" onClick={() => inBackground(service.allowBootloader())}>
            {t('firmware:bootloader.allow')}
          </Button>
        </Alert>
      )}

      {s.phase === 'error' && s.error && (
        <Alert variant="warning" className="mb-0" data-testid="firmware-error">
          <strong>{t('firmware:errors.updateErrorTitle')}</strong>
          <div data-testid="firmware-error-cause">{s.error}</div>
          {s.canRetry && (
            <Button
              size="sm"
              variant="outline-dark"
              className="mt-2"
              onClick={() => void service.retry()}
              data-testid="firmware-retry"
            >
              {t('firmware:retry')}
            </Button>
          )}
        </Alert>
      )}

      {s.phase === 'success' && s.result && (
        <Alert variant="success" className="mb-0" data-testid="firmware-success">
          <div>{updatedText(t, s.result)}</div>
          {!s.result.upToDate && (
            <div className="small" data-testid="firmware-details">
              {t('firmware:done.details', {
                written: s.result.unitsWritten,
                skipped: s.result.unitsSkipped,
              })}
            </div>
          )}
          {s.result.verified && <div className="small">{t('firmware:done.verified')}</div>}
        </Alert>
      )}
    </div>
  );
}
