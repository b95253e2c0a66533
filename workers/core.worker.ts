// The core worker: owns the core-rs WebAssembly instance and exposes one typed API via
// Comlink. The UI imports only `CoreWorkerApi` (a type), never this module's code.
import * as Comlink from 'comlink';
import wasmUrl from '../core-rs/pkg/gogo_core.wasm?url';
import {
  loadCore,
  type CoreResult,
  type HexErrorCode,
  type HexImage,
  type LogoErrorCode,
  type LogoProgram,
  type LogoVersion,
  type WasmCore,
} from './core/wasm-core.ts';

let core: Promise<WasmCore> | undefined;

/** Compiles and instantiates the module once, on first use. */
function getCore(): Promise<WasmCore> {
  core ??= fetch(wasmUrl)
    .then((r) => {
      if (!r.ok) throw new Error(`core module: HTTP ${r.status}`);
      return r.arrayBuffer();
    })
    .then(loadCore);
  // A failed load is not cached: the next call tries again.
  core.catch(() => (core = undefined));
  return core;
}

const api = {
  /** Parses Intel HEX text; the image bytes are transferred back, not copied. */
  async parseHex(text: Uint8Array): Promise<CoreResult<HexImage, HexErrorCode>> {
    const result = (await getCore()).parseHex(text);
    return result.ok ? Comlink.transfer(result, [result.value.data.buffer]) : result;
  },

  /** Filters and compiles Logo for `version`; the byte code is transferred back. */
  async compileLogo(
    source: string,
    version: string,
  ): Promise<CoreResult<LogoProgram, LogoErrorCode>> {
    const result = (await getCore()).compileLogo(source, version);
    return result.ok ? Comlink.transfer(result, [result.value.data.buffer]) : result;
  },

  /** The Logo input filter (spec core §5) alone. */
  async filterLogo(source: string): Promise<CoreResult<null, LogoErrorCode>> {
    return (await getCore()).filterLogo(source);
  },

  /** The Logo version for a board (spec core §9). */
  async pickLogoVersion(boardType: number, firmwareVersion: number): Promise<LogoVersion> {
    return (await getCore()).pickLogoVersion(boardType, firmwareVersion);
  },

  /** Triggers a core-rs panic; returns the error and leaves the worker usable. */
  async debugPanic(): Promise<CoreResult<number>> {
    return (await getCore()).debugPanic();
  },
};

export type CoreWorkerApi = typeof api;

Comlink.expose(api);
