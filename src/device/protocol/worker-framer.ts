// Framing through the device worker (src/device/protocol/device-worker-api.ts): core-rs builds payloads and
// decodes report batches off the main thread. The worker starts on first use.
import * as Comlink from 'comlink';
import type { HidPacket } from '../../core/hid-layout.ts';
import type { DeviceWorkerApi } from './device-worker-api.ts';
import { DeviceError, type HidCommandRequest } from '../device.ts';
import type { Framer } from './framer.ts';

type Result<K extends keyof DeviceWorkerApi> = Promise<Awaited<ReturnType<DeviceWorkerApi[K]>>>;

export class WorkerFramer implements Framer {
  private worker: Worker | undefined;
  private api: Comlink.Remote<DeviceWorkerApi> | undefined;

  /** The device worker's proxy (started on first use); the pacer shares the worker. */
  remote(): Comlink.Remote<DeviceWorkerApi> {
    return this.start();
  }

  private start(): Comlink.Remote<DeviceWorkerApi> {
    if (!this.api) {
      this.worker = new Worker(new URL('../../../workers/device.worker.ts', import.meta.url), {
        type: 'module',
        name: 'device',
      });
      this.api = Comlink.wrap<DeviceWorkerApi>(this.worker);
    }
    return this.api;
  }

  async build(request: HidCommandRequest): Promise<Uint8Array> {
    let r: Awaited<Result<'build'>>;
    try {
      r = await (this.start().build(request) as Result<'build'>);
    } catch (e) {
      throw new DeviceError('write-failed', `device worker: ${String(e)}`, {}, { cause: e });
    }
    if (!r.ok) throw new DeviceError('invalid-command', `${r.error.code}: ${r.error.message}`);
    return r.value;
  }

  decode(reports: Uint8Array[]): Promise<HidPacket[]> {
    return this.start().decode(reports) as Result<'decode'>;
  }

  terminate(): void {
    this.api?.[Comlink.releaseProxy]();
    this.worker?.terminate();
    this.api = undefined;
    this.worker = undefined;
  }
}
