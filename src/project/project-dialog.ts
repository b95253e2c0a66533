// The project details dialog (spec core §2 "New-project dialog") as a promise: the save flow,
// the project page and the catalog pages ask for a name, header image and description and
// get the answer, or null when the user cancels. ProjectDialogs renders the question.
import { proxy } from 'valtio';

export interface ProjectDetails {
  name: string;
  headerImage: string;
  desc: string;
}

/**
 * new: a new project (Save without a name); noname: Save As, which always starts without a
 * name; edit: a saved project's details; newCatalog, editCatalog: the same for catalogs.
 */
export type ProjectDialogKind = 'new' | 'noname' | 'edit' | 'newCatalog' | 'editCatalog';

export interface ProjectDialogView {
  id: number;
  kind: ProjectDialogKind;
  /** The fresh state of the form: cancelling asks only when the form differs from it. */
  initial: ProjectDetails;
}

export const projectDialog = proxy<{ current: ProjectDialogView | null }>({ current: null });

let pending: ((answer: ProjectDetails | null) => void) | null = null;
let nextId = 1;

/** Opens the dialog; a dialog already open is cancelled first. */
export function askProjectDetails(
  kind: ProjectDialogKind,
  initial: ProjectDetails,
): Promise<ProjectDetails | null> {
  answerProjectDialog(null);
  return new Promise((resolve) => {
    pending = resolve;
    projectDialog.current = { id: nextId++, kind, initial: { ...initial } };
  });
}

/** Confirm (details) or cancel (null); the dialog's state is reset either way (spec core §4). */
export function answerProjectDialog(answer: ProjectDetails | null): void {
  const resolve = pending;
  pending = null;
  projectDialog.current = null;
  resolve?.(answer);
}

/** The share dialog: the link of the last share, while it is on screen. */
export const shareDialog = proxy<{ link: string | null }>({ link: null });

export function showShareLink(link: string): void {
  shareDialog.link = link;
}

export function closeShareDialog(): void {
  shareDialog.link = null;
}
