// Shared benchmark helpers: interleaved timing with medians, tables, and formatting.
import { readFileSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

export interface BenchContext {
  /** Multiplies every suite's iteration count (`--quick` sets 0.3). */
  scale: number;
  /** Collects figures for `--json`. */
  record(suite: string, figures: Record<string, number | string>): void;
}

export interface BenchSuite {
  description: string;
  run(ctx: BenchContext): Promise<void>;
}

export interface Timing {
  median: number;
  min: number;
  samples: number[];
}

/** The median of `xs` (NaN when there are none). */
export function median(xs: readonly number[]): number {
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  const at = (i: number) => sorted[i] ?? Number.NaN;
  return sorted.length % 2 ? at(mid) : (at(mid - 1) + at(mid)) / 2;
}

function summarise(samples: number[]): Timing {
  return { median: median(samples), min: samples.length ? Math.min(...samples) : NaN, samples };
}

/**
 * Times several contenders round-robin: each round runs every contender once, so load from
 * other processes (this machine has 2 cores) hits all of them alike. `prepare` runs
 * untimed (and awaited) before each timed call: e.g. a fresh copy of a buffer that will be
 * transferred.
 */
export async function interleave<K extends string>(
  contenders: Record<K, { prepare?: () => unknown; run: (input: unknown) => unknown }>,
  options: { rounds: number; warmup: number },
): Promise<Record<K, Timing>> {
  const keys = Object.keys(contenders) as K[];
  const samples = Object.fromEntries(keys.map((k) => [k, [] as number[]])) as Record<K, number[]>;
  for (let round = 0; round < options.warmup + options.rounds; round++) {
    for (const k of keys) {
      const c = contenders[k];
      const input = await c.prepare?.();
      const t0 = performance.now();
      await c.run(input);
      const dt = performance.now() - t0;
      if (round >= options.warmup) samples[k].push(dt);
    }
  }
  return Object.fromEntries(keys.map((k) => [k, summarise(samples[k])])) as Record<K, Timing>;
}

/** Runs `fn` over `items` with at most `n` at a time; the answers in the items' order. */
export async function pool<T, R>(
  items: readonly T[],
  n: number,
  fn: (item: T, i: number) => Promise<R>,
): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(n, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await fn(items[i] as T, i);
      }
    }),
  );
  return out;
}

export const rounds = (ctx: BenchContext, n: number) => Math.max(3, Math.round(n * ctx.scale));

export const ms = (x: number) => `${x < 10 ? x.toFixed(2) : x.toFixed(1)} ms`;
export const ratio = (x: number) => `${x < 10 ? x.toFixed(2) : x.toFixed(1)}×`;
export const mbps = (bytes: number, millis: number) => (bytes / 1e6 / (millis / 1e3)).toFixed(0);

/** Prints rows as an aligned text table. */
export function table(title: string, rows: Record<string, string | number>[]): void {
  const cols = [...new Set(rows.flatMap((r) => Object.keys(r)))];
  const cell = (r: Record<string, string | number>, c: string) => String(r[c] ?? '');
  const width = cols.map((c) => Math.max(c.length, ...rows.map((r) => cell(r, c).length)));
  const line = (cells: string[]) =>
    cells.map((s, i) => (i === 0 ? s.padEnd(width[i] ?? 0) : s.padStart(width[i] ?? 0))).join('  ');
  console.log(`\n${title}`);
  console.log(line(cols));
  console.log(width.map((w) => '-'.repeat(w)).join('  '));
  for (const r of rows) console.log(line(cols.map((c) => cell(r, c))));
}

export const wasmPath = fileURLToPath(new URL('../../core-rs/pkg/gogo_core.wasm', import.meta.url));

export function wasmSize(): { bytes: number; gzip: number } {
  return { bytes: statSync(wasmPath).size, gzip: gzipSync(readFileSync(wasmPath)).length };
}
