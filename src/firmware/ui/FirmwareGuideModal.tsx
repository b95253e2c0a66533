// Before the app sends a user to an external update guide (GoGo Board 7), it says so: the
// guide opens in a new tab only when the user asks for it.
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { firmwareGuide } from '../firmware-guide.ts';
import DialogHeader from '../../ui/dialog-header/DialogHeader.tsx';

export default function FirmwareGuideModal({ onHide }: { onHide: () => void }) {
  const { t } = useTranslation(['firmware', 'shell']);
  const { url } = useSnapshot(firmwareGuide);
  return (
    <Modal show onHide={onHide} aria-labelledby="firmware-guide-title">
      <DialogHeader titleId="firmware-guide-title" title={t('firmware:gogo7Guide.title')} />
      <Modal.Body>
        <p className="mb-0">{t('firmware:gogo7Guide.text')}</p>
      </Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={onHide}>
          {t('shell:close')}
        </Button>
        {/* A link (it leaves for another site), drawn as the main button. */}
        <a
          className="btn btn-primary"
          href={url}
          target="_blank"
          rel="noopener noreferrer"
          onClick={onHide}
        >
          <i className="bi bi-box-arrow-up-right me-2" aria-hidden="true" />
          {t('firmware:gogo7Guide.open')}
        </a>
      </Modal.Footer>
    </Modal>
  );
}
