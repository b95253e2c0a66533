// The share dialog (spec core §2): the sharing link with a copy button. What Copy did is
// said inside the dialog (a live region there): a screen reader ignores the page behind a
// modal dialog, toasts included.
import { useId, useRef, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../state/ui.ts';
import { closeShareDialog } from '../project-dialog.ts';

export default function ShareDialog({ link }: { link: string }) {
  const { t } = useTranslation('project');
  const titleId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState<'copied' | 'failed' | null>(null);

  async function copy() {
    setCopied(null);
    try {
      await navigator.clipboard.writeText(link);
      setCopied('copied');
      showToast('success', t('program:messages.copied'));
    } catch {
      // No clipboard permission: leave the link selected for the user to copy.
      input.current?.select();
      setCopied('failed');
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
            <i
              className={`bi ${copied === 'copied' ? 'bi-clipboard-check' : 'bi-clipboard'} me-1`}
              aria-hidden="true"
            />
            {t(copied === 'copied' ? 'share.copiedButton' : 'share.copy')}
          </Button>
        </div>
        <p
          className={`small mt-2 mb-0${copied === 'failed' ? ' text-danger' : ''}`}
          role="status"
          data-testid="share-copy-status"
        >
          {copied === 'copied' && t('program:messages.copied')}
          {copied === 'failed' && t('share.copyFailed')}
        </p>
      </Modal.Body>
      <Modal.Footer>
        <Button variant="secondary" onClick={closeShareDialog}>
          {t('shell:close')}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
