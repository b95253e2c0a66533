// The one module that talks to the core-rs WebAssembly ABI (see core-rs/src/abi/mod.rs).
// No other file touches raw pointers. It runs in the browser worker and in Node (server,
// CLI, tests), so it uses nothing beyond WebAssembly and typed arrays.
import {
  FIRMWARE_MISMATCH_CODES,
  FIRMWARE_TARGET_CODES,
  type FirmwareMismatch,
} from './generated/core-facts.ts';
import {
  decodeRecords,
  HidRequestError,
  packCommandRequest,
  packEncodeRequest,
  packReports,
  type HidCommandRequest,
  type HidEncodeErrorCode,
  type HidFrameErrorCode,
  type HidPacket,
  type HidPacketToEncode,
} from './hid-layout.ts';
import {
  decodeDataLog,
  decodeDecompiled,
  decodeMemReadRecords,
  decodeReadBack,
  decodeVmSnapshot,
  decodeVmStep,
  encodeMemReadRecords,
  encodeVmConfig,
  encodeVmInputs,
  VM_CONTROL_CODES,
  type Decompiled,
  type DecompileErrorCode,
  type MemReadErrorCode,
  type MemReadPacket,
  type ProgramReadBack,
  type VmConfig,
  type VmControl,
  type VmErrorCode,
  type VmInputs,
  type VmSnapshot,
  type VmStep,
} from './vm-layout.ts';

export * from './vm-layout.ts';

/** Error codes of Intel HEX parsing (core-rs `HexErrorCode::as_str`). */
export type HexErrorCode =
  | 'missing-colon'
  | 'bad-digit'
  | 'bad-length'
  | 'checksum'
  | 'bad-record-type'
  | 'bad-record-length'
  | 'missing-eof'
  | 'data-after-eof'
  | 'overlap'
  | 'address-overflow'
  | 'image-too-large'
  | 'empty';

/** Error codes of the Logo filter and compiler (core-rs `LogoErrorCode::as_str`). */
export type LogoErrorCode =
  | 'unknown-version'
  | 'encoding'
  | 'invalid-input'
  | 'empty'
  | 'syntax'
  | 'unknown-name'
  | 'procedure'
  | 'too-many-inputs'
  | 'too-many'
  | 'too-deep'
  | 'number-range'
  | 'text-too-long'
  | 'list-too-long'
  | 'unsupported'
  | 'too-large';

/** Error codes of flash plans (core-rs `FlashErrorCode::as_str`); HEX errors keep theirs. */
export type FlashErrorCode =
  HexErrorCode | 'too-few-items' | 'image-too-large' | 'nothing-to-write' | 'bad-request';

/** `panic`: a bug in core-rs; the module was reset and the call can be retried. */
export type CoreErrorCode =
  | HexErrorCode
  | LogoErrorCode
  | VmErrorCode
  | DecompileErrorCode
  | MemReadErrorCode
  | FlashErrorCode
  | 'panic';

export interface CoreError<C extends string = CoreErrorCode> {
  code: C;
  message: string;
  /** 1-based source line, when the error points at one. */
  line?: number;
  /** Byte offset, when the error points into byte code (decompiler, memory read). */
  offset?: number;
}

/** Plain data (no classes) so results cross Comlink and JSON unchanged. */
export type CoreResult<T, C extends string = CoreErrorCode> =
  { ok: true; value: T } | { ok: false; error: CoreError<C | 'panic'> };

export interface AddressRange {
  start: number;
  length: number;
}

export interface HexImage {
  /** Lowest used address; `data[0]` sits here. */
  baseAddress: number;
  /** Bytes from `baseAddress` to the highest used address; gaps hold 0xFF. */
  data: Uint8Array;
  /** Used address ranges, sorted, adjacent records merged. */
  ranges: AddressRange[];
  /** Bytes the records wrote (without gap filler). */
  usedBytes: number;
  start: { kind: 'none' | 'segment' | 'linear'; value: number };
}

/** The Logo versions a compile request can name (spec core §7, §9). */
export type LogoVersion = '1.2' | '1.3' | '1.4' | '2.1';
export const LOGO_VERSIONS: readonly LogoVersion[] = ['1.2', '1.3', '1.4', '2.1'];

/** A compiled Logo program. */
export interface LogoProgram {
  /** The byte code the board stores (at most 2048 bytes). */
  data: Uint8Array;
  /** Run the program at power-on: the first procedure is named `autorun`. */
  autoRunState: boolean;
}

