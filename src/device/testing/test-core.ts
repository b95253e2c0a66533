// Loads the built core-rs module in Vitest (`npm run build:wasm` first). Vitest runs in
// Node even under happy-dom; Node's fs is reached through `process.getBuiltinModule` so
// the app's tsconfig does not need Node types.
import { loadCore, type WasmCore } from '../../core/wasm-core.ts';
import { WasmFramer } from '../protocol/framer.ts';

interface NodeProcess {
  cwd(): string;
  getBuiltinModule(id: 'node:fs'): { readFileSync(path: string): Uint8Array };
}

let core: Promise<WasmCore> | undefined;

export function loadTestCore(): Promise<WasmCore> {
  const proc = (globalThis as unknown as { process: NodeProcess }).process;
  const bytes = proc
    .getBuiltinModule('node:fs')
    .readFileSync(`${proc.cwd()}/core-rs/pkg/gogo_core.wasm`);
  core ??= loadCore(bytes);
  return core;
}

export async function testFramer(): Promise<WasmFramer> {
  return new WasmFramer(await loadTestCore());
}
