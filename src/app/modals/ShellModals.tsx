// The dialog chosen in ui.modal. Each dialog's code loads on first use.
import { lazy, Suspense } from 'react';
import { useSnapshot } from 'valtio';
import { extensionDialog } from '../../extensions/extension-dialog.ts';
import ProjectDialogs from '../../project/ui/ProjectDialogs.tsx';
import { session } from '../../state/session.ts';
import { closeModal, ui } from '../../state/ui.ts';

const AboutModal = lazy(() => import('./AboutModal.tsx'));
const LanguageModal = lazy(() => import('./LanguageModal.tsx'));
const ExamplesModal = lazy(() => import('../../project/ui/ExamplesModal.tsx'));
const ReleaseNotesModal = lazy(() => import('../../firmware/ui/ReleaseNotesModal.tsx'));
const FirmwareUpdaterModal = lazy(() => import('../../firmware/ui/FirmwareUpdaterModal.tsx'));
const FirmwareGuideModal = lazy(() => import('../../firmware/ui/FirmwareGuideModal.tsx'));
const ExtensionDialogHost = lazy(() => import('../../extensions/ui/ExtensionDialogHost.tsx'));
const SignInAgainModal = lazy(() => import('../../auth/ui/SignInAgainModal.tsx'));

export default function ShellModals() {
  const { modal } = useSnapshot(ui);
  const extensionAsked = useSnapshot(extensionDialog).current !== null;
  const reauth = useSnapshot(session).reauth !== null;
  return (
    <Suspense fallback={null}>
      {modal === 'about' && <AboutModal onHide={closeModal} />}
      {modal === 'language' && <LanguageModal onHide={closeModal} />}
      {modal === 'releaseNotes' && <ReleaseNotesModal onHide={closeModal} />}
      {modal === 'firmware' && <FirmwareUpdaterModal onHide={closeModal} />}
      {modal === 'firmwareGuide' && <FirmwareGuideModal onHide={closeModal} />}
      {modal === 'examples' && <ExamplesModal onHide={closeModal} />}
      <ProjectDialogs />
      {extensionAsked && <ExtensionDialogHost />}
      {reauth && <SignInAgainModal />}
    </Suspense>
  );
}
