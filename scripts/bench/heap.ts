// The memory a page's scripts use, as Chromium's DevTools protocol reports it per target:
// the page and each of its workers (reached as the page's auto-attached targets), each
// after a garbage collection (`HeapProfiler.collectGarbage`):
//   - the used JS heap (`Runtime.getHeapUsage`), and the array buffers' backing stores it
//     reports beside it (typed arrays: e.g. camera frames and tensors on the CPU);
//   - the WebAssembly memories alive in it (every `WebAssembly.Memory`, found with
//     `Runtime.queryObjects`): the core worker's decoded data logs live there, outside the
//     JS heap.
// (performance.measureUserAgentSpecificMemory would count both, but only on a cross-origin
// isolated page, which the app is not.)
import type { CDPSession, Page } from '@playwright/test';

/** Bytes: the page's used JS heap, each worker's, and their WebAssembly memories. */
export interface Heap {
  page: number;
  workers: number[];
  /** Backing stores of array buffers (not WebAssembly memory), page and workers. */
  buffers: number;
  /** Sum of the byte lengths of every live WebAssembly.Memory, page and workers. */
  wasm: number;
}

interface HeapUsage {
  usedSize?: number;
  backingStorageSize?: number;
}

interface Answer {
  result?: Record<string, unknown>;
  error?: unknown;
}

function withTimeout<T>(p: Promise<T>, millis: number, fallback: T): Promise<T> {
  return Promise.race([p, new Promise<T>((r) => setTimeout(() => r(fallback), millis))]);
}

type Call = (method: string, params?: Record<string, unknown>) => Promise<Answer>;

/** The byte lengths of the target's live WebAssembly memories, summed. */
async function wasmBytes(call: Call): Promise<number> {
  const proto = (await call('Runtime.evaluate', { expression: 'WebAssembly.Memory.prototype' }))
    .result as { result?: { objectId?: string } } | undefined;
  const prototypeObjectId = proto?.result?.objectId;
  if (!prototypeObjectId) return 0;
  const found = (await call('Runtime.queryObjects', { prototypeObjectId })).result as
    { objects?: { objectId?: string } } | undefined;
  const objectId = found?.objects?.objectId;
  if (!objectId) return 0;
  const sum = (
    await call('Runtime.callFunctionOn', {
      objectId,
      functionDeclaration:
        'function () { return this.reduce((n, m) => n + m.buffer.byteLength, 0); }',
      returnByValue: true,
    })
  ).result as { result?: { value?: number } } | undefined;
  return sum?.result?.value ?? 0;
}

/**
 * The page's and its workers' memory (see above). Workers are talked to with
 * Target.sendMessageToTarget (Playwright's sessions do not address child sessions).
 */
export async function heap(page: Page): Promise<Heap> {
  const cdp: CDPSession = await page.context().newCDPSession(page);
  try {
    const own: Call = async (method, params = {}) => {
      try {
        return { result: (await cdp.send(method as 'Runtime.evaluate', params as never)) as never };
      } catch (error) {
        return { error };
      }
    };
    await own('HeapProfiler.collectGarbage');
    const usage = (await own('Runtime.getHeapUsage')).result as HeapUsage | undefined;
    let buffers = usage?.backingStorageSize ?? 0;
    let wasm = await wasmBytes(own);
    const sessions: string[] = [];
    cdp.on('Target.attachedToTarget', (e) => {
      if (e.targetInfo.type === 'worker') sessions.push(e.sessionId);
    });
    const pending = new Map<number, (m: Answer) => void>();
    cdp.on('Target.receivedMessageFromTarget', (e) => {
      const m = JSON.parse(e.message) as Answer & { id?: number };
      if (m.id !== undefined) pending.get(m.id)?.(m);
    });
    let next = 0;
    const worker =
      (sessionId: string): Call =>
      (method, params = {}) =>
        withTimeout(
          new Promise<Answer>((answer) => {
            const id = ++next;
            pending.set(id, answer);
            void cdp
              .send('Target.sendMessageToTarget', {
                sessionId,
                message: JSON.stringify({ id, method, params }),
              })
              .catch((error: unknown) => answer({ error }));
          }),
          10_000,
          {},
        );
    await cdp.send('Target.setAutoAttach', {
      autoAttach: true,
      waitForDebuggerOnStart: false,
      flatten: false,
    });
    // The existing workers are announced as the call returns; give the events a moment.
    await new Promise((r) => setTimeout(r, 200));
    const workers: number[] = [];
    for (const s of sessions) {
      const call = worker(s);
      await call('HeapProfiler.collectGarbage');
      const used = (await call('Runtime.getHeapUsage')).result as HeapUsage | undefined;
      if (typeof used?.usedSize === 'number') workers.push(used.usedSize);
      buffers += used?.backingStorageSize ?? 0;
      wasm += await wasmBytes(call);
    }
    return { page: usage?.usedSize ?? 0, workers, buffers, wasm };
  } finally {
    await cdp.detach().catch(() => undefined);
  }
}

/** The page's JS heap and its workers', bytes. */
export const total = (h: Heap) => h.page + h.workers.reduce((a, b) => a + b, 0);

/** The JS heaps, their array buffers and the WebAssembly memories, bytes. */
export const held = (h: Heap) => total(h) + h.buffers + h.wasm;

/** Bytes as megabytes with one decimal ('–' when not measured). */
export const mb = (bytes: number) =>
  Number.isFinite(bytes) ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : '–';
