// Extract code from board: both sides of MEM_READ (core-rs/src/memread.rs, ABI
// core-rs/src/abi/memread.rs; docs/protocol-extensions.md).
import { Reader } from './byte-reader.ts';
import type { CoreAbi } from './core-abi.ts';
import type { MemReadErrorCode } from './core-errors.ts';
import type { CoreResult } from './core-result.ts';

/** One memory-read reply packet: the report is `[20, payload.length, 4, status, …payload]`. */
export interface MemReadPacket {
  /** 1 more follow, 2 failure, 3 empty, 4 last. */
  status: number;
  payload: Uint8Array;
}

export interface ProgramReadBack {
  autorun: boolean;
  /** Offset in the program area of `data[0]`. */
  offset: number;
  data: Uint8Array;
}

/** The MEM_READ command payload (docs/protocol-extensions.md). */
export function memReadRequest(offset = 0, length = 0, area = 0): Uint8Array {
  return new Uint8Array([1, 4, area, offset >> 8, offset & 0xff, length >> 8, length & 0xff]);
}

/**
 * Board side of MEM_READ: the reply packets to `request` (a `[1, 4, …]` command payload)
 * over the program `area`, of which the last download wrote `programLength` bytes.
 */
export function memReadReply(
  abi: CoreAbi,
  area: Uint8Array,
  programLength: number,
  autorun: boolean,
  request: Uint8Array,
): CoreResult<MemReadPacket[], MemReadErrorCode> {
  return abi.callInputs<MemReadPacket[], MemReadErrorCode>(
    ([areaPtr = 0, areaLen = 0, reqPtr = 0, reqLen = 0]) =>
      abi.exports.gg_memread_reply(
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
export function memReadAssemble(
  abi: CoreAbi,
  offset: number,
  packets: readonly MemReadPacket[],
): CoreResult<ProgramReadBack, MemReadErrorCode> {
  return abi.call(
    (p, n) => abi.exports.gg_memread_assemble(offset >>> 0, p, n),
    encodeMemReadRecords(packets),
    decodeReadBack,
  );
}

/** Memory-read packets as the ABI's records `[status, length, payload…]`. */
function encodeMemReadRecords(packets: readonly MemReadPacket[]): Uint8Array {
  const total = packets.reduce((n, p) => n + 2 + Math.min(255, p.payload.length), 0);
  const out = new Uint8Array(total);
  let at = 0;
  for (const p of packets) {
    const payload = p.payload.subarray(0, 255);
    out[at++] = p.status & 0xff;
    out[at++] = payload.length;
    out.set(payload, at);
    at += payload.length;
  }
  return out;
}

function decodeMemReadRecords(bytes: Uint8Array): MemReadPacket[] {
  const packets: MemReadPacket[] = [];
  let at = 0;
  while (at + 2 <= bytes.length) {
    const status = bytes[at] ?? 0;
    const n = bytes[at + 1] ?? 0;
    packets.push({ status, payload: bytes.slice(at + 2, at + 2 + n) });
    at += 2 + n;
  }
  return packets;
}

/** `gg_memread_assemble`: autorun flag, offset (u16), bytes. */
function decodeReadBack(bytes: Uint8Array): ProgramReadBack {
  const r = new Reader(bytes);
  const autorun = r.u8() === 1;
  const offset = r.u16();
  return { autorun, offset, data: bytes.slice(3) };
}
