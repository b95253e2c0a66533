// The firmware identity block: OUR convention (docs/firmware-update.md §4) for telling
// which firmware an image holds and whether a flash holds all of it. A block sits at
// IDENTITY_OFFSET from the image start:
//
//   0  "GOGOFWID"            8 ASCII bytes
//   8  format                1 (this layout)
//   9  chip                  1 STM, 2 ESP, 3 legacy firmware, 4 legacy bootloader
//   10 version byte          what the status stream reports (byte 20, or 21 for the STM)
//   11 n                     length of the semantic version text (at most 16)
//   12 semver                n ASCII bytes, e.g. "1.2.3"
//   12+n  image length       u32 little-endian, counted from the image start
//   16+n  image CRC-32       u32 little-endian, over the image with these 4 bytes as zero
//
// Vendor images have no block; the simulated board then keeps the version it had.
import { crc32 } from './crc32.ts';

export const IDENTITY_OFFSET = 0x100;
const MAGIC = 'GOGOFWID';
const MAX_SEMVER = 16;

export const IdentityChip = { stm: 1, esp: 2, legacy: 3, legacyBootloader: 4 } as const;
export type IdentityChip = (typeof IdentityChip)[keyof typeof IdentityChip];

export interface FirmwareIdentity {
  chip: IdentityChip;
  version: number;
  semver: string;
  length: number;
  crc: number;
}

const crcField = (semverLength: number) => IDENTITY_OFFSET + 16 + semverLength;

/** Reads the block of an image that starts at `image[start]`; null without one. */
export function readIdentity(image: Uint8Array, start = 0): FirmwareIdentity | null {
  const at = start + IDENTITY_OFFSET;
  if (image.length < at + 12) return null;
  for (let i = 0; i < MAGIC.length; i++) {
    if (image[at + i] !== MAGIC.charCodeAt(i)) return null;
  }
  if (image[at + 8] !== 1) return null;
  const chip = image[at + 9] ?? 0;
  const n = image[at + 11] ?? 0;
  if (chip < 1 || chip > 4 || n > MAX_SEMVER || image.length < at + 20 + n) return null;
  let semver = '';
  for (let i = 0; i < n; i++) semver += String.fromCharCode(image[at + 12 + i] ?? 0);
  const view = new DataView(image.buffer, image.byteOffset, image.byteLength);
  return {
    chip: chip as IdentityChip,
    version: image[at + 10] ?? 0,
    semver,
    length: view.getUint32(at + 12 + n, true),
    crc: view.getUint32(at + 16 + n, true),
  };
}

/** CRC-32 of `length` image bytes from `start`, the CRC field counted as zero. */
export function identityCrc(image: Uint8Array, start: number, id: FirmwareIdentity): number {
  const copy = image.slice(start, start + id.length);
  copy.fill(0, crcField(id.semver.length), crcField(id.semver.length) + 4);
  return crc32(copy);
}

/** True when the bytes from `start` hold the whole image the block describes. */
export function isComplete(image: Uint8Array, start = 0): boolean {
  const id = readIdentity(image, start);
  if (!id || start + id.length > image.length) return false;
  return identityCrc(image, start, id) === id.crc;
}

/** Writes a block into `image` (which must be at least IDENTITY_OFFSET + 40 bytes) and
 * seals it with the image's CRC. */
export function writeIdentity(
  image: Uint8Array,
  id: { chip: IdentityChip; version: number; semver: string },
): void {
  if (id.semver.length > MAX_SEMVER || !/^[\x20-\x7e]*$/.test(id.semver)) {
    throw new Error(`semantic version "${id.semver}" is not short printable ASCII`);
  }
  const n = id.semver.length;
  if (image.length < crcField(n) + 4) throw new Error('the image is too small for an identity');
  const at = IDENTITY_OFFSET;
  for (let i = 0; i < MAGIC.length; i++) image[at + i] = MAGIC.charCodeAt(i);
  image[at + 8] = 1;
  image[at + 9] = id.chip;
  image[at + 10] = id.version & 0xff;
  image[at + 11] = n;
  for (let i = 0; i < n; i++) image[at + 12 + i] = id.semver.charCodeAt(i);
  const view = new DataView(image.buffer, image.byteOffset, image.byteLength);
  view.setUint32(at + 12 + n, image.length, true);
  view.setUint32(crcField(n), 0, true);
  view.setUint32(crcField(n), crc32(image), true);
}
