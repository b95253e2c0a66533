// The wide CSV of an offline datalog: one column per series, one row per time, for
// spreadsheets that plot columns against a time column:
//
//   time,board_ms,temperature,light
//   2026-03-01T08:00:00.000Z,0,25.1,310
//   2026-03-01T08:00:01.000Z,1000,,312
//
// Rows are in time order; a series without a record at a row's time leaves its cell
// empty, and a second record of one series at the same time starts another row with that
// time, so no record is lost. `time` and `board_ms` are as in the long CSV
// (datalog-csv.ts), which stays the one that import reads back.
import { csvField, float32Text, joinParts } from './datalog-csv.ts';
import type { DatalogColumns } from './wasm-core.ts';

/** The whole log as wide CSV bytes (UTF-8). `labels[i]` names series i. */
export function columnsToWideCsv(
  columns: DatalogColumns,
  labels: readonly string[],
  offsetMs: number,
): Uint8Array {
  const n = columns.timeMs.length;
  let count = labels.length;
  for (let i = 0; i < n; i++) count = Math.max(count, (columns.series[i] ?? 0) + 1);
  const names = Array.from({ length: count }, (_, s) => csvField(labels[s] ?? `#${s}`));
  const order = timeOrder(columns.timeMs);
  const encoder = new TextEncoder();
  const parts: Uint8Array[] = [];
  let text = ['time', 'board_ms', ...names].join(',') + '\n';
  const cells: string[] = new Array<string>(count).fill('');
  let filled = false;
  let rowTime = 0;
  const endRow = () => {
    const date = new Date(rowTime + offsetMs);
    const iso = Number.isNaN(date.getTime()) ? '' : date.toISOString();
    text += `${iso},${rowTime},${cells.join(',')}\n`;
    cells.fill('');
    filled = false;
    if (text.length > 1 << 20) {
      parts.push(encoder.encode(text));
      text = '';
    }
  };
  for (let k = 0; k < n; k++) {
    const i = order ? (order[k] ?? 0) : k;
    const t = columns.timeMs[i] ?? 0;
    const s = columns.series[i] ?? 0;
    if (filled && (t !== rowTime || cells[s] !== '')) endRow();
    rowTime = t;
    cells[s] = float32Text(columns.value[i] ?? 0);
    filled = true;
  }
  if (filled) endRow();
  parts.push(encoder.encode(text));
  return joinParts(parts);
}

/** Record indices in time order (stable), or null when the records already are. */
function timeOrder(time: Float64Array): Uint32Array | null {
  let sorted = true;
  for (let i = 1; i < time.length && sorted; i++) sorted = (time[i - 1] ?? 0) <= (time[i] ?? 0);
  if (sorted) return null;
  const order = Uint32Array.from({ length: time.length }, (_, i) => i);
  return order.sort((a, b) => (time[a] ?? 0) - (time[b] ?? 0) || a - b);
}
