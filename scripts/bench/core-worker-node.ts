// Loaded by core-worker-thread.mjs in a Node worker thread: runs the browser's core worker entry
// (workers/core.worker.ts) unchanged: the thread's `globalThis` gets the message-port shape
// a dedicated worker has (Comlink's node adapter over `parentPort`), `fetch` learns to read
// file: URLs, and (thanks to the entry's hooks) `?url` imports resolve to file URLs. The benchmark then measures the same
// code path as the browser: Comlink, structured clone with transfer, the WASM module.
import { readFile } from 'node:fs/promises';
import { parentPort } from 'node:worker_threads';
import nodeEndpoint from 'comlink/dist/esm/node-adapter.mjs';

if (!parentPort) throw new Error('core-worker-node.ts must run in a worker thread');

const endpoint = nodeEndpoint(parentPort);
Object.assign(globalThis, {
  addEventListener: endpoint.addEventListener.bind(endpoint),
  removeEventListener: endpoint.removeEventListener.bind(endpoint),
  postMessage: endpoint.postMessage.bind(endpoint),
});

const networkFetch = globalThis.fetch;
globalThis.fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
  const url = input instanceof Request ? input.url : String(input);
  if (url.startsWith('file:')) return new Response(await readFile(new URL(url)));
  return networkFetch(input, init);
};

// The entry is started by URL, as a browser starts a worker (nothing imports from workers/).
await import(new URL('../../workers/core.worker.ts', import.meta.url).href);
