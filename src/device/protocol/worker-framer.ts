// Framing through the device worker (src/device/protocol/device-worker-api.ts): core-rs
// builds payloads and decodes report batches off the main thread. The worker starts on
// first use.
import type { HidPacket } from '../../core/hid-layout.ts';
import { createWorkerBridge, webWorker, type WorkerApi } from '../../bridge/worker-bridge.ts';
import type { DeviceWorkerApi } from './device-worker-api.ts';
import { DeviceError, type HidCommandRequest } from '../device.ts';
import type { Framer } from './framer.ts';

export class WorkerFramer implements Framer {
  private readonly bridge = createWorkerBridge<DeviceWorkerApi>(() =>
    webWorker(
      new Worker(new URL('../../../workers/device.worker.ts', import.meta.url), {
        type: 'module',
        name: 'device',
      }),
    ),
  );

  /** The device worker's API (started on first use); the pacer shares the worker. */
  remote(): WorkerApi<DeviceWorkerApi> {
    return this.bridge.api;
  }

  async build(request: HidCommandRequest): Promise<Uint8Array> {
    let r: Awaited<ReturnType<DeviceWorkerApi['build']>>;
    try {
      r = await this.bridge.api.build(request);
    } catch (e) {
      throw new DeviceError('write-failed', `device worker: ${String(e)}`, {}, { cause: e });
    }
    if (!r.ok) throw new DeviceError('invalid-command', `${r.error.code}: ${r.error.message}`);
    return r.value;
  }

  decode(reports: Uint8Array[]): Promise<HidPacket[]> {
    return this.bridge.api.decode(reports);
  }

  terminate(): void {
    this.bridge.terminate();
  }
}
