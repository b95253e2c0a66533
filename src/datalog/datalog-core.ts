// What the datalog service needs from the core worker: the `CoreBridge` methods it calls.
// In the app it is the bridge (a worker + WASM); in tests and the Node benchmark it is a
// WasmCore in the same thread (`wasmDatalogCore`), so both run the same core-rs code.
import { columnsToCsv, CsvError, csvToColumns } from '../core/datalog-csv.ts';
import type {
  CoreResult,
  DatalogCallErrorCode,
  DatalogFormat,
  DatalogHandle,
  DatalogLog,
  DatalogProgress,
  DatalogSummary,
  Downsampled,
  DownsampleRequest,
  WasmCore,
} from '../core/wasm-core.ts';

type R<T, C extends string = DatalogCallErrorCode> = Promise<CoreResult<T, C>>;

export interface DatalogCore {
  datalogOpen(format?: DatalogFormat): R<DatalogHandle>;
  /** `packets` may be transferred: the caller must not reuse it. */
  datalogPush(handle: DatalogHandle, packets: Uint8Array, packetSize?: number): R<DatalogProgress>;
  datalogEnd(handle: DatalogHandle): R<DatalogSummary>;
  datalogDecode(
    packets: Uint8Array,
    options?: { format?: DatalogFormat; packetSize?: number },
  ): R<{ handle: DatalogHandle; log: DatalogLog }>;
  datalogFromCsv(
    bytes: Uint8Array,
  ): R<
    { handle: DatalogHandle; names: string[]; records: number },
    DatalogCallErrorCode | 'bad-csv'
  >;
  datalogCsv(handle: DatalogHandle, labels: string[], offsetMs: number): R<Uint8Array>;
  datalogDownsample(handle: DatalogHandle, request: DownsampleRequest): R<Downsampled>;
  datalogClose(handle: DatalogHandle): R<null>;
}

/** The core worker's datalog API on a WasmCore in this thread. */
export function wasmDatalogCore(core: WasmCore): DatalogCore {
  return {
    datalogOpen: async (format) => core.datalogOpen(format),
    datalogPush: async (h, packets, size) => core.datalogPush(h, packets, size),
    datalogEnd: async (h) => core.datalogEnd(h),
    async datalogDecode(packets, options = {}) {
      const opened = core.datalogOpen(options.format);
      if (!opened.ok) return opened;
      const pushed = core.datalogPush(opened.value, packets, options.packetSize);
      const log = pushed.ok ? core.datalogFinish(opened.value) : pushed;
      if (!log.ok) {
        core.datalogClose(opened.value);
        return log;
      }
      return { ok: true, value: { handle: opened.value, log: log.value } };
    },
    async datalogFromCsv(bytes) {
      let parsed;
      try {
        parsed = csvToColumns(bytes);
      } catch (e) {
        if (!(e instanceof CsvError)) throw e;
        return { ok: false, error: { code: 'bad-csv', message: e.message, line: e.line } };
      }
      const opened = core.datalogFromColumns(parsed.columns);
      if (!opened.ok) return opened;
      return {
        ok: true,
        value: {
          handle: opened.value,
          names: parsed.names,
          records: parsed.columns.timeMs.length,
        },
      };
    },
    async datalogCsv(h, labels, offsetMs) {
      const columns = core.datalogColumns(h);
      if (!columns.ok) return columns;
      return { ok: true, value: columnsToCsv(columns.value, labels, offsetMs) };
    },
    datalogDownsample: async (h, request) => core.datalogDownsample(h, request),
    datalogClose: async (h) => core.datalogClose(h),
  };
}
