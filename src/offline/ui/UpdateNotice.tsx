// "A new version is ready" (docs/offline.md): Reload lets it take over once no download or
// firmware update runs; Later leaves the running version until the next start.
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { dismissUpdate, pwa, reloadToUpdate } from '../pwa-state.ts';

export default function UpdateNotice() {
  const { t } = useTranslation('offline');
  const { updateReady, reloadPending } = useSnapshot(pwa);
  if (!updateReady) return null;
  return (
    <div
      className="alert alert-info shadow d-flex flex-wrap align-items-center gap-2 position-fixed bottom-0 start-0 m-3 mb-5"
      style={{ zIndex: 1090, maxWidth: '26rem' }}
      role="status"
      data-testid="update-notice"
    >
      <i className="bi bi-arrow-repeat" aria-hidden="true" />
      <span className="flex-grow-1">{reloadPending ? t('update.waiting') : t('update.ready')}</span>
      {!reloadPending && (
        <>
          <button
            type="button"
            className="btn btn-sm btn-primary"
            onClick={() => void reloadToUpdate()}
          >
            {t('update.reload')}
          </button>
          <button
            type="button"
            className="btn btn-sm btn-outline-secondary"
            onClick={dismissUpdate}
          >
            {t('update.later')}
          </button>
        </>
      )}
    </div>
  );
}
