// The sign-in and sign-up form (spec core §2): Google, Facebook and Microsoft buttons, GitHub
// and Twitter actions, e-mail and password, password reset. Shared by the sign-in screen and
// the "Sign in again" dialog. With the Auth emulator a social button opens the emulator's
// stand-in accounts here instead of a popup (EmulatorAccountChooser), so it works offline.
import { useId, useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button, { type ButtonProps } from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useTranslation } from 'react-i18next';
import { authErrorText } from '../auth-error-text.ts';
import type { AuthService, SocialProvider } from '../auth-service.ts';
import EmulatorAccountChooser from './EmulatorAccountChooser.tsx';

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

interface SignInFormProps {
  mode: 'login' | 'signup';
  /** Null until the auth service runs (everything is disabled until then). */
  service: AuthService | null;
  /** Called after a successful sign-in or sign-up. */
  onSignedIn: (service: AuthService) => void;
  initialEmail?: string;
  /** Told when work starts and ends (the screen holds its redirect meanwhile). */
  onBusyChange?: (busy: boolean) => void;
}

export default function SignInForm(props: SignInFormProps) {
  const { mode, service } = props;
  const { t } = useTranslation('auth');
  const id = useId();
  const [name, setName] = useState('');
  const [email, setEmail] = useState(props.initialEmail ?? '');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [choosing, setChoosing] = useState<SocialProvider | null>(null);

  async function run(action: (s: AuthService) => Promise<void>, signsIn: boolean) {
    if (!service) return;
    setBusy(true);
    props.onBusyChange?.(true);
    setError(null);
    setNotice(null);
    try {
      await action(service);
      if (signsIn) props.onSignedIn(service);
    } catch (e) {
      setError(authErrorText(e, t));
    } finally {
      setBusy(false);
      props.onBusyChange?.(false);
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

  function social(provider: SocialProvider) {
    if (service?.emulated) {
      setError(null);
      setChoosing(provider);
    } else {
      void run((s) => s.signInWith(provider), true);
    }
  }

  const disabled = busy || !service;
  const alerts = (
    <>
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
    </>
  );

  if (choosing && service) {
    return (
      <>
        {alerts}
        <EmulatorAccountChooser
          provider={choosing}
          service={service}
          busy={busy}
          onChosen={(account) =>
            void run((s) => s.signInWithEmulatorAccount(choosing, account), true)
          }
          onBack={() => {
            setError(null);
            setChoosing(null);
          }}
        />
      </>
    );
  }

  // One sign-in button per provider; the main and the more providers differ only in look.
  const providerButton = (p: Provider, look: ButtonProps, iconGap: string) => (
    <Button key={p.id} {...look} disabled={disabled} onClick={() => social(p.id)}>
      <i className={`bi ${p.icon} ${iconGap}`} aria-hidden="true" />
      {t(p.label)}
    </Button>
  );
  return (
    <>
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

      {alerts}

      <Form onSubmit={submit} noValidate>
        {mode === 'signup' && (
          <Form.Group className="mb-3" controlId={`${id}-name`}>
            <Form.Label>{t('name')}</Form.Label>
            <Form.Control
              value={name}
              maxLength={100}
              autoComplete="name"
              onChange={(e) => setName(e.target.value)}
            />
          </Form.Group>
        )}
        <Form.Group className="mb-3" controlId={`${id}-email`}>
          <Form.Label>{t('email')}</Form.Label>
          <Form.Control
            type="email"
            value={email}
            autoComplete="email"
            onChange={(e) => setEmail(e.target.value)}
          />
        </Form.Group>
        <Form.Group className="mb-3" controlId={`${id}-password`}>
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
    </>
  );
}
