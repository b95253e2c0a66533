// Time labels of every data-log chart and table (offline log, plot lab, cloud log), in the
// viewer's language: seconds for spans under an hour, dates for spans over two days.
import type { Scale, TimeScaleOptions } from 'chart.js';

const DAY = 86_400_000;
const formats = new Map<string, Intl.DateTimeFormat>();

export function timeFormatter(locale: string, spanMs: number): (ms: number) => string {
  const kind = spanMs > 2 * DAY ? 'date' : spanMs < 3_600_000 ? 'seconds' : 'minutes';
  const key = `${locale}|${kind}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(
      locale,
      kind === 'date'
        ? { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' }
        : {
            hour: '2-digit',
            minute: '2-digit',
            second: kind === 'seconds' ? '2-digit' : undefined,
          },
    );
    formats.set(key, format);
  }
  const f = format;
  return (ms) => f.format(new Date(ms));
}

/**
 * Time-axis ticks for a chart whose window changes (zoom, live data): labels through
 * `timeFormatter` for the visible span, few enough that they never overlap.
 */
export function timeTicks(locale: () => string): Partial<TimeScaleOptions['ticks']> {
  return {
    maxRotation: 0,
    autoSkip: true,
    autoSkipPadding: 16,
    maxTicksLimit: 8,
    sampleSize: 8,
    callback(this: Scale, value: string | number) {
      return timeFormatter(locale(), this.max - this.min)(Number(value));
    },
  };
}
