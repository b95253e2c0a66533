// The page's owner of the flash worker (src/firmware/worker/flash-worker-api.ts): starts it on first use,
// hands it the firmware files (transferred, not copied) and, for the virtual board, a
// MessagePort to the simulated board's worker; progress comes back throttled by the worker
// and is rendered at most once per animation frame here.
import * as Comlink from 'comlink';
import type { FlashChip } from '../core/wasm-core.ts';
import type { FlashWorkerApi } from './worker/flash-worker-api.ts';
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
  private worker: Worker | undefined;
  private api: Comlink.Remote<FlashWorkerApi> | undefined;

  private start(): Comlink.Remote<FlashWorkerApi> {
    if (!this.api) {
      this.worker = new Worker(new URL('../../workers/flash.worker.ts', import.meta.url), {
        type: 'module',
        name: 'flash',
      });
      this.api = Comlink.wrap<FlashWorkerApi>(this.worker);
    }
    return this.api;
  }

  chipFor(name: string, head: Uint8Array): Promise<FlashChip | null> {
    return this.start().chipFor(name, head);
  }

  /** Runs an update in the worker; the files (and the port) are transferred. */
  flash(request: FlashRequest, onProgress: (p: FlashProgress) => void): Promise<FlashOutcome> {
    const transfer: Transferable[] = [request.file.bytes.buffer as ArrayBuffer];
    if (request.bootloader) transfer.push(request.bootloader.bytes.buffer as ArrayBuffer);
    if (request.link.kind !== 'webhid') transfer.push(request.link.port);
    return this.start().flash(
      Comlink.transfer(request, transfer),
      Comlink.proxy(perFrame(onProgress)),
    ) as Promise<FlashOutcome>;
  }

  terminate(): void {
    this.api?.[Comlink.releaseProxy]();
    this.worker?.terminate();
    this.api = undefined;
    this.worker = undefined;
  }
}
