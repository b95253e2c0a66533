// A worker thread for the bridge's tests: answers, waits, or fails like a worker whose
// code throws outside any call.
import { parentPort } from 'node:worker_threads';
import * as Comlink from 'comlink';
import nodeEndpoint from 'comlink/dist/esm/node-adapter.mjs';

Comlink.expose(
  {
    /** `{ ok: true, value }` for a number, `{ ok: false, error }` otherwise. */
    check: (x) =>
      typeof x === 'number' ? { ok: true, value: x * 2 } : { ok: false, error: 'not-a-number' },
    /** Never answers. */
    wait: () => new Promise(() => {}),
    /** Throws outside the call shortly after, which ends the thread. */
    crashSoon() {
      setTimeout(() => {
        throw new Error('boom');
      }, 5);
      return new Promise(() => {});
    },
  },
  nodeEndpoint(parentPort),
);
