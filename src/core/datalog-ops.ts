// The offline datalog's operations as the app uses them, over one WasmCore: the core
// worker exposes them (core-worker-api.ts, adding only transfers), and tests and the Node
// benchmarks call them in the same thread, so both run exactly this code.
import { columnsToCsv, CsvError, csvToColumns } from './datalog-csv.ts';
import { columnsToWideCsv } from './datalog-wide-csv.ts';
import type {
  CoreResult,
  DatalogApiErrorCode,
  DatalogColumns,
  DatalogFormat,
  DatalogHandle,
  DatalogLog,
  DownsampleRequest,
  WasmCore,
} from './wasm-core.ts';

type DatalogResult<T, C extends string = DatalogApiErrorCode> = CoreResult<T, C>;

export interface DecodeOptions {
  format?: DatalogFormat;
  packetSize?: number;
}

/** `long`: time, board_ms, series, value per record; `wide`: one column per series. */
export type CsvLayout = 'long' | 'wide';

interface CsvImport {
  handle: DatalogHandle;
  names: string[];
  records: number;
}

/** Every datalog call of the core worker; each answers at once (no promise). */
export function datalogOps(core: WasmCore) {
  return {
    datalogOpen: (format?: DatalogFormat) => core.datalogOpen(format),
    datalogPush: (handle: DatalogHandle, packets: Uint8Array, packetSize?: number) =>
      core.datalogPush(handle, packets, packetSize),
    datalogSummary: (handle: DatalogHandle) => core.datalogSummary(handle),
    datalogFinish: (handle: DatalogHandle) => core.datalogFinish(handle),
    datalogColumns: (handle: DatalogHandle) => core.datalogColumns(handle),
    datalogDownsample: (handle: DatalogHandle, request: DownsampleRequest) =>
      core.datalogDownsample(handle, request),
    datalogFromColumns: (columns: DatalogColumns) => core.datalogFromColumns(columns),
    datalogClose: (handle: DatalogHandle) => core.datalogClose(handle),
    datalogMissing: (partial: DatalogHandle, full: DatalogHandle) =>
      core.datalogMissing(partial, full),

    /**
     * Decodes a whole recorded stream in one call (open, push, finish): a raw log file, or
     * a read captured elsewhere. The log stays open for `datalogDownsample` until
     * `datalogClose`; a failed decode closes it.
     */
    datalogDecode(
      packets: Uint8Array,
      options: DecodeOptions = {},
    ): DatalogResult<{ handle: DatalogHandle; log: DatalogLog }> {
      const opened = core.datalogOpen(options.format);
      if (!opened.ok) return opened;
      const handle = opened.value;
      const pushed = core.datalogPush(handle, packets, options.packetSize);
      const log = pushed.ok ? core.datalogFinish(handle) : pushed;
      if (!log.ok) {
        core.datalogClose(handle);
        return log;
      }
      return { ok: true, value: { handle, log: log.value } };
    },

    /** Ends the read and returns its summary; the columns stay in the core (nothing
     * copied), with the chart's index built. */
    datalogEnd(handle: DatalogHandle) {
      const r = core.datalogEnd(handle);
      if (r.ok) prepareIndex(core, handle);
      return r;
    },

    /**
     * The whole log as CSV bytes: `long`, one row per record (datalog-csv.ts), or `wide`,
     * one column per series (datalog-wide-csv.ts). `labels[i]` names series i; `offsetMs`
     * (0 when not a finite number) is added to the board's times in the `time` column.
     */
    datalogCsv(
      handle: DatalogHandle,
      labels: string[],
      offsetMs: number,
      layout: CsvLayout = 'long',
    ): DatalogResult<Uint8Array> {
      const columns = core.datalogColumns(handle);
      if (!columns.ok) return columns;
      const write = layout === 'wide' ? columnsToWideCsv : columnsToCsv;
      const csv = write(columns.value, labels, Number.isFinite(offsetMs) ? offsetMs : 0);
      return { ok: true, value: csv };
    },

    /** Opens a log from a CSV file (this app's export or the plot lab's), with the chart's
     * index built. Bad files give `bad-csv` with the line. */
    datalogFromCsv(bytes: Uint8Array): DatalogResult<CsvImport, DatalogApiErrorCode | 'bad-csv'> {
      let parsed;
      try {
        parsed = csvToColumns(bytes);
      } catch (e) {
        if (!(e instanceof CsvError)) throw e;
        return { ok: false, error: { code: 'bad-csv', message: e.message, line: e.line } };
      }
      const records = parsed.columns.timeMs.length;
      const opened = core.datalogFromColumns(parsed.columns);
      if (!opened.ok) return opened;
      prepareIndex(core, opened.value);
      return { ok: true, value: { handle: opened.value, names: parsed.names, records } };
    },
  };
}

/**
 * Builds a finished log's per-series time index now (the first downsample does it), so
 * the first chart of a decoded log only waits for its points.
 */
function prepareIndex(core: WasmCore, handle: DatalogHandle): void {
  core.datalogDownsample(handle, { maxPoints: 8, algorithm: 'min-max' });
}
