// What the board uses core-rs for: encoding its input reports and answering MEM_READ.
import type { HidPacketToEncode } from '../../core/hid-layout.ts';
import type { MemReadPacket, WasmCore } from '../../core/wasm-core.ts';

/** Encodes input reports (core-rs `gg_hid_encode` through a WasmCore). */
export interface ReportEncoder {
  encode(packet: HidPacketToEncode): Uint8Array;
}

/**
 * The board side of MEM_READ (docs/protocol-extensions.md): the reply packets to a request
 * payload over the program area, of which the last download wrote `programLength` bytes.
 */
export type MemReadReplier = (
  area: Uint8Array,
  programLength: number,
  autorun: boolean,
  request: Uint8Array,
) => MemReadPacket[];

/** MEM_READ replies built by core-rs (`memReadReply`). */
export function wasmMemRead(core: WasmCore): MemReadReplier {
  return (area, programLength, autorun, request) => {
    const r = core.memReadReply(area, programLength, autorun, request);
    // A request core-rs cannot read is answered like a bad range: one failure packet.
    return r.ok ? r.value : [{ status: 2, payload: new Uint8Array(5) }];
  };
}

/** The encoder backed by core-rs (the same layout tables as the decoder). */
export function wasmEncoder(core: WasmCore): ReportEncoder {
  return {
    encode(packet) {
      const r = core.encodeHidReport(packet);
      if (!r.ok) throw new Error(`encode ${packet.type}: ${r.error.message}`);
      return r.value;
    },
  };
}
