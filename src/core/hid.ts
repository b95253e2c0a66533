// The GoGo board's WebHID reports: framing commands, decoding input reports, and encoding
// them for the virtual board (core-rs/src/hid/, ABI core-rs/src/abi/hid.rs). Byte layouts
// in hid-layout.ts.
import type { CoreAbi } from './core-abi.ts';
import type { HidEncodeErrorCode, HidFrameErrorCode } from './core-errors.ts';
import type { CoreResult } from './core-result.ts';
import {
  decodeRecords,
  HidRequestError,
  packCommandRequest,
  packEncodeRequest,
  packReports,
  type HidCommandRequest,
  type HidPacket,
  type HidPacketToEncode,
} from './hid-layout.ts';

/** Frames a board command as its 63-byte WebHID payload (board-protocol §2). */
export function buildHidCommand(
  abi: CoreAbi,
  req: HidCommandRequest,
): CoreResult<Uint8Array, HidFrameErrorCode> {
  let packed: Uint8Array;
  try {
    packed = packCommandRequest(req);
  } catch (e) {
    if (!(e instanceof HidRequestError)) throw e;
    return { ok: false, error: { code: e.code, message: e.message } };
  }
  return abi.call<Uint8Array, HidFrameErrorCode>(
    (p, n) => abi.exports.gg_hid_build(p, n),
    packed,
    (out) => out.slice(),
  );
}

/** Classifies and decodes input reports; bad ones come back as `ignored` packets. */
export function decodeHidReports(
  abi: CoreAbi,
  reports: readonly Uint8Array[],
): CoreResult<HidPacket[], never> {
  return abi.call<HidPacket[], never>(
    (p, n) => abi.exports.gg_hid_decode(p, n),
    packReports(reports),
    decodeRecords,
  );
}

/** Encodes one 64-byte input report (the virtual board's side of the link). */
export function encodeHidReport(
  abi: CoreAbi,
  packet: HidPacketToEncode,
): CoreResult<Uint8Array, HidEncodeErrorCode> {
  return abi.call<Uint8Array, HidEncodeErrorCode>(
    (p, n) => abi.exports.gg_hid_encode(p, n),
    packEncodeRequest(packet),
    (out) => out.slice(),
  );
}
