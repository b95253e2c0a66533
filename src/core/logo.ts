// Logo: the input filter, the compiler, the board's version and the decompiler
// (core-rs/src/logo/, ABI core-rs/src/abi/logo.rs).
import { Reader } from './byte-reader.ts';
import type { CoreAbi } from './core-abi.ts';
import { LOGO_VERSION_BY_NUMBER, type LogoVersion } from './core-enums.ts';
import type { DecompileErrorCode, LogoErrorCode } from './core-errors.ts';
import type { CoreResult } from './core-result.ts';
import type { LogoParseResult, LogoTree } from './logo-tree.ts';

/** A compiled Logo program. */
export interface LogoProgram {
  /** The byte code the board stores (at most 2048 bytes). */
  data: Uint8Array;
  /** Run the program at power-on: the first procedure is named `autorun`. */
  autoRunState: boolean;
}

export interface Decompiled {
  /** Logo text. */
  text: string;
  /** Compiling `text` for the same version gives exactly the bytes decompiled. */
  exact: boolean;
  procedures: number;
}

const utf8 = new TextDecoder();
const toUtf8 = new TextEncoder();

/**
 * Filters and compiles Logo `source` for `version` ('1.2', '1.3', '1.4' or '2.1'; any
 * other text is an `unknown-version` error). Compile errors carry the source line.
 */
export function compileLogo(
  abi: CoreAbi,
  source: string,
  version: string,
): CoreResult<LogoProgram, LogoErrorCode> {
  return abi.callInputs<LogoProgram, LogoErrorCode>(
    ([srcPtr = 0, srcLen = 0, verPtr = 0, verLen = 0]) =>
      abi.exports.gg_logo_compile(srcPtr, srcLen, verPtr, verLen),
    [toUtf8.encode(source), toUtf8.encode(version)],
    (out) => ({ autoRunState: out[0] === 1, data: out.slice(1) }),
  );
}

/**
 * Parses Logo `source` as the compiler of `version` does, without generating byte code:
 * the parse tree in Logo's terms (`logo-tree.ts`), or the compile error with the token the
 * parse stopped at.
 */
export function parseLogo(abi: CoreAbi, source: string, version: string): LogoParseResult {
  return abi.callInputs<LogoTree, LogoErrorCode>(
    ([srcPtr = 0, srcLen = 0, verPtr = 0, verLen = 0]) =>
      abi.exports.gg_logo_parse(srcPtr, srcLen, verPtr, verLen),
    [toUtf8.encode(source), toUtf8.encode(version)],
    (out) => JSON.parse(utf8.decode(out)) as LogoTree,
  );
}

/** The Logo input filter (spec core §5): `invalid-input` names the rejected command. */
export function filterLogo(abi: CoreAbi, source: string): CoreResult<null, LogoErrorCode> {
  return abi.call<null, LogoErrorCode>(
    (p, n) => abi.exports.gg_logo_filter(p, n),
    toUtf8.encode(source),
    () => null,
  );
}

/** The Logo version for a board (spec core §9), from the status report's numeric type. */
export function pickLogoVersion(
  abi: CoreAbi,
  boardType: number,
  firmwareVersion: number,
): LogoVersion {
  const code = abi.exports.gg_logo_pick_version(boardType >>> 0, firmwareVersion >>> 0);
  return LOGO_VERSION_BY_NUMBER[code] ?? '1.4';
}

/**
 * Logo text for byte code of `version` ('1.3', '1.4' or '2.1'); `autorun` names the first
 * procedure `autorun`. `exact` says whether the text compiles back to the same bytes.
 */
export function decompileLogo(
  abi: CoreAbi,
  code: Uint8Array,
  version: string,
  autorun: boolean,
): CoreResult<Decompiled, DecompileErrorCode> {
  return abi.callInputs<Decompiled, DecompileErrorCode>(
    ([codePtr = 0, codeLen = 0, verPtr = 0, verLen = 0]) =>
      abi.exports.gg_logo_decompile(codePtr, codeLen, verPtr, verLen, autorun ? 1 : 0),
    [code, toUtf8.encode(version)],
    decodeDecompiled,
  );
}

/** `gg_logo_decompile`: exact flag, procedure count (u16), UTF-8 text. */
function decodeDecompiled(bytes: Uint8Array): Decompiled {
  const r = new Reader(bytes);
  const exact = r.u8() === 1;
  const procedures = r.u16();
  return { exact, procedures, text: utf8.decode(bytes.subarray(3)) };
}
