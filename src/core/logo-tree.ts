// The Logo parse tree core-rs gives `gg_logo_parse` (core-rs/src/logo/syntax.rs): the tree
// the compiler generates byte code from, with primitives named by their Logo word and
// inputs in source order. The editor maps it to blocks (src/editor/logo/logo-import.ts).
import type { LogoMistake } from './core-result.ts';
import type { LogoErrorCode } from './generated/core-facts.ts';

type LogoBinaryOp =
  '+' | '-' | '*' | '/' | '%' | '<' | '<=' | '>' | '>=' | '=' | 'and' | 'or' | 'xor';

export type LogoExpr =
  /** A number; `node` is the id of `talkto n5`. */
  | { kind: 'number' | 'node'; value: number }
  | { kind: 'text'; value: string }
  /** A procedure input or a global variable. */
  | { kind: 'param' | 'global'; name: string }
  | { kind: 'binary'; op: LogoBinaryOp; a: LogoExpr; b: LogoExpr }
  /** `not`, `timer`, `random`, `sensor3`, `abon?`, `key`, … with their inputs. */
  | { kind: 'reporter'; word: string; args: LogoExpr[] }
  | { kind: 'call'; name: string; args: LogoExpr[]; line: number };

export type LogoStatement =
  /** A command by its Logo word (`ab,` talks to motors a and b); `name` for `set`. */
  | {
      kind: 'command';
      line: number;
      word: string;
      name?: string;
      args: LogoExpr[];
      lists: LogoStatement[][];
    }
  | { kind: 'call'; line: number; name: string; args: LogoExpr[] };

export interface LogoProcedure {
  name: string;
  /** The `:name` inputs written after the name. */
  params: string[];
  line: number;
  body: LogoStatement[];
}

export interface LogoTree {
  procedures: LogoProcedure[];
}

/** What the token a failed parse stopped at was. */
type LogoTokenKind = 'name' | 'word' | 'param' | 'number' | 'text' | 'symbol' | 'end' | 'none';

/** A compile error, with the token the parse stopped at (absent after a core panic). */
export interface LogoParseError {
  code: LogoErrorCode | 'panic';
  message: string;
  line?: number;
  /** The token's text, or the first word of the line when no token is to blame. */
  word?: string;
  token?: LogoTokenKind;
  /** Line of the `to` of the procedure being read. */
  procedureLine?: number;
  /** Where the mistake is (the compile error's `mistake`). */
  mistake?: LogoMistake;
}

/** Plain data, so it crosses Comlink unchanged. */
export type LogoParseResult = { ok: true; value: LogoTree } | { ok: false; error: LogoParseError };
