// Reads the golden Logo 1.3 fixture (core-rs/tests/fixtures/logo-1.3-golden.json): each
// program with the byte code or compiler message it must give. Shared by the native tests,
// the WASM and server tests and the command-line compiler's tests. Node-only.
import { readFileSync } from 'node:fs';

export interface GoldenSample {
  id: string;
  logo: string;
  expect: 'ok' | 'compile_error';
  data?: number[];
  autoRunState?: boolean;
  compiler_message?: string;
}

export const goldenSamples: readonly GoldenSample[] = (
  JSON.parse(
    readFileSync(
      new URL('../../../core-rs/tests/fixtures/logo-1.3-golden.json', import.meta.url),
      'utf8',
    ),
  ) as { samples: GoldenSample[] }
).samples;

/** The sample with this id; throws when the fixture has none. */
export function goldenSample(id: string): GoldenSample {
  const s = goldenSamples.find((x) => x.id === id);
  if (!s) throw new Error(`no golden sample ${id}`);
  return s;
}
