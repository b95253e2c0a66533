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
import { NEW_PROGRAM_XML } from '../program/program-store.ts';
import { setActiveBoard } from '../toolbox/board-profile.ts';
import { registerDynamicCategories } from '../toolbox/dynamic-categories.ts';
import { extensionCategories } from '../toolbox/extension-categories.ts';
import { buildToolbox } from '../toolbox/toolbox.ts';
import { installBlocklyDialogs } from './dialogs.ts';
import { parseXml, workspaceXml } from './headless.ts';
import { markIncompleteBlocks, type IncompleteBlock } from './incomplete.ts';
import { attachKeyboard, registerKeyboardNavigation, type KeyboardAccess } from './keyboard.ts';

/** The toolbox for a board with the added extensions, in the interface language. */
function toolboxFor(board: ReturnType<typeof setActiveBoard>) {
  return buildToolbox(board, extensionCategories(extensions.added, i18next.language));
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

export interface BlocksEditorOptions {
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

export class BlocksEditor {
  readonly workspace: Blockly.WorkspaceSvg;
  private readonly onChange: () => void;
  private readonly onIncomplete: (blocks: IncompleteBlock[]) => void;
  private readonly readOnly: boolean;
  private keyboard: KeyboardAccess | null = null;

  /**
   * Builds the editor in `host` over several tasks (block definitions and toolbox
   * contents; Blockly's workspace; keyboard access), so the page stays responsive while it
   * starts. Resolves null, with nothing left behind, when `cancelled()` turns true meanwhile.
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
    const toolbox = options.readOnly ? undefined : toolboxFor(profile);
    await nextTask();
    if (cancelled()) return null;
    hideMeasuringCanvas();
    const workspace = Blockly.inject(host, {
      toolbox,
      readOnly: options.readOnly,
      theme: gogoTheme(options.locale),
      renderer: 'zelos',
      media: MEDIA_PATH,
      sounds: false,
      trashcan: !options.readOnly,
      maxInstances: { [START_BLOCK]: 1 },
      move: { scrollbars: true, drag: true, wheel: true },
      zoom: { controls: true, wheel: false, startScale: 0.75, maxScale: 2, minScale: 0.3 },
    });
    await nextTask();
    if (cancelled()) {
      workspace.dispose();
      return null;
    }
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

  dispose(): void {
    this.keyboard?.dispose();
    this.keyboard = null;
    this.workspace.dispose();
  }
}
