// The Teachable Machine worker: image-model inference off the main thread
// (src/labs/teachable-machine/worker/tm-worker-api.ts).
import * as Comlink from 'comlink';
import { tmWorkerApi } from '../src/labs/teachable-machine/worker/tm-worker-api.ts';

Comlink.expose(tmWorkerApi);
