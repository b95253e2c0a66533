// Firmware flash plans: which reports an update sends, in units that carry CRCs
// (core-rs/src/flash.rs, ABI core-rs/src/abi/flash.rs).
import type { CoreAbi } from './core-abi.ts';
import { FLASH_CHIP_CODES, FLASH_CHIPS, type FlashChip } from './core-enums.ts';
import type { HexOrFlashPlanErrorCode } from './core-errors.ts';
import type { CoreResult } from './core-result.ts';

/** One unit of a flash plan: an STM page, the ESP header or a sector, a legacy run. */
interface FlashUnit {
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

const toUtf8 = new TextEncoder();

/**
 * Turns a firmware file (`kind` 'bin': raw bytes, 'hex': Intel HEX text) into the flash
 * plan for `chip`. Errors: `empty`, `too-few-items` (fewer than 4 bytes or records),
 * `image-too-large`, `nothing-to-write` (legacy), or a HEX error with its line.
 */
export function planFlash(
  abi: CoreAbi,
  file: Uint8Array,
  kind: 'bin' | 'hex',
  chip: FlashChip,
): CoreResult<FlashPlan, HexOrFlashPlanErrorCode> {
  const input = new Uint8Array(2 + file.byteLength);
  input[0] = kind === 'hex' ? 1 : 0;
  input[1] = FLASH_CHIP_CODES[chip];
  input.set(file, 2);
  return abi.call<FlashPlan, HexOrFlashPlanErrorCode>(
    (p, n) => abi.exports.gg_flash_plan(p, n),
    input,
    decodeFlashPlan,
  );
}

/** The chip a file name targets: `gogo-stm-` → 'stm', `gogo-esp-` → 'esp', else null. */
export function flashChipForName(abi: CoreAbi, name: string): FlashChip | null {
  const r = abi.call<number, never>(
    (p, n) => abi.exports.gg_flash_chip_for_name(p, n),
    toUtf8.encode(name),
    (out) => out[0] ?? 0,
  );
  return r.ok ? (FLASH_CHIPS[r.value] ?? null) : null;
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
