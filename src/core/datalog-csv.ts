// CSV for offline datalogs: the export of a whole (not decimated) log, and its import
// back. Runs in the core worker, so building or parsing a million rows never blocks the
// page. One row per record, in the board's order:
//
//   time,board_ms,series,value
//   2026-03-01T08:00:00.000Z,0,temperature,25.1
//
// `time` is the board's time plus the chosen date offset (ISO 8601, UTC); `board_ms` is
// the board's own clock, which import reads back (so a round trip is exact). Values are
// the shortest decimal that reads back as the same float32.
import type { DatalogColumns } from './wasm-core.ts';

const CSV_HEADER = 'time,board_ms,series,value';

/** A CSV import problem, with the 1-based line it was found on. */
export class CsvError extends Error {
  override readonly name = 'CsvError';
  constructor(
    readonly code: 'no-header' | 'bad-row' | 'too-many-series' | 'empty',
    readonly line: number,
    message: string,
  ) {
    super(message);
  }
}

/** Quotes a field when it holds a comma, a quote or a line break (RFC 4180). */
export function csvField(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The shortest decimal text that reads back as the float32 `v`. */
export function float32Text(v: number): string {
  if (!Number.isFinite(v)) return String(v);
  for (let p = 6; p < 9; p++) {
    const s = String(Number(v.toPrecision(p)));
    if (Math.fround(Number(s)) === v) return s;
  }
  return String(Number(v.toPrecision(9)));
}

/** The whole log as CSV bytes (UTF-8). `labels[i]` names series i. */
export function columnsToCsv(
  columns: DatalogColumns,
  labels: readonly string[],
  offsetMs: number,
): Uint8Array {
  const n = columns.timeMs.length;
  const quoted = labels.map(csvField);
  // Chunks of text, encoded as they fill, keep peak memory near the output's size.
  const encoder = new TextEncoder();
  const parts: Uint8Array[] = [];
  let text = `${CSV_HEADER}\n`;
  for (let i = 0; i < n; i++) {
    const t = columns.timeMs[i] ?? 0;
    const s = columns.series[i] ?? 0;
    const date = new Date(t + offsetMs);
    const iso = Number.isNaN(date.getTime()) ? '' : date.toISOString();
    text += `${iso},${t},${quoted[s] ?? `#${s}`},${float32Text(columns.value[i] ?? 0)}\n`;
    if (text.length > 1 << 20) {
      parts.push(encoder.encode(text));
      text = '';
    }
  }
  parts.push(encoder.encode(text));
  return joinParts(parts);
}

/** One buffer from the encoded pieces of a CSV (built in pieces to keep strings short). */
export function joinParts(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((a, p) => a + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** Splits one CSV line into fields (quotes as RFC 4180; a line holds no line break). */
function splitLine(line: string): string[] {
  if (!line.includes('"')) return line.split(',');
  const out: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      out.push(field);
      field = '';
    } else field += c;
  }
  out.push(field);
  return out;
}

interface ParsedCsv {
  columns: DatalogColumns;
  /** Series names in id order. */
  names: string[];
}

/**
 * Reads a CSV with a `series` and a `value` column and a `board_ms` or `time` column
 * (ISO date or milliseconds): this module's export, or the plot lab's. Throws CsvError.
 */
export function csvToColumns(bytes: Uint8Array): ParsedCsv {
  const text = new TextDecoder().decode(bytes).replace(/^\uFEFF/, '');
  const lines = text.split(/\r?\n/);
  const header = splitLine(lines[0] ?? '').map((h) => h.trim().toLowerCase());
  const seriesAt = header.indexOf('series');
  const valueAt = header.indexOf('value');
  const msAt = header.indexOf('board_ms');
  const timeAt = header.indexOf('time');
  if (seriesAt < 0 || valueAt < 0 || (msAt < 0 && timeAt < 0)) {
    throw new CsvError('no-header', 1, 'expected the columns series, value and board_ms or time');
  }
  let rows = lines.length - 1;
  while (rows > 0 && (lines[rows] ?? '').trim() === '') rows--;
  const time = new Float64Array(rows);
  const series = new Uint16Array(rows);
  const value = new Float32Array(rows);
  const names: string[] = [];
  const ids = new Map<string, number>();
  let n = 0;
  for (let i = 1; i <= rows; i++) {
    const line = lines[i] ?? '';
    if (line.trim() === '') continue;
    const f = splitLine(line);
    const name = f[seriesAt] ?? '';
    const v = Number(f[valueAt]);
    const rawTime = (msAt >= 0 ? f[msAt] : f[timeAt]) ?? '';
    let t = Number(rawTime);
    if (rawTime.trim() === '' || Number.isNaN(t)) t = Date.parse(rawTime);
    if (!Number.isFinite(t) || Number.isNaN(v) || (f[valueAt] ?? '').trim() === '') {
      throw new CsvError('bad-row', i + 1, `line ${i + 1}: a time and a number are needed`);
    }
    let id = ids.get(name);
    if (id === undefined) {
      if (names.length >= 0xffff) {
        throw new CsvError('too-many-series', i + 1, 'more than 65,535 series');
      }
      id = names.push(name) - 1;
      ids.set(name, id);
    }
    time[n] = t;
    series[n] = id;
    value[n] = v;
    n++;
  }
  if (n === 0) throw new CsvError('empty', 2, 'the file holds no rows');
  return {
    columns: { timeMs: time.slice(0, n), series: series.slice(0, n), value: value.slice(0, n) },
    names,
  };
}
