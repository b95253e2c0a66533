// The project examples dialog: the examples page for the interface language in a frame, with
// a loading overlay until it has loaded. Choosing an example there closes the dialog and,
// after a confirmation, opens the example in the editor.
import './project.css';
import { useEffect, useId, useState } from 'react';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import { useTranslation } from 'react-i18next';
import { useCurrentLanguage } from '../../shell/ui/use-current-language.ts';
import { confirm } from '../../shell/confirm.ts';
import { inBackground } from '../../api/report-failure.ts';
import type { LoadProjectMessage } from '../../contract/projects.ts';
import i18next from 'i18next';
import { navigateTo } from '../../shell/navigation.ts';
import { acceptLoadProject, examplesOrigin, examplesPageUrl } from '../examples/examples-source.ts';

async function openExample(example: LoadProjectMessage): Promise<void> {
  const ok = await confirm(i18next.t('project:examples.confirm', { name: example.name }));
  if (!ok) return;
  const { cloudProgram } = await import('../runtime.ts');
  cloudProgram.openUnsaved(example.code, example.name);
  navigateTo('/program');
}

export default function ExamplesModal({ onHide }: { onHide: () => void }) {
  const { t } = useTranslation('project');
  const language = useCurrentLanguage();
  const [loading, setLoading] = useState(true);
  const titleId = useId();
  const url = examplesPageUrl(language.code);

  useEffect(() => {
    const origin = examplesOrigin();
    const onMessage = (event: MessageEvent) => {
      const example = acceptLoadProject(event, origin);
      if (!example) return;
      onHide();
      inBackground(openExample(example));
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [onHide]);

  return (
    <Modal show onHide={onHide} size="xl" aria-labelledby={titleId}>
      <Modal.Header closeButton closeLabel={t('shell:close')}>
        <Modal.Title id={titleId} as="h2" className="h5">
          {t('shell:examples.title')}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body className="position-relative p-0 examples-body">
        {loading && (
          <div
            className="position-absolute top-0 start-0 w-100 h-100 d-flex align-items-center justify-content-center gap-2 bg-body"
            role="status"
          >
            <Spinner animation="border" size="sm" aria-hidden="true" />
            {t('examples.loading')}
          </div>
        )}
        <iframe
          key={url}
          title={t('examples.frameTitle')}
          src={url}
          className="w-100 h-100 border-0 d-block"
          onLoad={() => setLoading(false)}
        />
      </Modal.Body>
    </Modal>
  );
}
