// A Node worker thread as a `WorkerHandle`, so the bridge's tests run real threads.
import { Worker } from 'node:worker_threads';
import nodeEndpoint from 'comlink/dist/esm/node-adapter.mjs';
import type { WorkerHandle } from '../worker-bridge.ts';

export function nodeWorker(url: URL): WorkerHandle {
  const worker = new Worker(url);
  return {
    endpoint: nodeEndpoint(worker),
    terminate: () => void worker.terminate(),
    onCrash: (listener) => worker.on('error', listener),
  };
}
