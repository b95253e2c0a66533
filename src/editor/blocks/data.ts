// The on-board data log, cloud logging, key-value pairs and messages, wireless nodes, I2C.
import * as Blockly from 'blockly/core';
import { Order, PRIMARY, type LogoGenerator } from '../logo/generator.ts';
import { CLOUD_NAME } from '../logo/keywords.ts';
import {
  BOOLEAN,
  collect,
  command,
  msg,
  NUMBER,
  reporter,
  STATEMENT,
  style,
  textArg,
  valueArg,
  word,
} from './shared.ts';

/** Field validator: keeps only valid cloud record names (an invalid edit is refused). */
function validateCloudName(value: string): string | null {
  return CLOUD_NAME.test(value) ? value : null;
}

function cloudRecord(type: string, key: string, command: string) {
  return {
    definition: {
      type,
      message0: msg(key),
      args0: [textArg('NAME', 'temperature'), valueArg('VALUE')],
      ...STATEMENT,
      ...style('data'),
      tooltip: msg('data.cloudRecordTip'),
      extensions: ['gogo_cloud_name'],
    },
    // GoGo Code syntax: cloud record "name value (the name is a quoted word).
    logo: (block: Blockly.Block, g: LogoGenerator) =>
      `${command} "${String(block.getFieldValue('NAME'))} ${g.value(block, 'VALUE', PRIMARY)}\n`,
  };
}

let extensionRegistered = false;

/** Installs the name validator on the cloud record blocks' NAME field. */
export function registerDataExtensions(): void {
  if (extensionRegistered) return;
  Blockly.Extensions.register('gogo_cloud_name', function (this: Blockly.Block) {
    this.getField('NAME')?.setValidator(validateCloudName);
  });
  extensionRegistered = true;
}

export const data = collect([
  command('gogo_record', 'data.record', 'data', 'record', 'VALUE', 'data.recordTip'),
  reporter('gogo_recall', 'data.recall', 'data', 'recall'),
  word('gogo_resetdp', 'data.resetPointer', 'data', 'resetdp'),
  command('gogo_setdp', 'data.setPointer', 'data', 'setdp', 'POS'),
  command('gogo_erase', 'data.erase', 'data', 'erase', 'COUNT'),
  cloudRecord('gogo_cloud_record', 'data.cloudRecord', 'cloud record'),
  cloudRecord('gogo_public_cloud_record', 'data.publicCloudRecord', 'public cloud record'),
]);

export const messages = collect([
  {
    definition: {
      type: 'gogo_key_equals',
      message0: msg('messages.keyEquals'),
      args0: [textArg('KEY', 'color'), textArg('VALUE', 'red')],
      ...BOOLEAN,
      ...style('messages'),
      tooltip: msg('messages.keyTip'),
    },
    logo: (block, g) => [
      `key ${g.text(block.getFieldValue('KEY'))} = ${g.text(block.getFieldValue('VALUE'))}`,
      Order.RELATIONAL,
    ],
  },
  {
    definition: {
      type: 'gogo_intkey',
      message0: msg('messages.keyNumber'),
      args0: [textArg('KEY', 'speed')],
      ...NUMBER,
      ...style('messages'),
      tooltip: msg('messages.keyTip'),
    },
    logo: (block, g) => [`intkey ${g.text(block.getFieldValue('KEY'))}`, Order.CALL],
  },
  word('gogo_clearkeys', 'messages.clearKeys', 'messages', 'clearkeys'),
  {
    definition: {
      type: 'gogo_sendmessage',
      message0: msg('messages.sendNumber'),
      args0: [textArg('TOPIC', 'topic'), valueArg('VALUE')],
      ...STATEMENT,
      ...style('messages'),
    },
    logo: (block, g) =>
      `sendmessage ${g.text(block.getFieldValue('TOPIC'))} ${g.value(block, 'VALUE', Order.NONE)}\n`,
  },
  {
    definition: {
      type: 'gogo_sendmessage_text',
      message0: msg('messages.sendText'),
      args0: [textArg('TOPIC', 'topic'), textArg('TEXT', 'hello')],
      ...STATEMENT,
      ...style('messages'),
    },
    logo: (block, g) =>
      `sendmessage ${g.text(block.getFieldValue('TOPIC'))} ${g.text(block.getFieldValue('TEXT'))}\n`,
  },
  command(
    'gogo_talkto_node',
    'messages.talkToNode',
    'messages',
    'talkto',
    'NODE',
    'messages.talkToNodeTip',
  ),
]);

export const i2c = collect([
  {
    definition: {
      type: 'gogo_i2c_write',
      message0: msg('i2c.write'),
      args0: [valueArg('ADDRESS'), valueArg('REGISTER'), valueArg('VALUE')],
      inputsInline: true,
      ...STATEMENT,
      ...style('i2c'),
    },
    logo: (block, g) =>
      `i2cwrite ${['ADDRESS', 'REGISTER', 'VALUE'].map((n) => g.value(block, n, PRIMARY)).join(' ')}\n`,
  },
  {
    definition: {
      type: 'gogo_i2c_read',
      message0: msg('i2c.read'),
      args0: [valueArg('ADDRESS'), valueArg('REGISTER')],
      inputsInline: true,
      ...NUMBER,
      ...style('i2c'),
    },
    logo: (block, g) => [
      `i2cread ${['ADDRESS', 'REGISTER'].map((n) => g.value(block, n, PRIMARY)).join(' ')}`,
      Order.UNARY,
    ],
  },
]);
