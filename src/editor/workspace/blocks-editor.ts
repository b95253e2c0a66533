// The block workspace on screen: Blockly injected into a host element, with the GoGo
// toolbox for the chosen board. Framework-free; the React screen drives it.
import * as Blockly from 'blockly/core';
import i18next from 'i18next';
import { extensions } from '../../state/extensions.ts';
import { nextTask } from '../../ui/next-task.ts';
import { refreshExtensionBlocks } from '../blocks/extension-calls.ts';
import { registerGogoBlocks } from '../blocks/index.ts';
import { gogoTheme } from '../blocks/theme.ts';
import { logoGenerator, START_BLOCK } from '../logo/generator.ts';
import { NEW_PROGRAM_XML } from '../../program/index.ts';
import { setActiveBoard } from '../toolbox/board-profile.ts';
import { registerDynamicCategories } from '../toolbox/dynamic-categories.ts';
import { extensionCategories } from '../toolbox/extension-categories.ts';
import { buildToolbox } from '../toolbox/toolbox.ts';
import { installBlocklyDialogs } from './dialogs.ts';
import { parseXml, workspaceXml } from './headless.ts';
import { markIncompleteBlocks, type IncompleteBlock } from './incomplete.ts';
import {
  attachKeyboard,
  finishToolbox,
  registerKeyboardNavigation,
  withToolboxLater,
  type KeyboardAccess,
} from './keyboard.ts';

/** The toolbox for a board with the added extensions, in the interface language. */
function toolboxFor(board: ReturnType<typeof setActiveBoard>) {
  return buildToolbox(board, extensionCategories(extensions.added, i18next.language));
}

/** A category toolbox with no categories yet: inject makes it, the first step fills it. */
const EMPTY_TOOLBOX: Blockly.utils.toolbox.ToolboxDefinition = {
  kind: 'categoryToolbox',
  contents: [],
};

/** How many deleted blocks the trashcan's flyout keeps (Blockly's default). */
const TRASHCAN_CONTENTS = 32;

/**
 * Gives a workspace injected without a trashcan the one inject would have made (with its
 * flyout of deleted blocks), so that building it is not part of inject's task.
 */
function addTrashcan(workspace: Blockly.WorkspaceSvg): void {
  workspace.options.hasTrashcan = true;
  workspace.options.maxTrashcanContents = TRASHCAN_CONTENTS;
  workspace.addTrashcan();
  workspace.trashcan?.init();
  workspace.resize();
}

/** Blockly's reason for blocks that are not attached to anything (Events.disableOrphans). */
const ORPHANED = 'ORPHANED_BLOCK';

/** Blockly's media (sprites, cursors), served by our Vite plugin. */
const MEDIA_PATH = `${import.meta.env.BASE_URL}blockly-media/`;

/**
 * Blockly measures text on a canvas it appends to <body>, outside every landmark. Have it
 * made now (measuring empty text) and hide it from assistive technology: it shows nothing.
 */
function hideMeasuringCanvas(): void {
  const text = document.createElementNS(Blockly.utils.dom.SVG_NS, 'text');
  Blockly.utils.dom.getFastTextWidthWithSizeString(text, '1px', 'normal', 'sans-serif');
  document.querySelector('canvas.blocklyComputeCanvas')?.setAttribute('aria-hidden', 'true');
}

/**
 * Blockly's style sheet goes in (first use only) and the page's styles and layout are
 * brought up to date now, in a task of their own: otherwise the first text measurement
 * inside `Blockly.inject` pays for both.
 */
function prepareStyles(host: HTMLElement): void {
  Blockly.Css.inject(true, MEDIA_PATH);
  void host.getBoundingClientRect();
}

/**
 * Runs `make` with no AudioContext to find. Blockly opens one for every workspace it makes
 * (a few ms each at first load) even with sounds off, where nothing will ever play.
 */
function withoutAudio<T>(make: () => T): T {
  const saved = Object.getOwnPropertyDescriptor(window, 'AudioContext');
  if (!saved?.configurable) return make();
  Object.defineProperty(window, 'AudioContext', { value: undefined, configurable: true });
  try {
    return make();
  } finally {
    Object.defineProperty(window, 'AudioContext', saved);
  }
}

