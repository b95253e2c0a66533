// The sign-in and sign-up screen (spec core §2): welcome heading, Google, Facebook and
// Microsoft buttons, GitHub and Twitter actions, e-mail and password, password reset.
import { useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button, { type ButtonProps } from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { session } from '../../state/session.ts';
import { authErrorText } from '../auth-error-text.ts';
import type { AuthService, SocialProvider } from '../auth-service.ts';
import { useAuthService } from './use-auth-service.ts';

interface Provider {
  id: SocialProvider;
  icon: string;
  label: string;
}

const MAIN_PROVIDERS: Provider[] = [
  { id: 'google', icon: 'bi-google', label: 'withGoogle' },
  { id: 'facebook', icon: 'bi-facebook', label: 'withFacebook' },
  { id: 'microsoft', icon: 'bi-microsoft', label: 'withMicrosoft' },
];
const MORE_PROVIDERS: Provider[] = [
  { id: 'github', icon: 'bi-github', label: 'withGithub' },
  { id: 'twitter', icon: 'bi-twitter', label: 'withTwitter' },
];

export default function AuthScreen({ mode }: { mode: 'login' | 'signup' }) {
  const { t } = useTranslation('auth');
  const service = useAuthService();
  const snap = useSnapshot(session);
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  // Already signed in (or restored on load): go where sign-in would have gone.
  if (service && snap.user && !busy) {
    return <Navigate to={service.afterSignInPath()} replace />;
  }

  async function run(action: (s: AuthService) => Promise<void>, thenLeave: boolean) {
    if (!service) return;
    setBusy(true);
    setError(null);
    setNotice(null);
    try {
      await action(service);
      if (thenLeave) navigate(service.afterSignInPath(), { replace: true });
    } catch (e) {
      setError(authErrorText(e, t));
    } finally {
      setBusy(false);
    }
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    void run(
      (s) => (mode === 'signup' ? s.signUp(name, email, password) : s.signIn(email, password)),
      true,
    );
  }

  function resetPassword() {
    void run(async (s) => {
      await s.resetPassword(email);
      setNotice(t('resetSent', { email: email.trim() }));
    }, false);
  }

  const disabled = busy || !service;
  // One sign-in button per provider; the main and the more providers differ only in look.
  const providerButton = (p: Provider, look: ButtonProps, iconGap: string) => (
    <Button
      key={p.id}
      {...look}
      disabled={disabled}
      onClick={() => void run((s) => s.signInWith(p.id), true)}
    >
      <i className={`bi ${p.icon} ${iconGap}`} aria-hidden="true" />
      {t(p.label)}
    </Button>
  );
  return (
    <section className="container py-4" style={{ maxWidth: 440 }}>
      <Card className="shadow-sm">
        <Card.Body className="p-4">
          <h1 className="h3 text-center mb-1">{t('welcome')}</h1>
          <p className="text-center text-body-secondary mb-4">
            {t(mode === 'signup' ? 'signupIntro' : 'loginIntro')}
          </p>

          <div className="d-grid gap-2 mb-2">
            {MAIN_PROVIDERS.map((p) => providerButton(p, { variant: 'outline-dark' }, 'me-2'))}
          </div>
          <div className="d-flex justify-content-center align-items-center gap-2 mb-3 small">
            <span className="text-body-secondary">{t('moreProviders')}</span>
            {MORE_PROVIDERS.map((p) => providerButton(p, { variant: 'link', size: 'sm' }, 'me-1'))}
          </div>

          <div className="d-flex align-items-center my-3 text-body-secondary">
            <hr className="flex-grow-1" />
            <span className="px-2 small">{t('or')}</span>
            <hr className="flex-grow-1" />
          </div>

          {error && (
            <Alert variant="danger" className="py-2" role="alert">
              {error}
            </Alert>
          )}
          {notice && (
            <Alert variant="success" className="py-2" role="status">
              {notice}
            </Alert>
          )}

          <Form onSubmit={submit} noValidate>
            {mode === 'signup' && (
              <Form.Group className="mb-3" controlId="auth-name">
                <Form.Label>{t('name')}</Form.Label>
                <Form.Control
                  value={name}
                  maxLength={100}
                  autoComplete="name"
                  onChange={(e) => setName(e.target.value)}
                />
              </Form.Group>
            )}
            <Form.Group className="mb-3" controlId="auth-email">
              <Form.Label>{t('email')}</Form.Label>
              <Form.Control
                type="email"
                value={email}
                autoComplete="email"
                onChange={(e) => setEmail(e.target.value)}
              />
            </Form.Group>
            <Form.Group className="mb-3" controlId="auth-password">
              <Form.Label>{t('password')}</Form.Label>
              <Form.Control
                type="password"
                value={password}
                autoComplete={mode === 'signup' ? 'new-password' : 'current-password'}
                onChange={(e) => setPassword(e.target.value)}
              />
            </Form.Group>
            <div className="d-grid">
              <Button type="submit" disabled={disabled}>
                {busy ? t('working') : t(mode === 'signup' ? 'signUp' : 'signIn')}
              </Button>
            </div>
          </Form>

          {mode === 'login' && (
            <div className="text-center mt-2">
              <Button variant="link" size="sm" disabled={disabled} onClick={resetPassword}>
                {t('forgotPassword')}
              </Button>
            </div>
          )}
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
