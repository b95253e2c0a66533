// The offline datalog's chart configuration (persisted per browser) and the date offset
// for boards without a clock: their times count from an arbitrary zero, so the user picks
// the date of the first record (or lets the last record be the time of the read).
import { proxy, subscribe } from 'valtio';

export type DateMode = 'auto' | 'board' | 'start';

interface DatalogConfig {
  algorithm: 'min-max' | 'lttb';
  showPoints: boolean;
  dateMode: DateMode;
  /** `start` mode: the first record's date, as a datetime-local value (local time). */
  start: string;
}

const DEFAULT_CONFIG: DatalogConfig = {
  algorithm: 'min-max',
  showPoints: false,
  dateMode: 'auto',
  start: '',
};

const KEY = 'datalogConfig';
/** Times at or after 2001-01-01 are taken as a real clock (seconds since 1970). */
const CLOCK_EPOCH_MS = Date.UTC(2001, 0, 1);

function load(): DatalogConfig {
  try {
    const raw = JSON.parse(localStorage.getItem(KEY) ?? '{}') as Partial<DatalogConfig>;
    return {
      algorithm: raw.algorithm === 'lttb' ? 'lttb' : 'min-max',
      showPoints: raw.showPoints === true,
      dateMode: raw.dateMode === 'board' || raw.dateMode === 'start' ? raw.dateMode : 'auto',
      start: typeof raw.start === 'string' ? raw.start : '',
    };
  } catch {
    return { ...DEFAULT_CONFIG };
  }
}

export const datalogConfig = proxy<DatalogConfig>(load());

subscribe(datalogConfig, () => {
  try {
    localStorage.setItem(KEY, JSON.stringify(datalogConfig));
  } catch {
    // Storage unavailable: the choice lives for this page only.
  }
});

/**
 * Milliseconds added to the board's times for display and export. `board`: none. `start`:
 * the first record lands on the chosen date. `auto`: none when the times look like a real
 * clock, otherwise the last record lands on `loadedAt` (the time of the read).
 */
export function dateOffsetMs(
  config: Pick<DatalogConfig, 'dateMode' | 'start'>,
  range: { min: number; max: number } | null,
  loadedAt: number,
): number {
  if (!range || config.dateMode === 'board') return 0;
  if (config.dateMode === 'start') {
    const start = new Date(config.start).getTime();
    return Number.isFinite(start) ? start - range.min : 0;
  }
  return range.min >= CLOCK_EPOCH_MS ? 0 : loadedAt - range.max;
}
