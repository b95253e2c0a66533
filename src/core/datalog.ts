// The offline datalog decoder, by handle (core-rs/src/datalog/, ABI
// core-rs/src/abi/datalog.rs): a log decoded here stays in the module's memory until
// closed, for downsampling and export. Types and byte layouts in datalog-layout.ts.
import type { CoreAbi } from './core-abi.ts';
import { DATALOG_FORMAT_CODES, type DatalogFormat } from './core-enums.ts';
import type { DatalogApiErrorCode } from './core-errors.ts';
import { coreError, type CoreResult } from './core-result.ts';
import {
  decodeDatalogProgress,
  decodeDatalogSummary,
  decodeDownsampled,
  decodeMissingRanges,
  encodeColumns,
  encodeDownsampleRequest,
  type DatalogColumns,
  type DatalogHandle,
  type DatalogLog,
  type DatalogProgress,
  type DatalogSummary,
  type Downsampled,
  type DownsampleRequest,
  type MissingRanges,
} from './datalog-layout.ts';

type DatalogResult<T> = CoreResult<T, DatalogApiErrorCode>;

/** Opens a datalog decoder; feed it packets with `datalogPush`, then `datalogFinish`. */
export function datalogOpen(
  abi: CoreAbi,
  format: DatalogFormat = 'auto',
): DatalogResult<DatalogHandle> {
  const code = DATALOG_FORMAT_CODES[format];
  return abi.guard(() => {
    const id = abi.exports.gg_datalog_open(code);
    if (id === 0) return coreError('bad-request', `unknown datalog format ${format}`);
    return { ok: true, value: { id, generation: abi.generation } };
  });
}

/**
 * Feeds input reports, `packetSize` bytes each (64, or 63 on boards whose reports are
 * one byte shorter), back to back. Returns the progress so far.
 */
export function datalogPush(
  abi: CoreAbi,
  handle: DatalogHandle,
  packets: Uint8Array,
  packetSize = 64,
): DatalogResult<DatalogProgress> {
  const expired = stale(abi, handle);
  if (expired) return expired;
  const push = (part: Uint8Array) =>
    abi.call<DatalogProgress, DatalogApiErrorCode>(
      (p, n) => abi.exports.gg_datalog_push(handle.id, p, n, packetSize),
      part,
      decodeDatalogProgress,
    );
  // A whole file (a million records is 10.7 MB of packets) goes in whole packets,
  // PUSH_PACKETS at a time: the decoder reads each part while the copy is still in the
  // CPU's cache, and linear memory (which never shrinks) holds one part, not the file.
  // Anything the core refuses (a partial packet, a bad size) goes in one call, to get
  // its error before any record is decoded.
  const step = PUSH_PACKETS * packetSize;
  if (
    packets.length <= step ||
    packets.length % packetSize !== 0 ||
    packetSize < 4 ||
    packetSize > 1024
  ) {
    return push(packets);
  }
  let last: DatalogResult<DatalogProgress> | undefined;
  for (let at = 0; at < packets.length; at += step) {
    last = push(packets.subarray(at, at + step));
    if (!last.ok) return last;
  }
  return last ?? push(packets);
}

/** Packets copied into linear memory per call when a push is larger (64 KiB of 64-byte
 * reports). */
const PUSH_PACKETS = 1024;

/** The log so far (names, series, counts, progress) without its columns. */
export function datalogSummary(abi: CoreAbi, handle: DatalogHandle): DatalogResult<DatalogSummary> {
  return (
    stale(abi, handle) ??
    abi.callEmpty<DatalogSummary, DatalogApiErrorCode>(
      () => abi.exports.gg_datalog_summary(handle.id),
      decodeDatalogSummary,
    )
  );
}

/**
 * Ends the input (a read that stopped early reports `truncated` and keeps its records)
 * and returns the log with its columns copied out as three typed arrays. The log stays
 * open for `datalogDownsample` until `datalogClose`.
 */