/** The chip a firmware image is for (core-rs `flash::Chip`). */
export type FlashChip = 'stm' | 'esp' | 'legacy';
const FLASH_CHIP_CODES: Record<FlashChip, number> = { stm: 1, esp: 2, legacy: 3 };
const FLASH_CHIPS: Record<number, FlashChip> = { 1: 'stm', 2: 'esp', 3: 'legacy' };

/** What a firmware image is written as (core-rs `firmware_image::Target`; the identity
 * block's chip numbers). */
export type FirmwareTarget = keyof typeof FIRMWARE_TARGET_CODES;
const FIRMWARE_TARGETS = Object.fromEntries(
  Object.entries(FIRMWARE_TARGET_CODES).map(([name, code]) => [code, name]),
) as Record<number, FirmwareTarget>;

export type { FirmwareMismatch };

/** A firmware file checked against the board it would be written to. */
export interface FirmwareCheck {
  /** null: the file fits. */
  mismatch: FirmwareMismatch | null;
  /** The board type (status byte 17) the file is for, when it says; 0 unknown. */
  imageBoard: number;
  /** The chip its content is for (identity block or format), when it says. */
  contentTarget: FirmwareTarget | null;
  identity: {
    target: FirmwareTarget | null;
    boardType: number;
    test: boolean;
    version: number;
    semver: string;
    length: number;
  } | null;
}

export interface FirmwareCheckRequest {
  file: Uint8Array;
  kind: 'bin' | 'hex';
  name: string;
  target: FirmwareTarget;
  /** Status byte 17 of the connected board; 0 while not known. */
  boardType: number;
  /** The simulated board (TEST images are written only there). */
  virtualBoard: boolean;
}

/** One unit of a flash plan: an STM page, the ESP header or a sector, a legacy run. */
export interface FlashUnit {
  /** STM: page index × 1024; ESP: file offset; legacy: target address. */
  address: number;
  /** Offset of the unit's bytes in the image. */
  offset: number;
  length: number;
  /** CRC-32 of the unit as stored (STM pages padded with 0xFF to 1024 bytes). */
  crc: number;
  /** Every byte is 0xFF. */
  blank: boolean;
  firstReport: number;
  reportCount: number;
}

/** The reports a firmware update sends, in units that carry CRCs (core-rs `flash`). */
export interface FlashPlan {
  chip: FlashChip;
  unitBytes: number;
  /** Bytes per report: 64 (STM), 63 (ESP, legacy). */
  reportBytes: number;
  imageLength: number;
  imageCrc: number;
  baseAddress: number;
  /** Legacy: bytes above the 16-bit pointer range that were left out. */
  droppedBytes: number;
  units: FlashUnit[];
  /** Every report back to back, `reportBytes` each. */
  reports: Uint8Array;
}

interface CoreExports {
  memory: WebAssembly.Memory;
  gg_init(): void;
  gg_alloc(len: number): number;
  gg_free(ptr: number, len: number): void;
  gg_out_ptr(): number;
  gg_out_len(): number;
  gg_panic_ptr(): number;
  gg_panic_len(): number;
  gg_debug_panic(): number;
  gg_hex_parse(ptr: number, len: number): number;
  gg_logo_compile(srcPtr: number, srcLen: number, verPtr: number, verLen: number): number;
  gg_logo_filter(ptr: number, len: number): number;
  gg_logo_pick_version(boardType: number, firmwareVersion: number): number;
  gg_hid_build(ptr: number, len: number): number;
  gg_hid_decode(ptr: number, len: number): number;
  gg_hid_encode(ptr: number, len: number): number;
  gg_vm_create(): number;
  gg_vm_destroy(handle: number): number;
  gg_vm_configure(handle: number, ptr: number, len: number): number;
  gg_vm_load(handle: number, ptr: number, len: number, version: number): number;
  gg_vm_control(handle: number, action: number, nowMs: number): number;
  gg_vm_set_autorun(handle: number, on: number): number;
  gg_vm_set_inputs(handle: number, ptr: number, len: number): number;
  gg_vm_receive(handle: number, kind: number, ptr: number, len: number): number;
  gg_vm_step(handle: number, budget: number, nowMs: number): number;
  gg_vm_snapshot(handle: number): number;
  gg_vm_data_log(handle: number): number;
  gg_logo_decompile(
    codePtr: number,
    codeLen: number,
    verPtr: number,
    verLen: number,
    autoRun: number,
  ): number;
  gg_memread_reply(
    areaPtr: number,
    areaLen: number,
    programLen: number,
    autorun: number,
    reqPtr: number,
    reqLen: number,
  ): number;
  gg_memread_assemble(offset: number, ptr: number, len: number): number;
  gg_datalog_open(format: number): number;
  gg_datalog_push(handle: number, ptr: number, len: number, stride: number): number;
  gg_datalog_finish(handle: number): number;
  gg_datalog_summary(handle: number): number;
  gg_datalog_column(handle: number, which: number): number;
  gg_datalog_downsample(handle: number, ptr: number, len: number): number;
  gg_datalog_from_columns(ptr: number, len: number): number;
  gg_datalog_close(handle: number): number;
  gg_flash_plan(ptr: number, len: number): number;
  gg_flash_chip_for_name(ptr: number, len: number): number;
  gg_firmware_check(ptr: number, len: number): number;
}

