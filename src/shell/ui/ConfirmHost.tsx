import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { confirmService } from '../confirm.ts';

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
      <Modal.Header closeButton closeLabel={t('close')}>
        <Modal.Title id="confirm-title" as="h2" className="h5">
          {t('confirm.title')}
        </Modal.Title>
      </Modal.Header>
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
