// The compile endpoint's JSON (spec core §3 "Compile response"), built from a core-rs compile
// result. The server's compile endpoints, the `logoc` CLI and the in-browser compile all
// shape their answers here, so they agree byte for byte.
import type { LogoMistake } from './core-result.ts';
import type { CoreResult, LogoErrorCode, LogoProgram } from './wasm-core.ts';

export interface LogoCompileResponse {
  result: boolean;
  /** The byte code, one number (0–255) per byte; empty when `result` is false. */
  data: number[];
  /** Empty on success; otherwise the message to show ("Line 3: Syntax error at 'x'"). */
  message: string;
  autoRunState: boolean;
  /**
   * The HTTP status the endpoint answers with: 200 when the program compiled or holds an
   * error (then `result` is false and `message` says why, as the cloud compiler does), 400
   * for a request naming an unknown Logo version, 500 when the compiler itself failed.
   */
  status: 200 | 400 | 500;
  /** When `result` is false: the error code, for translated messages. */
  code?: LogoErrorCode | 'panic';
  /** When `result` is false and the error concerns a line: its 1-based number. */
  line?: number;
  /** When `result` is false: where the mistake is, when the parse can tell. */
  mistake?: LogoMistake;
}

export function toCompileResponse(
  compiled: CoreResult<LogoProgram, LogoErrorCode>,
): LogoCompileResponse {
  if (compiled.ok) {
    return {
      result: true,
      data: Array.from(compiled.value.data),
      message: '',
      autoRunState: compiled.value.autoRunState,
      status: 200,
    };
  }
  const { code, message, line, mistake } = compiled.error;
  const status = code === 'unknown-version' ? 400 : code === 'panic' ? 500 : 200;
  return {
    result: false,
    data: [],
    message,
    autoRunState: false,
    status,
    code,
    ...(line ? { line } : {}),
    ...(mistake ? { mistake } : {}),
  };
}