const STATUS_OK = 0;
const START_KINDS = ['none', 'segment', 'linear'] as const;
const utf8 = new TextDecoder();
const toUtf8 = new TextEncoder();
const LOGO_VERSION_CODES: Record<number, LogoVersion> = {
  12: '1.2',
  13: '1.3',
  14: '1.4',
  21: '2.1',
};

export type WasmSource = BufferSource | WebAssembly.Module;

/** Compiles the module once; each `WasmCore` owns one instance. */
export async function loadCore(source: WasmSource): Promise<WasmCore> {
  const module = source instanceof WebAssembly.Module ? source : await WebAssembly.compile(source);
  return new WasmCore(module);
}

export class WasmCore {
  private exports: CoreExports;
  /** Counts instances; handles from an instance lost to a panic are stale. */
  private generation = 0;

  constructor(private readonly module: WebAssembly.Module) {
    this.exports = this.instantiate();
  }

  /** Size in bytes of the instance's linear memory (for diagnostics and benchmarks). */
  get memoryBytes(): number {
    return this.exports.memory.buffer.byteLength;
  }

  parseHex(text: Uint8Array): CoreResult<HexImage, HexErrorCode> {
    return this.call<HexImage, HexErrorCode>(
      (p, n) => this.exports.gg_hex_parse(p, n),
      text,
      decodeHexImage,
    );
  }

  /**
   * Filters and compiles Logo `source` for `version` ('1.2', '1.3', '1.4' or '2.1'; any
   * other text is an `unknown-version` error). Compile errors carry the source line.
   */
  compileLogo(source: string, version: string): CoreResult<LogoProgram, LogoErrorCode> {
    return this.callInputs<LogoProgram, LogoErrorCode>(
      ([srcPtr = 0, srcLen = 0, verPtr = 0, verLen = 0]) =>
        this.exports.gg_logo_compile(srcPtr, srcLen, verPtr, verLen),
      [toUtf8.encode(source), toUtf8.encode(version)],
      (out) => ({ autoRunState: out[0] === 1, data: out.slice(1) }),
    );
  }

  /** The Logo input filter (spec core §5): `invalid-input` names the rejected command. */
  filterLogo(source: string): CoreResult<null, LogoErrorCode> {
    return this.call<null, LogoErrorCode>(
      (p, n) => this.exports.gg_logo_filter(p, n),
      toUtf8.encode(source),
      () => null,
    );
  }

  /** The Logo version for a board (spec core §9), from the status report's numeric type. */
  pickLogoVersion(boardType: number, firmwareVersion: number): LogoVersion {
    const code = this.exports.gg_logo_pick_version(boardType >>> 0, firmwareVersion >>> 0);
    return LOGO_VERSION_CODES[code] ?? '1.4';
  }

  /** Frames a board command as its 63-byte WebHID payload (board-protocol §2). */
  buildHidCommand(req: HidCommandRequest): CoreResult<Uint8Array, HidFrameErrorCode> {
    let packed: Uint8Array;
    try {
      packed = packCommandRequest(req);
    } catch (e) {
      if (!(e instanceof HidRequestError)) throw e;
      return { ok: false, error: { code: e.code, message: e.message } };
    }
    return this.call<Uint8Array, HidFrameErrorCode>(
      (p, n) => this.exports.gg_hid_build(p, n),
      packed,
      (out) => out.slice(),
    );
  }

  /** Classifies and decodes input reports; bad ones come back as `ignored` packets. */
  decodeHidReports(reports: readonly Uint8Array[]): CoreResult<HidPacket[], never> {
    return this.call<HidPacket[], never>(
      (p, n) => this.exports.gg_hid_decode(p, n),
      packReports(reports),
      decodeRecords,
    );
  }

