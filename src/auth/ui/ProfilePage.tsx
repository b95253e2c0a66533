// Route /profile (requires login): who is signed in, how, with which role; edit the name.
import { useState, type FormEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Card from 'react-bootstrap/Card';
import Form from 'react-bootstrap/Form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { session, type User } from '../../state/session.ts';
import { providerName } from '../../shell/provider-name.ts';
import { useAuthService } from './use-auth-service.ts';

function Avatar({ user }: { user: Readonly<User> }) {
  const { t } = useTranslation('auth');
  const size = 72;
  if (user.photoUrl) {
    return (
      <img
        src={user.photoUrl}
        alt={t('profile.avatar', { name: user.name })}
        width={size}
        height={size}
        className="rounded-circle object-fit-cover"
        referrerPolicy="no-referrer"
      />
    );
  }
  const initial = (user.name || user.email || '?').trim().charAt(0).toUpperCase();
  return (
    <div
      className="rounded-circle bg-primary text-white d-flex align-items-center justify-content-center fs-2"
      style={{ width: size, height: size }}
      aria-hidden="true"
    >
      {initial}
    </div>
  );
}

function Profile({ user }: { user: Readonly<User> }) {
  const { t } = useTranslation('auth');
  const service = useAuthService();
  const snap = useSnapshot(session);
  const [name, setName] = useState(user.name);
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState(false);

  async function save(e: FormEvent) {
    e.preventDefault();
    if (!service) return;
    setSaving(true);
    setSaved(false);
    try {
      await service.updateName(name);
      setSaved(true);
    } catch {
      // The API client already showed the reason as a toast.
    } finally {
      setSaving(false);
    }
  }

  const role = snap.userRole;
  return (
    <section className="container py-4" style={{ maxWidth: 640 }}>
      <h1 className="h3 mb-4">{t('profile.title')}</h1>
      <Card className="shadow-sm">
        <Card.Body className="d-flex gap-4 align-items-start flex-wrap">
          <Avatar user={user} />
          <dl className="row mb-0 flex-grow-1">
            <dt className="col-sm-4">{t('profile.name')}</dt>
            <dd className="col-sm-8" data-testid="profile-name">
              {user.name}
            </dd>
            <dt className="col-sm-4">{t('profile.email')}</dt>
            <dd className="col-sm-8" data-testid="profile-email">
              {user.email}
            </dd>
            <dt className="col-sm-4">{t('profile.provider')}</dt>
            <dd className="col-sm-8" data-testid="profile-provider">
              {providerName(user.providerId, t)}
            </dd>
            {role && (
              <>
                <dt className="col-sm-4">{t('profile.role')}</dt>
                <dd className="col-sm-8" data-testid="profile-role">
                  {t(`roles.${role}`, { defaultValue: role })}
                </dd>
              </>
            )}
          </dl>
        </Card.Body>
      </Card>

      <Form className="mt-4" onSubmit={(e) => void save(e)}>
        <Form.Group controlId="profile-name-input" className="mb-2">
          <Form.Label>{t('profile.name')}</Form.Label>
          <Form.Control
            value={name}
            maxLength={100}
            required
            onChange={(e) => {
              setName(e.target.value);
              setSaved(false);
            }}
          />
        </Form.Group>
        <div className="d-flex gap-2 align-items-center">
          <Button type="submit" disabled={saving || !service || name.trim() === ''}>
            {saving ? t('working') : t('profile.save')}
          </Button>
          <Link className="btn btn-outline-secondary" to="/logout">
            {t('profile.logout')}
          </Link>
        </div>
        {saved && (
          <Alert variant="success" className="mt-3 py-2" role="status">
            {t('profile.saved')}
          </Alert>
        )}
      </Form>
    </section>
  );
}

function SignedInProfile() {
  const snap = useSnapshot(session);
  return snap.user ? <Profile key={snap.user.id} user={snap.user} /> : null;
}

/** The route's login guard (src/shell/guards.ts) keeps visitors out. */
export default function ProfilePage() {
  return <SignedInProfile />;
}
