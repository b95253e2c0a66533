// Shown when a screen fails to load (for example its code chunk after a redeploy).
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router-dom';

export default function RouteError() {
  const { t } = useTranslation('shell');
  const error = useRouteError();
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : String(error);
  return (
    <main className="container py-5" role="alert">
      <h1 className="h3">{t('routeError.title')}</h1>
      <p>{t('routeError.body')}</p>
      <p className="small text-body-secondary">{detail}</p>
      <div className="d-flex gap-2">
        <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
          {t('routeError.reload')}
        </button>
        <Link to="/program" className="btn btn-outline-secondary" reloadDocument>
          {t('routeError.home')}
        </Link>
      </div>
    </main>
  );
}
