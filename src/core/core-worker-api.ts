// The core worker: owns the core-rs WebAssembly instance and exposes one typed API via
// Comlink. The page imports only `CoreWorkerApi` (a type), never this module's code; its
// side is src/bridge/core-bridge.ts. Byte results move back by transfer, not copy.
import { datalogOps, type CsvLayout, type DecodeOptions } from './datalog-ops.ts';
import { fetchCore } from './fetch-core.ts';
import { transferResult } from './transfer.ts';
import type {
  DatalogColumns,
  DatalogFormat,
  DatalogHandle,
  DownsampleRequest,
  LogoVersion,
  MemReadPacket,
  VmConfig,
  VmControl,
  VmInputs,
} from './wasm-core.ts';

/** The worker's one core instance (fetched on first use). */
const core = fetchCore;

let ops: Promise<ReturnType<typeof datalogOps>> | undefined;
/** The datalog operations over the worker's one core instance. */
function datalog() {
  ops ??= fetchCore().then(datalogOps);
  // A failed load is not kept: the next call tries again.
  ops.catch(() => (ops = undefined));
  return ops;
}

const columnParts = (c: DatalogColumns) => [c.timeMs, c.series, c.value];

export const coreWorkerApi = {
  /** Parses Intel HEX text; the image bytes are transferred back. */
  async parseHex(text: Uint8Array) {
    return transferResult((await core()).parseHex(text), (image) => [image.data]);
  },

  /** Filters and compiles Logo for `version`; the byte code is transferred back. */
  async compileLogo(source: string, version: string) {
    return transferResult((await core()).compileLogo(source, version), (p) => [p.data]);
  },

  /** The parse tree of Logo as the compiler of `version` reads it (Logo → blocks). */
  async parseLogo(source: string, version: string) {
    return (await core()).parseLogo(source, version);
  },

  /** The Logo input filter (spec core §5) alone. */
  async filterLogo(source: string) {
    return (await core()).filterLogo(source);
  },

  /** The Logo version for a board (spec core §9). */
  async pickLogoVersion(boardType: number, firmwareVersion: number) {
    return (await core()).pickLogoVersion(boardType, firmwareVersion);
  },

  /** Logo text for byte code read back from a board ("Extract code from board"). */
  async decompileLogo(code: Uint8Array, version: string, autorun: boolean) {
    return (await core()).decompileLogo(code, version, autorun);
  },

  /** The program bytes from MEM_READ reply packets; the bytes are transferred back. */
  async memReadAssemble(offset: number, packets: MemReadPacket[]) {
    return transferResult((await core()).memReadAssemble(offset, packets), (r) => [r.data]);
  },

  // The byte-code VM, by handle (docs/virtual-board-vm.md).

  async vmCreate() {
    return (await core()).vmCreate();
  },
  async vmDestroy(handle: number) {
    return (await core()).vmDestroy(handle);
  },
  async vmConfigure(handle: number, config: Partial<VmConfig>) {
    return (await core()).vmConfigure(handle, config);
  },
  async vmLoad(handle: number, code: Uint8Array, version: LogoVersion) {
    return (await core()).vmLoad(handle, code, version);
  },
  async vmControl(handle: number, action: VmControl, nowMs: number) {
    return (await core()).vmControl(handle, action, nowMs);
  },
  async vmSetAutorun(handle: number, on: boolean) {
    return (await core()).vmSetAutorun(handle, on);
  },
  async vmSetInputs(handle: number, inputs: VmInputs) {
    return (await core()).vmSetInputs(handle, inputs);
  },
  async vmReceiveIr(handle: number, code: number) {
    return (await core()).vmReceiveIr(handle, code);
  },
  async vmReceiveKeyValue(handle: number, key: string, value: string) {
    return (await core()).vmReceiveKeyValue(handle, key, value);
  },
  async vmStep(handle: number, budget: number, nowMs: number) {
    return (await core()).vmStep(handle, budget, nowMs);
  },
  async vmSnapshot(handle: number) {
    return (await core()).vmSnapshot(handle);
  },
  async vmDataLog(handle: number) {
    return (await core()).vmDataLog(handle);
  },

  // Offline datalog (datalog-ops.ts): a log decoded here stays here (in the module's
  // memory) until closed, so zooms re-decimate it without sending a million records back
  // and forth.

  async datalogOpen(format?: DatalogFormat) {
    return (await datalog()).datalogOpen(format);
  },
  /** Feeds input reports; callers transfer `packets`. */
  async datalogPush(handle: DatalogHandle, packets: Uint8Array, packetSize?: number) {
    return (await datalog()).datalogPush(handle, packets, packetSize);
  },
  /** Decodes a whole recorded stream in one call; the columns are transferred back. */
  async datalogDecode(packets: Uint8Array, options: DecodeOptions = {}) {
    const r = (await datalog()).datalogDecode(packets, options);
    return transferResult(r, ({ log }) => columnParts(log.columns));
  },
  async datalogSummary(handle: DatalogHandle) {
    return (await datalog()).datalogSummary(handle);
  },
  /** Ends the read; the three columns are transferred back. */
  async datalogFinish(handle: DatalogHandle) {
    return transferResult((await datalog()).datalogFinish(handle), (l) => columnParts(l.columns));
  },
  /** The columns so far (a chart filling during the read), transferred. */
  async datalogColumns(handle: DatalogHandle) {
    return transferResult((await datalog()).datalogColumns(handle), columnParts);
  },
  /** Downsamples a window of the log for a chart; the points are transferred. */
  async datalogDownsample(handle: DatalogHandle, request: DownsampleRequest) {
    return transferResult((await datalog()).datalogDownsample(handle, request), (d) => d.buffers);
  },
  /** Opens a finished log made of columns (an imported file). */
  async datalogFromColumns(columns: DatalogColumns) {
    return (await datalog()).datalogFromColumns(columns);
  },
  async datalogClose(handle: DatalogHandle) {
    return (await datalog()).datalogClose(handle);
  },
  /** The records a read lacks against a complete read of the same log. */
  async datalogMissing(partial: DatalogHandle, full: DatalogHandle) {
    return (await datalog()).datalogMissing(partial, full);
  },
  /** Ends the read and returns its summary; the columns stay here (nothing copied). */
  async datalogEnd(handle: DatalogHandle) {
    return (await datalog()).datalogEnd(handle);
  },
  /** The whole log as CSV bytes, transferred. */
  async datalogCsv(handle: DatalogHandle, labels: string[], offsetMs: number, layout?: CsvLayout) {
    const r = (await datalog()).datalogCsv(handle, labels, offsetMs, layout);
    return transferResult(r, (csv) => [csv]);
  },
  /** Opens a log from a CSV file; `bytes` is transferred in. Bad files give `bad-csv`. */
  async datalogFromCsv(bytes: Uint8Array) {
    return (await datalog()).datalogFromCsv(bytes);
  },

  /** Triggers a core-rs panic; returns the error and leaves the worker usable. */
  async debugPanic() {
    return (await core()).debugPanic();
  },
};

export type CoreWorkerApi = typeof coreWorkerApi;
