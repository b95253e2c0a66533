// Starts the real core worker in a Node worker thread and talks to it with Comlink, like
// src/bridge/core-bridge.ts does in the browser.
import { Worker } from 'node:worker_threads';
import * as Comlink from 'comlink';
import nodeEndpoint from 'comlink/dist/esm/node-adapter.mjs';
import type { CoreWorkerApi } from '../../src/core/core-worker-api.ts';

export interface CoreWorkerHandle {
  api: Comlink.Remote<CoreWorkerApi>;
  close(): Promise<void>;
}

export function startCoreWorker(): CoreWorkerHandle {
  const worker = new Worker(new URL('./core-worker-thread.mjs', import.meta.url));
  // A crash in the thread would leave Comlink calls pending forever: fail loudly instead.
  worker.on('error', (e) => {
    console.error('core worker thread failed:', e);
    process.exit(1);
  });
  const api = Comlink.wrap<CoreWorkerApi>(nodeEndpoint(worker));
  return {
    api,
    async close() {
      api[Comlink.releaseProxy]();
      await worker.terminate();
    },
  };
}
