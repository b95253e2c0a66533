// The core worker: owns the core-rs WebAssembly instance and exposes one typed API via
// Comlink. The UI imports only `CoreWorkerApi` (a type), never this module's code.
import * as Comlink from 'comlink';
import wasmUrl from '../../core-rs/pkg/gogo_core.wasm?url';
import { columnsToCsv, CsvError, csvToColumns } from './datalog-csv.ts';
import type { LogoParseResult } from './logo-tree.ts';
import {
  loadCore,
  type CoreResult,
  type Decompiled,
  type DecompileErrorCode,
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
  type LogoErrorCode,
  type LogoProgram,
  type LogoVersion,
  type MemReadErrorCode,
  type MemReadPacket,
  type ProgramReadBack,
  type VmConfig,
  type VmControl,
  type VmErrorCode,
  type VmInputs,
  type VmSnapshot,
  type VmStep,
  type WasmCore,
} from './wasm-core.ts';

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

export const coreWorkerApi = {
  /** Parses Intel HEX text; the image bytes are transferred back, not copied. */
  async parseHex(text: Uint8Array): Promise<CoreResult<HexImage, HexErrorCode>> {
    const result = (await getCore()).parseHex(text);
    return result.ok ? Comlink.transfer(result, [result.value.data.buffer]) : result;
  },

  /** Filters and compiles Logo for `version`; the byte code is transferred back. */
  async compileLogo(
    source: string,
    version: string,
  ): Promise<CoreResult<LogoProgram, LogoErrorCode>> {
    const result = (await getCore()).compileLogo(source, version);
    return result.ok ? Comlink.transfer(result, [result.value.data.buffer]) : result;
  },

  /** The parse tree of Logo as the compiler of `version` reads it (Logo → blocks). */
  async parseLogo(source: string, version: string): Promise<LogoParseResult> {
    return (await getCore()).parseLogo(source, version);
  },

  /** The Logo input filter (spec core §5) alone. */
  async filterLogo(source: string): Promise<CoreResult<null, LogoErrorCode>> {
    return (await getCore()).filterLogo(source);
  },

  /** The Logo version for a board (spec core §9). */
  async pickLogoVersion(boardType: number, firmwareVersion: number): Promise<LogoVersion> {
    return (await getCore()).pickLogoVersion(boardType, firmwareVersion);
  },

  /** Logo text for byte code read back from a board ("Extract code from board"). */
  async decompileLogo(
    code: Uint8Array,
    version: string,
    autorun: boolean,
  ): Promise<CoreResult<Decompiled, DecompileErrorCode>> {
    return (await getCore()).decompileLogo(code, version, autorun);
  },

  /** The program bytes from MEM_READ reply packets; the bytes are transferred back. */
  async memReadAssemble(
    offset: number,
    packets: MemReadPacket[],
  ): Promise<CoreResult<ProgramReadBack, MemReadErrorCode>> {
    const result = (await getCore()).memReadAssemble(offset, packets);
    return result.ok ? Comlink.transfer(result, [result.value.data.buffer]) : result;
  },

  // The byte-code VM, by handle (docs/virtual-board-vm.md).

  async vmCreate(): Promise<CoreResult<number, VmErrorCode>> {
    return (await getCore()).vmCreate();
  },

  async vmDestroy(handle: number): Promise<CoreResult<null, VmErrorCode>> {
    return (await getCore()).vmDestroy(handle);
  },

  async vmConfigure(
    handle: number,
    config: Partial<VmConfig>,
  ): Promise<CoreResult<null, VmErrorCode>> {
    return (await getCore()).vmConfigure(handle, config);
  },

  async vmLoad(
    handle: number,
    code: Uint8Array,
    version: LogoVersion,
  ): Promise<CoreResult<null, VmErrorCode>> {
    return (await getCore()).vmLoad(handle, code, version);
  },

  async vmControl(
    handle: number,
    action: VmControl,
    nowMs: number,
  ): Promise<CoreResult<null, VmErrorCode>> {
    return (await getCore()).vmControl(handle, action, nowMs);
  },

  async vmSetAutorun(handle: number, on: boolean): Promise<CoreResult<null, VmErrorCode>> {
    return (await getCore()).vmSetAutorun(handle, on);
  },

  async vmSetInputs(handle: number, inputs: VmInputs): Promise<CoreResult<null, VmErrorCode>> {
    return (await getCore()).vmSetInputs(handle, inputs);
  },

  async vmReceiveIr(handle: number, code: number): Promise<CoreResult<null, VmErrorCode>> {
    return (await getCore()).vmReceiveIr(handle, code);
  },

  async vmReceiveKeyValue(
    handle: number,
    key: string,
    value: string,
  ): Promise<CoreResult<null, VmErrorCode>> {
    return (await getCore()).vmReceiveKeyValue(handle, key, value);
  },

  async vmStep(
    handle: number,
    budget: number,
    nowMs: number,
  ): Promise<CoreResult<VmStep, VmErrorCode>> {
    return (await getCore()).vmStep(handle, budget, nowMs);
  },

  async vmSnapshot(handle: number): Promise<CoreResult<VmSnapshot, VmErrorCode>> {
    return (await getCore()).vmSnapshot(handle);
  },

  async vmDataLog(handle: number): Promise<CoreResult<number[], VmErrorCode>> {
    return (await getCore()).vmDataLog(handle);
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

  /** Ends the read and returns its summary; the columns stay here (nothing copied). */
  async datalogEnd(handle: DatalogHandle): DatalogResult<DatalogSummary> {
    const core = await getCore();
    const r = core.datalogEnd(handle);
    if (r.ok) prepareIndex(core, handle);
    return r;
  },

  /**
   * The whole log as CSV bytes (src/core/datalog-csv.ts), transferred. `labels[i]`
   * names series i; `offsetMs` is added to the board's times in the `time` column.
   */
  async datalogCsv(
    handle: DatalogHandle,
    labels: string[],
    offsetMs: number,
  ): DatalogResult<Uint8Array> {
    const columns = (await getCore()).datalogColumns(handle);
    if (!columns.ok) return columns;
    const csv = columnsToCsv(columns.value, labels, Number.isFinite(offsetMs) ? offsetMs : 0);
    return Comlink.transfer({ ok: true, value: csv }, [csv.buffer]);
  },

  /** Opens a log from a CSV file (this app's export or the plot lab's); `bytes` is
   * transferred in. Bad files give `bad-csv` with the line. */
  async datalogFromCsv(
    bytes: Uint8Array,
  ): Promise<
    CoreResult<
      { handle: DatalogHandle; names: string[]; records: number },
      DatalogCallErrorCode | 'bad-csv'
    >
  > {
    let parsed;
    try {
      parsed = csvToColumns(bytes);
    } catch (e) {
      if (!(e instanceof CsvError)) throw e;
      return { ok: false, error: { code: 'bad-csv', message: e.message, line: e.line } };
    }
    const records = parsed.columns.timeMs.length;
    const core = await getCore();
    const opened = core.datalogFromColumns(parsed.columns);
    if (!opened.ok) return opened;
    prepareIndex(core, opened.value);
    return { ok: true, value: { handle: opened.value, names: parsed.names, records } };
  },

  /** Triggers a core-rs panic; returns the error and leaves the worker usable. */
  async debugPanic(): Promise<CoreResult<number>> {
    return (await getCore()).debugPanic();
  },
};

/**
 * Builds a finished log's per-series time index now (the first downsample does it), so
 * the first chart of a decoded log only waits for its points.
 */
function prepareIndex(core: WasmCore, handle: DatalogHandle): void {
  core.datalogDownsample(handle, { maxPoints: 8, algorithm: 'min-max' });
}

function columnBuffers(c: DatalogColumns): Transferable[] {
  return [c.timeMs.buffer, c.series.buffer, c.value.buffer];
}

export type CoreWorkerApi = typeof coreWorkerApi;
