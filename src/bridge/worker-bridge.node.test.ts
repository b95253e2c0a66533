// The generic bridge over real worker threads (Node's, driven like a browser Worker).
import { afterEach, describe, expect, it } from 'vitest';
import { nodeWorker } from './testing/node-worker.node.ts';
import {
  createWorkerBridge,
  withOwnMethods,
  WorkerCrashedError,
  type WorkerBridge,
} from './worker-bridge.ts';

interface TestApi {
  check(x: unknown): { ok: true; value: number } | { ok: false; error: string };
  wait(): Promise<never>;
  crashSoon(): Promise<never>;
}

const testWorker = new URL('./testing/test-worker.mjs', import.meta.url);
let starts = 0;
let crashes: Error[] = [];
let bridge: WorkerBridge<TestApi>;

function make(): WorkerBridge<TestApi> {
  starts = 0;
  crashes = [];
  bridge = createWorkerBridge<TestApi>(
    () => {
      starts++;
      return nodeWorker(testWorker);
    },
    { onCrash: (e) => crashes.push(e) },
  );
  return bridge;
}

afterEach(() => bridge.terminate());

describe('createWorkerBridge', () => {
  it('starts the worker on the first call, once', async () => {
    const b = make();
    expect(starts).toBe(0);
    expect(b.running).toBe(false);
    await b.api.check(1);
    await b.api.check(2);
    expect(starts).toBe(1);
    expect(b.running).toBe(true);
  });

  it("returns the worker's result as declared, union and all", async () => {
    const b = make();
    const good = await b.api.check(21);
    const bad = await b.api.check('x');
    expect(good.ok && good.value).toBe(42);
    expect(!bad.ok && bad.error).toBe('not-a-number');
  });

  it('ends the worker when a call is aborted, and starts another for the next call', async () => {
    const b = make();
    const controller = new AbortController();
    const pending = b.abortable(controller.signal, (api) => api.wait());
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    expect(b.running).toBe(false);
    expect((await b.api.check(1)).ok).toBe(true);
    expect(starts).toBe(2);
  });

  it('refuses a call whose signal is already aborted, without calling the worker', async () => {
    const b = make();
    const controller = new AbortController();
    controller.abort();
    let called = false;
    const r = b.abortable(controller.signal, (api) => {
      called = true;
      return api.check(1);
    });
    await expect(r).rejects.toMatchObject({ name: 'AbortError' });
    expect(called).toBe(false);
  });

  it('fails the calls pending on a crashed worker, and starts afresh on the next call', async () => {
    const b = make();
    const waiting = b.api.wait();
    await expect(b.api.crashSoon()).rejects.toBeInstanceOf(WorkerCrashedError);
    await expect(waiting).rejects.toThrow('boom');
    expect(crashes.map((e) => e.message)).toEqual(['boom']);
    expect(b.running).toBe(false);
    expect((await b.api.check(3)).ok).toBe(true);
    expect(starts).toBe(2);
  });

  it("adds the page's own methods; the others reach the worker only when called", async () => {
    const b = make();
    const api = withOwnMethods(b, { twice: (x: number) => b.api.check(x * 2) });
    const check = api.check;
    // Not a thenable: awaiting it gives it back, and nothing started yet.
    await expect(Promise.resolve(api)).resolves.toBe(api);
    expect(starts).toBe(0);
    const r = await api.twice(5);
    expect(r.ok && r.value).toBe(20);
    expect((await check(4)).ok).toBe(true);
    expect(starts).toBe(1);
  });
});
