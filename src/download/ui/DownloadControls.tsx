// Beside the toolbar's Download button: the download's progress, and the download settings
// (compile in this browser, run after download).
import { ButtonGroup, Dropdown, Form, ProgressBar, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { board } from '../../device/board-store.ts';
import {
  downloadSettings,
  downloadStatus,
  runsAfterDownload,
  setCompileInBrowser,
  setRunAfterDownload,
} from '../download-store.ts';
import Tooltip from '../../ui/tooltip/Tooltip.tsx';

export function DownloadProgressBar() {
  const { t } = useTranslation('download');
  const s = useSnapshot(downloadStatus);
  if (s.extracting) {
    return (
      <span className="small text-body-secondary d-flex align-items-center gap-1" role="status">
        <Spinner size="sm" aria-hidden />
        {t('extract.reading')}
      </span>
    );
  }
  if (s.phase === null) return null;
  const percent = s.total > 0 ? Math.round((s.done / s.total) * 100) : 0;
  const label = t(`progress.${s.phase}`, { percent });
  return (
    <div
      className="d-flex align-items-center gap-2 small"
      role="status"
      data-testid="download-progress"
      style={{ minWidth: '12rem' }}
    >
      <ProgressBar
        now={s.phase === 'writing' || s.phase === 'running' ? percent : 100}
        animated={s.phase !== 'writing'}
        aria-label={t('progress.label')}
        className="flex-grow-1"
        style={{ height: '0.5rem' }}
      />
      <span className="text-nowrap">{label}</span>
    </div>
  );
}

export function DownloadSettingsMenu() {
  const { t } = useTranslation('download');
  const s = useSnapshot(downloadSettings);
  const { link } = useSnapshot(board);
  return (
    <Dropdown as={ButtonGroup} align="end" autoClose="outside">
      <Tooltip text={t('settings.label')}>
        <Dropdown.Toggle
          size="sm"
          variant="outline-success"
          aria-label={t('settings.label')}
          data-testid="download-settings"
        >
          <i className="bi bi-gear" aria-hidden />
        </Dropdown.Toggle>
      </Tooltip>
      <Dropdown.Menu className="p-2" style={{ minWidth: '18rem' }}>
        <Form.Check
          type="switch"
          id="download-compile-in-browser"
          label={t('settings.compileInBrowser')}
          checked={s.compileInBrowser}
          onChange={(e) => setCompileInBrowser(e.target.checked)}
        />
        <p className="small text-body-secondary ms-4 mb-2">{t('settings.compileInBrowserHint')}</p>
        <Form.Check
          type="switch"
          id="download-run-after"
          label={t('settings.runAfterDownload')}
          checked={runsAfterDownload(s, link.transport)}
          onChange={(e) => setRunAfterDownload(e.target.checked)}
          aria-describedby="download-run-after-hint"
        />
        <p id="download-run-after-hint" className="small text-body-secondary ms-4 mb-0">
          {t('settings.runAfterDownloadHint')}
        </p>
      </Dropdown.Menu>
    </Dropdown>
  );
}
