// The page's owner of the flash worker (src/firmware/worker/flash-worker-api.ts): starts it
// on first use, hands it the firmware files (transferred, not copied) and, for the virtual
// board or the plugin, a MessagePort to the board's link; progress comes back throttled by
// the worker and is rendered at most once per animation frame here.
import * as Comlink from 'comlink';
import { createWorkerBridge, webWorker } from '../bridge/worker-bridge.ts';
import { transfer, type Movable } from '../core/transfer.ts';
import type { FlashChip } from '../core/wasm-core.ts';
import type { FlashWorkerApi } from './worker/flash-worker-api.ts';
import type { ConfirmDowngrade } from './worker/engine-context.ts';
import type { FlashOutcome, FlashProgress, FlashRequest } from './worker/flash-protocol.ts';

/** Coalesces calls to at most one per animation frame (the last value wins). */
export function perFrame<T>(
  render: (value: T) => void,
  schedule: (fn: () => void) => void = (fn) => requestAnimationFrame(fn),
): (value: T) => void {
  let latest: { value: T } | null = null;
  return (value) => {
    const scheduled = latest !== null;
    latest = { value };
    if (scheduled) return;
    schedule(() => {
      const v = latest;
      latest = null;
      if (v) render(v.value);
    });
  };
}

export class FlashBridge {
  private readonly bridge = createWorkerBridge<FlashWorkerApi>(() =>
    webWorker(
      new Worker(new URL('../../workers/flash.worker.ts', import.meta.url), {
        type: 'module',
        name: 'flash',
      }),
    ),
  );

  chipFor(name: string, head: Uint8Array): Promise<FlashChip | null> {
    return this.bridge.api.chipFor(name, head);
  }

  /** Runs an update in the worker; the files (and the port) are transferred. The engine
   * asks `confirmDowngrade` before it writes an image older than the board's firmware. */
  flash(
    request: FlashRequest,
    onProgress: (p: FlashProgress) => void,
    confirmDowngrade: ConfirmDowngrade,
  ): Promise<FlashOutcome> {
    const parts: Movable[] = [request.file.bytes];
    if (request.bootloader) parts.push(request.bootloader.bytes);
    if (request.link.kind !== 'webhid') parts.push(request.link.port);
    return this.bridge.api.flash(
      transfer(request, ...parts),
      Comlink.proxy(perFrame(onProgress)),
      Comlink.proxy(confirmDowngrade),
    );
  }

  terminate(): void {
    this.bridge.terminate();
  }
}
