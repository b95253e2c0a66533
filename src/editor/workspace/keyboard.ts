// Building blocks without a mouse, with @blockly/keyboard-navigation: Tab reaches the
// workspace, T opens the toolbox, arrows move, Enter places or edits, / opens our
// translated list of keys (docs/accessibility.md).
import { KeyboardNavigation } from '@blockly/keyboard-navigation';
import * as Blockly from 'blockly/core';
import i18next from 'i18next';
import { localShortcutKeys } from './shortcut-keys.ts';

/** The plugin's name for its "list the keys" shortcut (the / key). */
const LIST_SHORTCUTS = 'list_shortcuts';

/**
 * The plugin's own KeyboardNavigation.registerNavigationDeferringToolbox() calls itself
 * forever (3.0.x), which threw before Blockly.inject and left the editor empty. This is the
 * toolbox it means to register: arrow keys in the toolbox go to the plugin, not to Blockly.
 *
 * A toolbox made inside `withToolboxLater` also builds its parts (its flyout, a workspace of
 * its own, and its drawing) only on `finishToolbox`, so that `Blockly.inject` is a shorter
 * main-thread task and they come in a task of their own (docs/first-load.md).
 */
class KeyDeferringToolbox extends Blockly.Toolbox {
  static later = false;
  waiting = false;

  override init(): void {
    if (KeyDeferringToolbox.later) {
      this.waiting = true;
      return;
    }
    super.init();
  }

  finish(): void {
    if (!this.waiting) return;
    this.waiting = false;
    super.init();
  }

  protected override onKeyDown_(): void {
    // The plugin's shortcuts handle the keys.
  }
}

/** Runs `make` (Blockly.inject) with the set-up of the toolbox it makes left for later. */
export function withToolboxLater<T>(make: () => T): T {
  KeyDeferringToolbox.later = true;
  try {
    return make();
  } finally {
    KeyDeferringToolbox.later = false;
  }
}

/** Builds the parts of a toolbox made inside `withToolboxLater`; nothing otherwise. */
export function finishToolbox(workspace: Blockly.WorkspaceSvg): void {
  const toolbox = workspace.getToolbox();
  if (toolbox instanceof KeyDeferringToolbox) toolbox.finish();
}

let registered = false;

/**
 * Styles and toolbox class; both must be in place before the first Blockly.inject (Blockly
 * writes its CSS once, at the first inject), whether that workspace is editable or not.
 */
export function registerKeyboardNavigation(): void {
  if (registered) return;
  KeyboardNavigation.registerKeyboardNavigationStyles();
  KeyboardNavigation.registerFlyoutCursor();
  Blockly.registry.register(
    Blockly.registry.Type.TOOLBOX,
    Blockly.registry.DEFAULT,
    KeyDeferringToolbox,
    true,
  );
  installTranslatedHints();
  registered = true;
}

/** The plugin's hints (toasts, English in the plugin) by id, as keys of our catalogue. */
const HINTS: Record<string, string> = {
  unconstrainedMoveHint: 'keyboard.hint.moveFreely',
  constrainedMoveHint: 'keyboard.hint.move',
  copiedHint: 'keyboard.hint.copied',
  cutHint: 'keyboard.hint.cut',
  helpHint: 'keyboard.hint.help',
};

function installTranslatedHints(): void {
  const show = Blockly.Toast.show.bind(Blockly.Toast);
  Blockly.Toast.show = (workspace, options) => {
    const key = options.id ? HINTS[options.id] : undefined;
    const message = key && i18next.t(key, { ns: 'editor', ...localShortcutKeys() });
    show(workspace, message ? { ...options, message } : options);
  };
}

/**
 * The plugin's shortcuts live in Blockly's one global registry, so one editable workspace
 * at a time has them; a second one (while the first is alive) goes without.
 */
let inUse = false;

export interface KeyboardAccess {
  dispose(): void;
}

/** Keyboard navigation on `workspace`; `onHelp` opens the list of keys (the / key). */
export function attachKeyboard(
  workspace: Blockly.WorkspaceSvg,
  onHelp: () => void,
): KeyboardAccess | null {
  if (inUse) return null;
  const navigation = new KeyboardNavigation(workspace);
  inUse = true;
  Blockly.ShortcutRegistry.registry.unregister(LIST_SHORTCUTS);
  Blockly.ShortcutRegistry.registry.register({
    name: LIST_SHORTCUTS,
    keyCodes: [Blockly.utils.KeyCodes.SLASH],
    callback: () => {
      onHelp();
      return true;
    },
  });
  return {
    dispose() {
      // The plugin removes its shortcuts by name, this one included.
      navigation.dispose();
      inUse = false;
    },
  };
}
