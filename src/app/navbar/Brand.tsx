import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

/**
 * The logo, linking to the dashboard (spec core §2). A PNG, decoded off the main thread:
 * as an SVG image the browser laid out a document of its own for it, and its text looked
 * fonts up, on the main thread during the first load (about 20 ms on a slow computer).
 */
export default function Brand() {
  const { t } = useTranslation('common');
  return (
    <Link to="/dashboard" className="navbar-brand d-flex align-items-center gap-2 me-2">
      <img src={`${import.meta.env.BASE_URL}favicon-64.png`} alt="" width={28} height={28} />
      <span className="label-from-sm">{t('appName')}</span>
    </Link>
  );
}