interface BlocksEditorOptions {
  readOnly: boolean;
  board: number;
  /** The interface locale (block text fonts follow it). */
  locale: string;
  /** Called after each user edit of the blocks (not after load()). */
  onChange: () => void;
  /** Called with the program's incomplete blocks after each edit and each load(). */
  onIncomplete?: (blocks: IncompleteBlock[]) => void;
  /** Opens the list of keyboard shortcuts (the / key in the workspace). */
  onKeyboardHelp?: () => void;
}

/** Below this width (a phone) the blocks start smaller, so the start block fits beside the
 * toolbox, and there is no trashcan, so the zoom controls sit low, clear of it. */
const NARROW_WORKSPACE_PX = 576;

function isNarrow(host: HTMLElement): boolean {
  return host.clientWidth > 0 && host.clientWidth < NARROW_WORKSPACE_PX;
}

function startScaleFor(host: HTMLElement): number {
  return isNarrow(host) ? 0.6 : 0.75;
}

export class BlocksEditor {
  readonly workspace: Blockly.WorkspaceSvg;
  private readonly onChange: () => void;
  private readonly onIncomplete: (blocks: IncompleteBlock[]) => void;
  private readonly readOnly: boolean;
  private keyboard: KeyboardAccess | null = null;

  /**
   * Builds the editor in `host` over several tasks (block definitions; styles; Blockly's
   * workspace with an empty toolbox; the toolbox's flyout; its categories; the trashcan), so
   * the page stays responsive while it starts. Resolves null, with nothing left behind, when
   * `cancelled()` turns true meanwhile.
   */
  static async create(
    host: HTMLElement,
    options: BlocksEditorOptions,
    cancelled: () => boolean,
  ): Promise<BlocksEditor | null> {
    registerGogoBlocks();
    installBlocklyDialogs();
    registerKeyboardNavigation();
    const profile = setActiveBoard(options.board);
    hideMeasuringCanvas();
    await nextTask();
    if (cancelled()) return null;
    prepareStyles(host);
    await nextTask();
    if (cancelled()) return null;
    const inject = () =>
      Blockly.inject(host, {
        // The categories come in a task of their own (below); the kind is fixed at inject.
        toolbox: options.readOnly ? undefined : EMPTY_TOOLBOX,
        readOnly: options.readOnly,
        theme: gogoTheme(options.locale),
        renderer: 'zelos',
        media: MEDIA_PATH,
        sounds: false,
        trashcan: false,
        maxInstances: { [START_BLOCK]: 1 },
        move: { scrollbars: true, drag: true, wheel: true },
        zoom: {
          controls: true,
          wheel: false,
          startScale: startScaleFor(host),
          maxScale: 2,
          minScale: 0.3,
        },
      });
    // The toolbox's flyout and drawing come in the next task (finishToolbox below).
    const workspace = withoutAudio(() => withToolboxLater(inject));
    // Each further step in a task of its own; false (workspace gone) once cancelled.
    const goOn = async (): Promise<boolean> => {
      await nextTask();
      if (!cancelled()) return true;
      workspace.dispose();
      return false;
    };
    if (!options.readOnly) {
      if (!(await goOn())) return null;
      // The flyout is a workspace of its own.
      withoutAudio(() => finishToolbox(workspace));
      if (!(await goOn())) return null;
      workspace.updateToolbox(toolboxFor(profile));
      if (!(await goOn())) return null;
      // On a phone the trashcan would sit on the blocks (and push the zoom controls up onto
      // them): a block dropped on the toolbox is deleted all the same, Delete removes the
      // selected one.
      if (!isNarrow(host)) withoutAudio(() => addTrashcan(workspace));
    }
    if (!(await goOn())) return null;
    return new BlocksEditor(workspace, options);
  }

  private constructor(workspace: Blockly.WorkspaceSvg, options: BlocksEditorOptions) {
    this.workspace = workspace;
    this.readOnly = options.readOnly;
    this.onChange = options.onChange;
    this.onIncomplete = options.onIncomplete ?? (() => undefined);
    if (!options.readOnly) {
      registerDynamicCategories(this.workspace);
      this.keyboard = attachKeyboard(this.workspace, options.onKeyboardHelp ?? (() => undefined));
    }
    this.workspace.addChangeListener(Blockly.Events.disableOrphans);
    this.workspace.addChangeListener((event) => this.handleEvent(event));
  }

