// The dialog chosen in ui.modal. Each dialog's code loads on first use.
import { lazy, Suspense } from 'react';
import { useSnapshot } from 'valtio';
import ProjectDialogs from '../../project/ui/ProjectDialogs.tsx';
import { closeModal, ui } from '../../state/ui.ts';

const AboutModal = lazy(() => import('./AboutModal.tsx'));
const LanguageModal = lazy(() => import('./LanguageModal.tsx'));
const PlaceholderModal = lazy(() => import('./PlaceholderModal.tsx'));
const ExamplesModal = lazy(() => import('../../project/examples/ExamplesModal.tsx'));

export default function ShellModals() {
  const { modal } = useSnapshot(ui);
  return (
    <Suspense fallback={null}>
      {modal === 'about' && <AboutModal onHide={closeModal} />}
      {modal === 'language' && <LanguageModal onHide={closeModal} />}
      {modal === 'releaseNotes' && <PlaceholderModal textKey="releaseNotes" onHide={closeModal} />}
      {modal === 'examples' && <ExamplesModal onHide={closeModal} />}
      <ProjectDialogs />
    </Suspense>
  );
}
