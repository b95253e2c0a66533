import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { confirmService } from '../confirm.ts';
import DialogHeader from '../../ui/dialog-header/DialogHeader.tsx';

/** Renders the confirmation question on screen; above any other dialog. */
export default function ConfirmHost() {
  const { t } = useTranslation('shell');
  const { current } = useSnapshot(confirmService.state);
  return (
    <Modal
      show={current !== null}
      onHide={() => confirmService.answer(false)}
      centered
      className="confirm-dialog"
      backdropClassName="confirm-backdrop"
      aria-labelledby="confirm-title"
    >
      <DialogHeader titleId="confirm-title" title={t('confirm.title')} />
      <Modal.Body>
        <p className="mb-0" data-testid="confirm-message">
          {current?.message}
        </p>
      </Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={() => confirmService.answer(false)}>
          {t('confirm.cancel')}
        </Button>
        <Button variant="primary" autoFocus onClick={() => confirmService.answer(true)}>
          {t('confirm.ok')}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
