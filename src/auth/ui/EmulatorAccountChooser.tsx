// The Auth emulator's stand-in for a provider's account chooser, in the app: its accounts of
// that provider, and a form to add one. Shown instead of the provider's popup when sign-in
// runs on the emulator (emulator-idp.ts), so Google, Facebook and Microsoft sign-in work
// with no internet. The choice goes back to the form, which signs in with it.
import { useEffect, useId, useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import ListGroup from 'react-bootstrap/ListGroup';
import { useTranslation } from 'react-i18next';
import Loading from '../../ui/busy/Loading.tsx';
import type { AuthService, SocialProvider } from '../auth-service.ts';
import { newRawId, type EmulatorAccount } from '../emulator-idp.ts';

/** Brand names, the same in every language. */
const BRANDS: Record<SocialProvider, string> = {
  google: 'Google',
  facebook: 'Facebook',
  microsoft: 'Microsoft',
  github: 'GitHub',
  twitter: 'Twitter',
};

interface EmulatorAccountChooserProps {
  provider: SocialProvider;
  service: AuthService;
  /** A sign-in with the chosen account is under way. */
  busy: boolean;
  onChosen: (account: EmulatorAccount) => void;
  onBack: () => void;
}

export default function EmulatorAccountChooser(props: EmulatorAccountChooserProps) {
  const { provider, service, busy } = props;
  const { t } = useTranslation('auth');
  const id = useId();
  const brand = BRANDS[provider];
  const [accounts, setAccounts] = useState<EmulatorAccount[] | null>(null);
  const [listFailed, setListFailed] = useState(false);
  const [adding, setAdding] = useState(false);
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [badEmail, setBadEmail] = useState(false);

  useEffect(() => {
    let live = true;
    service.emulatorAccounts(provider).then(
      (found) => live && setAccounts(found),
      () => {
        if (!live) return;
        setListFailed(true);
        setAccounts([]);
      },
    );
    return () => {
      live = false;
    };
  }, [service, provider]);

  function add(e: FormEvent) {
    e.preventDefault();
    const address = email.trim();
    if (!/^[^\s@]+@[^\s@]+$/.test(address)) {
      setBadEmail(true);
      return;
    }
    props.onChosen({ rawId: newRawId(), email: address, name: name.trim() });
  }

  return (
    <div data-testid="emulator-accounts">
      <h2 className="h5" id={`${id}-title`}>
        {t('emulator.title', { provider: brand })}
      </h2>
      <p className="small text-body-secondary">{t('emulator.note', { provider: brand })}</p>
      {listFailed && (
        <Alert variant="warning" className="py-2">
          {t('emulator.listFailed')}
        </Alert>
      )}
      {accounts === null ? (
        <Loading className="text-center py-3" />
      ) : (
        !adding && (
          <>
            {accounts.length === 0 && !listFailed && (
              <p className="small">{t('emulator.none', { provider: brand })}</p>
            )}
            {accounts.length > 0 && (
              <ListGroup className="mb-3" aria-labelledby={`${id}-title`}>
                {accounts.map((a) => (
                  <ListGroup.Item
                    key={a.rawId}
                    action
                    disabled={busy}
                    onClick={() => props.onChosen(a)}
                  >
                    <div className="fw-semibold">{a.name || a.email}</div>
                    {a.name && <div className="small text-body-secondary">{a.email}</div>}
                  </ListGroup.Item>
                ))}
              </ListGroup>
            )}
            <div className="d-grid">
              <Button variant="outline-primary" disabled={busy} onClick={() => setAdding(true)}>
                <i className="bi bi-person-plus me-2" aria-hidden="true" />
                {t('emulator.add')}
              </Button>
            </div>
          </>
        )
      )}
      {adding && (
        <Form onSubmit={add} noValidate>
          <Form.Group className="mb-3" controlId={`${id}-email`}>
            <Form.Label>{t('email')}</Form.Label>
            <Form.Control
              type="email"
              value={email}
              autoComplete="email"
              autoFocus
              isInvalid={badEmail}
              aria-describedby={badEmail ? `${id}-email-error` : undefined}
              onChange={(e) => {
                setEmail(e.target.value);
                setBadEmail(false);
              }}
            />
            <Form.Control.Feedback type="invalid" id={`${id}-email-error`}>
              {t('errors.invalid-email')}
            </Form.Control.Feedback>
          </Form.Group>
          <Form.Group className="mb-3" controlId={`${id}-name`}>
            <Form.Label>{t('name')}</Form.Label>
            <Form.Control
              value={name}
              maxLength={100}
              autoComplete="name"
              onChange={(e) => setName(e.target.value)}
            />
          </Form.Group>
          <div className="d-grid">
            <Button type="submit" disabled={busy}>
              {busy ? t('working') : t('emulator.signInWith', { provider: brand })}
            </Button>
          </div>
        </Form>
      )}
      <div className="text-center mt-2">
        <Button
          variant="link"
          size="sm"
          disabled={busy}
          onClick={() => (adding ? setAdding(false) : props.onBack())}
        >
          <i className="bi bi-arrow-left me-1" aria-hidden="true" />
          {t('emulator.back')}
        </Button>
      </div>
    </div>
  );
}
