// The open program (spec core §3 "Program state"). The editor and the project actions write
// it; the navbar and menus read it.
import { proxy } from 'valtio';
import { PROJECT_NAME_MAX } from '../contract/projects.ts';
import { readStorage, STORAGE_KEYS, writeStorage } from '../state/storage.ts';
import type { ProgramMode } from './program-file.ts';

export type { ProgramMode };

export interface ProjectSummary {
  uuid: string;
  name: string;
  headerImage?: string;
  desc?: string;
  isEditable?: boolean;
}

/** Teachable-machine settings a program carries in its file (`config_tm_*`). */
interface TeachableMachineConfig {
  /** 'image' (the model at `url`) or 'trained' (the model kept in `model`). */
  type: string;
  url: string;
  threshold: string;
  channel: string;
  /** Seconds a class must stay above the threshold before it is sent ('' is 0.5). */
  hold: string;
  /** The model trained in the lab, kept with the project (docs/labs.md); '' for none. */
  model: string;
}

export const EMPTY_TM_CONFIG: TeachableMachineConfig = {
  type: '',
  url: '',
  threshold: '',
  channel: '',
  hold: '',
  model: '',
};

interface ToSaveProject {
  name: string;
  headerImage: string;
  desc: string;
}

export interface ProgramState {
  currentProjectId: string | null;
  currentProject: ProjectSummary | null;
  toSaveProject: ToSaveProject;
  currentWorkspaceXmlText: string;
  hasChanged: boolean;
  saving: boolean;
  extensionEditMode: boolean;
  creatorMode: boolean;
  programMode: ProgramMode;
  /**
   * The Logo to compile and download: in blocks mode what the blocks generate (kept current
   * by the editor; call flushWorkspace() first), in Logo mode the user's text.
   */
  logoCode: string;
  /** In Logo mode: the text the blocks generated when Logo mode began. */
  logoGenerated: string;
  tmConfig: TeachableMachineConfig;
  /**
   * Counts replacements of the whole program from outside the editor (new, open, import,
   * load by id). A mounted editor reloads its workspace when it changes.
   */
  revision: number;
}

export const program = proxy<ProgramState>({
  currentProjectId: null,
  currentProject: null,
  toSaveProject: { name: '', headerImage: '', desc: '' },
  currentWorkspaceXmlText: '',
  hasChanged: false,
  saving: false,
  extensionEditMode: false,
  creatorMode: readStorage(STORAGE_KEYS.creatorMode) === 'true',
  programMode: 'blocks',
  logoCode: '',
  logoGenerated: '',
  tmConfig: { ...EMPTY_TM_CONFIG },
  revision: 0,
});

export function setCreatorMode(on: boolean): void {
  program.creatorMode = on;
  writeStorage(STORAGE_KEYS.creatorMode, String(on));
}

/** Max project name length (spec core §5), as the server checks it. */
export { PROJECT_NAME_MAX };

/** The user edits the project name in the top bar: keep it and mark the program changed. */
export function setProjectName(name: string): void {
  program.toSaveProject.name = name.slice(0, PROJECT_NAME_MAX);
  program.hasChanged = true;
}

/** Any edit of the program (blocks, Logo text, settings) marks it changed. */
export function markChanged(): void {
  program.hasChanged = true;
}

let workspaceFlusher: (() => void) | null = null;

/** The editor registers how to write its workspace into the store (null when it unmounts). */
export function setWorkspaceFlusher(flush: (() => void) | null): void {
  workspaceFlusher = flush;
}

/**
 * Makes currentWorkspaceXmlText and logoCode current (the editor writes them a moment after
 * each edit). Save, download and file actions call this first (spec core §4 save flow).
 */
export function flushWorkspace(): void {
  workspaceFlusher?.();
}
