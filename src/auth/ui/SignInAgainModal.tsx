// "Sign in again", over whatever page is open, when a session has ended without the user
// signing out (session.reauth; the auth service decides). Nothing on the page is lost: the
// calls that found the session gone (a save, say) wait and go out again once the person has
// signed in here; "Not now" leaves them signed out and those calls fail as before.
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { session } from '../../state/session.ts';
import DialogHeader from '../../ui/dialog-header/DialogHeader.tsx';
import SignInForm from './SignInForm.tsx';
import { useAuthService } from './use-auth-service.ts';

export default function SignInAgainModal() {
  const { t } = useTranslation('auth');
  const service = useAuthService();
  const { reauth } = useSnapshot(session);
  if (!reauth) return null;
  const decline = () => service?.declineSignInAgain();
  return (
    <Modal show onHide={decline} backdrop="static" aria-labelledby="sign-in-again-title">
      <DialogHeader titleId="sign-in-again-title" title={t('again.title')} />
      <Modal.Body>
        <p>{t('again.intro')}</p>
        {reauth.email && (
          <p className="small text-body-secondary">{t('again.was', { email: reauth.email })}</p>
        )}
        <SignInForm
          mode="login"
          service={service}
          initialEmail={reauth.providerId === 'password' ? reauth.email : ''}
          // The service closes this dialog itself once signed in (session.reauth).
          onSignedIn={() => {}}
        />
      </Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={decline}>
          {t('again.notNow')}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
