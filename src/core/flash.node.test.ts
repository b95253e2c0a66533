import { beforeAll, describe, expect, it } from 'vitest';
import { loadTestCore } from './testing/test-core.node.ts';
import type { WasmCore } from './wasm-core.ts';

const enc = new TextEncoder();
let core: WasmCore;

beforeAll(async () => {
  core = await loadTestCore();
});

const ramp = (n: number) => Uint8Array.from({ length: n }, (_, i) => i % 251);

/** Intel HEX text for `bytes` at `address`, 16-byte records. */
function hexText(address: number, bytes: Uint8Array): Uint8Array {
  const lines: string[] = [];
  const rec = (addr: number, type: number, data: number[]) => {
    const b = [data.length, (addr >> 8) & 255, addr & 255, type, ...data];
    const sum = (256 - (b.reduce((a, x) => a + x, 0) & 255)) & 255;
    lines.push(':' + [...b, sum].map((x) => x.toString(16).padStart(2, '0')).join(''));
  };
  for (let i = 0; i < bytes.length; i += 16) {
    rec(address + i, 0, Array.from(bytes.subarray(i, i + 16)));
  }
  rec(0, 1, []);
  return enc.encode(lines.join('\r\n') + '\r\n');
}

describe('WasmCore.planFlash', () => {
  it('splits an STM image into 1024-byte pages of sixteen 64-byte reports', () => {
    const r = core.planFlash(ramp(3000), 'bin', 'stm');
    if (!r.ok) throw new Error(r.error.message);
    const plan = r.value;
    expect(plan).toMatchObject({ chip: 'stm', unitBytes: 1024, reportBytes: 64 });
    expect(plan.units.map((u) => [u.address, u.length, u.firstReport, u.reportCount])).toEqual([
      [0, 1024, 0, 16],
      [1024, 1024, 16, 16],
      [2048, 952, 32, 16],
    ]);
    expect(plan.reports.byteLength).toBe(3 * 1024);
    expect(plan.reports.subarray(0, 3000)).toEqual(ramp(3000));
    expect(plan.reports.subarray(3000).every((b) => b === 0xff)).toBe(true);
  });

  it('starts an ESP plan with the Content-Length header packet', () => {
    const r = core.planFlash(ramp(9000), 'bin', 'esp');
    if (!r.ok) throw new Error(r.error.message);
    const header = 'Content-Length: 9000\n\n';
    expect(new TextDecoder().decode(r.value.reports.subarray(0, header.length))).toBe(header);
    expect(r.value.units.map((u) => u.reportCount)).toEqual([1, 64, 64, 15]);
    expect(r.value.reportBytes).toBe(63);
  });

  it('plans a legacy HEX file as a pointer and 60-byte writes', () => {
    const r = core.planFlash(hexText(0x0800, ramp(130)), 'hex', 'legacy');
    if (!r.ok) throw new Error(r.error.message);
    const rep = (i: number) => Array.from(r.value.reports.subarray(i * 63, i * 63 + 4));
    expect(r.value.units).toHaveLength(1);
    expect(rep(0)).toEqual([1, 2, 0x08, 0x00]);
    expect(rep(1)).toEqual([1, 3, 60, 0]);
    expect(rep(3)).toEqual([1, 3, 10, 120]);
  });

  it('gives the same unit CRCs for a .bin and the equivalent .hex', () => {
    const image = ramp(5000);
    const bin = core.planFlash(image, 'bin', 'stm');
    const hex = core.planFlash(hexText(0x08001000, image), 'hex', 'stm');
    if (!bin.ok || !hex.ok) throw new Error('plan failed');
    expect(hex.value.units.map((u) => u.crc)).toEqual(bin.value.units.map((u) => u.crc));
    expect(hex.value.baseAddress).toBe(0x08001000 & 0xffff);
  });

  it.each([
    ['an empty file', new Uint8Array(0), 'bin', 'empty'],
    ['three bytes', new Uint8Array([1, 2, 3]), 'bin', 'too-few-items'],
    [
      'a HEX file of two records',
      enc.encode(':0400100001020304E2\n:00000001FF\n'),
      'hex',
      'too-few-items',
    ],
    [
      'HEX text with a bad checksum',
      enc.encode(':0400100001020304E3\n:0400140001020304DE\n:0400180001020304DA\n:00000001FF\n'),
      'hex',
      'checksum',
    ],
  ] as const)('refuses %s with %s', (_label, file, kind, code) => {
    const r = core.planFlash(file, kind, 'esp');
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.code).toBe(code);
  });
});

describe('WasmCore.flashChipForName', () => {
  it.each([
    ['gogo-stm-1.2.0.bin', 'stm'],
    ['GOGO-ESP-2.0.1.BIN', 'esp'],
    ['my-firmware.bin', null],
  ] as const)('%s targets %s', (name, chip) => {
    expect(core.flashChipForName(name)).toBe(chip);
  });
});
