// Types and byte layouts of the offline datalog ABI (core-rs/src/abi/datalog.rs): the
// decoder's progress and summary, the columns, downsampling requests and results.
import { DATALOG_PHASES, type DatalogPhase } from './core-enums.ts';
import type { DatalogErrorCode } from './core-errors.ts';

const utf8 = new TextDecoder();

/** An open log inside a `WasmCore` (plain data: it crosses Comlink). */
export interface DatalogHandle {
  readonly id: number;
  readonly generation: number;
}

export interface DatalogProgress {
  phase: DatalogPhase;
  records: number;
  /** 0..100, from the announced section sizes. */
  percent: number;
  /** A problem was noted (see the summary's `error`). */
  problem: boolean;
}

/**
 * A series: records with one name index (10-byte records), or one channel and field
 * (16-byte records). Names come from the board's table; an index past its end has none.
 */
export interface DatalogSeries {
  nameIndex: number;
  name: string | null;
  fieldIndex: number | null;
  field: string | null;
}

export interface DatalogSummary {
  /** `complete`: every section, no problem. `empty`: the board has no log. `reading`: not
   * finished, no problem so far. `partial`: ended early or with a problem (`error`). */
  status: 'complete' | 'empty' | 'reading' | 'partial';
  phase: DatalogPhase;
  /** Bytes per record once known. */
  recordFormat: 10 | 16 | null;
  records: number;
  tableBytes: number;
  recordBytes: number;
  percent: number;
  packets: number;
  /** Packets of other types or commands (sensor stream, update acks), skipped. */
  ignoredPackets: number;
  names: string[];
  /** Indexed by the `series` column's values. */
  series: DatalogSeries[];
  error?: { code: DatalogErrorCode; message: string };
}

/** One entry per record, in the order the board sent them. */
export interface DatalogColumns {
  /** Milliseconds: 10-byte records' seconds × 1000, 16-byte records' milliseconds. */
  timeMs: Float64Array;
  /** Index into `DatalogSummary.series`. */
  series: Uint16Array;
  value: Float32Array;
}

export interface DatalogLog extends DatalogSummary {
  columns: DatalogColumns;
}

export interface DownsampleRequest {
  /** Window in ms; omitted (or non-finite) ends mean the first / last point. */
  t0?: number;
  t1?: number;
  /** Most points per series, at least 8: 4 × the chart's width in pixels for min-max. */
  maxPoints: number;
  /** `min-max` keeps every peak; `lttb` keeps the shape with fewer points. */
  algorithm: 'min-max' | 'lttb';
  /** Series ids to include, in output order; all when omitted. */
  series?: number[];
}

interface DownsampledSeries {
  series: number;
  /** Points of the series inside the window before downsampling. */
  inWindow: number;
  /** Chosen points, time order; the nearest points outside the window are included so
   * lines reach the chart's edges. */
  x: Float64Array;
  y: Float32Array;
}

export interface Downsampled {
  /** All `x` (and all `y`) are views of one buffer each: transfer `buffers`. */
  series: DownsampledSeries[];
  buffers: ArrayBuffer[];
}

/** Decodes `gg_datalog_push`'s output: u32 phase, records, percent × 100, problem flag. */
export function decodeDatalogProgress(out: Uint8Array): DatalogProgress {
  const view = new DataView(out.buffer, out.byteOffset, out.byteLength);
  const u32 = (i: number) => view.getUint32(i * 4, true);
  return {
    phase: DATALOG_PHASES[u32(0)] ?? 'stopped',
    records: u32(1),
    percent: u32(2) / 100,
    problem: u32(3) !== 0,
  };
}

interface RawSummary extends Omit<DatalogSummary, 'series' | 'recordFormat'> {
  format: 10 | 16 | null;
  series: [number, number][];
}

