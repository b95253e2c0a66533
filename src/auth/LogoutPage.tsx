// Routes /logout and /auth/logout: sign out, then show the login screen.
import { useEffect } from 'react';
import Spinner from 'react-bootstrap/Spinner';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useAuthService } from './use-auth-service.ts';

export default function LogoutPage() {
  const { t } = useTranslation('auth');
  const service = useAuthService();
  const navigate = useNavigate();
  useEffect(() => {
    if (!service) return;
    void service.logout().finally(() => navigate('/auth/login', { replace: true }));
  }, [service, navigate]);
  return (
    <main className="container py-5 text-center" role="status">
      <Spinner animation="border" size="sm" className="me-2" />
      {t('signingOut')}
    </main>
  );
}
