import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

/** The logo, linking to the dashboard (spec core §2). */
export default function Brand() {
  const { t } = useTranslation('common');
  return (
    <Link to="/dashboard" className="navbar-brand d-flex align-items-center gap-2 me-2">
      <img src={`${import.meta.env.BASE_URL}favicon.svg`} alt="" width={28} height={28} />
      <span className="label-from-sm">{t('appName')}</span>
    </Link>
  );
}
