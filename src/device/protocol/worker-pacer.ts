// The app's pacer: the loop and its clock run in the device worker (src/device/protocol/device-worker-api.ts),
// which calls back into the page for each write. Worker timers are not throttled in a
// background tab and do not wait behind page work, so a download keeps its 10 ms pauses.
import * as Comlink from 'comlink';
import type { WorkerApi } from '../../bridge/worker-bridge.ts';
import type { DeviceWorkerApi } from './device-worker-api.ts';
import type { Pacer } from './pacer.ts';

export class WorkerPacer implements Pacer {
  constructor(private readonly worker: () => WorkerApi<DeviceWorkerApi>) {}

  run(
    gapsMs: readonly number[],
    write: (index: number) => Promise<void>,
    onProgress?: (done: number, total: number) => void,
  ): Promise<void> {
    return this.worker().pace(
      [...gapsMs],
      Comlink.proxy(write),
      onProgress ? Comlink.proxy(onProgress) : undefined,
    );
  }
}