  private handleEvent(event: Blockly.Events.Abstract): void {
    if (event.isUiEvent) return;
    this.markIncomplete();
    if (this.readOnly || event.type === Blockly.Events.FINISHED_LOADING) return;
    this.onChange();
  }

  /** Warns on the blocks that miss a part they need (see incomplete.ts). */
  private markIncomplete(): void {
    this.onIncomplete(markIncompleteBlocks(this.workspace));
  }

  /** Selects a block and scrolls it into view. */
  showBlock(id: string): void {
    const block = this.workspace.getBlockById(id);
    if (!block) return;
    this.workspace.centerOnBlock(id);
    block.select();
  }

  /** Replaces the blocks with `xml` ('' = a new program). Fires no change. */
  load(xml: string): void {
    const dom = parseXml(xml || NEW_PROGRAM_XML);
    Blockly.Events.disable();
    try {
      this.workspace.clear();
      Blockly.Xml.domToWorkspace(dom, this.workspace);
      this.disableLooseBlocks();
      this.workspace.clearUndo();
    } finally {
      Blockly.Events.enable();
    }
    this.markIncomplete();
  }

  /**
   * Blocks outside a start block or procedure do not run; show them disabled (Blockly does
   * this while editing; files from elsewhere may not have it).
   */
  private disableLooseBlocks(): void {
    for (const top of this.workspace.getTopBlocks(false)) {
      const loose = Boolean(top.previousConnection || top.outputConnection);
      for (let b: Blockly.Block | null = top; b; b = b.getNextBlock()) {
        b.setDisabledReason(loose, ORPHANED);
      }
    }
  }

  toXml(): string {
    return workspaceXml(this.workspace);
  }

  generate(): string {
    return logoGenerator.workspaceToCode(this.workspace);
  }

  /** Shows the toolbox and port menus for another board. */
  setBoard(board: number): void {
    const profile = setActiveBoard(board);
    if (!this.readOnly) this.workspace.updateToolbox(toolboxFor(profile));
  }

  /** The added extensions changed: their categories and the labels of their blocks. */
  refreshExtensions(board: number): void {
    this.setBoard(board);
    Blockly.Events.disable();
    try {
      refreshExtensionBlocks(this.workspace);
    } finally {
      Blockly.Events.enable();
    }
  }

  /** Re-creates the blocks so they show the current language's texts, in its fonts. */
  relocalize(board: number, locale: string): void {
    const theme = gogoTheme(locale);
    if (this.workspace.getTheme() !== theme) this.workspace.setTheme(theme);
    const xml = this.toXml();
    const { scrollX, scrollY } = this.workspace;
    this.load(xml);
    this.workspace.scroll(scrollX, scrollY);
    this.setBoard(board);
  }

  /** Fits Blockly to its host after the host's size changed. */
  resize(): void {
    Blockly.svgResize(this.workspace);
  }

  /**
   * Calls `listener` with the block a click lands on (for a shadow, such as a number field,
   * the block that holds it) and selects it. Blockly ignores pointers on a read-only
   * workspace's blocks (no gesture, no selection), so the drawing names the block instead.
   * Returns the unsubscribe.
   */
  onBlockClick(listener: (id: string) => void): () => void {
    const drawing = this.workspace.getInjectionDiv();
    const onClick = (e: MouseEvent) => {
      const group = (e.target as Element | null)?.closest?.('g[data-id]');
      let block = group ? this.workspace.getBlockById(group.getAttribute('data-id') ?? '') : null;
      while (block?.isShadow()) block = block.getParent();
      if (!block) return;
      block.select();
      listener(block.id);
    };
    drawing.addEventListener('click', onClick);
    return () => drawing.removeEventListener('click', onClick);
  }

  /** The program's blocks (shadows left out), in reading order, each with its text. */
  blockList(): { id: string; text: string }[] {
    return this.workspace
      .getAllBlocks(true)
      .filter((b) => !b.isShadow())
      .map((b) => ({ id: b.id, text: b.toString() }));
  }

  dispose(): void {
    this.keyboard?.dispose();
    this.keyboard = null;
    this.workspace.dispose();
  }
}
