// What the datalog service needs from the core worker: the `CoreBridge` methods it calls.
// In the app it is the bridge (a worker + WASM); in tests and the Node benchmark it is the
// same operations (src/core/datalog-ops.ts) on a WasmCore in this thread, so both run the
// same code.
import { datalogOps, type CsvLayout } from '../core/datalog-ops.ts';
import type {
  CoreResult,
  DatalogApiErrorCode,
  DatalogFormat,
  DatalogHandle,
  DatalogLog,
  DatalogProgress,
  DatalogSummary,
  Downsampled,
  DownsampleRequest,
  MissingRanges,
  WasmCore,
} from '../core/wasm-core.ts';

type R<T, C extends string = DatalogApiErrorCode> = Promise<CoreResult<T, C>>;

export interface DatalogCore {
  datalogOpen(format?: DatalogFormat): R<DatalogHandle>;
  /** `packets` may be transferred: the caller must not reuse it. */
  datalogPush(handle: DatalogHandle, packets: Uint8Array, packetSize?: number): R<DatalogProgress>;
  /** The log so far without its columns (names, series, counts). */
  datalogSummary(handle: DatalogHandle): R<DatalogSummary>;
  datalogEnd(handle: DatalogHandle): R<DatalogSummary>;
  datalogDecode(
    packets: Uint8Array,
    options?: { format?: DatalogFormat; packetSize?: number },
  ): R<{ handle: DatalogHandle; log: DatalogLog }>;
  datalogFromCsv(
    bytes: Uint8Array,
  ): R<
    { handle: DatalogHandle; names: string[]; records: number },
    DatalogApiErrorCode | 'bad-csv'
  >;
  datalogCsv(
    handle: DatalogHandle,
    labels: string[],
    offsetMs: number,
    layout?: CsvLayout,
  ): R<Uint8Array>;
  datalogDownsample(handle: DatalogHandle, request: DownsampleRequest): R<Downsampled>;
  /** The records of `full` that `partial` lacks; null when the log changed between them. */
  datalogMissing(partial: DatalogHandle, full: DatalogHandle): R<MissingRanges>;
  datalogClose(handle: DatalogHandle): R<null>;
}

/** The core worker's datalog operations on a WasmCore in this thread. */
export function wasmDatalogCore(core: WasmCore): DatalogCore {
  const ops = datalogOps(core);
  return {
    datalogOpen: async (format) => ops.datalogOpen(format),
    datalogPush: async (h, packets, size) => ops.datalogPush(h, packets, size),
    datalogSummary: async (h) => ops.datalogSummary(h),
    datalogEnd: async (h) => ops.datalogEnd(h),
    datalogDecode: async (packets, options) => ops.datalogDecode(packets, options),
    datalogFromCsv: async (bytes) => ops.datalogFromCsv(bytes),
    datalogCsv: async (h, labels, offsetMs, layout) => ops.datalogCsv(h, labels, offsetMs, layout),
    datalogDownsample: async (h, request) => ops.datalogDownsample(h, request),
    datalogMissing: async (a, b) => ops.datalogMissing(a, b),
    datalogClose: async (h) => ops.datalogClose(h),
  };
}