  /** Encodes one 64-byte input report (the simulated board's side of the link). */
  encodeHidReport(packet: HidPacketToEncode): CoreResult<Uint8Array, HidEncodeErrorCode> {
    return this.call<Uint8Array, HidEncodeErrorCode>(
      (p, n) => this.exports.gg_hid_encode(p, n),
      packEncodeRequest(packet),
      (out) => out.slice(),
    );
  }

  // ---- The byte-code VM (docs/virtual-board-vm.md) ---------------------------------------

  /** A new VM with the default settings; its handle names it in the other vm calls. */
  vmCreate(): CoreResult<number, VmErrorCode> {
    const handle = this.exports.gg_vm_create() >>> 0;
    if (handle === 0) {
      return { ok: false, error: { code: 'too-many', message: 'Too many virtual machines' } };
    }
    return { ok: true, value: handle };
  }

  vmDestroy(handle: number): CoreResult<null, VmErrorCode> {
    return this.callInputs(
      () => this.exports.gg_vm_destroy(handle >>> 0),
      [],
      () => null,
    );
  }

  /** Board settings; fields left out keep their defaults (`DEFAULT_VM_CONFIG`). */
  vmConfigure(handle: number, config: Partial<VmConfig>): CoreResult<null, VmErrorCode> {
    return this.call(
      (p, n) => this.exports.gg_vm_configure(handle >>> 0, p, n),
      encodeVmConfig(config),
      () => null,
    );
  }

  /** Loads byte code compiled for `version`; a running program stops. */
  vmLoad(handle: number, code: Uint8Array, version: LogoVersion): CoreResult<null, VmErrorCode> {
    const codeNumber = Number(version.replace('.', ''));
    return this.call(
      (p, n) => this.exports.gg_vm_load(handle >>> 0, p, n, codeNumber),
      code,
      () => null,
    );
  }

  /** Stop, run or toggle (`CMD_LOGO_CONTROL`), or power-on (runs when autorun is set). */
  vmControl(handle: number, action: VmControl, nowMs: number): CoreResult<null, VmErrorCode> {
    const code = VM_CONTROL_CODES[action];
    return this.callInputs(
      () => this.exports.gg_vm_control(handle >>> 0, code, nowMs),
      [],
      () => null,
    );
  }

  vmSetAutorun(handle: number, on: boolean): CoreResult<null, VmErrorCode> {
    return this.callInputs(
      () => this.exports.gg_vm_set_autorun(handle >>> 0, on ? 1 : 0),
      [],
      () => null,
    );
  }

  /** Sensors, switches, RTC and Raspberry Pi flags as they are now. */
  vmSetInputs(handle: number, inputs: VmInputs): CoreResult<null, VmErrorCode> {
    return this.call(
      (p, n) => this.exports.gg_vm_set_inputs(handle >>> 0, p, n),
      encodeVmInputs(inputs),
      () => null,
    );
  }

  /** A new IR remote code (`ir`, `newir?`). */
  vmReceiveIr(handle: number, code: number): CoreResult<null, VmErrorCode> {
    return this.vmReceive(handle, 0, new Uint8Array([code & 0xff]));
  }

  /** A new serial byte (`serial`, `newserial?`). */
  vmReceiveSerial(handle: number, byte: number): CoreResult<null, VmErrorCode> {
    return this.vmReceive(handle, 1, new Uint8Array([byte & 0xff]));
  }

  /** A key-value message (`key`, `intkey`); the key must not hold a comma. */
  vmReceiveKeyValue(handle: number, key: string, value: string): CoreResult<null, VmErrorCode> {
    return this.vmReceive(handle, 2, toUtf8.encode(`${key},${value}`));
  }

  /**
   * Runs at most `budget` instructions at virtual time `nowMs`; returns how many ran, the
   * state, and the events since the last step.
   */
  vmStep(handle: number, budget: number, nowMs: number): CoreResult<VmStep, VmErrorCode> {
    return this.callInputs(
      () => this.exports.gg_vm_step(handle >>> 0, Math.max(0, Math.floor(budget)) >>> 0, nowMs),
      [],
      decodeVmStep,
    );
  }

  /** The state and the events since the last read, without running. */
  vmSnapshot(handle: number): CoreResult<VmSnapshot, VmErrorCode> {
    return this.callInputs(() => this.exports.gg_vm_snapshot(handle >>> 0), [], decodeVmSnapshot);
  }

  /** The on-board data log (`record`), oldest word first. */
  vmDataLog(handle: number): CoreResult<number[], VmErrorCode> {
    return this.callInputs(() => this.exports.gg_vm_data_log(handle >>> 0), [], decodeDataLog);
  }

  // ---- Extract code from board (docs/protocol-extensions.md) -------------------------------

