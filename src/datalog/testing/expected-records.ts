// Compares a read with the board's own log, record by record, through the CSV export
// (`time,board_ms,series,value`): for tests and the datalog stress benchmark.
import type { SimDatalog } from '../../virtual-board/board/sim-datalog.ts';

/**
 * The first `limit` problems of an exported log against `log`: a missing or extra row, or
 * a row whose board time, series name or value (as float32) differs. Empty when equal.
 */
export function csvMismatches(lines: readonly string[], log: SimDatalog, limit = 5): string[] {
  const wrong: string[] = [];
  if (lines[0] !== 'time,board_ms,series,value') wrong.push(`header: ${lines[0]}`);
  if (lines.length - 1 !== log.records) {
    wrong.push(`${lines.length - 1} rows for ${log.records} records`);
  }
  const names = log.seriesNames;
  for (let i = 0; i < log.records && wrong.length < limit; i++) {
    const r = log.recordAt(i);
    const [, ms, series, value] = (lines[i + 1] ?? '').split(',');
    if (
      Number(ms) !== r.seconds * 1000 ||
      series !== names[r.nameIndex] ||
      Math.fround(Number(value)) !== r.value
    ) {
      wrong.push(`record ${i + 1}: ${lines[i + 1] ?? '(none)'}`);
    }
  }
  return wrong;
}
