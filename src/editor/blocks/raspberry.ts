// Raspberry Pi features of the Pi-topping board (camera, faces, sound, screen, files and
// plots, e-mail, SMS, RFID, speech).
import type * as Blockly from 'blockly/core';
import { Order, PRIMARY, type LogoGenerator } from '../logo/generator.ts';
import {
  BOOLEAN,
  collect,
  command,
  dropdownArg,
  msg,
  NUMBER,
  STATEMENT,
  style,
  textArg,
  valueArg,
  word,
} from './shared.ts';

function reporter(type: string, key: string, logo: string, output = BOOLEAN) {
  return {
    definition: { type, message0: msg(key), ...output, ...style('raspberry') },
    logo: () => [logo, Order.ATOMIC] as [string, number],
  };
}

function choice(type: string, key: string, options: [string, string][]) {
  return {
    definition: {
      type,
      message0: msg(key),
      args0: [dropdownArg('ACTION', options)],
      ...STATEMENT,
      ...style('raspberry'),
    },
    logo: (block: Blockly.Block) => `${String(block.getFieldValue('ACTION'))}\n`,
  };
}

/** A command with text fields only: `command "a" "b" …`. */
function withTexts(type: string, key: string, command: string, fields: [string, string][]) {
  return {
    definition: {
      type,
      message0: msg(key),
      args0: fields.map(([name, text]) => textArg(name, text)),
      ...STATEMENT,
      ...style('raspberry'),
    },
    logo: (block: Blockly.Block, g: LogoGenerator) =>
      `${[command, ...fields.map(([name]) => g.text(block.getFieldValue(name)))].join(' ')}\n`,
  };
}

export const raspberry = collect([
  choice('gogo_pi_camera', 'raspberry.camera', [
    ['raspberry.start', 'usecamera'],
    ['raspberry.close', 'closecamera'],
  ]),
  reporter('gogo_pi_camera_on', 'raspberry.cameraOn', 'cameraison'),
  choice('gogo_pi_find_face', 'raspberry.findFace', [
    ['raspberry.start', 'startfindface'],
    ['raspberry.stop', 'stopfindface'],
  ]),
  reporter('gogo_pi_finding_face', 'raspberry.findingFace', 'isfindingface'),
  reporter('gogo_pi_face_found', 'raspberry.faceFound', 'facefound?'),
  word('gogo_pi_snapshot', 'raspberry.snapshot', 'raspberry', 'takesnapshot'),
  withTexts('gogo_pi_play_sound', 'raspberry.playSound', 'playsound', [['FILE', 'sound.wav']]),
  word('gogo_pi_stop_sound', 'raspberry.stopSound', 'raspberry', 'stopsound'),
  withTexts('gogo_pi_say', 'raspberry.say', 'say', [['TEXT', 'hello']]),
  withTexts('gogo_pi_show_image', 'raspberry.showImage', 'showimage', [['FILE', 'image.png']]),
  reporter('gogo_pi_screen_tapped', 'raspberry.screenTapped', 'screentapped?'),
  withTexts('gogo_pi_new_record_file', 'raspberry.newRecordFile', 'newrecordfile', [
    ['FILE', 'data'],
  ]),
  {
    definition: {
      type: 'gogo_pi_record',
      message0: msg('raspberry.record'),
      args0: [valueArg('VALUE'), textArg('FILE', 'data')],
      ...STATEMENT,
      ...style('raspberry'),
    },
    logo: (block, g) =>
      `record ${g.value(block, 'VALUE', PRIMARY)} ${g.text(block.getFieldValue('FILE'))}\n`,
  },
  {
    definition: {
      type: 'gogo_pi_show_log_plot',
      message0: msg('raspberry.showLogPlot'),
      args0: [valueArg('COUNT'), textArg('FILE', 'data')],
      ...STATEMENT,
      ...style('raspberry'),
      tooltip: msg('raspberry.showLogPlotTip'),
    },
    logo: (block, g) =>
      `showlogplot ${g.value(block, 'COUNT', PRIMARY)} ${g.text(block.getFieldValue('FILE'))}\n`,
  },
  withTexts('gogo_pi_send_mail', 'raspberry.sendMail', 'sendmail', [
    ['TO', 'me@example.com'],
    ['SUBJECT', 'GoGo'],
    ['BODY', 'hello'],
  ]),
  word('gogo_pi_use_sms', 'raspberry.useSms', 'raspberry', 'usesms'),
  withTexts('gogo_pi_send_sms', 'raspberry.sendSms', 'sendsms', [
    ['NUMBER', '0800000000'],
    ['TEXT', 'hello'],
  ]),
  choice('gogo_pi_rfid', 'raspberry.rfid', [
    ['raspberry.start', 'userfid'],
    ['raspberry.close', 'closerfid'],
  ]),
  word('gogo_pi_rfid_beep', 'raspberry.rfidBeep', 'raspberry', 'rfidbeep'),
  reporter('gogo_pi_read_rfid', 'raspberry.readRfid', 'readrfid', NUMBER),
  command('gogo_pi_write_rfid', 'raspberry.writeRfid', 'raspberry', 'writerfid', 'VALUE'),
  reporter('gogo_pi_rfid_tag_found', 'raspberry.rfidTagFound', 'rfidtagfound?'),
  reporter('gogo_pi_rfid_reader_found', 'raspberry.rfidReaderFound', 'rfidreaderfound?'),
]);
