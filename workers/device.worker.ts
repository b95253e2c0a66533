// The device worker: HID framing, report decoding and write pacing off the main thread
// (src/device/protocol/device-worker-api.ts).
import * as Comlink from 'comlink';
import { deviceWorkerApi } from '../src/device/protocol/device-worker-api.ts';

Comlink.expose(deviceWorkerApi);
