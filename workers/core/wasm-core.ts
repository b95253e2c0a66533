// The one module that talks to the core-rs WebAssembly ABI (see core-rs/src/abi/mod.rs).
// No other file touches raw pointers. It runs in the browser worker and in Node (server,
// CLI, tests), so it uses nothing beyond WebAssembly and typed arrays.
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
export type CoreErrorCode = HexErrorCode | LogoErrorCode | FlashErrorCode | 'panic';

export interface CoreError<C extends string = CoreErrorCode> {
  code: C;
  message: string;
  /** 1-based source line, when the error points at one. */
  line?: number;
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
  gg_flash_plan(ptr: number, len: number): number;
  gg_flash_chip_for_name(ptr: number, len: number): number;
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

  /** Triggers a deliberate panic in core-rs; tests use it to check recovery. */
  debugPanic(): CoreResult<number> {
    return this.call(
      () => this.exports.gg_debug_panic(),
      new Uint8Array(0),
      () => 0,
    );
  }

  private instantiate(): CoreExports {
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

/** Decodes `flash::encode_plan`: a 9-word header, 7 words per unit, then the reports. */
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
