// Logging private data while logged out (classroom-and-labs §6): a running program's
// `cloud record` asks the user to log in or switch to the public log; its records wait for
// the answer (src/datalog/cloud/cloud-recorder.ts).
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { cloudRecorder, cloudRecorderState } from '../runtime.ts';
import DialogHeader from '../../../ui/dialog-header/DialogHeader.tsx';

export default function CloudLoginPrompt() {
  const { t } = useTranslation(['cloudlog', 'shell']);
  const navigate = useNavigate();
  const { askLogin } = useSnapshot(cloudRecorderState);
  const dismiss = () => {
    cloudRecorderState.askLogin = false;
  };
  return (
    <Modal show={askLogin} onHide={dismiss} centered aria-labelledby="cloudlog-login-title">
      <DialogHeader titleId="cloudlog-login-title" title={t('recorderTitle')} />
      <Modal.Body>
        <p className="mb-0" data-testid="cloudlog-record-login">
          {t('loginRequired')}
        </p>
      </Modal.Body>
      <Modal.Footer>
        <Button variant="outline-primary" onClick={() => cloudRecorder.switchToPublic()}>
          {t('switchToPublic')}
        </Button>
        <Button
          variant="primary"
          autoFocus
          onClick={() => {
            dismiss();
            void navigate('/auth/login');
          }}
        >
          {t('login')}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