  /**
   * Logo text for byte code of `version` ('1.3', '1.4' or '2.1'); `autorun` names the first
   * procedure `autorun`. `exact` says whether the text compiles back to the same bytes.
   */
  decompileLogo(
    code: Uint8Array,
    version: string,
    autorun = false,
  ): CoreResult<Decompiled, DecompileErrorCode> {
    return this.callInputs<Decompiled, DecompileErrorCode>(
      ([codePtr = 0, codeLen = 0, verPtr = 0, verLen = 0]) =>
        this.exports.gg_logo_decompile(codePtr, codeLen, verPtr, verLen, autorun ? 1 : 0),
      [code, toUtf8.encode(version)],
      decodeDecompiled,
    );
  }

  /**
   * Board side of MEM_READ: the reply packets to `request` (a `[1, 4, …]` command payload)
   * over the program `area`, of which the last download wrote `programLength` bytes.
   */
  memReadReply(
    area: Uint8Array,
    programLength: number,
    autorun: boolean,
    request: Uint8Array,
  ): CoreResult<MemReadPacket[], MemReadErrorCode> {
    return this.callInputs<MemReadPacket[], MemReadErrorCode>(
      ([areaPtr = 0, areaLen = 0, reqPtr = 0, reqLen = 0]) =>
        this.exports.gg_memread_reply(
          areaPtr,
          areaLen,
          programLength >>> 0,
          autorun ? 1 : 0,
          reqPtr,
          reqLen,
        ),
      [area, request],
      decodeMemReadRecords,
    );
  }

  /**
   * Host side of MEM_READ: the bytes from reply packets (any order) to a request that began
   * at `offset`. `incomplete` names the first missing byte in `offset`.
   */
  memReadAssemble(
    offset: number,
    packets: readonly MemReadPacket[],
  ): CoreResult<ProgramReadBack, MemReadErrorCode> {
    return this.call(
      (p, n) => this.exports.gg_memread_assemble(offset >>> 0, p, n),
      encodeMemReadRecords(packets),
      decodeReadBack,
    );
  }

  // ---- offline datalog (core-rs/src/abi/datalog.rs) ----

  /** Opens a datalog decoder; feed it packets with `datalogPush`, then `datalogFinish`. */
  datalogOpen(format: DatalogFormat = 'auto'): CoreResult<DatalogHandle, DatalogCallErrorCode> {
    const code = { auto: 0, compact10: 10, legacy16: 16 }[format];
    return this.guard(() => {
      const id = this.exports.gg_datalog_open(code);
      if (id === 0) return callError('bad-request', `unknown datalog format ${format}`);
      return { ok: true, value: { id, generation: this.generation } };
    });
  }

  /**
   * Feeds input reports, `packetSize` bytes each (64, or 63 on boards whose reports are
   * one byte shorter), back to back. Returns the progress so far.
   */
  datalogPush(
    handle: DatalogHandle,
    packets: Uint8Array,
    packetSize = 64,
  ): CoreResult<DatalogProgress, DatalogCallErrorCode> {
    return (
      this.stale(handle) ??
      this.call<DatalogProgress, DatalogCallErrorCode>(
        (p, n) => this.exports.gg_datalog_push(handle.id, p, n, packetSize),
        packets,
        decodeDatalogProgress,
      )
    );
  }

  /** The log so far (names, series, counts, progress) without its columns. */
  datalogSummary(handle: DatalogHandle): CoreResult<DatalogSummary, DatalogCallErrorCode> {
    return (
      this.stale(handle) ??
      this.call<DatalogSummary, DatalogCallErrorCode>(
        () => this.exports.gg_datalog_summary(handle.id),
        EMPTY,
        decodeDatalogSummary,
      )
    );
  }

  /**
   * Ends the input (a read that stopped early reports `truncated` and keeps its records)
   * and returns the log with its columns copied out as three typed arrays. The log stays
   * open for `datalogDownsample` until `datalogClose`.
   */
  datalogFinish(handle: DatalogHandle): CoreResult<DatalogLog, DatalogCallErrorCode> {
    const done =
      this.stale(handle) ??
      this.call<DatalogSummary, DatalogCallErrorCode>(
        () => this.exports.gg_datalog_finish(handle.id),
        EMPTY,
        decodeDatalogSummary,
      );
    if (!done.ok) return done;
    return {
      ok: true,
      value: { ...done.value, columns: this.copyColumns(handle, done.value.records) },
    };
  }

