import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ui } from '../../state/ui.ts';

/** Shown while the first screen's code loads. */
export default function PageLoading() {
  const { t } = useTranslation('common');
  useEffect(() => {
    ui.loading = true;
  }, []);
  return (
    <div className="d-flex justify-content-center align-items-center vh-100" role="status">
      <span className="spinner-border text-primary me-2" aria-hidden="true" />
      <span>{t('loading')}</span>
    </div>
  );
}
