// The TypeScript face of the core-rs WebAssembly module: `loadCore` gives a `WasmCore`,
// one instance with one method per core operation. The work is in one module per core-rs
// area (hex.ts, logo.ts, hid.ts, vm.ts, memread.ts, datalog.ts, flash.ts) over the call
// plumbing in core-abi.ts; this file only binds them to an instance and re-exports their
// types, so callers import everything core from here. It runs in the browser, in workers
// and in Node (server, CLI, tests).
import { CoreAbi } from './core-abi.ts';
import type { DatalogFormat, FlashChip, LogoVersion, VmControl } from './core-enums.ts';
import type { CoreResult } from './core-result.ts';
import * as datalog from './datalog.ts';
import type { DatalogColumns, DatalogHandle, DownsampleRequest } from './datalog-layout.ts';
import * as firmwareCheck from './firmware-check.ts';
import type { FirmwareCheckRequest } from './firmware-check.ts';
import * as flash from './flash.ts';
import * as hex from './hex.ts';
import * as hid from './hid.ts';
import type { HidCommandRequest, HidPacketToEncode } from './hid-layout.ts';
import * as logo from './logo.ts';
import * as memread from './memread.ts';
import * as vm from './vm.ts';
import type { VmConfig, VmInputs } from './vm-layout.ts';

export * from './core-enums.ts';
export type * from './core-errors.ts';
export type * from './core-result.ts';
export type * from './datalog-layout.ts';
export type { FirmwareMismatch, FirmwareImageTarget } from './firmware-check.ts';
export type { FlashPlan } from './flash.ts';
export type { AddressRange, HexImage } from './hex.ts';
export type { Decompiled, LogoProgram } from './logo.ts';
export { memReadRequest, type MemReadPacket, type ProgramReadBack } from './memread.ts';
export * from './vm-layout.ts';

type WasmSource = BufferSource | WebAssembly.Module;

/** Compiles the module once; each `WasmCore` owns one instance. */
export async function loadCore(source: WasmSource): Promise<WasmCore> {
  const module = source instanceof WebAssembly.Module ? source : await WebAssembly.compile(source);
  return new WasmCore(module);
}

/** One core-rs instance. A Rust panic comes back as a `panic` error and replaces the
 * instance (its memory may be inconsistent); handles from before are then stale. */
export class WasmCore {
  private readonly abi: CoreAbi;

  constructor(module: WebAssembly.Module) {
    this.abi = new CoreAbi(module);
  }

  /** Size in bytes of the instance's linear memory (for diagnostics and benchmarks). */
  get memoryBytes(): number {
    return this.abi.memoryBytes;
  }

  // ---- Intel HEX, Logo, HID reports ----

  parseHex(text: Uint8Array) {
    return hex.parseHex(this.abi, text);
  }

  /** See `logo.compileLogo`. */
  compileLogo(source: string, version: string) {
    return logo.compileLogo(this.abi, source, version);
  }

  /** See `logo.parseLogo` (Logo → blocks). */
  parseLogo(source: string, version: string) {
    return logo.parseLogo(this.abi, source, version);
  }

  /** The Logo input filter (spec core §5). */
  filterLogo(source: string) {
    return logo.filterLogo(this.abi, source);
  }

  /** The Logo version for a board (spec core §9). */
  pickLogoVersion(boardType: number, firmwareVersion: number): LogoVersion {
    return logo.pickLogoVersion(this.abi, boardType, firmwareVersion);
  }

  buildHidCommand(req: HidCommandRequest) {
    return hid.buildHidCommand(this.abi, req);
  }

  decodeHidReports(reports: readonly Uint8Array[]) {
    return hid.decodeHidReports(this.abi, reports);
  }

  encodeHidReport(packet: HidPacketToEncode) {
    return hid.encodeHidReport(this.abi, packet);
  }

  // ---- The byte-code VM (docs/virtual-board-vm.md) ----

  vmCreate() {
    return vm.vmCreate(this.abi);
  }

  vmDestroy(handle: number) {
    return vm.vmDestroy(this.abi, handle);
  }

  vmConfigure(handle: number, config: Partial<VmConfig>) {
    return vm.vmConfigure(this.abi, handle, config);
  }

