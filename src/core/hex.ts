// Intel HEX parsing (core-rs/src/hex.rs, ABI core-rs/src/abi/hex.rs).
import type { CoreAbi } from './core-abi.ts';
import { HEX_START_KINDS, type HexStartKind } from './core-enums.ts';
import type { HexErrorCode } from './core-errors.ts';
import type { CoreResult } from './core-result.ts';

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
  start: { kind: HexStartKind; value: number };
}

export function parseHex(abi: CoreAbi, text: Uint8Array): CoreResult<HexImage, HexErrorCode> {
  return abi.call<HexImage, HexErrorCode>(
    (p, n) => abi.exports.gg_hex_parse(p, n),
    text,
    decodeHexImage,
  );
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
    start: { kind: HEX_START_KINDS[u32(2)] ?? 'none', value: u32(3) },
    // slice() copies out of linear memory, so the result survives later calls and can be
    // transferred.
    data: out.slice(dataAt),
  };
}
