// The open program's versions (docs/program.md "Versions"): whatever replaces the open
// program on the user's behalf — a lesson's starter or the student's lesson work, the code
// read back from a board, a program a teacher hands out — goes through replaceProgram (or
// replaceProgramWithFile for a program file's text), which keeps the program it replaces
// (unless it is empty or the very same) with the reason. The list lives in local storage
// (versions.ts); `versionsState` is its Valtio mirror for the editor's Versions tab. A
// restore is a replacement too, so it keeps the program it replaces and can itself be undone
// from the list.
import { proxy, ref } from 'valtio';
import { readStorage, STORAGE_KEYS, writeStorage } from '../state/storage.ts';
import { flushWorkspace, program } from './program.ts';
import { parseProgramFile, serializeProgramFile, DEFAULT_SETTINGS } from './program-file.ts';
import {
  afterProgramOpened,
  beforeProgramOpened,
  currentProgramText,
  NEW_PROGRAM_XML,
  openProgram,
  type ProgramToOpen,
} from './program-store.ts';
import {
  ProgramVersions,
  VERSIONS_MAX_CHARS,
  type ProgramVersion,
  type VersionReason,
} from './versions.ts';

export const programVersions = new ProgramVersions({
  read: () => readStorage(STORAGE_KEYS.programVersions),
  write: (text) => writeStorage(STORAGE_KEYS.programVersions, text),
});

export const versionsState = proxy<{ list: readonly ProgramVersion[] }>({
  list: ref([...programVersions.list()]),
});
programVersions.subscribe((list) => {
  versionsState.list = ref([...list]);
});

/** Why the program being opened replaces the open one (null: an ordinary open). */
let opening: VersionReason | null = null;

/**
 * Calls `listener` after every whole program that opens (a file, a project, a lesson's, the
 * board's, a restored version), with the reason given to replaceProgram, or null for an
 * ordinary open; returns the unsubscribe. An open lesson ends this way when another program
 * takes its place.
 */
export function onProgramOpened(listener: (reason: VersionReason | null) => void): () => void {
  return afterProgramOpened(() => listener(opening));
}

/**
 * Calls `listener` when a whole program is about to open, while the program it replaces is
 * still open (to keep what a feature keeps of it), with the same reason as onProgramOpened.
 */
export function beforeProgramOpens(listener: (reason: VersionReason | null) => void): () => void {
  return beforeProgramOpened(() => listener(opening));
}

/** The program file text of a program to open. */
function textOf(toOpen: ProgramToOpen): string {
  return serializeProgramFile({
    workspaceXml: toOpen.workspaceXml || NEW_PROGRAM_XML,
    settings: { ...DEFAULT_SETTINGS, ...toOpen.settings },
  });
}

/** Two program files with the same blocks and settings (block ids and layout aside). */
function sameProgramText(a: string, b: string): boolean {
  const norm = (text: string) =>
    text
      .replace(/\sid="[^"]*"/g, '')
      .replace(/>\s+</g, '><')
      .trim();
  return norm(a) === norm(b);
}

/** Nothing to keep: a start block alone and no Logo text beyond an empty main. */
function openProgramIsEmpty(): boolean {
  const xml = program.currentWorkspaceXmlText;
  const blocks = xml.match(/<block\b/g)?.length ?? 0;
  const bareStart = blocks === 0 || (blocks === 1 && !/<(next|statement|value)\b/.test(xml));
  const logo = program.logoCode.replace(/\s+/g, ' ').trim();
  return bareStart && (program.programMode === 'blocks' || logo === '' || logo === 'to main end');
}

/**
 * Opens `toOpen` in place of the open program, keeping the open one as a version first with
 * `reason` (not when it is empty or the same program). Returns whether a version was kept.
 */
export function replaceProgram(reason: VersionReason, toOpen: ProgramToOpen): boolean {
  flushWorkspace();
  let kept = false;
  if (!openProgramIsEmpty()) {
    const text = currentProgramText();
    if (!sameProgramText(text, textOf(toOpen))) {
      const project = program.currentProject;
      kept =
        programVersions.keep(reason, {
          file: text,
          name: program.toSaveProject.name.trim(),
          project: project
            ? {
                uuid: project.uuid,
                name: project.name,
                ...(project.isEditable === undefined ? {} : { isEditable: project.isEditable }),
              }
            : null,
        }) !== null;
    }
  }
  opening = reason;
  try {
    openProgram(toOpen);
  } finally {
    opening = null;
  }
  return kept;
}

/**
 * replaceProgram for a program file's text (a program a teacher hands out, work kept on the
 * server), opened under `name` when given. Throws ProgramFileError when the text is not a
 * program file, before anything changes.
 */
export function replaceProgramWithFile(
  reason: VersionReason,
  text: string,
  name?: string,
): boolean {
  const file = parseProgramFile(text);
  return replaceProgram(reason, {
    workspaceXml: file.workspaceXml,
    settings: name === undefined ? file.settings : { ...file.settings, file_name: name },
  });
}

/**
 * Whether replaceProgram can keep the open program (it is empty, or small enough for the
 * list). When it cannot, the caller asks before replacing it.
 */
export function canKeepOpenProgram(): boolean {
  flushWorkspace();
  return openProgramIsEmpty() || currentProgramText().length <= VERSIONS_MAX_CHARS;
}

/**
 * Opens a kept version (linked to its cloud project again, if it had one), keeping the open
 * program as a version first. False when the version is gone or cannot be read.
 */
export function restoreVersion(id: string): boolean {
  const version = programVersions.get(id);
  if (!version) return false;
  let file;
  try {
    file = parseProgramFile(version.file);
  } catch {
    return false;
  }
  replaceProgram('restore', {
    workspaceXml: file.workspaceXml,
    settings: file.settings,
    projectId: version.project?.uuid ?? null,
    project: version.project,
  });
  program.toSaveProject.name = version.name;
  // Back in the editor, but not saved anywhere as it is now.
  program.hasChanged = true;
  return true;
}
