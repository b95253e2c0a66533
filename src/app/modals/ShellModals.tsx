// The dialog chosen in ui.modal. Each dialog's code loads on first use.
import { lazy, Suspense, useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { answerExtensionDialog, extensionDialog } from '../../extensions/extension-dialog.ts';
import { firmware } from '../../firmware/firmware-state.ts';
import ProjectDialogs from '../../project/ui/ProjectDialogs.tsx';
import { session } from '../../state/session.ts';
import { closeOnRouteChange } from '../../shell/route-change.ts';
import { closeModal, ui } from '../../state/ui.ts';

/** An update in progress keeps its dialog: the board must not be left half-written. */
function closeForRouteChange(): void {
  const updating = firmware.phase === 'preparing' || firmware.phase === 'updating';
  if (!(ui.modal === 'firmware' && updating)) closeModal();
  answerExtensionDialog(null);
}

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
  useEffect(() => closeOnRouteChange(closeForRouteChange), []);
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
