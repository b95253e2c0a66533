// Display, sound and voice module, user LED and relay.
import { portArg } from './port-field.ts';
import {
  collect,
  command,
  dropdownArg,
  msg,
  reporter,
  STATEMENT,
  style,
  textArg,
  word,
} from './shared.ts';

const DISPLAYS: [string, string][] = [
  ['display.sevenSeg1', 'talk_to_7seg_1'],
  ['display.sevenSeg2', 'talk_to_7seg_2'],
  ['display.lcd1', 'talk_to_lcd_1'],
  ['display.lcd2', 'talk_to_lcd_2'],
];

const VOICE: [string, string][] = [
  ['sound.play', 'play'],
  ['sound.nextTrack', 'nexttrack'],
  ['sound.previousTrack', 'prevtrack'],
  ['sound.eraseTracks', 'erasetracks'],
];

export const display = collect([
  command('gogo_show', 'display.show', 'display', 'show', 'VALUE'),
  {
    definition: {
      type: 'gogo_show_text',
      message0: msg('display.showText'),
      args0: [textArg('TEXT', 'Hi')],
      ...STATEMENT,
      ...style('display'),
      tooltip: msg('display.showTextTip'),
    },
    logo: (block, g) => `show ${g.text(block.getFieldValue('TEXT'))}\n`,
  },
  word('gogo_cls', 'display.clear', 'display', 'cls'),
  command('gogo_setpos', 'display.setPosition', 'display', 'setpos', 'POS'),
  reporter('gogo_getpos', 'display.position', 'display', 'getpos'),
  {
    definition: {
      type: 'gogo_display_select',
      message0: msg('display.use'),
      args0: [dropdownArg('DISPLAY', DISPLAYS)],
      ...STATEMENT,
      ...style('display'),
    },
    logo: (block) => `${String(block.getFieldValue('DISPLAY'))}\n`,
  },
]);

export const sound = collect([
  word('gogo_beep', 'sound.beep', 'sound', 'beep'),
  {
    definition: {
      type: 'gogo_voice',
      message0: msg('sound.voice'),
      args0: [dropdownArg('ACTION', VOICE)],
      ...STATEMENT,
      ...style('sound'),
      tooltip: msg('sound.voiceTip'),
    },
    logo: (block) => `${String(block.getFieldValue('ACTION'))}\n`,
  },
  command('gogo_voice_track', 'sound.goToTrack', 'sound', 'gototrack', 'TRACK', 'sound.voiceTip'),
]);

export const lights = collect([
  {
    definition: {
      type: 'gogo_led',
      message0: msg('lights.led'),
      args0: [
        dropdownArg('STATE', [
          ['lights.on', 'ledon'],
          ['lights.off', 'ledoff'],
        ]),
      ],
      ...STATEMENT,
      ...style('lights'),
    },
    logo: (block) => `${String(block.getFieldValue('STATE'))}\n`,
  },
  {
    definition: {
      type: 'gogo_relay',
      message0: msg('lights.relay'),
      args0: [
        portArg('PORT', 'motor', 'a'),
        dropdownArg('STATE', [
          ['lights.on', 'ON'],
          ['lights.off', 'OFF'],
        ]),
      ],
      ...STATEMENT,
      ...style('lights'),
      tooltip: msg('lights.relayTip'),
    },
    // A relay is an output port: on is power 100, off is power 0 (spec core §9).
    logo: (block) => {
      const port = String(block.getFieldValue('PORT'));
      return block.getFieldValue('STATE') === 'ON'
        ? `${port}, setpower 100 on\n`
        : `${port}, setpower 0 off\n`;
    },
  },
]);
