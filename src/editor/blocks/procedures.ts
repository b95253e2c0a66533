// Variables and procedures. The definitions, calls and variable getters/setters are
// Blockly's own blocks (with their mutator and rename support); this file gives them Logo
// and adds `change by`, `output` and `stop`.
//
// Logo 1.3 has global variables (`set name value`, read by name) and procedure parameters
// (declared `to p :a`, read as `a`); a parameter hides a global of the same name. There are
// no other local variables.
import type * as Blockly from 'blockly/core';
import { Order, PRIMARY, type LogoGenerator } from '../logo/generator.ts';
import { collect, msg, STATEMENT, style, TERMINAL, valueArg } from './shared.ts';

interface CallBlock extends Blockly.Block {
  getProcedureCall(): string;
}

function call(block: Blockly.Block, g: LogoGenerator): string {
  const name = g.procedureName((block as CallBlock).getProcedureCall());
  const args = block.getVars().map((_, i) => g.value(block, `ARG${i}`, PRIMARY));
  return [name, ...args].join(' ');
}

export const procedures = collect([
  {
    definition: {
      type: 'gogo_change_variable',
      message0: msg('variables.change'),
      args0: [{ type: 'field_variable', name: 'VAR', variable: null }, valueArg('DELTA')],
      ...STATEMENT,
      style: 'variable_blocks',
    },
    logo: (block, g) => {
      const name = g.variableOf(block);
      return `set ${name} ${name} + ${g.value(block, 'DELTA', Order.ADDITIVE)}\n`;
    },
  },
  {
    definition: {
      type: 'gogo_output',
      message0: msg('procedures.output'),
      args0: [valueArg('VALUE')],
      ...TERMINAL,
      ...style('procedures'),
      tooltip: msg('procedures.outputTip'),
    },
    logo: (block, g) => `output ${g.value(block, 'VALUE', Order.NONE)}\n`,
  },
  {
    definition: {
      type: 'gogo_stop',
      message0: msg('procedures.stop'),
      ...TERMINAL,
      ...style('procedures'),
      tooltip: msg('procedures.stopTip'),
    },
    logo: () => 'stop\n',
  },
]);

/** Logo for Blockly's own variable and procedure blocks (their definitions ship with Blockly). */
export const libraryLogo: Record<
  string,
  (block: Blockly.Block, g: LogoGenerator) => string | [string, number]
> = {
  variables_get: (block, g) => [g.variableOf(block), Order.ATOMIC],
  variables_set: (block, g) =>
    `set ${g.variableOf(block)} ${g.value(block, 'VALUE', Order.NONE)}\n`,
  // Definitions are written by the generator itself (they are top-level only).
  procedures_defnoreturn: () => '',
  procedures_defreturn: () => '',
  procedures_callnoreturn: (block, g) => `${call(block, g)}\n`,
  procedures_callreturn: (block, g) => [call(block, g), Order.CALL],
  procedures_ifreturn: (block, g) => {
    // Whether it returns a value follows the procedure it sits in.
    const result =
      block.getRootBlock().type === 'procedures_defreturn'
        ? `output ${g.value(block, 'VALUE', Order.NONE)}`
        : 'stop';
    return `if ${g.value(block, 'CONDITION', Order.NONE)} [ ${result} ]\n`;
  },
};
