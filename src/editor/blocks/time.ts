// Timer, tick counter and the real-time clock.
import { Order } from '../logo/generator.ts';
import { collect, command, dropdownArg, msg, NUMBER, reporter, style, word } from './shared.ts';

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
  reporter('gogo_timer', 'time.timer', 'time', 'timer'),
  word('gogo_resett', 'time.resetTimer', 'time', 'resett'),
  command('gogo_settickrate', 'time.setTickRate', 'time', 'settickrate', 'RATE', 'time.tickTip'),
  reporter('gogo_tickcount', 'time.tickCount', 'time', 'tickcount'),
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
