import { beforeAll, describe, expect, it } from 'vitest';
import {
  STATUS,
  logPackets,
  concat,
  randomRecords,
} from '../../scripts/fixtures/datalog-packets.ts';
import { Prng } from '../../scripts/fixtures/prng.ts';
import {
  asDatalogExpectation,
  datalogFixtures,
  expectedDatalog,
} from './testing/datalog-fixtures.node.ts';
import { loadTestCore } from './testing/test-core.node.ts';
import type { DatalogHandle, WasmCore } from './wasm-core.ts';

let core: WasmCore;
const fixtures = datalogFixtures();

beforeAll(async () => {
  core = await loadTestCore();
});

function open(format: Parameters<WasmCore['datalogOpen']>[0] = 'auto'): DatalogHandle {
  const h = core.datalogOpen(format);
  if (!h.ok) throw new Error(h.error.message);
  return h.value;
}

function ok<T>(r: { ok: true; value: T } | { ok: false; error: { message: string } }): T {
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

describe('WasmCore datalog (fixtures shared with the native tests)', () => {
  it('finds the fixture files', () => {
    expect(fixtures.length).toBeGreaterThanOrEqual(20);
  });

  it.each(fixtures.map((f) => [f.name, f] as const))('%s', (_name, f) => {
    const h = open(f.expect.format);
    // Feed in batches of 7 packets, as a worker would while reading.
    const batch = 7 * f.expect.packetSize;
    for (let at = 0; at < f.stream.length; at += batch) {
      ok(core.datalogPush(h, f.stream.subarray(at, at + batch), f.expect.packetSize));
    }
    const log = ok(core.datalogFinish(h));
    expect(asDatalogExpectation(log, log.columns, f.expect)).toEqual(expectedDatalog(f.expect));
    if (log.error) expect(log.error.message.length).toBeGreaterThan(10);
    ok(core.datalogClose(h));
  });
});

describe('WasmCore datalog (reading in steps)', () => {
  const names = ['light', 'temp'];
  const records = randomRecords(new Prng(5), 600, 2);
  const stream = concat(logPackets(names, records, 10));

  it('reports progress and a readable summary while the read is going on', () => {
    const h = open();
    const half = Math.floor(stream.length / 64 / 2) * 64;
    const progress = ok(core.datalogPush(h, stream.subarray(0, half)));
    expect(progress.phase).toBe('records');
    expect(progress.percent).toBeGreaterThan(40);
    expect(progress.percent).toBeLessThan(60);
    const mid = ok(core.datalogSummary(h));
    expect(mid.status).toBe('reading');
    expect(mid.names).toEqual(names);
    expect(mid.series.map((s) => s.name)).toEqual(['light', 'temp']);
    const partial = ok(core.datalogColumns(h));
    expect(partial.timeMs.length).toBe(progress.records);
    ok(core.datalogPush(h, stream.subarray(half)));
    const log = ok(core.datalogFinish(h));
    expect(log.status).toBe('complete');
    expect(log.percent).toBe(100);
    expect(log.columns.timeMs.length).toBe(600);
    expect(log.columns.timeMs[599]).toBe((records[599]?.time ?? 0) * 1000);
    expect(log.columns.value[599]).toBe(records[599]?.value);
    ok(core.datalogClose(h));
  });

  it('refuses packets after finish, unknown handles and partial packets', () => {
    const h = open();
    ok(core.datalogFinish(h));
    const late = core.datalogPush(h, stream.subarray(0, 64));
    expect(late.ok ? null : late.error.code).toBe('bad-request');
    const partial = core.datalogPush(open(), stream.subarray(0, 100));
    expect(partial.ok ? null : partial.error.code).toBe('bad-request');
    ok(core.datalogClose(h));
    const closed = core.datalogSummary(h);
    expect(closed.ok ? null : closed.error.code).toBe('bad-handle');
  });

  it('decodes a whole file pushed at once like the same file pushed packet by packet', () => {
    const big = randomRecords(new Prng(9), 60_000, 3);
    const file = concat(logPackets(['a', 'b', 'c'], big, 10));
    const whole = open();
    const progress = ok(core.datalogPush(whole, file));
    expect(progress.phase).toBe('done');
    const once = ok(core.datalogFinish(whole));
    const stepwise = open();
    for (let at = 0; at < file.length; at += 64)
      ok(core.datalogPush(stepwise, file.subarray(at, at + 64)));
    const again = ok(core.datalogFinish(stepwise));
    expect(once.status).toBe('complete');
    expect(once.columns).toEqual(again.columns);
    expect(once.columns.timeMs.length).toBe(60_000);
    ok(core.datalogClose(whole));
    ok(core.datalogClose(stepwise));
    // A large push with a partial packet at its end is refused whole: nothing decoded.
    const refused = open();
    const r = core.datalogPush(refused, file.subarray(0, file.length - 10));
    expect(r.ok ? null : r.error.code).toBe('bad-request');
    expect(ok(core.datalogSummary(refused)).records).toBe(0);
    ok(core.datalogClose(refused));
  });

  it('marks handles stale after the module recovers from a panic', () => {
    const h = open();
    expect(core.debugPanic().ok).toBe(false);
    const r = core.datalogPush(h, stream.subarray(0, 64));
    expect(r.ok ? null : r.error.code).toBe('stale-handle');
    // A new handle works on the fresh instance.
    const again = open();
    ok(core.datalogPush(again, stream));
    expect(ok(core.datalogFinish(again)).records).toBe(600);
  });

  it('says empty for a board without a log', () => {
    const h = open();
    const p = new Uint8Array(64);
    p.set([20, 0, 2, STATUS.empty]);
    ok(core.datalogPush(h, p));
    const log = ok(core.datalogFinish(h));
    expect(log.status).toBe('empty');
    expect(log.records).toBe(0);
  });
});

describe('WasmCore.datalogDownsample', () => {
  // One series of 200,000 points: a sine with a single spike; a second, flat series.
  const n = 200_000;
  const timeMs = Float64Array.from({ length: n }, (_, i) => i * 1000);
  const series = Uint16Array.from({ length: n }, (_, i) => (i % 10 === 0 ? 1 : 0));
  const value = Float32Array.from({ length: n }, (_, i) => (i % 10 === 0 ? 5 : Math.sin(i / 500)));
  value[123_457] = 99;

  it('keeps a one-point spike with min-max, within 4 points per pixel', () => {
    const h = ok(core.datalogFromColumns({ timeMs, series, value }));
    const d = ok(core.datalogDownsample(h, { maxPoints: 4 * 1200, algorithm: 'min-max' }));
    const s0 = d.series.find((s) => s.series === 0);
    expect(s0?.inWindow).toBe(n - n / 10);
    expect(s0?.x.length).toBeLessThanOrEqual(4800);
    expect(Array.from(s0?.y ?? [])).toContain(99);
    expect(d.series.find((s) => s.series === 1)?.y.every((v) => v === 5)).toBe(true);
    ok(core.datalogClose(h));
  });

  it('re-decimates a zoomed window and includes its neighbours', () => {
    const h = ok(core.datalogFromColumns({ timeMs, series, value }));
    const t0 = 100_000_000;
    const t1 = 110_000_000;
    const d = ok(
      core.datalogDownsample(h, { t0, t1, maxPoints: 400, algorithm: 'lttb', series: [0] }),
    );
    expect(d.series).toHaveLength(1);
    const s = d.series[0];
    // 10,001 seconds in the window; 1,001 of them (every 10th) belong to series 1.
    expect(s?.inWindow).toBe(9_000);
    expect(s?.x.length).toBe(400);
    const x = Array.from(s?.x ?? []);
    expect(x[0]).toBeLessThan(t0);
    expect(x[x.length - 1]).toBeGreaterThan(t1);
    expect(x.slice(1, -1).every((v) => v >= t0 && v <= t1)).toBe(true);
    expect(x.every((v, i) => i === 0 || v > (x[i - 1] ?? 0))).toBe(true);
    ok(core.datalogClose(h));
  });

  it('rejects a budget below 8 points and columns of different lengths', () => {
    const h = ok(core.datalogFromColumns({ timeMs, series, value }));
    const r = core.datalogDownsample(h, { maxPoints: 3, algorithm: 'min-max' });
    expect(r.ok ? null : r.error.code).toBe('bad-request');
    expect(() => core.datalogFromColumns({ timeMs, series: series.subarray(1), value })).toThrow(
      RangeError,
    );
    ok(core.datalogClose(h));
  });
});
