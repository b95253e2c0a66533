// What every core call returns: plain data (no classes), so results cross Comlink and JSON
// unchanged.
import type {
  DecompileErrorCode,
  HexOrFlashPlanErrorCode,
  HexErrorCode,
  LogoErrorCode,
  MemReadErrorCode,
  VmErrorCode,
} from './core-errors.ts';

/** `panic`: a bug in core-rs; the module was reset and the call can be retried. */
type CoreErrorCode =
  | HexErrorCode
  | LogoErrorCode
  | VmErrorCode
  | DecompileErrorCode
  | MemReadErrorCode
  | HexOrFlashPlanErrorCode
  | 'panic';

/**
 * Where the mistake behind a Logo compile error is, as a text editor counts (core-rs
 * `logo::Mistake`): 1-based lines, 0-based columns in UTF-16 code units, the end exclusive,
 * and the source text between. The message names where the compiler stopped; this is what
 * the user has to change (a command short of inputs, the list that lacks its `]`).
 */
export interface LogoMistake {
  line: number;
  column: number;
  endLine: number;
  endColumn: number;
  text: string;
}

export interface CoreError<C extends string = CoreErrorCode> {
  code: C;
  message: string;
  /** 1-based source line, when the error points at one. */
  line?: number;
  /** Logo compile errors: where the mistake is, when the parse can tell. */
  mistake?: LogoMistake;
  /** Byte offset, when the error points into byte code (decompiler, memory read). */
  offset?: number;
}

export type CoreResult<T, C extends string = CoreErrorCode> =
  { ok: true; value: T } | { ok: false; error: CoreError<C | 'panic'> };

/** A failed result made on the TypeScript side (a request refused before the ABI call). */
export function coreError<C extends string>(code: C, message: string): CoreResult<never, C> {
  return { ok: false, error: { code, message } };
}
