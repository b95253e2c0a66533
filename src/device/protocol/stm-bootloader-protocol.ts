// The STM32 HID bootloader's wire format (docs/firmware-update.md §2), shared by the flash
// engine that talks to it and the virtual board's bootloader that answers: command blocks
// are `BTLDCMD`, a code, and extension parameters from byte 8. Report sizes come from
// core-rs, which plans the pages.
import { FLASH_LAYOUT } from '../../core/generated/core-facts.ts';

export const BOOTLOADER_MAGIC = [0x42, 0x54, 0x4c, 0x44, 0x43, 0x4d, 0x44]; // "BTLDCMD"

export const BootloaderCommand = {
  resetPages: 0,
  reboot: 1,
  /** Upstream: the 8-byte IN report after a page is written. */
  pageDone: 2,
  /** Extension: "who are you" → capability report. */
  hello: 3,
  /** Extension: CRC-32 of pages (first u16 BE at 8, count u16 BE at 10), one tagged
   * report per page. */
  readCrcs: 4,
  /** Extension: the next page received goes to page (u16 BE at 8). */
  seek: 5,
  /** The per-report answer of the request/response mode. */
  packet: 6,
} as const;

/** Host → bootloader reports (page data and command blocks). */
export const OUT_REPORT_BYTES = FLASH_LAYOUT.STM_REPORT_BYTES;
/** Bootloader → host reports. */
export const IN_REPORT_BYTES = 8;
/** Capability report: "GX", extension version, flags, application pages (u16 BE), KiB per page. */
export const HELLO_TAG = [0x47, 0x58];
/** Page-CRC report: "GC", the page (u16 BE), its CRC-32 (u32 LE). */
export const CRC_TAG = [0x47, 0x43];
/** Version 2: CRC reports tagged with their page (version 1 sent two untagged CRCs). */
export const EXTENSION_VERSION = 2;
/** Hello flags bit 0: two page buffers (a page may be sent while the previous programs). */
export const FLAG_DOUBLE_BUFFER = 1;

/** A command block: `BTLDCMD`, the code, extension parameters from byte 8. */
export function commandBlock(code: number, params: readonly number[] = []): Uint8Array {
  const r = new Uint8Array(OUT_REPORT_BYTES);
  r.set(BOOTLOADER_MAGIC);
  r[7] = code;
  r.set(params, 8);
  return r;
}

/** Whether a report starts with `BTLDCMD`. */
export function hasMagic(r: Uint8Array): boolean {
  return r.length >= 8 && BOOTLOADER_MAGIC.every((b, i) => r[i] === b);
}

/** Whether an IN report starts with `tag` (hello: `HELLO_TAG`, CRC reports: `CRC_TAG`). */
export function hasTag(r: Uint8Array, tag: readonly number[]): boolean {
  return r.length >= IN_REPORT_BYTES && r[0] === tag[0] && r[1] === tag[1];
}
