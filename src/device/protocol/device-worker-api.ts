// The device worker: core-rs HID framing and report decoding off the main thread, so a fast
// board stream never costs the UI more than one message per frame (16 ms).
import { fetchCore } from '../../core/fetch-core.ts';
import { transferResult } from '../../core/transfer.ts';
import type { HidCommandRequest, HidPacket } from '../../core/hid-layout.ts';
import type { CoreResult, HidFrameErrorCode } from '../../core/wasm-core.ts';
import { TimerPacer } from './pacer.ts';

const pacer = new TimerPacer();

export const deviceWorkerApi = {
  /** The 63-byte payload of a command (transferred back). */
  async build(request: HidCommandRequest): Promise<CoreResult<Uint8Array, HidFrameErrorCode>> {
    return transferResult((await fetchCore()).buildHidCommand(request), (payload) => [payload]);
  },

  /**
   * Paces writes on this worker's clock: calls the page's `write(i)` (which sends report i)
   * and waits `gapsMs[i + 1]` after it before the next; progress at most every 16 ms.
   */
  pace(
    gapsMs: number[],
    write: (index: number) => Promise<void>,
    onProgress?: (done: number, total: number) => void,
  ): Promise<void> {
    return pacer.run(gapsMs, write, onProgress);
  },

  /** Decodes a batch of input reports in order; bad reports come back as `ignored`. */
  async decode(reports: Uint8Array[]): Promise<HidPacket[]> {
    const result = (await fetchCore()).decodeHidReports(reports);
    if (result.ok) return result.value;
    // A core-rs panic (the instance was reset): count the batch as malformed.
    return reports.map((r) => ({ type: 'ignored', reason: 'malformed', packetType: r[0] ?? null }));
  },
};

export type DeviceWorkerApi = typeof deviceWorkerApi;
