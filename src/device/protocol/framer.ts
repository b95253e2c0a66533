// The framing boundary of the protocol layer: core-rs builds command payloads and decodes
// reports. In the app it runs in the device worker (protocol/worker-framer.ts); in tests and
// inside workers it is a WasmCore instance called directly (WasmFramer).
import type { HidPacket } from '../../core/hid-layout.ts';
import type { WasmCore } from '../../core/wasm-core.ts';
import { DeviceError, type HidCommandRequest } from '../device.ts';

export interface Framer {
  /** The 63-byte payload of a command; rejects with DeviceError('invalid-command'). */
  build(request: HidCommandRequest): Promise<Uint8Array>;
  /** Decodes reports in order; bad reports come back as `ignored` packets. */
  decode(reports: Uint8Array[]): Promise<HidPacket[]>;
}

/** Framing with a WasmCore in the same thread. */
export class WasmFramer implements Framer {
  constructor(private readonly core: WasmCore) {}

  build(request: HidCommandRequest): Promise<Uint8Array> {
    const r = this.core.buildHidCommand(request);
    if (r.ok) return Promise.resolve(r.value);
    return Promise.reject(
      new DeviceError('invalid-command', `${r.error.code}: ${r.error.message}`),
    );
  }

  decode(reports: Uint8Array[]): Promise<HidPacket[]> {
    const r = this.core.decodeHidReports(reports);
    if (r.ok) return Promise.resolve(r.value);
    // Only a core-rs panic gets here; the instance was reset. Count the batch as malformed.
    return Promise.resolve(
      reports.map((rep) => ({
        type: 'ignored' as const,
        reason: 'malformed' as const,
        packetType: rep[0] ?? null,
      })),
    );
  }
}
