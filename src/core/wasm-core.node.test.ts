import { beforeAll, describe, expect, it } from 'vitest';
import { loadTestCore } from './testing/test-core.node.ts';
import type { WasmCore } from './wasm-core.ts';

const enc = new TextEncoder();
let core: WasmCore;

beforeAll(async () => {
  core = await loadTestCore();
});

describe('WasmCore (panic recovery)', () => {
  it('turns a Rust panic into a panic error with the panic message', () => {
    const r = core.debugPanic();
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.code).toBe('panic');
    expect(r.error.message).toMatch(/index out of bounds/);
  });

  it('keeps working after a panic', () => {
    core.debugPanic();
    const r = core.parseHex(enc.encode(':0400100001020304E2\n:00000001FF\n'));
    expect(r).toEqual({
      ok: true,
      value: {
        baseAddress: 0x10,
        data: new Uint8Array([1, 2, 3, 4]),
        ranges: [{ start: 0x10, length: 4 }],
        usedBytes: 4,
        start: { kind: 'none', value: 0 },
      },
    });
  });
});
