// A large dialog holding one form: a title, the fields, Cancel and a confirm button. Enter
// submits; closing or cancelling while `dirty` asks 'You may lost your unsaved data' first.
import type { ReactNode } from 'react';
import { useId } from 'react';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';
import GuardedModal from './GuardedModal.tsx';
import { confirm } from '../confirm.ts';

interface FormModalProps {
  title: string;
  dirty: boolean;
  canConfirm: boolean;
  confirmLabel: string;
  cancelLabel: string;
  /** Called once the user has closed or cancelled (after confirming when dirty). */
  onClose: () => void;
  /** Called on Enter or the confirm button while `canConfirm`. */
  onConfirm: () => void;
  children: ReactNode;
}

export default function FormModal(props: FormModalProps) {
  const { title, dirty, canConfirm, onClose, onConfirm, children } = props;
  const { t } = useTranslation('shell');
  const titleId = useId();

  async function cancel() {
    if (!dirty || (await confirm(t('confirm.unsavedData')))) onClose();
  }

  return (
    <GuardedModal
      show
      dirty={dirty}
      onHide={onClose}
      size="lg"
      aria-labelledby={titleId}
      backdrop="static"
    >
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (canConfirm) onConfirm();
        }}
      >
        <Modal.Header closeButton closeLabel={t('close')}>
          <Modal.Title id={titleId} as="h2" className="h5">
            {title}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body className="d-grid gap-3">{children}</Modal.Body>
        <Modal.Footer>
          <Button variant="secondary" onClick={() => void cancel()}>
            {props.cancelLabel}
          </Button>
          <Button type="submit" variant="primary" disabled={!canConfirm}>
            {props.confirmLabel}
          </Button>
        </Modal.Footer>
      </form>
    </GuardedModal>
  );
}
