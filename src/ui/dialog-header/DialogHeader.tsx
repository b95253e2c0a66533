// The header of a dialog: its title as a level-2 heading (the id the Modal's
// aria-labelledby names) and a close button with the translated name 'Close'.
import type { ReactNode } from 'react';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';

interface DialogHeaderProps {
  /** The title's id, named by the dialog's `aria-labelledby`. */
  titleId: string;
  title: ReactNode;
  /** False while the dialog must stay open (work under way): no close button. */
  closable?: boolean;
}

export default function DialogHeader({ titleId, title, closable = true }: DialogHeaderProps) {
  const { t } = useTranslation('shell');
  return (
    <Modal.Header closeButton={closable} closeLabel={t('close')}>
      <Modal.Title id={titleId} as="h2" className="h5">
        {title}
      </Modal.Title>
    </Modal.Header>
  );
}