/** Decodes the summary JSON and resolves series names. */
export function decodeDatalogSummary(out: Uint8Array): DatalogSummary {
  const { format, series, ...raw } = JSON.parse(utf8.decode(out)) as RawSummary;
  return {
    ...raw,
    recordFormat: format,
    series: series.map(([nameIndex, field]) => ({
      nameIndex,
      name: raw.names[nameIndex] ?? null,
      fieldIndex: field < 0 ? null : field,
      field: field < 0 ? null : (raw.names[field] ?? null),
    })),
  };
}

/** Request layout of `gg_datalog_downsample`. */
export function encodeDownsampleRequest(r: DownsampleRequest): Uint8Array {
  const ids = r.series ?? [];
  const bytes = new Uint8Array(28 + 2 * ids.length);
  const view = new DataView(bytes.buffer);
  view.setFloat64(0, r.t0 ?? Number.NEGATIVE_INFINITY, true);
  view.setFloat64(8, r.t1 ?? Number.POSITIVE_INFINITY, true);
  view.setUint32(16, Math.max(0, Math.min(0xffffffff, Math.floor(r.maxPoints))), true);
  view.setUint32(20, r.algorithm === 'lttb' ? 1 : 0, true);
  view.setUint32(24, ids.length, true);
  ids.forEach((s, i) => view.setUint16(28 + 2 * i, s, true));
  return bytes;
}

/** Decodes `gg_datalog_downsample`'s output into per-series views of two new buffers. */
export function decodeDownsampled(out: Uint8Array): Downsampled {
  const view = new DataView(out.buffer, out.byteOffset, out.byteLength);
  const u32 = (i: number) => view.getUint32(i * 4, true);
  const count = u32(0);
  const total = u32(1);
  const head = 8 + 16 * count;
  const xAt = head + ((8 - (head % 8)) % 8);
  const yAt = xAt + 8 * total;
  // slice() copies out of linear memory into buffers aligned for the typed arrays.
  const x = new Float64Array(out.slice(xAt, yAt).buffer);
  const y = new Float32Array(out.slice(yAt, yAt + 4 * total).buffer);
  const series: DownsampledSeries[] = [];
  for (let i = 0; i < count; i++) {
    const at = 2 + 4 * i;
    const start = u32(at + 1);
    const n = u32(at + 2);
    series.push({
      series: u32(at),
      inWindow: u32(at + 3),
      x: x.subarray(start, start + n),
      y: y.subarray(start, start + n),
    });
  }
  return { series, buffers: [x.buffer, y.buffer] };
}

/** Record ranges `[start, end)` one read lacks against a complete read of the same log;
 * null when the first read holds a record the second does not (the log changed). */
export type MissingRanges = [number, number][] | null;

/** Decodes `gg_datalog_missing`'s output: u32 flag, u32 k, k × (u32 start, u32 end). */
export function decodeMissingRanges(out: Uint8Array): MissingRanges {
  const view = new DataView(out.buffer, out.byteOffset, out.byteLength);
  if (view.getUint32(0, true) === 0) return null;
  const ranges: [number, number][] = [];
  const k = view.getUint32(4, true);
  for (let i = 0; i < k; i++) {
    ranges.push([view.getUint32(8 + 8 * i, true), view.getUint32(12 + 8 * i, true)]);
  }
  return ranges;
}

/** Input layout of `gg_datalog_from_columns`: u32 n, u32 0, time, value, series. */
export function encodeColumns(c: DatalogColumns): Uint8Array {
  const n = c.timeMs.length;
  if (c.series.length !== n || c.value.length !== n) {
    throw new RangeError('datalog columns differ in length');
  }
  const bytes = new Uint8Array(8 + 14 * n);
  new DataView(bytes.buffer).setUint32(0, n, true);
  const raw = (a: ArrayBufferView) => new Uint8Array(a.buffer, a.byteOffset, a.byteLength);
  bytes.set(raw(c.timeMs), 8);
  bytes.set(raw(c.value), 8 + 8 * n);
  bytes.set(raw(c.series), 8 + 12 * n);
  return bytes;
}
