// Test helpers: English block texts in Blockly, and a compact way to write block programs.
import * as Blockly from 'blockly/core';
import * as BlocklyEnglish from 'blockly/msg/en';
import english from '../../locales/en/blocks.json';
import { registerGogoBlocks } from './blocks/index.ts';
import { setBlockMessages } from './blocks/messages.ts';
import { blockXml, type BlockSpec } from './workspace/block-xml.ts';

export function setUpBlocks(): void {
  registerGogoBlocks();
  Blockly.setLocale(BlocklyEnglish as unknown as Record<string, string>);
  setBlockMessages(english);
}

type Fields = Record<string, string | number | boolean>;
export type B = BlockSpec;
export { blockXml };

/** A program: a start block with `body`, plus other top blocks (procedure definitions). */
export function programXml(
  body: B[],
  others: B[] = [],
  options: { autorun?: boolean } = {},
): string {
  const start: B = {
    type: 'gogo_start',
    fields: { AUTORUN: options.autorun ? 'TRUE' : 'FALSE' },
    inputs: body.length > 0 ? { DO: body } : {},
  };
  const tops = [start, ...others]
    .map((b, i) => blockXml(b).replace('<block ', `<block x="0" y="${i * 500}" `))
    .join('');
  return `<xml xmlns="https://developers.google.com/blockly/xml">${tops}</xml>`;
}

export const n = (value: number): B => ({ type: 'gogo_number', fields: { NUM: value } });
export const s = (type: string, fields?: Fields, inputs?: Record<string, B | B[]>): B => ({
  type,
  ...(fields ? { fields } : {}),
  ...(inputs ? { inputs } : {}),
});
export const v = (name: string): B => ({ type: 'variables_get', fields: { VAR: name } });
export const set = (name: string, value: B): B => ({
  type: 'variables_set',
  fields: { VAR: name },
  inputs: { VALUE: value },
});
export const compare = (a: B, op: string, b: B): B => s('gogo_compare', { OP: op }, { A: a, B: b });
export const arith = (a: B, op: string, b: B): B =>
  s('gogo_arithmetic', { OP: op }, { A: a, B: b });

/**
 * A procedure definition. With `returns` (a result block) or `reporter`, it is a reporter
 * (procedures_defreturn).
 */
export function procedure(
  name: string,
  params: string[],
  body: B[],
  options: { returns?: B; reporter?: boolean } = {},
): B {
  const { returns, reporter } = options;
  const args = params.map((p) => `<arg name="${p}"></arg>`).join('');
  return {
    type: returns || reporter ? 'procedures_defreturn' : 'procedures_defnoreturn',
    mutation: `<mutation>${args}</mutation>`,
    fields: { NAME: name },
    inputs: {
      ...(body.length > 0 ? { STACK: body } : {}),
      ...(returns ? { RETURN: returns } : {}),
    },
  };
}

/** A call; `params` are the definition's parameter names, in order. */
export function call(name: string, params: string[], args: B[], reporter = false): B {
  const mutation = `<mutation name="${name}">${params.map((p) => `<arg name="${p}"></arg>`).join('')}</mutation>`;
  return {
    type: reporter ? 'procedures_callreturn' : 'procedures_callnoreturn',
    mutation,
    inputs: Object.fromEntries(args.map((a, i) => [`ARG${i}`, a])),
  };
}