export function datalogFinish(abi: CoreAbi, handle: DatalogHandle): DatalogResult<DatalogLog> {
  const done = datalogEnd(abi, handle);
  if (!done.ok) return done;
  return {
    ok: true,
    value: { ...done.value, columns: copyColumns(abi, handle, done.value.records) },
  };
}

/** Ends the input like `datalogFinish` but returns only the summary: the columns stay
 * in the module for downsampling and export, and nothing is copied. */
export function datalogEnd(abi: CoreAbi, handle: DatalogHandle): DatalogResult<DatalogSummary> {
  return (
    stale(abi, handle) ??
    abi.callEmpty<DatalogSummary, DatalogApiErrorCode>(
      () => abi.exports.gg_datalog_finish(handle.id),
      decodeDatalogSummary,
    )
  );
}

/** A copy of the columns decoded so far (for a chart that fills during a read). */
export function datalogColumns(abi: CoreAbi, handle: DatalogHandle): DatalogResult<DatalogColumns> {
  const summary = datalogSummary(abi, handle);
  if (!summary.ok) return summary;
  return { ok: true, value: copyColumns(abi, handle, summary.value.records) };
}

/** Downsamples each series over a time window; see `DownsampleRequest`. */
export function datalogDownsample(
  abi: CoreAbi,
  handle: DatalogHandle,
  request: DownsampleRequest,
): DatalogResult<Downsampled> {
  return (
    stale(abi, handle) ??
    abi.call<Downsampled, DatalogApiErrorCode>(
      (p, n) => abi.exports.gg_datalog_downsample(handle.id, p, n),
      encodeDownsampleRequest(request),
      decodeDownsampled,
    )
  );
}

/** Opens a finished log made of columns (an imported file), ready for downsampling. */
export function datalogFromColumns(
  abi: CoreAbi,
  columns: DatalogColumns,
): DatalogResult<DatalogHandle> {
  const r = abi.call<number, DatalogApiErrorCode>(
    (p, n) => abi.exports.gg_datalog_from_columns(p, n),
    encodeColumns(columns),
    (out) => new DataView(out.buffer, out.byteOffset, 4).getUint32(0, true),
  );
  return r.ok ? { ok: true, value: { id: r.value, generation: abi.generation } } : r;
}

/**
 * The records of `full` (a complete read) that `partial` (an earlier read of the same log)
 * lacks, as `[start, end)` record ranges; null when the log changed between the reads.
 */
export function datalogMissing(
  abi: CoreAbi,
  partial: DatalogHandle,
  full: DatalogHandle,
): DatalogResult<MissingRanges> {
  return (
    stale(abi, partial) ??
    stale(abi, full) ??
    abi.callEmpty<MissingRanges, DatalogApiErrorCode>(
      () => abi.exports.gg_datalog_missing(partial.id, full.id),
      decodeMissingRanges,
    )
  );
}

/** Frees a log. */
export function datalogClose(abi: CoreAbi, handle: DatalogHandle): DatalogResult<null> {
  return (
    stale(abi, handle) ??
    abi.callEmpty<null, DatalogApiErrorCode>(
      () => abi.exports.gg_datalog_close(handle.id),
      () => null,
    )
  );
}

function stale(abi: CoreAbi, handle: DatalogHandle): DatalogResult<never> | undefined {
  if (handle.generation === abi.generation) return undefined;
  return coreError('stale-handle', 'the core module was reset after an error; reopen the log');
}

/** Copies `n` records of each column out of linear memory (one copy per column). */
function copyColumns(abi: CoreAbi, handle: DatalogHandle, n: number): DatalogColumns {
  const at = (which: number) => abi.exports.gg_datalog_column(handle.id, which);
  return {
    timeMs: abi.copy(Float64Array, at(0), n),
    series: abi.copy(Uint16Array, at(1), n),
    value: abi.copy(Float32Array, at(2), n),
  };
}
