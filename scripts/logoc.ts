// logoc: compile a GoGo Logo program from the command line.
//
//   npm run logoc -- [--logo-version 1.3 | --board-type N [--firmware-version N]] FILE|-
//
// Prints the compile endpoint's JSON ({result, data, message, autoRunState, status}) and
// exits 0 when the program compiled, 1 on a compile error, 2 on a usage or I/O problem
// (an unknown Logo version included). Without a version it uses the board's version when
// --board-type is given (spec core §9), else the default 1.4. The compiler is the core-rs
// WebAssembly module, the same one the browser worker and the server run.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { toCompileResponse } from '../src/core/logo-response.ts';
import { loadCore } from '../src/core/wasm-core.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
const wasmPath = fileURLToPath(new URL('../core-rs/pkg/gogo_core.wasm', import.meta.url));
const DEFAULT_VERSION = '1.4';

const USAGE = `usage: npm run logoc -- [options] FILE
  FILE                      a Logo source file, or - for standard input
  --logo-version V          1.2, 1.3, 1.4 or 2.1 (default: from --board-type, else ${DEFAULT_VERSION})
  --board-type N            numeric board type of the status report (1 GoGo 4, 2 Pi-topping,
                            4 GoGo 6, 5 Bright, 6 GoGo 7); picks the version per spec core §9
  --firmware-version N      the board's firmware version (used with --board-type)
  -h, --help                show this help`;

interface Options {
  file: string;
  version?: string;
  boardType?: number;
  firmwareVersion: number;
}

class UsageError extends Error {}

function parseArgs(argv: string[]): Options | 'help' {
  let file: string | undefined;
  let version: string | undefined;
  let boardType: number | undefined;
  let firmwareVersion = 0;
  const value = (i: number, flag: string): string => {
    const v = argv[i + 1];
    if (v === undefined) throw new UsageError(`${flag} needs a value`);
    return v;
  };
  const integer = (text: string, flag: string): number => {
    if (!/^\d+$/.test(text)) throw new UsageError(`${flag} must be a whole number`);
    return Number(text);
  };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    if (arg === '-h' || arg === '--help') return 'help';
    if (arg === '--logo-version') {
      version = value(i++, arg);
    } else if (arg === '--board-type') {
      boardType = integer(value(i++, arg), arg);
    } else if (arg === '--firmware-version') {
      firmwareVersion = integer(value(i++, arg), arg);
    } else if (arg.startsWith('--logo-version=')) {
      version = arg.slice('--logo-version='.length);
    } else if (arg !== '-' && arg.startsWith('-')) {
      throw new UsageError(`unknown option ${arg}`);
    } else if (file === undefined) {
      file = arg;
    } else {
      throw new UsageError('give one FILE (or - for standard input)');
    }
  }
  if (file === undefined) throw new UsageError('no FILE given (use - for standard input)');
  return { file, version, boardType, firmwareVersion };
}

/** Builds the WebAssembly module when it is missing (first run on a fresh clone). */
function ensureWasm(): void {
  if (existsSync(wasmPath)) return;
  process.stderr.write(
    'logoc: core-rs/pkg/gogo_core.wasm is missing; building it (npm run build:wasm)…\n',
  );
  const build = spawnSync(process.execPath, ['scripts/build-wasm.mjs'], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  if (build.status !== 0 || !existsSync(wasmPath)) {
    throw new Error(
      'could not build core-rs/pkg/gogo_core.wasm; run `npm run build:wasm` to see why',
    );
  }
}

async function main(): Promise<number> {
  let options: Options | 'help';
  try {
    options = parseArgs(process.argv.slice(2));
  } catch (e) {
    if (!(e instanceof UsageError)) throw e;
    process.stderr.write(`logoc: ${e.message}\n${USAGE}\n`);
    return 2;
  }
  if (options === 'help') {
    process.stdout.write(`${USAGE}\n`);
    return 0;
  }
  let source: string;
  try {
    source = readFileSync(options.file === '-' ? 0 : options.file, 'utf8');
  } catch (e) {
    process.stderr.write(`logoc: cannot read ${options.file}: ${(e as Error).message}\n`);
    return 2;
  }
  ensureWasm();
  const core = await loadCore(readFileSync(wasmPath));
  const version =
    options.version ??
    (options.boardType === undefined
      ? DEFAULT_VERSION
      : core.pickLogoVersion(options.boardType, options.firmwareVersion));
  const response = toCompileResponse(core.compileLogo(source, version));
  process.stdout.write(`${JSON.stringify(response)}\n`);
  if (response.result) return 0;
  return response.status === 200 ? 1 : 2;
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (e: unknown) => {
    process.stderr.write(`logoc: ${e instanceof Error ? e.message : String(e)}\n`);
    process.exitCode = 2;
  },
);
