// The Rust Logo compiler (core-rs, WebAssembly) in the server: loaded once per process and
// shared by every compile request, so the server answers exactly what the browser worker
// and the `logoc` CLI answer (src/core/logo-response.ts shapes all three).
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { CheckReport, LessonCheck } from '../../src/contract/lesson-check.ts';
import { runCheck } from '../../src/core/check/run-check.ts';
import { toCompileResponse, type LogoCompileResponse } from '../../src/core/logo-response.ts';
import { loadCore, type LogoVersion, type WasmCore } from '../../src/core/wasm-core.ts';

const DEFAULT_WASM_PATH = fileURLToPath(
  new URL('../../core-rs/pkg/gogo_core.wasm', import.meta.url),
);

export class LogoCompiler {
  private constructor(
    private readonly core: WasmCore,
    /** The compiled module, for worker threads to instantiate (CompilePool). */
    readonly module: WebAssembly.Module,
  ) {}

  /** Loads the module; a missing file names the command that builds it. */
  static async load(wasmPath = DEFAULT_WASM_PATH): Promise<LogoCompiler> {
    let bytes: Buffer;
    try {
      bytes = await readFile(wasmPath);
    } catch (e) {
      throw new Error(`the Logo compiler module is missing (${wasmPath}); run npm run build:wasm`, {
        cause: e,
      });
    }
    const module = await WebAssembly.compile(new Uint8Array(bytes));
    return new LogoCompiler(await loadCore(module), module);
  }

  /** Filters and compiles `source` for `version`; never throws (a core panic is a 500). */
  compile(source: string, version: string): LogoCompileResponse {
    return toCompileResponse(this.core.compileLogo(source, version));
  }

  /** Runs `logo` against a lesson's automatic check on this thread (CompilePool with no workers). */
  check(logo: string, check: LessonCheck): CheckReport {
    return runCheck(this.core, logo, check);
  }

  /** The board's Logo version (spec core §9). */
  pickVersion(boardType: number, firmwareVersion: number): LogoVersion {
    return this.core.pickLogoVersion(boardType, firmwareVersion);
  }
}
