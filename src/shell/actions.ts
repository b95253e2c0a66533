// Shell actions: menus and buttons call them by name, and the feature modules (projects,
// extensions, firmware, auth) register the real implementations when they start. The
// defaults do nothing, so the shell runs on its own; the board actions (download, run,
// stop) say that no board is connected.
import i18next from 'i18next';
import { showToast } from '../state/ui.ts';

interface ShellActions {
  newProject(): void | Promise<void>;
  save(): void | Promise<void>;
  saveAsCopy(): void | Promise<void>;
  openFromFile(): void | Promise<void>;
  importFromFile(): void | Promise<void>;
  saveAsFile(): void | Promise<void>;
  extractCode(): void | Promise<void>;
  updateFirmware(): void | Promise<void>;
  publishExtension(): void | Promise<void>;
  saveExtension(): void | Promise<void>;
  cancelExtension(): void | Promise<void>;
  /** Saves in share mode and shows the link (spec core §4 "Save flow", mode 3). */
  share(): void | Promise<void>;
  /** Signs out with the identity provider and clears the session. */
  signOut(): void | Promise<void>;
  /** Compiles program.logoCode and downloads it to the board (spec core §4 download flow). */
  download(): void | Promise<void>;
  /** Starts the program on the board. */
  runProgram(): void | Promise<void>;
  /** Stops the program on the board. */
  stopProgram(): void | Promise<void>;
}

type ActionName = keyof ShellActions;

const noop = (): void => {};

/** Board actions before the device layer registers its own: there is no board yet. */
const noBoard = (): void => {
  showToast('warning', i18next.t('shell:board.notConnected'));
};

const DEFAULTS: ShellActions = {
  newProject: noop,
  save: noop,
  saveAsCopy: noop,
  openFromFile: noop,
  importFromFile: noop,
  saveAsFile: noop,
  extractCode: noop,
  updateFirmware: noop,
  publishExtension: noop,
  saveExtension: noop,
  cancelExtension: noop,
  share: noop,
  signOut: noop,
  download: noBoard,
  runProgram: noBoard,
  stopProgram: noBoard,
};

const current: ShellActions = { ...DEFAULTS };

/**
 * Installs implementations for some actions. Returns a function that puts back what was
 * there before (for tests and for features that unmount).
 */
export function registerActions(impl: Partial<ShellActions>): () => void {
  const names = Object.keys(impl) as ActionName[];
  const previous = Object.fromEntries(names.map((n) => [n, current[n]])) as Partial<ShellActions>;
  Object.assign(current, impl);
  return () => {
    Object.assign(current, previous);
  };
}

/** Restores every default (tests). */
export function resetActions(): void {
  Object.assign(current, DEFAULTS);
}

/**
 * Runs an action. A failure becomes a warning toast (spec core §8: errors raised to the
 * store show a warning toast) instead of an unhandled rejection.
 */
export async function runAction(name: ActionName): Promise<void> {
  try {
    await current[name]();
  } catch (e) {
    const message = e instanceof Error && e.message ? e.message : i18next.t('shell:error');
    showToast('warning', message);
  }
}
