// Extension-edit mode (spec core §2; docs/extensions.md): /extension/{id} opens the
// extension's workspace in the editor with a read-only name, and the menu offers Save
// extension code, Cancel, Import and Save as a file. The program that was open is put
// aside and comes back when the mode ends.
import { proxy } from 'valtio';
import type { LibraryLanguages } from '../contract/extensions.ts';
import { openProgram, program } from '../program/index.ts';
import { currentDraft, restoreDraft, type ProgramDraft } from '../offline/index.ts';

interface EditingExtension {
  uuid: string;
  name: string;
  version: number;
  /** The block texts the next save keeps. */
  texts: Partial<LibraryLanguages>;
}

export const extensionEdit = proxy<{ current: EditingExtension | null }>({ current: null });

let stash: ProgramDraft | null = null;

/** Opens an extension's workspace in the editor (the open program is put aside). */
export function enterExtensionMode(extension: EditingExtension, workspaceXml: string): void {
  if (!program.extensionEditMode) stash = currentDraft();
  openProgram({
    workspaceXml,
    settings: { file_name: extension.name, program_mode: 'blocks' },
  });
  program.extensionEditMode = true;
  extensionEdit.current = { ...extension };
}

/** Ends the mode and brings back the program that was open before. */
export function leaveExtensionMode(): void {
  if (!program.extensionEditMode) return;
  program.extensionEditMode = false;
  extensionEdit.current = null;
  const before = stash;
  stash = null;
  if (!restoreDraft(before)) openProgram({ workspaceXml: '' });
}