  /** Ends the input like `datalogFinish` but returns only the summary: the columns stay
   * in the module for downsampling and export, and nothing is copied. */
  datalogEnd(handle: DatalogHandle): CoreResult<DatalogSummary, DatalogCallErrorCode> {
    return (
      this.stale(handle) ??
      this.call<DatalogSummary, DatalogCallErrorCode>(
        () => this.exports.gg_datalog_finish(handle.id),
        EMPTY,
        decodeDatalogSummary,
      )
    );
  }

  /** A copy of the columns decoded so far (for a chart that fills during a read). */
  datalogColumns(handle: DatalogHandle): CoreResult<DatalogColumns, DatalogCallErrorCode> {
    const summary = this.datalogSummary(handle);
    if (!summary.ok) return summary;
    return { ok: true, value: this.copyColumns(handle, summary.value.records) };
  }

  /** Downsamples each series over a time window; see `DownsampleRequest`. */
  datalogDownsample(
    handle: DatalogHandle,
    request: DownsampleRequest,
  ): CoreResult<Downsampled, DatalogCallErrorCode> {
    return (
      this.stale(handle) ??
      this.call<Downsampled, DatalogCallErrorCode>(
        (p, n) => this.exports.gg_datalog_downsample(handle.id, p, n),
        encodeDownsampleRequest(request),
        decodeDownsampled,
      )
    );
  }

  /** Opens a finished log made of columns (an imported file), ready for downsampling. */
  datalogFromColumns(columns: DatalogColumns): CoreResult<DatalogHandle, DatalogCallErrorCode> {
    const r = this.call<number, DatalogCallErrorCode>(
      (p, n) => this.exports.gg_datalog_from_columns(p, n),
      encodeColumns(columns),
      (out) => new DataView(out.buffer, out.byteOffset, 4).getUint32(0, true),
    );
    return r.ok ? { ok: true, value: { id: r.value, generation: this.generation } } : r;
  }

  /** Frees a log. */
  datalogClose(handle: DatalogHandle): CoreResult<null, DatalogCallErrorCode> {
    return (
      this.stale(handle) ??
      this.call<null, DatalogCallErrorCode>(
        () => this.exports.gg_datalog_close(handle.id),
        EMPTY,
        () => null,
      )
    );
  }

  private stale(handle: DatalogHandle): CoreResult<never, DatalogCallErrorCode> | undefined {
    if (handle.generation === this.generation) return undefined;
    return callError('stale-handle', 'the core module was reset after an error; reopen the log');
  }

  /** Copies `n` records of each column out of linear memory (one copy per column). */
  private copyColumns(handle: DatalogHandle, n: number): DatalogColumns {
    const ex = this.exports;
    const at = (which: number) => ex.gg_datalog_column(handle.id, which);
    return {
      timeMs: new Float64Array(ex.memory.buffer, at(0), n).slice(),
      series: new Uint16Array(ex.memory.buffer, at(1), n).slice(),
      value: new Float32Array(ex.memory.buffer, at(2), n).slice(),
    };
  }

  /** Runs `f`; a trap (a Rust panic) becomes a `panic` error and resets the instance. */
  private guard<T, C extends string>(f: () => CoreResult<T, C>): CoreResult<T, C> {
    try {
      return f();
    } catch (e) {
      if (!(e instanceof WebAssembly.RuntimeError)) throw e;
      const message = this.readPanic() || e.message;
      this.exports = this.instantiate();
      return { ok: false, error: { code: 'panic', message } };
    }
  }

  /**
   * Turns a firmware file (`kind` 'bin': raw bytes, 'hex': Intel HEX text) into the flash
   * plan for `chip`. Errors: `empty`, `too-few-items` (fewer than 4 bytes or records),
   * `image-too-large`, `nothing-to-write` (legacy), or a HEX error with its line.
   */
  planFlash(
    file: Uint8Array,
    kind: 'bin' | 'hex',
    chip: FlashChip,
  ): CoreResult<FlashPlan, FlashErrorCode> {
    const input = new Uint8Array(2 + file.byteLength);
    input[0] = kind === 'hex' ? 1 : 0;
    input[1] = FLASH_CHIP_CODES[chip];
    input.set(file, 2);
    return this.call<FlashPlan, FlashErrorCode>(
      (p, n) => this.exports.gg_flash_plan(p, n),
      input,
      decodeFlashPlan,
    );
  }

  /** The chip a file name targets: `gogo-stm-` → 'stm', `gogo-esp-` → 'esp', else null. */
  flashChipForName(name: string): FlashChip | null {
    const r = this.call<number, never>(
      (p, n) => this.exports.gg_flash_chip_for_name(p, n),
      toUtf8.encode(name),
      (out) => out[0] ?? 0,
    );
    return r.ok ? (FLASH_CHIPS[r.value] ?? null) : null;
  }

