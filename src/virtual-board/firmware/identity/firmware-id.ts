// The firmware identity block: OUR convention (docs/firmware-update.md §4) for telling which
// board and chip an image is for, its version, whether it is a TEST image, and whether a
// flash holds all of it. The engine reads it with core-rs (`firmware_image.rs`); this
// independent TypeScript copy is the board's side (the simulated board reads its flash
// with it) and the writer of the test images, so the two check each other.
//
//   0  "GOGOFWID"            8 ASCII bytes
//   8  format                2 (this layout)
//   9  chip                  1 STM, 2 ESP, 3 legacy firmware, 4 legacy bootloader
//   10 board type            status byte 17: 1 GoGo 4, 2 Pi-topping, 4 GoGo 6
//   11 flags                 bit 0: TEST image (the simulated board only)
//   12 version byte          what the status stream reports (byte 20, or 21 for the STM)
//   13 n                     length of the semantic version text (at most 16)
//   14 semver                n ASCII bytes, e.g. "1.2.3"
//   14+n  image length       u32 little-endian, counted from the image start
//   18+n  image CRC-32       u32 little-endian, over the image with these 4 bytes as zero
//
// Where the block sits is a place each image format leaves free (identityOffset): the STM32
// vector table's reserved entry 8 points at it; on the ESP32 it follows the application
// description; in a legacy PIC image it follows the reset and interrupt vectors.
import { crc32 } from './crc32.ts';

const MAGIC = 'GOGOFWID';
const FORMAT = 2;
const MAX_SEMVER = 16;
const HEADER_BYTES = 22;

export const IdentityChip = { stm: 1, esp: 2, legacy: 3, legacyBootloader: 4 } as const;
export type IdentityChip = (typeof IdentityChip)[keyof typeof IdentityChip];

/** Board types of the status stream (byte 17) an image can be for. */
export const IdentityBoard = { gogo4: 1, piTopping: 2, gogo6: 4 } as const;
export type IdentityBoard = (typeof IdentityBoard)[keyof typeof IdentityBoard];

const IDENTITY_FLAG_TEST = 1;

/** Cortex-M vector-table entry 8 (reserved, zero in vendor images): the block's offset. */
export const STM_POINTER_AT = 0x20;
const STM_MIN_OFFSET = 0x40;
/** ESP32 app image: 24-byte header, 8-byte segment header, then `esp_app_desc_t`. */
export const ESP_APP_DESC_AT = 0x20;
export const ESP_APP_DESC_MAGIC = 0xabcd5432;
const ESP_APP_DESC_BYTES = 256;
/** Legacy PIC images: after the reset (+0x00) and interrupt (+0x08, +0x18) vectors. */
const LEGACY_IDENTITY_OFFSET = 0x40;

export interface FirmwareIdentity {
  chip: IdentityChip;
  boardType: number;
  test: boolean;
  version: number;
  semver: string;
  length: number;
  crc: number;
}

const isLegacy = (chip: IdentityChip) =>
  chip === IdentityChip.legacy || chip === IdentityChip.legacyBootloader;

/** Where the block of a `chip` image starting at `image[start]` sits, by its format's rule. */
function identityOffset(image: Uint8Array, chip: IdentityChip, start = 0): number | null {
  const view = new DataView(image.buffer, image.byteOffset, image.byteLength);
  const u32 = (at: number) =>
    start + at + 4 <= image.length ? view.getUint32(start + at, true) : null;
  if (chip === IdentityChip.stm) {
    const at = u32(STM_POINTER_AT);
    return at !== null && at >= STM_MIN_OFFSET && at % 4 === 0 ? at : null;
  }
  if (chip === IdentityChip.esp) {
    return u32(ESP_APP_DESC_AT) === ESP_APP_DESC_MAGIC
      ? ESP_APP_DESC_AT + ESP_APP_DESC_BYTES
      : null;
  }
  return LEGACY_IDENTITY_OFFSET;
}

