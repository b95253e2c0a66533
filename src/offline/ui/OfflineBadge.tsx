// The top bar's offline indicator (docs/offline.md): shown in offline mode, it says why
// (the setting, or no connection to the server), what still works, and offers the way
// back: "Work online" or "Try again".
import Dropdown from 'react-bootstrap/Dropdown';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { connectivity, setWorkOffline } from '../../state/connectivity.ts';
import { ui } from '../../state/ui.ts';
import Spinner from '../../ui/busy/Spinner.tsx';

interface OfflineBadgeProps {
  /** Checks the connection now (src/offline/runtime.ts checkConnection). */
  onRetry: () => void;
}

export default function OfflineBadge({ onRetry }: OfflineBadgeProps) {
  const { t } = useTranslation('offline');
  const { offline } = useSnapshot(ui);
  const { workOffline, checking } = useSnapshot(connectivity);
  if (!offline) return null;
  return (
    <Dropdown align="end">
      <Dropdown.Toggle
        variant="warning"
        size="sm"
        className="d-flex align-items-center gap-1 text-nowrap"
        data-testid="offline-badge"
      >
        <i className="bi bi-wifi-off" aria-hidden="true" />
        <span>{t('badge')}</span>
      </Dropdown.Toggle>
      <Dropdown.Menu className="offline-menu p-3" data-testid="offline-menu">
        <p className="mb-2 fw-semibold">{workOffline ? t('bySetting') : t('noServer')}</p>
        <p className="small mb-3">{t('stillWorks')}</p>
        {workOffline ? (
          <button
            type="button"
            className="btn btn-primary btn-sm"
            onClick={() => setWorkOffline(false)}
          >
            {t('workOnline')}
          </button>
        ) : (
          <button
            type="button"
            className="btn btn-outline-primary btn-sm"
            disabled={checking}
            onClick={onRetry}
          >
            {checking && <Spinner className="me-1" />}
            {t('retry')}
          </button>
        )}
      </Dropdown.Menu>
    </Dropdown>
  );
}
