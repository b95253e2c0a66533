// /teachable-machine (Labs ▸ Teachable Machine): an image model from Teachable Machine
// classifies the camera or a file, and a class that stays above the threshold is sent to
// the connected board as a key-value message on the channel (docs/labs.md).
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../../shell/ui/use-document-title.ts';
import { useBoardGate } from '../../../board/ui/use-board-gate.ts';
import TmControls from './TmControls.tsx';

export default function TeachableMachinePage() {
  const { t } = useTranslation(['teachable', 'screens']);
  useDocumentTitle(t('screens:teachableMachine.title'));
  const gate = useBoardGate();
  return (
    <section className="container py-3" aria-labelledby="tm-title">
      <h1 id="tm-title" className="h3">
        {t('screens:teachableMachine.title')}
      </h1>
      <p className="text-body-secondary">{t('intro')}</p>
      <TmControls id="tm" gate={gate} />
    </section>
  );
}