  vmLoad(handle: number, code: Uint8Array, version: LogoVersion) {
    return vm.vmLoad(this.abi, handle, code, version);
  }

  vmControl(handle: number, action: VmControl, nowMs: number) {
    return vm.vmControl(this.abi, handle, action, nowMs);
  }

  vmSetAutorun(handle: number, on: boolean) {
    return vm.vmSetAutorun(this.abi, handle, on);
  }

  vmSetInputs(handle: number, inputs: VmInputs) {
    return vm.vmSetInputs(this.abi, handle, inputs);
  }

  /** A new IR remote code (`ir`, `newir?`). */
  vmReceiveIr(handle: number, code: number) {
    return vm.vmReceive(this.abi, handle, { kind: 'ir', code });
  }

  /** A new serial byte (`serial`, `newserial?`). */
  vmReceiveSerial(handle: number, byte: number) {
    return vm.vmReceive(this.abi, handle, { kind: 'serial', byte });
  }

  /** A key-value message (`key`, `intkey`); the key must not hold a comma. */
  vmReceiveKeyValue(handle: number, key: string, value: string) {
    return vm.vmReceive(this.abi, handle, { kind: 'key-value', key, value });
  }

  vmStep(handle: number, budget: number, nowMs: number) {
    return vm.vmStep(this.abi, handle, budget, nowMs);
  }

  vmSnapshot(handle: number) {
    return vm.vmSnapshot(this.abi, handle);
  }

  vmDataLog(handle: number) {
    return vm.vmDataLog(this.abi, handle);
  }

  // ---- Extract code from board (docs/protocol-extensions.md) ----

  decompileLogo(code: Uint8Array, version: string, autorun = false) {
    return logo.decompileLogo(this.abi, code, version, autorun);
  }

  memReadReply(area: Uint8Array, programLength: number, autorun: boolean, request: Uint8Array) {
    return memread.memReadReply(this.abi, area, programLength, autorun, request);
  }

  memReadAssemble(offset: number, packets: readonly memread.MemReadPacket[]) {
    return memread.memReadAssemble(this.abi, offset, packets);
  }

  // ---- Offline datalog (docs/datalog.md) ----

  datalogOpen(format?: DatalogFormat) {
    return datalog.datalogOpen(this.abi, format);
  }

  datalogPush(handle: DatalogHandle, packets: Uint8Array, packetSize?: number) {
    return datalog.datalogPush(this.abi, handle, packets, packetSize);
  }

  datalogSummary(handle: DatalogHandle) {
    return datalog.datalogSummary(this.abi, handle);
  }

  datalogFinish(handle: DatalogHandle) {
    return datalog.datalogFinish(this.abi, handle);
  }

  datalogEnd(handle: DatalogHandle) {
    return datalog.datalogEnd(this.abi, handle);
  }

  datalogColumns(handle: DatalogHandle) {
    return datalog.datalogColumns(this.abi, handle);
  }

  datalogDownsample(handle: DatalogHandle, request: DownsampleRequest) {
    return datalog.datalogDownsample(this.abi, handle, request);
  }

  datalogFromColumns(columns: DatalogColumns) {
    return datalog.datalogFromColumns(this.abi, columns);
  }

  datalogMissing(partial: DatalogHandle, full: DatalogHandle) {
    return datalog.datalogMissing(this.abi, partial, full);
  }

  datalogClose(handle: DatalogHandle) {
    return datalog.datalogClose(this.abi, handle);
  }

  // ---- Firmware flash plans (docs/firmware-update.md) ----

  planFlash(file: Uint8Array, kind: 'bin' | 'hex', chip: FlashChip) {
    return flash.planFlash(this.abi, file, kind, chip);
  }

  flashChipForName(name: string) {
    return flash.flashChipForName(this.abi, name);
  }

  /** Whether a firmware file fits the chip and board it would be written to. */
  checkFirmware(r: FirmwareCheckRequest) {
    return firmwareCheck.checkFirmware(this.abi, r);
  }

  /** Triggers a deliberate panic in core-rs; tests use it to check recovery. */
  debugPanic(): CoreResult<number> {
    return this.abi.call(
      () => this.abi.exports.gg_debug_panic(),
      new Uint8Array(0),
      () => 0,
    );
  }
}
