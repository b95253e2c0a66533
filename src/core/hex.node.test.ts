import { beforeAll, describe, expect, it } from 'vitest';
import { Prng } from '../../scripts/fixtures/prng.ts';
import { asExpectation, expected, hexFixtures } from './testing/hex-fixtures.node.ts';
import { loadTestCore } from './testing/test-core.node.ts';
import type { WasmCore } from './wasm-core.ts';

let core: WasmCore;
const fixtures = hexFixtures();

beforeAll(async () => {
  core = await loadTestCore();
});

describe('WasmCore.parseHex (fixtures shared with the native tests)', () => {
  it('finds the fixture files', () => {
    expect(fixtures.length).toBeGreaterThanOrEqual(25);
  });

  it.each(fixtures.map((f) => [f.name, f] as const))('%s', (_name, f) => {
    expect(asExpectation(core.parseHex(f.text), f.expect)).toEqual(expected(f.expect));
  });

  it('gives every error a message, and a line where the fixture names one', () => {
    for (const f of fixtures.filter((x) => x.expect.error)) {
      const r = core.parseHex(f.text);
      expect(r.ok).toBe(false);
      if (r.ok) continue;
      expect(r.error.message.length).toBeGreaterThan(10);
      expect(r.error.line ?? null).toBe(f.expect.error?.line);
    }
  });
});

describe('WasmCore.parseHex (mutated inputs through the ABI)', () => {
  it('answers every mutated fixture with an image or a typed error, never a trap', () => {
    const rng = new Prng(2026);
    const codes = new Set<string>();
    for (let i = 0; i < 3000; i++) {
      const t = Array.from(fixtures[rng.below(fixtures.length)]?.text ?? []);
      for (let m = 0; m <= rng.below(3); m++) {
        const at = rng.below(t.length + 1);
        const op = rng.below(3);
        if (op === 0) t.splice(at, 1);
        else if (op === 1) t.splice(at, 0, rng.next() & 0xff);
        else t.length = at;
      }
      const r = core.parseHex(Uint8Array.from(t));
      if (!r.ok) {
        expect(r.error.code).not.toBe('panic');
        codes.add(r.error.code);
      }
    }
    // The mutations reach deep enough to trigger many different errors.
    expect(codes.size).toBeGreaterThanOrEqual(6);
  });
});
