// Numbers, arithmetic, comparisons and logic. Logo 1.3 has 16-bit integers only; booleans
// are numbers (0 false, anything else true).
import type * as Blockly from 'blockly/core';
import { leftOf, numberCode, Order, PRIMARY, type LogoGenerator } from '../logo/generator.ts';
import {
  BOOLEAN,
  type BlockJson,
  collect,
  conditionArg,
  dropdownArg,
  msg,
  NUMBER,
  type Output,
  style,
  valueArg,
} from './shared.ts';

const ARITHMETIC: Record<string, [string, number]> = {
  ADD: ['+', Order.ADDITIVE],
  SUBTRACT: ['-', Order.ADDITIVE],
  MULTIPLY: ['*', Order.MULTIPLICATIVE],
  DIVIDE: ['/', Order.MULTIPLICATIVE],
  MODULO: ['%', Order.MULTIPLICATIVE],
};

const COMPARE: Record<string, string> = { LT: '<', GT: '>', EQ: '=', LTE: '<=', GTE: '>=' };

/** `a op b` for a left-associative binary operator. */
function binary(
  block: Blockly.Block,
  g: LogoGenerator,
  op: string,
  order: number,
): [string, number] {
  return [`${g.value(block, 'A', leftOf(order))} ${op} ${g.value(block, 'B', order)}`, order];
}

/** `A op B` with the operator chosen from `options` ([label, value]). */
function infix(type: string, output: Output, options: [string, string][]): BlockJson {
  return {
    type,
    message0: '%1 %2 %3',
    args0: [valueArg('A'), { type: 'field_dropdown', name: 'OP', options }, valueArg('B')],
    inputsInline: true,
    ...output,
    ...style('operators'),
  };
}

export const operators = collect([
  {
    definition: {
      type: 'gogo_number',
      message0: '%1',
      args0: [
        { type: 'field_number', name: 'NUM', value: 0, min: -65535, max: 65535, precision: 1 },
      ],
      ...NUMBER,
      ...style('operators'),
      tooltip: msg('operators.numberTip'),
    },
    logo: (block) => numberCode(block.getFieldValue('NUM')),
  },
  {
    definition: infix('gogo_arithmetic', NUMBER, [
      ['+', 'ADD'],
      ['-', 'SUBTRACT'],
      ['×', 'MULTIPLY'],
      ['÷', 'DIVIDE'],
      [msg('operators.modulo'), 'MODULO'],
    ]),
    logo: (block, g) => {
      const [op, order] = ARITHMETIC[String(block.getFieldValue('OP'))] ?? ['+', Order.ADDITIVE];
      return binary(block, g, op, order);
    },
  },
  {
    definition: infix('gogo_compare', BOOLEAN, [
      ['<', 'LT'],
      ['>', 'GT'],
      ['=', 'EQ'],
      ['≠', 'NEQ'],
      ['≤', 'LTE'],
      ['≥', 'GTE'],
    ]),
    logo: (block, g) => {
      const op = String(block.getFieldValue('OP'));
      if (op === 'NEQ') {
        // 1.3 has no "not equal": not (a = b).
        const [eq] = binary(block, g, '=', Order.RELATIONAL);
        return [`not (${eq})`, Order.NOT];
      }
      return binary(block, g, COMPARE[op] ?? '=', Order.RELATIONAL);
    },
  },
  {
    definition: {
      type: 'gogo_logic',
      message0: '%1 %2 %3',
      args0: [
        conditionArg('A'),
        dropdownArg('OP', [
          ['operators.and', 'and'],
          ['operators.or', 'or'],
          ['operators.xor', 'xor'],
        ]),
        conditionArg('B'),
      ],
      inputsInline: true,
      ...BOOLEAN,
      ...style('operators'),
    },
    logo: (block, g) => binary(block, g, String(block.getFieldValue('OP')), Order.LOGICAL),
  },
  {
    definition: {
      type: 'gogo_not',
      message0: msg('operators.not'),
      args0: [conditionArg('A')],
      ...BOOLEAN,
      ...style('operators'),
    },
    logo: (block, g) => [`not ${g.value(block, 'A', PRIMARY)}`, Order.NOT],
  },
  {
    definition: {
      type: 'gogo_boolean',
      message0: '%1',
      args0: [
        dropdownArg('BOOL', [
          ['operators.true', '1'],
          ['operators.false', '0'],
        ]),
      ],
      ...BOOLEAN,
      ...style('operators'),
    },
    logo: (block) => [String(block.getFieldValue('BOOL')), Order.ATOMIC],
  },
  {
    definition: {
      type: 'gogo_random',
      message0: msg('operators.random'),
      args0: [valueArg('MAX')],
      ...NUMBER,
      ...style('operators'),
      tooltip: msg('operators.randomTip'),
    },
    logo: (block, g) => [`random ${g.value(block, 'MAX', PRIMARY)}`, Order.UNARY],
  },
  {
    definition: {
      type: 'gogo_byte',
      message0: msg('operators.byte'),
      args0: [
        dropdownArg('PART', [
          ['operators.lowByte', 'lowbyte'],
          ['operators.highByte', 'highbyte'],
        ]),
        valueArg('VALUE'),
      ],
      ...NUMBER,
      ...style('operators'),
    },
    logo: (block, g) => [
      `${String(block.getFieldValue('PART'))} ${g.value(block, 'VALUE', PRIMARY)}`,
      Order.UNARY,
    ],
  },
]);
