// The core worker: owns the core-rs WebAssembly instance and exposes one typed API via
// Comlink. The UI imports only `CoreWorkerApi` (a type), never this module's code.
import * as Comlink from 'comlink';
import wasmUrl from '../core-rs/pkg/gogo_core.wasm?url';
import {
  loadCore,
  type CoreResult,
  type DatalogCallErrorCode,
  type DatalogColumns,
  type DatalogFormat,
  type DatalogHandle,
  type DatalogLog,
  type DatalogProgress,
  type DatalogSummary,
  type Downsampled,
  type DownsampleRequest,
  type HexErrorCode,
  type HexImage,
  type WasmCore,
} from './core/wasm-core.ts';

let core: Promise<WasmCore> | undefined;

/** Compiles and instantiates the module once, on first use. */
function getCore(): Promise<WasmCore> {
  core ??= fetch(wasmUrl)
    .then((r) => {
      if (!r.ok) throw new Error(`core module: HTTP ${r.status}`);
      return r.arrayBuffer();
    })
    .then(loadCore);
  // A failed load is not cached: the next call tries again.
  core.catch(() => (core = undefined));
  return core;
}

type DatalogResult<T> = Promise<CoreResult<T, DatalogCallErrorCode>>;

const api = {
  /** Parses Intel HEX text; the image bytes are transferred back, not copied. */
  async parseHex(text: Uint8Array): Promise<CoreResult<HexImage, HexErrorCode>> {
    const result = (await getCore()).parseHex(text);
    return result.ok ? Comlink.transfer(result, [result.value.data.buffer]) : result;
  },

  // Offline datalog: a log decoded here stays here (in the module's memory) until closed,
  // so zooms re-decimate it without sending a million records back and forth.

  /** Opens a datalog decoder (see WasmCore.datalogOpen). */
  async datalogOpen(format?: DatalogFormat): DatalogResult<DatalogHandle> {
    return (await getCore()).datalogOpen(format);
  },

  /** Feeds input reports; callers transfer `packets`. */
  async datalogPush(
    handle: DatalogHandle,
    packets: Uint8Array,
    packetSize?: number,
  ): DatalogResult<DatalogProgress> {
    return (await getCore()).datalogPush(handle, packets, packetSize);
  },

  /**
   * Decodes a whole recorded stream in one call (open, push, finish): a raw log file, or
   * a read captured elsewhere. Columns are transferred back; the log stays open for
   * `datalogDownsample` until `datalogClose`.
   */
  async datalogDecode(
    packets: Uint8Array,
    options: { format?: DatalogFormat; packetSize?: number } = {},
  ): DatalogResult<{ handle: DatalogHandle; log: DatalogLog }> {
    const core = await getCore();
    const opened = core.datalogOpen(options.format);
    if (!opened.ok) return opened;
    const handle = opened.value;
    const pushed = core.datalogPush(handle, packets, options.packetSize);
    const log = pushed.ok ? core.datalogFinish(handle) : pushed;
    if (!log.ok) {
      core.datalogClose(handle);
      return log;
    }
    return Comlink.transfer(
      { ok: true, value: { handle, log: log.value } },
      columnBuffers(log.value.columns),
    );
  },

  async datalogSummary(handle: DatalogHandle): DatalogResult<DatalogSummary> {
    return (await getCore()).datalogSummary(handle);
  },

  /** Ends the read; the three columns are transferred back, not copied. */
  async datalogFinish(handle: DatalogHandle): DatalogResult<DatalogLog> {
    const r = (await getCore()).datalogFinish(handle);
    return r.ok ? Comlink.transfer(r, columnBuffers(r.value.columns)) : r;
  },

  /** The columns so far (a chart filling during the read), transferred. */
  async datalogColumns(handle: DatalogHandle): DatalogResult<DatalogColumns> {
    const r = (await getCore()).datalogColumns(handle);
    return r.ok ? Comlink.transfer(r, columnBuffers(r.value)) : r;
  },

  /** Downsamples a window of the log for a chart; the points are transferred. */
  async datalogDownsample(
    handle: DatalogHandle,
    request: DownsampleRequest,
  ): DatalogResult<Downsampled> {
    const r = (await getCore()).datalogDownsample(handle, request);
    return r.ok ? Comlink.transfer(r, r.value.buffers) : r;
  },

  /** Opens a finished log made of columns (an imported file). */
  async datalogFromColumns(columns: DatalogColumns): DatalogResult<DatalogHandle> {
    return (await getCore()).datalogFromColumns(columns);
  },

  async datalogClose(handle: DatalogHandle): DatalogResult<null> {
    return (await getCore()).datalogClose(handle);
  },

  /** Triggers a core-rs panic; returns the error and leaves the worker usable. */
  async debugPanic(): Promise<CoreResult<number>> {
    return (await getCore()).debugPanic();
  },
};

function columnBuffers(c: DatalogColumns): Transferable[] {
  return [c.timeMs.buffer, c.series.buffer, c.value.buffer];
}

export type CoreWorkerApi = typeof api;

Comlink.expose(api);
