// The share dialog (spec core §2): the sharing link with a copy button.
import { useId, useRef } from 'react';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../state/ui.ts';
import { closeShareDialog } from '../project-dialog.ts';

export default function ShareDialog({ link }: { link: string }) {
  const { t } = useTranslation('project');
  const titleId = useId();
  const input = useRef<HTMLInputElement>(null);

  async function copy() {
    try {
      await navigator.clipboard.writeText(link);
      showToast('success', t('program:messages.copied'));
    } catch {
      // No clipboard permission: leave the link selected for the user to copy.
      input.current?.select();
      showToast('warning', t('share.copyFailed'));
    }
  }

  return (
    <Modal show onHide={closeShareDialog} aria-labelledby={titleId}>
      <Modal.Header closeButton closeLabel={t('shell:close')}>
        <Modal.Title id={titleId} as="h2" className="h5">
          {t('share.title')}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p>{t('share.intro')}</p>
        <div className="input-group">
          <input
            ref={input}
            className="form-control font-monospace"
            type="text"
            readOnly
            value={link}
            aria-label={t('share.link')}
            onFocus={(e) => e.target.select()}
          />
          <Button variant="primary" onClick={() => void copy()}>
            <i className="bi bi-clipboard me-1" aria-hidden="true" />
            {t('share.copy')}
          </Button>
        </div>
      </Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={closeShareDialog}>
          {t('shell:close')}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
