// Home: one card per main area of the product (the logo links here).
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { ScreenId } from '../../shell/screens.ts';
import { useDocumentTitle } from '../../shell/ui/use-document-title.ts';
import Screen from '../../shell/ui/Screen.tsx';

const AREAS: { to: string; screen: ScreenId; icon: string }[] = [
  { to: '/program', screen: 'program', icon: 'puzzle' },
  { to: '/gogoboard', screen: 'gogoboard', icon: 'motherboard' },
  { to: '/raspberry', screen: 'raspberry', icon: 'pc-display' },
  { to: '/gogobright', screen: 'gogobright', icon: 'cpu' },
  { to: '/update-firmware', screen: 'updateFirmware', icon: 'lightning-charge' },
  { to: '/datalog', screen: 'datalogPublic', icon: 'graph-up' },
  { to: '/datalog/offline', screen: 'datalogOffline', icon: 'device-ssd' },
  { to: '/datalog/plotban', screen: 'plotban', icon: 'activity' },
  { to: '/teachable-machine', screen: 'teachableMachine', icon: 'camera-video' },
  { to: '/webui', screen: 'webui', icon: 'grid' },
  { to: '/classroom', screen: 'classIndex', icon: 'mortarboard' },
  { to: '/remix', screen: 'remixProjects', icon: 'shuffle' },
];

export default function DashboardPage() {
  const { t } = useTranslation(['shell', 'screens', 'dev']);
  useDocumentTitle(t('shell:dashboard.title'));
  return (
    <Screen
      titleId="screen-title"
      title={t('shell:dashboard.title')}
      intro={t('shell:dashboard.intro')}
      width="fixed"
      lead
    >
      <ul className="row row-cols-1 row-cols-sm-2 row-cols-lg-4 g-3 list-unstyled">
        {AREAS.map((a) => (
          <li key={a.to} className="col">
            <Link to={a.to} className="card h-100 text-decoration-none dashboard-card">
              <div className="card-body">
                <h2 className="h6 card-title">
                  <i className={`bi bi-${a.icon} me-2`} aria-hidden="true" />
                  {t(`screens:${a.screen}.title`)}
                </h2>
                <p className="card-text small text-body-secondary">
                  {t(`screens:${a.screen}.purpose`)}
                </p>
              </div>
            </Link>
          </li>
        ))}
        <li className="col">
          <Link to="/developer-mode" className="card h-100 text-decoration-none dashboard-card">
            <div className="card-body">
              <h2 className="h6 card-title">
                <i className="bi bi-tools me-2" aria-hidden="true" />
                {t('dev:title')}
              </h2>
              <p className="card-text small text-body-secondary">{t('dev:intro')}</p>
            </div>
          </Link>
        </li>
      </ul>
    </Screen>
  );
}
