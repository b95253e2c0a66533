// The local-file items of the project menu (no login needed): New Project, Open from file,
// Import from file, Save as a file. Registered as shell actions at start-up; the Blockly
// code they need to check a file loads on first use.
import i18next from 'i18next';
import { registerActions } from '../../shell/actions.ts';
import { confirm } from '../../shell/confirm.ts';
import { navigateTo } from '../../shell/navigation.ts';
import {
  currentSettings,
  flushWorkspace,
  NEW_PROGRAM_XML,
  newProgram,
  openProgram,
  parseProgramFile,
  program,
  PROGRAM_FILE_ACCEPT,
  PROGRAM_FILE_MAX_BYTES,
  type ProgramFile,
  ProgramFileError,
  programFileName,
  replaceWorkspace,
  serializeProgramFile,
} from '../../program/index.ts';
import { showToast } from '../../state/ui.ts';
import { saveFile } from '../../ui/save-file.ts';

/** The browser side of files: choosing one and saving one. */
export interface FileIo {
  /** Lets the user choose a file; null when they cancel. */
  pick(accept: string): Promise<File | null>;
  save(fileName: string, text: string): void;
}

const browserFileIo: FileIo = {
  pick(accept) {
    return new Promise((resolve) => {
      const input = document.createElement('input');
      input.type = 'file';
      input.accept = accept;
      input.addEventListener('change', () => resolve(input.files?.[0] ?? null), { once: true });
      input.addEventListener('cancel', () => resolve(null), { once: true });
      input.click();
    });
  },
  save(fileName, text) {
    saveFile(fileName, text, 'application/xml');
  },
};

const t = (key: string, options?: Record<string, unknown>) =>
  i18next.t(key, { ns: 'editor', ...options });

/** Why a file could not be used, as the user reads it. */
type FileProblem = ProgramFileError['code'] | 'blocks' | 'read';

function reportBadFile(problem: FileProblem, setting?: string): void {
  showToast('warning', t(`file.errors.${problem}`, { setting }), t('file.unableToOpen'));
}

/** Asks before the open program's unsaved changes would be lost. */
async function mayReplace(): Promise<boolean> {
  return !program.hasChanged || confirm(t('file.confirmReplace'));
}

/** Reads, parses and checks a chosen file; reports and returns null when it is unusable. */
async function readProgramFile(io: FileIo): Promise<ProgramFile | null> {
  const file = await io.pick(PROGRAM_FILE_ACCEPT);
  if (!file) return null;
  if (file.size > PROGRAM_FILE_MAX_BYTES) {
    reportBadFile('tooLarge');
    return null;
  }
  let parsed: ProgramFile;
  try {
    parsed = parseProgramFile(await file.text());
  } catch (e) {
    if (e instanceof ProgramFileError) reportBadFile(e.code, e.setting);
    else reportBadFile('read');
    return null;
  }
  // Every block must be one this editor knows: try the workspace without a screen first.
  const { checkWorkspaceXml } = await import('../workspace/check.ts');
  if (!(await checkWorkspaceXml(parsed.workspaceXml))) {
    reportBadFile('blocks');
    return null;
  }
  return parsed;
}

/** Editor routes that name a saved or shared program by its id. */
const PROGRAM_ROUTE = /^#\/(program|code|program-v1|program-v2)\/[^/?#]+/;

/**
 * A new or opened-from-file program is not the one the address names: drop the id, so the
 * address (shared, bookmarked, reloaded) does not bring the old program back.
 */
function leaveProgramAddress(): void {
  const route = PROGRAM_ROUTE.exec(window.location.hash);
  if (route) navigateTo(`/${route[1]}`);
}

export async function newProject(): Promise<void> {
  if (!(await mayReplace())) return;
  newProgram();
  leaveProgramAddress();
}

export async function openFromFile(io: FileIo = browserFileIo): Promise<void> {
  if (!(await mayReplace())) return;
  const file = await readProgramFile(io);
  if (!file) return;
  openProgram({ workspaceXml: file.workspaceXml, settings: file.settings });
  leaveProgramAddress();
}

export async function importFromFile(io: FileIo = browserFileIo): Promise<void> {
  const file = await readProgramFile(io);
  if (!file) return;
  flushWorkspace();
  const { looseStackCount, mergeWorkspaces } = await import('../workspace/merge.ts');
  const current = program.currentWorkspaceXmlText || NEW_PROGRAM_XML;
  let merged: string;
  let addedLoose: number;
  try {
    merged = mergeWorkspaces(current, file.workspaceXml);
    addedLoose = looseStackCount(merged) - looseStackCount(current);
  } catch {
    reportBadFile('blocks');
    return;
  }
  const keptText = replaceWorkspace(merged);
  const message = t(keptText ? 'file.importedBehindText' : 'file.imported');
  // Greyed-out blocks appear: say why, and what to do with them.
  if (addedLoose > 0) showToast('warning', `${message} ${t('file.importedLoose')}`);
  else showToast('success', message);
}

export function saveAsFile(io: FileIo = browserFileIo): void {
  const settings = currentSettings();
  const text = serializeProgramFile({
    workspaceXml: program.currentWorkspaceXmlText || NEW_PROGRAM_XML,
    settings,
  });
  io.save(programFileName(settings.file_name, i18next.t('shell:projectName.placeholder')), text);
  // The file now holds the work; a cloud project still has its own unsaved changes.
  if (!program.currentProjectId) program.hasChanged = false;
}

/** Installs the file actions in the shell's action registry. */
export function registerFileActions(io: FileIo = browserFileIo): () => void {
  return registerActions({
    newProject,
    openFromFile: () => openFromFile(io),
    importFromFile: () => importFromFile(io),
    saveAsFile: () => saveAsFile(io),
  });
}
