// Profile menu (spec core §2): an avatar popup with the provider, name and e-mail, my
// profile, log out or log in, change language, the "Work offline" setting and About. Offline
// mode keeps only the last three and shows neither login nor logout.
import Dropdown from 'react-bootstrap/Dropdown';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { connectivity, setWorkOffline } from '../../state/connectivity.ts';
import { isLoggedIn, session } from '../../state/session.ts';
import { openModal, ui } from '../../state/ui.ts';
import { LOGIN_PATH } from '../../shell/guards.ts';
import { providerName } from '../../shell/provider-name.ts';
import MenuItem from './MenuItem.tsx';

export default function ProfileMenu() {
  const { t } = useTranslation('shell');
  const snap = useSnapshot(session);
  const { offline } = useSnapshot(ui);
  const { workOffline } = useSnapshot(connectivity);
  const location = useLocation();
  const user = isLoggedIn(snap) ? snap.user : null;
  const online = !offline;

  return (
    <Dropdown align="end">
      <Dropdown.Toggle
        variant="link"
        className="text-body text-decoration-none d-flex align-items-center"
        aria-label={t('profile.menu')}
        data-testid="profile-menu"
      >
        {online && user?.photoUrl ? (
          <img
            className="avatar rounded-circle"
            src={user.photoUrl}
            alt=""
            width={28}
            height={28}
          />
        ) : (
          <i className="bi bi-person-circle fs-5" aria-hidden="true" />
        )}
      </Dropdown.Toggle>
      <Dropdown.Menu className="profile-menu" data-testid="profile-items">
        {online && user && (
          <>
            <Dropdown.Header className="text-body" data-testid="profile-card">
              <div className="small text-body-secondary">{providerName(user.providerId, t)}</div>
              <div className="fw-semibold">{user.name}</div>
              <div className="small">{user.email}</div>
            </Dropdown.Header>
            <Dropdown.Divider />
            <MenuItem icon="person-badge" to="/profile" label={t('profile.myProfile')} />
            <MenuItem icon="box-arrow-right" to="/logout" label={t('profile.logout')} />
          </>
        )}
        {online && !user && (
          <Dropdown.Item
            as={Link}
            to={LOGIN_PATH}
            onClick={() => {
              // Social sign-in returns here (spec core §2).
              session.lastPath = location.pathname + location.search;
            }}
          >
            <i className="bi bi-box-arrow-in-right me-2" aria-hidden="true" />
            {t('profile.login')}
          </Dropdown.Item>
        )}
        <MenuItem
          icon="translate"
          onClick={() => openModal('language')}
          label={t('profile.changeLanguage')}
        />
        <Dropdown.Item
          as="button"
          role="menuitemcheckbox"
          aria-checked={workOffline}
          data-testid="work-offline"
          onClick={() => setWorkOffline(!workOffline)}
        >
          <i
            className={`bi bi-${workOffline ? 'check-square' : 'square'} me-2`}
            aria-hidden="true"
          />
          {t('offline:workOffline')}
        </Dropdown.Item>
        <MenuItem
          icon="info-circle"
          onClick={() => openModal('about')}
          label={t('profile.about')}
        />
      </Dropdown.Menu>
    </Dropdown>
  );
}
