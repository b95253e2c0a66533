// Sign-out (/logout, /auth/logout): runs the registered sign-out, then shows sign-in.
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { runAction } from '../../shell/actions.ts';
import { LOGIN_PATH } from '../../shell/guards.ts';
import { useDocumentTitle } from '../../shell/ui/use-document-title.ts';
import Loading from '../../ui/busy/Loading.tsx';

export default function LogoutPage() {
  const { t } = useTranslation('screens');
  const navigate = useNavigate();
  useDocumentTitle(t('logout.title'));
  useEffect(() => {
    let active = true;
    void runAction('signOut').then(() => {
      if (active) void navigate(LOGIN_PATH, { replace: true });
    });
    return () => {
      active = false;
    };
  }, [navigate]);
  return (
    <section className="container py-4" aria-labelledby="screen-title">
      <h1 id="screen-title" className="h3">
        {t('logout.title')}
      </h1>
      <Loading text={t('logout.purpose')} className="mb-3" />
    </section>
  );
}
