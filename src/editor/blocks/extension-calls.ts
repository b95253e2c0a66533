// Blocks of added extensions (docs/extensions.md). Every extension procedure appears as one
// of two block types: `gogo_ext_command` (a statement) or `gogo_ext_reporter` (a value).
// The block carries which extension and procedure it calls and the procedure's parameters
// (extra state, and <mutation> in XML), so a program keeps its shape and its Logo even
// where the extension is not added; only the label comes from the extension, in the
// interface language when the extension provides it.
import * as Blockly from 'blockly/core';
import i18next from 'i18next';
import { LOGO_NAME_PATTERN, PROCEDURE_PARAMS_MAX } from '../../contract/extensions.ts';
import { addedExtension, extensionHue, textsFor } from '../../state/extensions.ts';
import { Order, PRIMARY, type LogoBlockGenerator } from '../logo/generator.ts';

export const EXTENSION_COMMAND = 'gogo_ext_command';
export const EXTENSION_REPORTER = 'gogo_ext_reporter';
const EXTENSION_BLOCK_TYPES = [EXTENSION_COMMAND, EXTENSION_REPORTER] as const;

interface ExtensionCallState {
  /** The extension's uuid. */
  ext: string;
  /** The procedure's Logo name. */
  proc: string;
  /** Its parameters' Logo names: one input each. */
  params: string[];
}

const NAME = new RegExp(LOGO_NAME_PATTERN);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Only well-formed state is kept: a file cannot put anything else into the Logo. */
function cleanCallState(raw: unknown): ExtensionCallState {
  const r = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  const ext = typeof r.ext === 'string' && UUID.test(r.ext) ? r.ext : '';
  const proc = typeof r.proc === 'string' && NAME.test(r.proc) ? r.proc : '';
  const params = Array.isArray(r.params)
    ? r.params
        .filter((p): p is string => typeof p === 'string' && NAME.test(p))
        .slice(0, PROCEDURE_PARAMS_MAX)
    : [];
  return { ext, proc, params };
}

/** What the block shows before its inputs. */
function label(state: ExtensionCallState): { text: string; missing: boolean } {
  const entry = addedExtension(state.ext);
  if (!entry) return { text: state.proc, missing: true };
  const texts = textsFor(entry.library.texts, i18next.language);
  const text = texts?.blocks[state.proc] ?? entry.library.texts.en.blocks[state.proc];
  return { text: text ?? state.proc, missing: false };
}

interface ExtensionCallBlock extends Blockly.Block {
  callState: ExtensionCallState;
  rebuild(): void;
  /** The Logo name this block calls (the generator keeps program names clear of it). */
  logoCallName(): string;
}

function mixin(kind: 'command' | 'reporter') {
  return {
    init(this: ExtensionCallBlock) {
      this.callState = { ext: '', proc: '', params: [] };
      if (kind === 'command') {
        this.setPreviousStatement(true);
        this.setNextStatement(true);
      } else {
        this.setOutput(true, 'Number');
      }
      this.setInputsInline(true);
      this.rebuild();
    },
    rebuild(this: ExtensionCallBlock) {
      const s = this.callState;
      for (const input of [...this.inputList]) {
        if (input.name === 'LABEL') this.removeInput('LABEL');
      }
      // Inputs beyond the parameters go; connected blocks stay on the ones that remain.
      for (let i = s.params.length; this.getInput(`ARG${i}`); i++) this.removeInput(`ARG${i}`);
      const { text, missing } = label(s);
      this.appendDummyInput('LABEL').appendField(text);
      if (this.inputList.length > 1) this.moveInputBefore('LABEL', this.inputList[0]?.name ?? null);
      s.params.forEach((param, i) => {
        const name = `ARG${i}`;
        const input = this.getInput(name) ?? this.appendValueInput(name);
        const field = input.fieldRow[0];
        if (field) field.setValue(param);
        else input.appendField(param);
      });
      this.setColour(extensionHue(s.ext));
      this.setTooltip(
        missing
          ? i18next.t('editor:extensions.notAdded', { procedure: s.proc })
          : i18next.t('editor:extensions.tooltip', {
              extension: addedExtension(s.ext)?.name ?? '',
            }),
      );
      this.setWarningText(
        missing ? i18next.t('editor:extensions.notAdded', { procedure: s.proc }) : null,
      );
    },
    logoCallName(this: ExtensionCallBlock) {
      return this.callState.proc;
    },
    saveExtraState(this: ExtensionCallBlock): ExtensionCallState {
      return { ...this.callState, params: [...this.callState.params] };
    },
    loadExtraState(this: ExtensionCallBlock, state: unknown) {
      this.callState = cleanCallState(state);
      this.rebuild();
    },
    mutationToDom(this: ExtensionCallBlock): Element {
      const m = Blockly.utils.xml.createElement('mutation');
      m.setAttribute('ext', this.callState.ext);
      m.setAttribute('proc', this.callState.proc);
      m.setAttribute('params', this.callState.params.join(' '));
      return m;
    },
    domToMutation(this: ExtensionCallBlock, xml: Element) {
      this.callState = cleanCallState({
        ext: xml.getAttribute('ext'),
        proc: xml.getAttribute('proc'),
        params: (xml.getAttribute('params') ?? '').split(/\s+/).filter(Boolean),
      });
      this.rebuild();
    },
  };
}

function callCode(block: Blockly.Block, g: Parameters<LogoBlockGenerator>[1]): string {
  const s = (block as ExtensionCallBlock).callState;
  const args = s.params.map((_, i) => g.value(block, `ARG${i}`, PRIMARY));
  return [s.proc || 'stop', ...args].join(' ');
}

export const extensionCallLogo: Record<string, LogoBlockGenerator> = {
  [EXTENSION_COMMAND]: (block, g) => `${callCode(block, g)}\n`,
  [EXTENSION_REPORTER]: (block, g) => [callCode(block, g), Order.CALL],
};

export function defineExtensionCallBlocks(): void {
  Blockly.Blocks[EXTENSION_COMMAND] = mixin('command');
  Blockly.Blocks[EXTENSION_REPORTER] = mixin('reporter');
}

/** Re-reads labels after the added list changed (the blocks on a workspace). */
export function refreshExtensionBlocks(workspace: Blockly.Workspace): void {
  for (const type of EXTENSION_BLOCK_TYPES) {
    for (const block of workspace.getBlocksByType(type, false)) {
      (block as ExtensionCallBlock).rebuild();
    }
  }
}
