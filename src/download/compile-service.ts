// Compiling for a download (spec core §4 "Download flow", §7 "Cloud compile", §8): the Logo
// version for the board (spec core §9), then the cloud compiler (one path per version; the
// dev compiler for GoGo 7 and Bright), the offline mode's {host}/api/compile, or the same
// Rust compiler in the core worker (offline, or the user's choice). Every answer is read
// the same way, so the in-browser result equals the server's.
import {
  COMPILER_VERSIONS,
  compilerPath,
  OFFLINE_COMPILE_PATH,
  type CompilerVersion,
} from '../contract/compile.ts';
import { toCompileResponse } from '../core/logo-response.ts';
import type {
  CoreResult,
  LogoErrorCode,
  LogoMistake,
  LogoProgram,
  LogoVersion,
} from '../core/wasm-core.ts';
import { BoardType } from '../device/device.ts';

/** Byte code the board's program area holds (spec core §9). */
export const MAX_BYTE_CODE = 2048;

/** Where a program is compiled. */
export type CompileTarget = 'browser' | 'cloud' | 'offline-server';

/**
 * Why a compile gave no byte code (spec core §8):
 * - `syntax`: the compiler answered HTTP 500–599 ('Syntax Error.');
 * - `unavailable`: any other failure to get an answer ('Cloud Service is unavailable…');
 * - `rejected`: `result` false; `message` is the compiler's (or 'Error' when it sent none),
 *   `mistake` where the user has something to change, when the compiler could tell;
 * - `too-large`: more than 2048 bytes of byte code.
 */
export type CompileFailure =
  | { kind: 'syntax' }
  | { kind: 'unavailable' }
  | { kind: 'rejected'; message: string; code?: string; line?: number; mistake?: LogoMistake }
  | { kind: 'too-large' };

type CompileOutcome =
  | {
      ok: true;
      data: Uint8Array;
      autoRunState: boolean;
      version: LogoVersion;
      target: CompileTarget;
    }
  | { ok: false; failure: CompileFailure; version: LogoVersion; target: CompileTarget };

export interface BoardFields {
  boardType: number;
  boardVersion: number;
  firmwareVersion: number;
}

/** The core worker's side (src/bridge/core-bridge.ts). */
export interface WorkerCompiler {
  compileLogo(source: string, version: string): Promise<CoreResult<LogoProgram, LogoErrorCode>>;
  pickLogoVersion(boardType: number, firmwareVersion: number): Promise<LogoVersion>;
}

interface CompileServiceOptions {
  worker: WorkerCompiler;
  /** `fetch` (tests pass the real one against a real server). */
  fetch: typeof fetch;
  /** Base URL of the cloud compilers (`{base}/logo/1.3/compile`). */
  cloudBase: string;
  /** Origin of the offline server (`{host}/api/compile`); '' = this page's origin. */
  host: string;
  /** Which compiler to use now. */
  target: () => CompileTarget;
  /** Analytics client id sent as `cid`. */
  clientId: string;
  timeoutMs?: number;
}

/** The cloud compiler for a board: the dev compiler for GoGo 7 and Bright (spec core §7). */
function cloudCompiler(boardType: number, version: LogoVersion): CompilerVersion {
  if (boardType === BoardType.v7 || boardType === BoardType.bright) return 'dev';
  return COMPILER_VERSIONS.includes(version) ? version : 'dev';
}

const isByteArray = (v: unknown): v is number[] =>
  Array.isArray(v) && v.every((b) => Number.isInteger(b) && b >= 0 && b <= 255);

const isCount = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0;

/** A compiler's `mistake`, if the answer holds a well-formed one. */
function readMistake(v: unknown): LogoMistake | undefined {
  if (typeof v !== 'object' || v === null) return undefined;
  const m = v as Record<string, unknown>;
  const { line, column, endLine, endColumn, text } = m;
  if (!isCount(line) || !isCount(column) || !isCount(endLine) || !isCount(endColumn)) {
    return undefined;
  }
  if (line < 1 || endLine < line || typeof text !== 'string') return undefined;
  return { line, column, endLine, endColumn, text };
}

