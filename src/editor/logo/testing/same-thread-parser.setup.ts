// Vitest set-up (DOM project): the Logo importer's synchronous parser is core-rs in this
// thread, compiled from the built module on first use (`npm run build:wasm` first). Vitest
// runs in Node even under happy-dom; Node's fs is reached through `process.getBuiltinModule`
// so the app's tsconfig does not need Node types.
import { WasmCore } from '../../../core/wasm-core.ts';
import { installLogoParser } from '../logo-parser.ts';

interface NodeProcess {
  cwd(): string;
  getBuiltinModule(id: 'node:fs'): { readFileSync(path: string): Uint8Array<ArrayBuffer> };
}

let core: WasmCore | undefined;

function sameThreadCore(): WasmCore {
  if (!core) {
    const proc = (globalThis as unknown as { process: NodeProcess }).process;
    const bytes = proc
      .getBuiltinModule('node:fs')
      .readFileSync(`${proc.cwd()}/core-rs/pkg/gogo_core.wasm`);
    core = new WasmCore(new WebAssembly.Module(bytes));
  }
  return core;
}

installLogoParser((source, version) => sameThreadCore().parseLogo(source, version));
