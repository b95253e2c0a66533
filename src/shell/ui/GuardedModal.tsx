// A dialog that protects unsaved input: closing it (Esc, the close button, the backdrop)
// while `dirty` asks 'You may lost your unsaved data' first (spec core §4, §5).
import Modal, { type ModalProps } from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';
import { confirm } from '../confirm.ts';

interface GuardedModalProps extends Omit<ModalProps, 'onHide'> {
  dirty: boolean;
  onHide: () => void;
}

export default function GuardedModal({ dirty, onHide, children, ...rest }: GuardedModalProps) {
  const { t } = useTranslation('shell');
  async function requestClose() {
    if (!dirty || (await confirm(t('confirm.unsavedData')))) onHide();
  }
  return (
    <Modal {...rest} onHide={() => void requestClose()}>
      {children}
    </Modal>
  );
}
