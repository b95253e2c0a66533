// A dialog that a later issue fills: its title and what it will hold.
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';

interface Props {
  /** Key prefix in the shell namespace with `title` and `body`. */
  textKey: 'releaseNotes' | 'examples';
  onHide: () => void;
}

export default function PlaceholderModal({ textKey, onHide }: Props) {
  const { t } = useTranslation('shell');
  const titleId = `${textKey}-title`;
  return (
    <Modal show onHide={onHide} size="lg" aria-labelledby={titleId}>
      <Modal.Header closeButton closeLabel={t('close')}>
        <Modal.Title id={titleId} as="h2" className="h5">
          {t(`${textKey}.title`)}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p className="mb-0">{t(`${textKey}.body`)}</p>
      </Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={onHide}>
          {t('close')}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
