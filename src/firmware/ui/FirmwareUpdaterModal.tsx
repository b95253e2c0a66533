// The firmware updater as a dialog (opened by the Update Firmware action). While an update
// runs it cannot be closed: the board must not be left half-written by a stray click.
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { firmware } from '../firmware-state.ts';
import DialogHeader from '../../ui/dialog-header/DialogHeader.tsx';
import FirmwareUpdater from './FirmwareUpdater.tsx';

export default function FirmwareUpdaterModal({ onHide }: { onHide: () => void }) {
  const { t } = useTranslation(['firmware', 'shell']);
  const { phase } = useSnapshot(firmware);
  const busy = phase === 'preparing' || phase === 'updating';
  return (
    <Modal
      show
      onHide={busy ? () => {} : onHide}
      backdrop={busy ? 'static' : true}
      keyboard={!busy}
      aria-labelledby="firmware-title"
    >
      <DialogHeader titleId="firmware-title" title={t('firmware:title')} closable={!busy} />
      <Modal.Body>
        <FirmwareUpdater />
      </Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={onHide} disabled={busy}>
          {t('shell:close')}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
