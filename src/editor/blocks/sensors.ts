// Sensors, switches, the IR receiver and the serial port.
import { Order, PRIMARY } from '../logo/generator.ts';
import { portArg } from './port-field.ts';
import { BOOLEAN, collect, msg, NUMBER, style, valueArg } from './shared.ts';

function reporter(type: string, key: string, logo: string, output = NUMBER) {
  return {
    definition: { type, message0: msg(key), ...output, ...style('sensors') },
    logo: () => [logo, Order.ATOMIC] as [string, number],
  };
}

export const sensors = collect([
  {
    definition: {
      type: 'gogo_sensor',
      message0: msg('sensors.sensor'),
      args0: [portArg('PORT', 'sensor', '1')],
      ...NUMBER,
      ...style('sensors'),
      tooltip: msg('sensors.sensorTip'),
    },
    logo: (block) => [`sensor${String(block.getFieldValue('PORT'))}`, Order.ATOMIC],
  },
  {
    definition: {
      type: 'gogo_readsensor',
      message0: msg('sensors.readSensor'),
      args0: [valueArg('PORT')],
      ...NUMBER,
      ...style('sensors'),
    },
    logo: (block, g) => [`readsensor ${g.value(block, 'PORT', PRIMARY)}`, Order.UNARY],
  },
  {
    definition: {
      type: 'gogo_switch',
      message0: msg('sensors.switch'),
      args0: [portArg('PORT', 'sensor', '1')],
      ...BOOLEAN,
      ...style('sensors'),
    },
    logo: (block) => [`switch${String(block.getFieldValue('PORT'))}`, Order.ATOMIC],
  },
  {
    definition: {
      type: 'gogo_readswitch',
      message0: msg('sensors.readSwitch'),
      args0: [valueArg('PORT')],
      ...BOOLEAN,
      ...style('sensors'),
    },
    logo: (block, g) => [`readswitch ${g.value(block, 'PORT', PRIMARY)}`, Order.UNARY],
  },
  reporter('gogo_ir', 'sensors.ir', 'ir'),
  reporter('gogo_newir', 'sensors.newIr', 'newir?', BOOLEAN),
  reporter('gogo_serial', 'sensors.serial', 'serial'),
  reporter('gogo_newserial', 'sensors.newSerial', 'newserial?', BOOLEAN),
]);