  /** Whether a firmware file fits the chip and board it would be written to (its identity
   * block, or its format; docs/firmware-update.md §4). A HEX that does not parse is an
   * error ('file-content-invalid'), as the plan would report. */
  checkFirmware(r: FirmwareCheckRequest): CoreResult<FirmwareCheck, 'file-content-invalid'> {
    const name = toUtf8.encode(r.name).subarray(0, 0xffff);
    const input = new Uint8Array(6 + name.byteLength + r.file.byteLength);
    input[0] = r.kind === 'hex' ? 1 : 0;
    input[1] = FIRMWARE_TARGET_CODES[r.target];
    input[2] = r.boardType & 0xff;
    input[3] = r.virtualBoard ? 1 : 0;
    input[4] = name.byteLength & 0xff;
    input[5] = name.byteLength >> 8;
    input.set(name, 6);
    input.set(r.file, 6 + name.byteLength);
    return this.call<FirmwareCheck, 'file-content-invalid'>(
      (p, n) => this.exports.gg_firmware_check(p, n),
      input,
      decodeFirmwareCheck,
    );
  }

  /** Triggers a deliberate panic in core-rs; tests use it to check recovery. */
  debugPanic(): CoreResult<number> {
    return this.call(
      () => this.exports.gg_debug_panic(),
      new Uint8Array(0),
      () => 0,
    );
  }

  private vmReceive(
    handle: number,
    kind: number,
    bytes: Uint8Array,
  ): CoreResult<null, VmErrorCode> {
    return this.call(
      (p, n) => this.exports.gg_vm_receive(handle >>> 0, kind, p, n),
      bytes,
      () => null,
    );
  }

  private instantiate(): CoreExports {
    this.generation++;
    const instance = new WebAssembly.Instance(this.module, {});
    const exports = instance.exports as unknown as CoreExports;
    exports.gg_init();
    return exports;
  }

  /**
   * Copies `input` into linear memory, runs `op`, and decodes the output buffer. A trap
   * (a Rust panic) becomes a `panic` error and the instance is replaced, because its
   * memory may be left inconsistent.
   */
  private call<T, C extends string>(
    op: (ptr: number, len: number) => number,
    input: Uint8Array,
    decode: (out: Uint8Array) => T,
  ): CoreResult<T, C> {
    return this.callInputs<T, C>(([ptr = 0, len = 0]) => op(ptr, len), [input], decode);
  }

  /**
   * `call` for operations that take several input buffers: `op` receives the pointer and
   * length of each input, in order (ptr0, len0, ptr1, len1, …).
   */
  private callInputs<T, C extends string>(
    op: (ptrsAndLens: number[]) => number,
    inputs: Uint8Array[],
    decode: (out: Uint8Array) => T,
  ): CoreResult<T, C> {
    const ex = this.exports;
    const buffers = inputs.map((bytes) => ({
      bytes,
      ptr: ex.gg_alloc(bytes.byteLength),
      len: bytes.byteLength,
    }));
    let status: number;
    try {
      for (const b of buffers) new Uint8Array(ex.memory.buffer, b.ptr, b.len).set(b.bytes);
      status = op(buffers.flatMap((b) => [b.ptr, b.len]));
    } catch (e) {
      if (!(e instanceof WebAssembly.RuntimeError)) throw e;
      const message = this.readPanic() || e.message;
      this.exports = this.instantiate();
      return { ok: false, error: { code: 'panic', message } };
    }
    const out = new Uint8Array(ex.memory.buffer, ex.gg_out_ptr(), ex.gg_out_len());
    try {
      if (status === STATUS_OK) return { ok: true, value: decode(out) };
      return { ok: false, error: JSON.parse(utf8.decode(out)) as CoreError<C> };
    } finally {
      for (const { ptr, len } of buffers) ex.gg_free(ptr, len);
    }
  }

  private readPanic(): string {
    const ex = this.exports;
    try {
      return utf8.decode(new Uint8Array(ex.memory.buffer, ex.gg_panic_ptr(), ex.gg_panic_len()));
    } catch {
      return '';
    }
  }
}

