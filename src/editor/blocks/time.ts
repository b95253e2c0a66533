// Timer, tick counter and the real-time clock.
import { Order } from '../logo/generator.ts';
import { collect, dropdownArg, msg, NUMBER, STATEMENT, style, valueArg, word } from './shared.ts';

const RTC_ITEMS: [string, string][] = [
  ['time.seconds', 'seconds'],
  ['time.minutes', 'minutes'],
  ['time.hours', 'hours'],
  ['time.dayOfWeek', 'dow'],
  ['time.day', 'day'],
  ['time.month', 'month'],
  ['time.year', 'year'],
];

export const time = collect([
  {
    definition: { type: 'gogo_timer', message0: msg('time.timer'), ...NUMBER, ...style('time') },
    logo: () => ['timer', Order.ATOMIC],
  },
  word('gogo_resett', 'time.resetTimer', 'time', 'resett'),
  {
    definition: {
      type: 'gogo_settickrate',
      message0: msg('time.setTickRate'),
      args0: [valueArg('RATE')],
      ...STATEMENT,
      ...style('time'),
      tooltip: msg('time.tickTip'),
    },
    logo: (block, g) => `settickrate ${g.value(block, 'RATE', Order.NONE)}\n`,
  },
  {
    definition: {
      type: 'gogo_tickcount',
      message0: msg('time.tickCount'),
      ...NUMBER,
      ...style('time'),
    },
    logo: () => ['tickcount', Order.ATOMIC],
  },
  word('gogo_cleartick', 'time.clearTick', 'time', 'cleartick'),
  word('gogo_rtc_init', 'time.rtcInit', 'time', 'rtc_init'),
  {
    definition: {
      type: 'gogo_rtc_get',
      message0: msg('time.clock'),
      args0: [dropdownArg('ITEM', RTC_ITEMS)],
      ...NUMBER,
      ...style('time'),
      tooltip: msg('time.clockTip'),
    },
    logo: (block) => [String(block.getFieldValue('ITEM')), Order.ATOMIC],
  },
]);
