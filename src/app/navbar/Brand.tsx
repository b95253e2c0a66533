import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

/**
 * The logo, linking to the dashboard (spec core §2). Drawn inline: as an `<img>` the
 * browser lays out an SVG document of its own for it on the main thread during the first
 * load (about 20 ms on a slow computer).
 */
export default function Brand() {
  const { t } = useTranslation('common');
  return (
    <Link to="/dashboard" className="navbar-brand d-flex align-items-center gap-2 me-2">
      <svg viewBox="0 0 64 64" width={28} height={28} aria-hidden="true" focusable="false">
        <rect width="64" height="64" rx="12" fill="#1f6feb" />
        <text
          x="32"
          y="42"
          fontFamily="Arial, sans-serif"
          fontSize="26"
          fontWeight="700"
          fill="#fff"
          textAnchor="middle"
        >
          GG
        </text>
      </svg>
      <span className="label-from-sm">{t('appName')}</span>
    </Link>
  );
}
