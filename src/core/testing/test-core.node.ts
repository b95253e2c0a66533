// Loads the built core-rs module for Node-side tests (`npm run build:wasm` first).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { loadCore, type WasmCore } from '../wasm-core.ts';

const wasmPath = fileURLToPath(new URL('../../../core-rs/pkg/gogo_core.wasm', import.meta.url));

export function loadTestCore(): Promise<WasmCore> {
  return loadCore(readFileSync(wasmPath));
}