/** Decodes `hex::encode_image`: base, count, start kind, start value, ranges, bytes. */
function decodeHexImage(out: Uint8Array): HexImage {
  const view = new DataView(out.buffer, out.byteOffset, out.byteLength);
  const u32 = (i: number) => view.getUint32(i * 4, true);
  const count = u32(1);
  const ranges: AddressRange[] = [];
  let usedBytes = 0;
  for (let i = 0; i < count; i++) {
    const length = u32(4 + 2 * i + 1);
    ranges.push({ start: u32(4 + 2 * i), length });
    usedBytes += length;
  }
  const dataAt = 16 + count * 8;
  return {
    baseAddress: u32(0),
    ranges,
    usedBytes,
    start: { kind: START_KINDS[u32(2)] ?? 'none', value: u32(3) },
    // slice() copies out of linear memory, so the result survives later calls and can be
    // transferred.
    data: out.slice(dataAt),
  };
}

// ---- offline datalog ----

/** Record layout: `auto` decides from the announced size and the records. */
export type DatalogFormat = 'auto' | 'compact10' | 'legacy16';

/** Where a read stands (core-rs `Phase`). */
export type DatalogPhase = 'sizes' | 'table' | 'records' | 'done' | 'empty' | 'failed' | 'stopped';

/** Problems in the board's stream (core-rs `DatalogErrorCode`). Records decoded before the
 * problem are always kept. */
export type DatalogErrorCode =
  | 'board-failure'
  | 'truncated'
  | 'bad-sizes'
  | 'bad-table'
  | 'records-length'
  | 'bad-packet'
  | 'unexpected-status'
  | 'unknown-record-size'
  | 'too-many-series';

/** Misuse of the API. `stale-handle`: the module was reset after a panic; reopen the log. */
export type DatalogCallErrorCode = 'bad-handle' | 'bad-request' | 'stale-handle';

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

export interface DownsampledSeries {
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

const EMPTY = new Uint8Array(0);
const DATALOG_PHASES: DatalogPhase[] = [
  'sizes',
  'table',
  'records',
  'done',
  'empty',
  'failed',
  'stopped',
];

function callError<C extends string>(code: C, message: string): CoreResult<never, C> {
  return { ok: false, error: { code, message } };
}

/** Decodes `gg_datalog_push`'s output: u32 phase, records, percent × 100, problem flag. */
function decodeDatalogProgress(out: Uint8Array): DatalogProgress {
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
function decodeDatalogSummary(out: Uint8Array): DatalogSummary {
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
function encodeDownsampleRequest(r: DownsampleRequest): Uint8Array {
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
function decodeDownsampled(out: Uint8Array): Downsampled {
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

/** Input layout of `gg_datalog_from_columns`: u32 n, u32 0, time, value, series. */
function encodeColumns(c: DatalogColumns): Uint8Array {
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

/** Decodes `flash::encode_plan`: a 9-word header, 7 words per unit, then the reports. */
function decodeFirmwareCheck(out: Uint8Array): FirmwareCheck {
  const at = (i: number) => out[i] ?? 0;
  let identity: FirmwareCheck['identity'] = null;
  if (at(3) === 1) {
    const n = at(8);
    const view = new DataView(out.buffer, out.byteOffset, out.byteLength);
    identity = {
      target: FIRMWARE_TARGETS[at(4)] ?? null,
      boardType: at(5),
      test: (at(6) & 1) === 1,
      version: at(7),
      semver: String.fromCharCode(...out.subarray(9, 9 + n)),
      length: view.getUint32(9 + n, true),
    };
  }
  return {
    mismatch: at(0) === 0 ? null : (FIRMWARE_MISMATCH_CODES[at(0) - 1] ?? null),
    imageBoard: at(1),
    contentTarget: FIRMWARE_TARGETS[at(2)] ?? null,
    identity,
  };
}

function decodeFlashPlan(out: Uint8Array): FlashPlan {
  const view = new DataView(out.buffer, out.byteOffset, out.byteLength);
  const u32 = (word: number) => view.getUint32(word * 4, true);
  const unitCount = u32(3);
  const units: FlashUnit[] = [];
  for (let i = 0; i < unitCount; i++) {
    const w = 9 + i * 7;
    units.push({
      address: u32(w),
      offset: u32(w + 1),
      length: u32(w + 2),
      crc: u32(w + 3),
      blank: (u32(w + 4) & 1) === 1,
      firstReport: u32(w + 5),
      reportCount: u32(w + 6),
    });
  }
  const reportsAt = (9 + unitCount * 7) * 4;
  return {
    chip: FLASH_CHIPS[u32(0)] ?? 'stm',
    unitBytes: u32(1),
    reportBytes: u32(2),
    imageLength: u32(5),
    imageCrc: u32(6),
    baseAddress: u32(7),
    droppedBytes: u32(8),
    units,
    reports: out.slice(reportsAt, reportsAt + u32(4) * u32(2)),
  };
}
