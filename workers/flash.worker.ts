// The flash worker: owns the board for a whole firmware update
// (src/firmware/worker/flash-worker-api.ts).
import * as Comlink from 'comlink';
import { flashWorkerApi } from '../src/firmware/worker/flash-worker-api.ts';

Comlink.expose(flashWorkerApi);