/** Reads the block of a `chip` image that starts at `image[start]`; null without one. */
export function readIdentity(
  image: Uint8Array,
  chip: IdentityChip,
  start = 0,
): FirmwareIdentity | null {
  const offset = identityOffset(image, chip, start);
  if (offset === null) return null;
  const at = start + offset;
  if (image.length < at + HEADER_BYTES) return null;
  for (let i = 0; i < MAGIC.length; i++) {
    if (image[at + i] !== MAGIC.charCodeAt(i)) return null;
  }
  if (image[at + 8] !== FORMAT) return null;
  const blockChip = image[at + 9] ?? 0;
  const n = image[at + 13] ?? 0;
  if (blockChip < 1 || blockChip > 4 || n > MAX_SEMVER) return null;
  if (isLegacy(blockChip as IdentityChip) !== isLegacy(chip)) return null;
  if (image.length < at + HEADER_BYTES + n) return null;
  let semver = '';
  for (let i = 0; i < n; i++) semver += String.fromCharCode(image[at + 14 + i] ?? 0);
  const view = new DataView(image.buffer, image.byteOffset, image.byteLength);
  return {
    chip: blockChip as IdentityChip,
    boardType: image[at + 10] ?? 0,
    test: ((image[at + 11] ?? 0) & IDENTITY_FLAG_TEST) !== 0,
    version: image[at + 12] ?? 0,
    semver,
    length: view.getUint32(at + 14 + n, true),
    crc: view.getUint32(at + 18 + n, true),
  };
}

/** True when the bytes from `start` hold the whole `chip` image its block describes. */
export function isComplete(image: Uint8Array, chip: IdentityChip, start = 0): boolean {
  const id = readIdentity(image, chip, start);
  const offset = identityOffset(image, chip, start);
  if (!id || offset === null || start + id.length > image.length) return false;
  const field = offset + 18 + id.semver.length;
  if (field + 4 > id.length) return false;
  const copy = image.slice(start, start + id.length);
  copy.fill(0, field, field + 4);
  return crc32(copy) === id.crc;
}

interface IdentityFields {
  chip: IdentityChip;
  boardType: number;
  version: number;
  semver: string;
  /** A TEST image: engines refuse it for anything but the simulated board. */
  test: boolean;
}

/**
 * Writes a block into `image` where its format puts it and seals it with the image's CRC.
 * STM32 images get the vector-table pointer (`stmOffset`, default 0x200); ESP32 images
 * must already hold an application description.
 */
export function writeIdentity(image: Uint8Array, id: IdentityFields, stmOffset = 0x200): void {
  if (id.semver.length > MAX_SEMVER || !/^[\x20-\x7e]*$/.test(id.semver)) {
    throw new Error(`semantic version "${id.semver}" is not short printable ASCII`);
  }
  const view = new DataView(image.buffer, image.byteOffset, image.byteLength);
  if (id.chip === IdentityChip.stm) view.setUint32(STM_POINTER_AT, stmOffset, true);
  const at = identityOffset(image, id.chip);
  if (at === null) throw new Error('the image has no place for an identity block');
  const n = id.semver.length;
  if (image.length < at + HEADER_BYTES + n) throw new Error('the image is too small');
  for (let i = 0; i < MAGIC.length; i++) image[at + i] = MAGIC.charCodeAt(i);
  image[at + 8] = FORMAT;
  image[at + 9] = id.chip;
  image[at + 10] = id.boardType;
  image[at + 11] = id.test ? IDENTITY_FLAG_TEST : 0;
  image[at + 12] = id.version & 0xff;
  image[at + 13] = n;
  for (let i = 0; i < n; i++) image[at + 14 + i] = id.semver.charCodeAt(i);
  view.setUint32(at + 14 + n, image.length, true);
  view.setUint32(at + 18 + n, 0, true);
  view.setUint32(at + 18 + n, crc32(image), true);
}
