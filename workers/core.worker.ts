// The core worker: owns the core-rs WebAssembly instance (src/core/core-worker-api.ts).
import * as Comlink from 'comlink';
import { coreWorkerApi } from '../src/core/core-worker-api.ts';

Comlink.expose(coreWorkerApi);
