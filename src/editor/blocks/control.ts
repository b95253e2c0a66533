// Program start, loops, conditions and waiting.
import { Order, PRIMARY, START_BLOCK } from '../logo/generator.ts';
import {
  conditionArg,
  msg,
  STATEMENT,
  statementArg,
  style,
  TERMINAL,
  valueArg,
  word,
  type BlockSet,
} from './shared.ts';

const stopAll = word('gogo_stopall', 'control.stopAll', 'control', 'stopall', 'control.stopAllTip');

export const control: BlockSet = {
  definitions: [
    {
      type: START_BLOCK,
      message0: msg('start.title'),
      message1: msg('start.autorun'),
      args1: [{ type: 'field_checkbox', name: 'AUTORUN', checked: false }],
      message2: '%1',
      args2: [statementArg('DO')],
      ...style('start'),
      tooltip: msg('start.tooltip'),
    },
    {
      type: 'gogo_forever',
      message0: msg('control.forever'),
      message1: '%1',
      args1: [statementArg('DO')],
      ...TERMINAL,
      ...style('control'),
    },
    {
      type: 'gogo_repeat',
      message0: msg('control.repeat'),
      args0: [valueArg('TIMES')],
      message1: '%1',
      args1: [statementArg('DO')],
      ...STATEMENT,
      ...style('control'),
    },
    {
      type: 'gogo_if',
      message0: msg('control.if'),
      args0: [conditionArg('COND')],
      message1: '%1',
      args1: [statementArg('DO')],
      ...STATEMENT,
      ...style('control'),
    },
    {
      type: 'gogo_ifelse',
      message0: msg('control.if'),
      args0: [conditionArg('COND')],
      message1: '%1',
      args1: [statementArg('DO')],
      message2: msg('control.else'),
      message3: '%1',
      args3: [statementArg('ELSE')],
      ...STATEMENT,
      ...style('control'),
    },
    {
      type: 'gogo_ifstatechange',
      message0: msg('control.ifStateChange'),
      args0: [conditionArg('COND')],
      message1: '%1',
      args1: [statementArg('DO')],
      ...STATEMENT,
      ...style('control'),
      tooltip: msg('control.ifStateChangeTip'),
    },
    {
      type: 'gogo_waituntil',
      message0: msg('control.waitUntil'),
      args0: [conditionArg('COND')],
      ...STATEMENT,
      ...style('control'),
    },
    {
      type: 'gogo_wait',
      message0: msg('control.wait'),
      args0: [valueArg('TIME')],
      ...STATEMENT,
      ...style('control'),
    },
    { ...stopAll.definition, nextStatement: undefined },
  ],
  logo: {
    [START_BLOCK]: () => '', // the generator reads the start block's body itself
    gogo_forever: (block, g) => {
      // An empty forever still waits forever; `forever [ ]` is not valid Logo.
      return `forever ${g.list(block, 'DO') ?? '[ waituntil [ 0 ] ]'}\n`;
    },
    gogo_repeat: (block, g) => {
      const body = g.list(block, 'DO');
      return body ? `repeat ${g.value(block, 'TIMES', Order.NONE)} ${body}\n` : '';
    },
    gogo_if: (block, g) => {
      const body = g.list(block, 'DO');
      return body ? `if ${g.value(block, 'COND', Order.NONE)} ${body}\n` : '';
    },
    gogo_ifelse: (block, g) => {
      const then = g.list(block, 'DO');
      const otherwise = g.list(block, 'ELSE');
      if (then && otherwise) {
        return `ifelse ${g.value(block, 'COND', Order.NONE)} ${then} ${otherwise}\n`;
      }
      if (then) return `if ${g.value(block, 'COND', Order.NONE)} ${then}\n`;
      if (otherwise) return `if not ${g.value(block, 'COND', PRIMARY)} ${otherwise}\n`;
      return '';
    },
    gogo_ifstatechange: (block, g) => {
      const body = g.list(block, 'DO');
      return body ? `ifstatechange ${g.value(block, 'COND', Order.NONE)} ${body}\n` : '';
    },
    gogo_waituntil: (block, g) => `waituntil [ ${g.value(block, 'COND', Order.NONE)} ]\n`,
    gogo_wait: (block, g) => `wait ${g.value(block, 'TIME', Order.NONE)}\n`,
    gogo_stopall: stopAll.logo,
  },
};
