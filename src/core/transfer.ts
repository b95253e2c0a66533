// Moving memory between threads instead of copying it: every worker API and bridge says
// what crosses by transfer with these two helpers (Comlink's `transfer` underneath). After a
// transfer the sender's views are empty: the caller must not reuse them.
import * as Comlink from 'comlink';
import type { CoreResult } from './core-result.ts';

/** Typed arrays (their whole buffer moves), buffers, or ports. */
export type Movable = ArrayBufferView | ArrayBuffer | MessagePort;

/** `value`, with the memory of `parts` moved to the other side (each buffer once). */
export function transfer<T>(value: T, ...parts: Movable[]): T {
  const list = new Set<Transferable>();
  for (const p of parts) list.add(ArrayBuffer.isView(p) ? (p.buffer as ArrayBuffer) : p);
  return Comlink.transfer(value, [...list]);
}

/** A successful result with the memory of `parts(value)` moved; a failure as it is. */
export function transferResult<T, C extends string>(
  result: CoreResult<T, C>,
  parts: (value: T) => Movable[],
): CoreResult<T, C> {
  return result.ok ? transfer(result, ...parts(result.value)) : result;
}
