// Fetches and instantiates the core-rs module once per worker (memoised; a failed load is
// retried on the next call). Every worker that runs core-rs uses it.
import wasmUrl from '../../core-rs/pkg/gogo_core.wasm?url';
import { loadCore, type WasmCore } from './wasm-core.ts';

let core: Promise<WasmCore> | undefined;

export function fetchCore(): Promise<WasmCore> {
  core ??= fetch(wasmUrl)
    .then((r) => {
      if (!r.ok) throw new Error(`core module: HTTP ${r.status}`);
      return r.arrayBuffer();
    })
    .then(loadCore);
  core.catch(() => (core = undefined));
  return core;
}
