// Blocks of the program that miss a part they need, so the program does not do what the
// blocks show: an `if` without a condition never runs its blocks, an `if` with nothing
// inside is left out of the Logo. The workspace marks them with Blockly's warning icon and
// the Logo panel counts them. Loose stacks are not checked (they are shown disabled).
import * as Blockly from 'blockly/core';
import i18next from 'i18next';
import { isProcedureDef, START_BLOCK } from '../logo/generator.ts';

/** What a block misses, named for what it does to the program. */
type IncompleteReason =
  | 'emptyBody' // left out of the Logo
  | 'noCondition' // its blocks never run
  | 'noConditionElse' // only its `else` blocks run
  | 'noConditionWait' // waits forever
  | 'noCount'; // its blocks never run

export interface IncompleteBlock {
  block: Blockly.Block;
  reason: IncompleteReason;
}

/** The inputs each block needs, and what their absence does (the generator's rules). */
interface Needs {
  /** Statement inputs of which at least one must hold blocks, or the block is left out. */
  body: string[];
  /** A value input and what an empty one does. */
  value?: [string, IncompleteReason];
}

const NEEDS: Record<string, Needs> = {
  gogo_if: { body: ['DO'], value: ['COND', 'noCondition'] },
  gogo_ifstatechange: { body: ['DO'], value: ['COND', 'noCondition'] },
  gogo_ifelse: { body: ['DO', 'ELSE'], value: ['COND', 'noConditionElse'] },
  gogo_repeat: { body: ['DO'], value: ['TIMES', 'noCount'] },
  gogo_waituntil: { body: [], value: ['COND', 'noConditionWait'] },
};

function inProgram(block: Blockly.Block): boolean {
  if (!block.isEnabled() || block.getInheritedDisabled()) return false;
  const root = block.getRootBlock();
  return root.type === START_BLOCK || isProcedureDef(root);
}

function reasonFor(block: Blockly.Block): IncompleteReason | null {
  const needs = NEEDS[block.type];
  if (!needs) return null;
  if (needs.body.length > 0 && needs.body.every((name) => !block.getInputTargetBlock(name))) {
    return 'emptyBody';
  }
  if (needs.value && !block.getInputTargetBlock(needs.value[0])) return needs.value[1];
  return null;
}

/** The program's incomplete blocks, in workspace order (top to bottom). */
export function incompleteBlocks(workspace: Blockly.Workspace): IncompleteBlock[] {
  const found: IncompleteBlock[] = [];
  for (const block of workspace.getAllBlocks(true)) {
    if (!inProgram(block)) continue;
    const reason = reasonFor(block);
    if (reason) found.push({ block, reason });
  }
  return found;
}

/** The block's own first word as the user reads it ("if", "repeat", "wait until"). */
function blockName(block: Blockly.Block): string {
  for (const input of block.inputList) {
    for (const field of input.fieldRow) {
      if (field instanceof Blockly.FieldLabel && field.getText().trim()) return field.getText();
    }
  }
  return block.type;
}

/** The translated warning for an incomplete block. */
export function incompleteWarning({ block, reason }: IncompleteBlock): string {
  return i18next.t(`editor:incomplete.${reason}`, { block: blockName(block) });
}

/** Warning id, so our text does not replace other warnings a block may show. */
const WARNING_ID = 'gogo-incomplete';

/**
 * Puts the warning icon on the incomplete blocks and takes it off the others; returns the
 * incomplete blocks.
 */
export function markIncompleteBlocks(workspace: Blockly.Workspace): IncompleteBlock[] {
  const found = incompleteBlocks(workspace);
  // Blockly's bubble does not wrap text itself; a narrow workspace would clip one long line.
  const warnings = new Map(
    found.map((item) => [item.block.id, Blockly.utils.string.wrap(incompleteWarning(item), 44)]),
  );
  for (const block of workspace.getAllBlocks(false)) {
    if (!NEEDS[block.type]) continue;
    block.setWarningText(warnings.get(block.id) ?? null, WARNING_ID);
  }
  return found;
}
