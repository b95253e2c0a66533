// The routes that open the program editor and how each one opens it (spec core §2).
// Every variant is the same editor; they differ in what the user may do.
import type { ScreenId } from '../shell/screens.ts';

export type EditorVariantId = Extract<
  ScreenId,
  | 'program'
  | 'editor'
  | 'view'
  | 'viewV1'
  | 'code'
  | 'programV1'
  | 'programV2'
  | 'programBlockly'
  | 'submission'
  | 'extension'
>;

interface EditorVariant {
  id: EditorVariantId;
  /** Viewing only: no edits, no file or project changes. */
  readOnly: boolean;
  /** The Blocks/Logo switch and the Logo panel are offered. */
  logo: boolean;
  /** The route's id names a project or shared program to load (not an extension). */
  loadsProject: boolean;
}

export const EDITOR_VARIANTS: Record<EditorVariantId, EditorVariant> = {
  program: { id: 'program', readOnly: false, logo: true, loadsProject: true },
  editor: { id: 'editor', readOnly: false, logo: true, loadsProject: true },
  code: { id: 'code', readOnly: false, logo: true, loadsProject: true },
  programV1: { id: 'programV1', readOnly: false, logo: true, loadsProject: true },
  programV2: { id: 'programV2', readOnly: false, logo: true, loadsProject: true },
  view: { id: 'view', readOnly: true, logo: true, loadsProject: true },
  viewV1: { id: 'viewV1', readOnly: true, logo: true, loadsProject: true },
  // A student's submitted program, opened from the gradebook.
  submission: { id: 'submission', readOnly: true, logo: true, loadsProject: true },
  // A plain block workspace for trying out blocks.
  programBlockly: { id: 'programBlockly', readOnly: false, logo: false, loadsProject: true },
  // Extension-edit mode: the extension feature loads the extension's workspace.
  extension: { id: 'extension', readOnly: false, logo: true, loadsProject: false },
};
