// Whole-program changes at the store level: new, open (replace), import (merge), and the
// switch between blocks and Logo text. A mounted editor follows `program.revision`; when no
// editor is mounted (another screen), the store alone holds the program.
import { EMPTY_TM_CONFIG, flushWorkspace, program, type ProjectSummary } from './program.ts';
import { clearLogoErrors } from './diagnostics.ts';
import {
  BLOCKLY_XML_NS,
  DEFAULT_SETTINGS,
  serializeProgramFile,
  type ProgramFile,
  type ProgramFileSettings,
} from './program-file.ts';

/** A new program: just the start block. */
export const NEW_PROGRAM_XML = `<xml xmlns="${BLOCKLY_XML_NS}"><block type="gogo_start" x="40" y="40"></block></xml>`;

export interface ProgramToOpen {
  /** Blockly workspace XML ('' for an empty program). */
  workspaceXml: string;
  /** File settings, when the source has them (local files do). */
  settings?: Partial<ProgramFileSettings>;
  /** The cloud project it belongs to; null or absent for a program from a file. */
  projectId?: string | null;
  project?: ProjectSummary | null;
}

const openListeners = new Set<() => void>();
const beforeOpenListeners = new Set<() => void>();

/**
 * Calls `listener` after every openProgram (a whole other program arrived); returns the
 * unsubscribe. Features use program-versions.ts's onProgramOpened, which says why.
 */
export function afterProgramOpened(listener: () => void): () => void {
  openListeners.add(listener);
  return () => openListeners.delete(listener);
}

/** Calls `listener` at the start of every openProgram, while the old program is still open. */
export function beforeProgramOpened(listener: () => void): () => void {
  beforeOpenListeners.add(listener);
  return () => beforeOpenListeners.delete(listener);
}

/**
 * Replaces the open program. This is the hook for loading a program from anywhere (a file,
 * a project by id, an example): it receives the workspace XML and leaves the program
 * unchanged-since-load. To keep the program it replaces as a version the user can go back
 * to, call replaceProgram (program-versions.ts) instead.
 */
export function openProgram(loaded: ProgramToOpen): void {
  for (const listener of [...beforeOpenListeners]) listener();
  const settings = { ...DEFAULT_SETTINGS, ...loaded.settings };
  program.currentProjectId = loaded.projectId ?? null;
  program.currentProject = loaded.project ?? null;
  program.toSaveProject = {
    name: loaded.project?.name ?? settings.file_name,
    headerImage: loaded.project?.headerImage ?? '',
    desc: loaded.project?.desc ?? '',
  };
  program.currentWorkspaceXmlText = loaded.workspaceXml || NEW_PROGRAM_XML;
  program.programMode = settings.program_mode;
  program.logoCode = settings.logo_code;
  // Known once the editor has generated Logo from these blocks.
  program.logoGenerated = '';
  program.tmConfig = {
    type: settings.config_tm_type,
    url: settings.config_tm_url,
    threshold: settings.config_tm_threshold,
    channel: settings.config_tm_channel,
    hold: settings.config_tm_hold,
    model: settings.config_tm_model,
  };
  program.hasChanged = false;
  clearLogoErrors();
  program.revision += 1;
  for (const listener of [...openListeners]) listener();
}

/** A fresh, unnamed program that belongs to no project. */
export function newProgram(): void {
  openProgram({ workspaceXml: NEW_PROGRAM_XML });
  program.tmConfig = { ...EMPTY_TM_CONFIG };
}

/** The settings the open program would be saved with. */
export function currentSettings(): ProgramFileSettings {
  flushWorkspace();
  return {
    logo_code: program.logoCode,
    file_name: program.toSaveProject.name.trim(),
    program_mode: program.programMode,
    config_tm_type: program.tmConfig.type,
    config_tm_url: program.tmConfig.url,
    config_tm_threshold: program.tmConfig.threshold,
    config_tm_channel: program.tmConfig.channel,
    config_tm_hold: program.tmConfig.hold,
    config_tm_model: program.tmConfig.model,
  };
}

/** The open program as its file holds it: the workspace and the settings (flushed first). */
export function currentProgramFile(): ProgramFile {
  const settings = currentSettings();
  return { workspaceXml: program.currentWorkspaceXmlText, settings };
}

/** The open program as the text of its file (what Save, Submit and a lesson's starter keep). */
export function currentProgramText(): string {
  return serializeProgramFile(currentProgramFile());
}

/** Logo compared for "unchanged": trailing spaces and blank lines at the ends do not count. */
function sameLogo(a: string, b: string): boolean {
  const norm = (text: string) => text.replace(/[ \t]+$/gm, '').trim();
  return norm(a) === norm(b);
}

/** Whether the Logo text differs from what the blocks generated. */
export function logoEdited(): boolean {
  return program.programMode === 'logo' && !sameLogo(program.logoCode, program.logoGenerated);
}

/** Blocks → Logo text: the text starts as the Logo the blocks generate. */
export function enterLogoMode(generated: string): void {
  if (program.programMode === 'logo') return;
  program.logoGenerated = generated;
  program.logoCode = generated;
  program.programMode = 'logo';
}

/**
 * Logo text → blocks. Unchanged text goes back to the same blocks; edited text stays
 * (the answer is 'edited') until the user discards the edits.
 */
export function leaveLogoMode(generated: string): 'blocks' | 'edited' {
  if (program.programMode !== 'logo') return 'blocks';
  program.logoGenerated = generated;
  if (!sameLogo(program.logoCode, generated)) return 'edited';
  program.programMode = 'blocks';
  program.logoCode = generated;
  return 'blocks';
}

/** Drops the text edits and returns to the blocks. */
export function discardLogoEdits(generated: string): void {
  if (program.programMode !== 'logo') return;
  if (!sameLogo(program.logoCode, generated)) program.hasChanged = true;
  program.programMode = 'blocks';
  program.logoCode = generated;
  program.logoGenerated = '';
  clearLogoErrors();
}

/** The user typed in the Logo editor. */
export function setLogoText(text: string): void {
  if (text === program.logoCode) return;
  program.logoCode = text;
  program.hasChanged = true;
  clearLogoErrors();
}

/**
 * Puts a merged workspace in place (Import from file). Unedited Logo text would no longer
 * match the blocks, so the program returns to blocks mode; edited text stays as it is.
 * Returns whether the program stayed in Logo mode.
 */
export function replaceWorkspace(mergedXml: string): boolean {
  const keepText = logoEdited();
  if (program.programMode === 'logo' && !keepText) {
    program.programMode = 'blocks';
    program.logoGenerated = '';
  }
  program.currentWorkspaceXmlText = mergedXml;
  program.hasChanged = true;
  program.revision += 1;
  return keepText;
}

/** Text → blocks: the blocks rebuilt from the Logo text replace the workspace. */
export function replaceWithLogoBlocks(workspaceXml: string): void {
  program.currentWorkspaceXmlText = workspaceXml;
  program.programMode = 'blocks';
  program.logoGenerated = '';
  program.hasChanged = true;
  clearLogoErrors();
  program.revision += 1;
}
