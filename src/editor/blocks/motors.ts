// Motors: choose ports, switch them, direction and power, and their state. Servos turn on
// the talked-to ports too.
import { Order } from '../logo/generator.ts';
import { portArg } from './port-field.ts';
import {
  BOOLEAN,
  collect,
  command,
  dropdownArg,
  msg,
  NUMBER,
  STATEMENT,
  style,
  valueArg,
  word,
} from './shared.ts';

const DIRECTIONS: [string, string][] = [
  ['motors.thisWay', 'thisway'],
  ['motors.thatWay', 'thatway'],
  ['motors.reverse', 'rd'],
];

const STATES: [string, string][] = [
  ['motors.isOn', 'on?'],
  ['motors.isOff', 'off?'],
  ['motors.isThisWay', 'thisway?'],
  ['motors.isThatWay', 'thatway?'],
];

export const motors = collect([
  {
    definition: {
      type: 'gogo_talkto',
      message0: msg('motors.talkTo'),
      args0: [portArg('PORTS', 'motors', 'a')],
      ...STATEMENT,
      ...style('motors'),
      tooltip: msg('motors.talkToTip'),
    },
    // `ab,` and the next command share a line: `ab, on`.
    logo: (block) => `${String(block.getFieldValue('PORTS'))}, `,
  },
  word('gogo_motor_on', 'motors.on', 'motors', 'on'),
  word('gogo_motor_off', 'motors.off', 'motors', 'off'),
  command('gogo_motor_onfor', 'motors.onFor', 'motors', 'onfor', 'TIME'),
  {
    definition: {
      type: 'gogo_motor_direction',
      message0: msg('motors.direction'),
      args0: [dropdownArg('DIR', DIRECTIONS)],
      ...STATEMENT,
      ...style('motors'),
    },
    logo: (block) => `${String(block.getFieldValue('DIR'))}\n`,
  },
  command('gogo_setpower', 'motors.setPower', 'motors', 'setpower', 'POWER', 'motors.setPowerTip'),
  {
    definition: {
      type: 'gogo_motor_state',
      message0: msg('motors.state'),
      args0: [portArg('PORT', 'motor', 'a'), dropdownArg('STATE', STATES)],
      ...BOOLEAN,
      ...style('motors'),
    },
    logo: (block) => [
      `${String(block.getFieldValue('PORT'))}${String(block.getFieldValue('STATE'))}`,
      Order.ATOMIC,
    ],
  },
  {
    definition: {
      type: 'gogo_motor_power',
      message0: msg('motors.power'),
      args0: [portArg('PORT', 'motor', 'a')],
      ...NUMBER,
      ...style('motors'),
    },
    logo: (block) => [`${String(block.getFieldValue('PORT'))}power`, Order.ATOMIC],
  },
]);

export const servo = collect([
  command('gogo_servo_heading', 'servo.heading', 'servo', 'seth', 'HEADING', 'servo.tip'),
  {
    definition: {
      type: 'gogo_servo_turn',
      message0: msg('servo.turn'),
      args0: [
        dropdownArg('DIR', [
          ['servo.left', 'lt'],
          ['servo.right', 'rt'],
        ]),
        valueArg('STEP'),
      ],
      ...STATEMENT,
      ...style('servo'),
      tooltip: msg('servo.tip'),
    },
    logo: (block, g) =>
      `${String(block.getFieldValue('DIR'))} ${g.value(block, 'STEP', Order.NONE)}\n`,
  },
]);
