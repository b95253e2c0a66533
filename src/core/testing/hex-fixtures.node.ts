// Reads the Intel HEX fixtures of core-rs/tests/fixtures/hex (shared by the native tests,
// the WASM tests and the TypeScript baseline's tests) and compares a parse result with a
// fixture's expectation. Node-only: tests use it, the worker does not.
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { fnv1a64 } from '../../../scripts/fixtures/fnv.ts';
import type { CoreResult, HexImage } from '../wasm-core.ts';

export const hexFixtureDir = fileURLToPath(
  new URL('../../../core-rs/tests/fixtures/hex/', import.meta.url),
);

/** The image a valid fixture parses to (addresses as `0x` + 8 hex digits). */
export interface HexImageExpectation {
  base: string;
  size: number;
  usedBytes: number;
  ranges: { start: string; length: number }[];
  start: { kind: 'none' | 'segment' | 'linear'; value: string };
  /** The bytes in hex (small images), or their `fnv1a64` (large ones). */
  bytes?: string;
  fnv1a64?: string;
}

/** The error an invalid fixture is refused with. */
export interface HexErrorExpectation {
  code: string;
  line: number | null;
}

export interface HexExpectation {
  about: string;
  image?: HexImageExpectation;
  error?: HexErrorExpectation;
}

export interface HexFixture {
  name: string;
  text: Uint8Array;
  expect: HexExpectation;
}

export function hexFixtures(): HexFixture[] {
  return readdirSync(hexFixtureDir)
    .filter((f) => f.endsWith('.hex'))
    .sort()
    .map((f) => {
      const name = f.slice(0, -'.hex'.length);
      const text = new Uint8Array(readFileSync(hexFixtureDir + f));
      const expect = JSON.parse(
        readFileSync(`${hexFixtureDir}${name}.expect.json`, 'utf8'),
      ) as HexExpectation;
      return { name, text, expect };
    });
}

const addr = (s: string) => Number.parseInt(s.slice(2), 16);
const toHex = (b: Uint8Array) => Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');

/**
 * Turns a parse result into the fixture's shape, so a test can compare the two with one
 * `toEqual` and see every difference at once.
 */
export function asExpectation(
  result: CoreResult<HexImage, string>,
  expect: HexExpectation,
): Omit<HexExpectation, 'about'> {
  if (!result.ok) return { error: { code: result.error.code, line: result.error.line ?? null } };
  const img = result.value;
  const hex32 = (n: number) => `0x${n.toString(16).toUpperCase().padStart(8, '0')}`;
  const bytes = expect.image?.bytes !== undefined;
  return {
    image: {
      base: hex32(img.baseAddress),
      size: img.data.length,
      usedBytes: img.usedBytes,
      ranges: img.ranges.map((r) => ({ start: hex32(r.start), length: r.length })),
      start: { kind: img.start.kind, value: hex32(img.start.value) },
      ...(bytes ? { bytes: toHex(img.data) } : { fnv1a64: fnv1a64(img.data) }),
    },
  };
}

/** The expectation without its description, with addresses normalised for comparison. */
export function expected(expect: HexExpectation): Omit<HexExpectation, 'about'> {
  const { about: _about, ...rest } = expect;
  if (!rest.image) return rest;
  const hex32 = (s: string) => `0x${addr(s).toString(16).toUpperCase().padStart(8, '0')}`;
  return {
    image: {
      ...rest.image,
      base: hex32(rest.image.base),
      ranges: rest.image.ranges.map((r) => ({ start: hex32(r.start), length: r.length })),
      start: { kind: rest.image.start.kind, value: hex32(rest.image.start.value) },
    },
  };
}
