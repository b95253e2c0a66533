import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { ui } from '../../state/ui.ts';

/** A thin indeterminate bar at the top while ui.loading is set, in a status region so it
 * is announced and, above the page's landmarks, still belongs to one. */
export default function LoadingBar() {
  const { t } = useTranslation('common');
  const { loading } = useSnapshot(ui);
  if (!loading) return null;
  return (
    <div role="status">
      <div className="app-loading-bar" role="progressbar" aria-label={t('loading')}>
        <div className="app-loading-bar-fill" />
      </div>
    </div>
  );
}
