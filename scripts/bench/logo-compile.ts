// Compile speed of a ~2 KB Logo program through the core-rs WebAssembly module in Node (the
// same module and wrapper the core worker runs):
//   node --import tsx scripts/bench/logo-compile.ts
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { loadCore } from '../../src/core/wasm-core.ts';

const wasmPath = fileURLToPath(new URL('../../core-rs/pkg/gogo_core.wasm', import.meta.url));
const programPath = new URL('../../core-rs/tests/fixtures/logo-2k-program.logo', import.meta.url);

export interface LogoCompileBench {
  sourceBytes: number;
  byteCodeBytes: number;
  /** Median time of one compile, in microseconds. */
  medianMicros: number;
  /** Fastest compile, in microseconds (the machine may be busy with other work). */
  minMicros: number;
  runs: number;
}

/** Compiles the ~2 KB sample `runs` times after a warm-up and reports the median. */
export async function benchLogoCompile(runs = 2000): Promise<LogoCompileBench> {
  const core = await loadCore(readFileSync(wasmPath));
  const source = readFileSync(programPath, 'utf8');
  let byteCodeBytes = 0;
  for (let i = 0; i < 200; i++) core.compileLogo(source, '1.3');
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    const r = core.compileLogo(source, '1.3');
    times.push(performance.now() - t0);
    if (r.ok) byteCodeBytes = r.value.data.length;
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)] ?? 0;
  return {
    sourceBytes: Buffer.byteLength(source),
    byteCodeBytes,
    medianMicros: median * 1000,
    minMicros: (times[0] ?? 0) * 1000,
    runs,
  };
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const r = await benchLogoCompile();
  console.log(
    `wasm: ${r.sourceBytes} source bytes -> ${r.byteCodeBytes} byte-code bytes, median ${r.medianMicros.toFixed(1)} µs, fastest ${r.minMicros.toFixed(1)} µs per compile (${r.runs} runs)`,
  );
}
