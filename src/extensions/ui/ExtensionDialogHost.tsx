// Renders the extension dialog while one is asked for (src/extensions/extension-dialog.ts).
import { useSnapshot } from 'valtio';
import { extensionDialog, type ExtensionDialogView } from '../extension-dialog.ts';
import ExtensionDialog from './ExtensionDialog.tsx';

export default function ExtensionDialogHost() {
  const { current } = useSnapshot(extensionDialog);
  // The snapshot is read-only; the dialog copies what it edits.
  return current ? (
    <ExtensionDialog key={current.id} view={current as unknown as ExtensionDialogView} />
  ) : null;
}
