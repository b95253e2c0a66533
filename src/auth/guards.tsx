// Route guards. A signed-out visitor is sent to the login screen and the current path is
// remembered, so sign-in returns there; moderator-only routes send non-moderators to login
// (spec core §2).
import type { ReactNode } from 'react';
import { useEffect } from 'react';
import Spinner from 'react-bootstrap/Spinner';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { session } from '../state/session.ts';
import { rememberPath } from './index.ts';
import { useAuthService } from './use-auth-service.ts';

function Waiting() {
  const { t } = useTranslation('common');
  return (
    <div className="d-flex justify-content-center py-5" role="status">
      <Spinner animation="border" size="sm" className="me-2" />
      <span>{t('loading')}</span>
    </div>
  );
}

function ToLogin() {
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    rememberPath(location.pathname);
    navigate('/auth/login', { replace: true });
  }, [location.pathname, navigate]);
  return <Waiting />;
}

/** Renders `children` for a signed-in user; otherwise goes to login. */
export function RequireLogin({ children }: { children: ReactNode }) {
  useAuthService();
  const snap = useSnapshot(session);
  if (snap.loading) return <Waiting />;
  if (!snap.user) return <ToLogin />;
  return children;
}

/** Renders `children` for a moderator or admin; otherwise goes to login. */
export function RequireModerator({ children }: { children: ReactNode }) {
  useAuthService();
  const snap = useSnapshot(session);
  // Roles arrive with the product auth call, a moment after the user.
  const rolesPending = snap.user !== null && snap.userRole === null && snap.error === null;
  if (snap.loading || rolesPending) return <Waiting />;
  if (!snap.isModerator) return <ToLogin />;
  return children;
}
