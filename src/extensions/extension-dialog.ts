// The extension dialog as a promise (docs/extensions.md): "Publish as an Extension" asks for
// the name, image, descriptions, firmware-core link and the block texts in each language,
// and gets the answer, or null when the user cancels; the extension page's "Edit details"
// asks the same of a published extension. ExtensionDialogHost renders the question.
import { proxy } from 'valtio';
import type { LibraryLanguages } from '../contract/extensions.ts';
import type { LibraryIssue } from '../editor/extension-library.ts';

export interface ExtensionDetails {
  name: string;
  imageUrl: string;
  shortDescription: string;
  description: string;
  firmwareCore: string;
  texts: Partial<LibraryLanguages>;
}

interface DialogProcedure {
  name: string;
  label: string;
  params: string[];
  output: boolean;
}

export interface ExtensionDialogView {
  id: number;
  kind: 'publish' | 'edit';
  initial: ExtensionDetails;
  procedures: DialogProcedure[];
  /** Why the workspace cannot be published (shown instead of the Publish button). */
  issues: LibraryIssue[];
}

export const extensionDialog = proxy<{ current: ExtensionDialogView | null }>({ current: null });

let pending: ((answer: ExtensionDetails | null) => void) | null = null;
let nextId = 1;

export function askExtensionDetails(
  view: Omit<ExtensionDialogView, 'id'>,
): Promise<ExtensionDetails | null> {
  answerExtensionDialog(null);
  return new Promise((resolve) => {
    pending = resolve;
    extensionDialog.current = { ...view, id: nextId++ };
  });
}

export function answerExtensionDialog(answer: ExtensionDetails | null): void {
  const resolve = pending;
  pending = null;
  extensionDialog.current = null;
  resolve?.(answer);
}
