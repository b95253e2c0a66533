// The sign-in and sign-up screen (spec core §2): welcome heading, then the form with the
// Google, Facebook and Microsoft buttons, GitHub and Twitter actions, e-mail and password,
// password reset (SignInForm).
import { useState } from 'react';
import Card from 'react-bootstrap/Card';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { session } from '../../state/session.ts';
import SignInForm from './SignInForm.tsx';
import { useAuthService } from './use-auth-service.ts';

export default function AuthScreen({ mode }: { mode: 'login' | 'signup' }) {
  const { t } = useTranslation('auth');
  const service = useAuthService();
  const snap = useSnapshot(session);
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);

  // Already signed in (or restored on load): go where sign-in would have gone.
  if (service && snap.user && !busy) {
    return <Navigate to={service.afterSignInPath()} replace />;
  }

  return (
    <section className="container py-4" style={{ maxWidth: 440 }}>
      <Card className="shadow-sm">
        <Card.Body className="p-4">
          <h1 className="h3 text-center mb-1">{t('welcome')}</h1>
          <p className="text-center text-body-secondary mb-4">
            {t(mode === 'signup' ? 'signupIntro' : 'loginIntro')}
          </p>
          <SignInForm
            mode={mode}
            service={service}
            onBusyChange={setBusy}
            onSignedIn={(s) => void navigate(s.afterSignInPath(), { replace: true })}
          />
          <p className="text-center small mt-3 mb-0">
            {mode === 'login' ? t('noAccount') : t('haveAccount')}{' '}
            <Link to={mode === 'login' ? '/auth/signup' : '/auth/login'}>
              {mode === 'login' ? t('toSignup') : t('toLogin')}
            </Link>
          </p>
        </Card.Body>
      </Card>
    </section>
  );
}
