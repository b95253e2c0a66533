// About: credits, the version string and a link to the release notes.
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';
import { openModal } from '../../state/ui.ts';
import { APP_VERSION } from '../version.ts';
import DialogHeader from '../../ui/dialog-header/DialogHeader.tsx';

export default function AboutModal({ onHide }: { onHide: () => void }) {
  const { t } = useTranslation('shell');
  return (
    <Modal show onHide={onHide} aria-labelledby="about-title">
      <DialogHeader titleId="about-title" title={t('about.title')} />
      <Modal.Body>
        <p data-testid="app-version">{t('about.version', { version: APP_VERSION })}</p>
        <h3 className="h6">{t('about.creditsTitle')}</h3>
        <ul className="small">
          <li>{t('about.creditBoard')}</li>
          <li>{t('about.creditTeam')}</li>
          <li>{t('about.creditSoftware')}</li>
        </ul>
        <Button variant="link" className="p-0" onClick={() => openModal('releaseNotes')}>
          <i className="bi bi-card-list me-1" aria-hidden="true" />
          {t('about.releaseNotes')}
        </Button>
      </Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={onHide}>
          {t('close')}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