/** Reads a compile answer (HTTP status + JSON body) as spec core §8 says. */
export function readCompileAnswer(
  status: number,
  body: unknown,
): { ok: true; data: Uint8Array; autoRunState: boolean } | { ok: false; failure: CompileFailure } {
  if (status >= 500 && status <= 599) return { ok: false, failure: { kind: 'syntax' } };
  if (status < 200 || status > 299 || typeof body !== 'object' || body === null) {
    return { ok: false, failure: { kind: 'unavailable' } };
  }
  const b = body as Record<string, unknown>;
  if (b.result === true) {
    if (!isByteArray(b.data)) return { ok: false, failure: { kind: 'unavailable' } };
    if (b.data.length > MAX_BYTE_CODE) return { ok: false, failure: { kind: 'too-large' } };
    return { ok: true, data: Uint8Array.from(b.data), autoRunState: b.autoRunState === true };
  }
  if (b.result !== false) return { ok: false, failure: { kind: 'unavailable' } };
  const message = typeof b.message === 'string' && b.message !== '' ? b.message : 'Error';
  if (b.code === 'too-large') return { ok: false, failure: { kind: 'too-large' } };
  const mistake = readMistake(b.mistake);
  return {
    ok: false,
    failure: {
      kind: 'rejected',
      message,
      ...(typeof b.code === 'string' ? { code: b.code } : {}),
      ...(typeof b.line === 'number' && b.line > 0 ? { line: b.line } : {}),
      ...(mistake ? { mistake } : {}),
    },
  };
}

export class CompileService {
  constructor(private readonly options: CompileServiceOptions) {}

  /** The Logo version for a board (spec core §9). */
  version(board: BoardFields): Promise<LogoVersion> {
    return this.options.worker.pickLogoVersion(board.boardType, board.firmwareVersion);
  }

  async compile(logo: string, board: BoardFields, signal?: AbortSignal): Promise<CompileOutcome> {
    const version = await this.version(board);
    const target = this.options.target();
    const answer =
      target === 'browser'
        ? await this.inWorker(logo, version)
        : await this.overHttp(logo, board, version, target, signal);
    return answer.ok
      ? { ...answer, version, target }
      : { ok: false, failure: answer.failure, version, target };
  }

  /** The core worker's compiler, read through the endpoint's JSON shape. */
  private async inWorker(logo: string, version: LogoVersion) {
    let compiled: CoreResult<LogoProgram, LogoErrorCode>;
    try {
      compiled = await this.options.worker.compileLogo(logo, version);
    } catch {
      return { ok: false as const, failure: { kind: 'unavailable' as const } };
    }
    const response = toCompileResponse(compiled);
    return readCompileAnswer(response.status, response);
  }

  private async overHttp(
    logo: string,
    board: BoardFields,
    version: LogoVersion,
    target: 'cloud' | 'offline-server',
    signal: AbortSignal | undefined,
  ) {
    const o = this.options;
    const fields: Record<string, string> = {
      logo,
      firmware_version: String(board.firmwareVersion),
      board_type: String(board.boardType),
      board_version: String(board.boardVersion),
      cid: o.clientId,
    };
    let url: string;
    if (target === 'cloud') {
      url = `${o.cloudBase}${compilerPath(cloudCompiler(board.boardType, version))}`;
    } else {
      url = `${o.host}${OFFLINE_COMPILE_PATH}`;
      fields.logo_version = version;
    }
    const timeout = AbortSignal.timeout(o.timeoutMs ?? 20_000);
    try {
      const res = await o.fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(fields).toString(),
        signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      });
      const body: unknown = await res.json().catch(() => null);
      return readCompileAnswer(res.status, body);
    } catch (e) {
      if (signal?.aborted) throw e;
      return { ok: false as const, failure: { kind: 'unavailable' as const } };
    }
  }
}
