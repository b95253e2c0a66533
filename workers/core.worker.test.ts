import * as Comlink from 'comlink';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCoreWorker, type CoreWorkerHandle } from '../scripts/bench/core-worker.ts';
import { concat, logPackets, randomRecords } from '../scripts/fixtures/datalog-packets.ts';
import { Prng } from '../scripts/fixtures/prng.ts';

// The real worker module in a Node worker thread (the same one `npm run bench` measures):
// buffers must cross the boundary by transfer, never by copy.
let worker: CoreWorkerHandle;

beforeAll(() => {
  worker = startCoreWorker();
});

afterAll(async () => {
  await worker.close();
});

describe('core worker (in a worker thread)', () => {
  it('parses HEX with the text transferred in and the image transferred out', async () => {
    const text = new TextEncoder().encode(':0400100001020304E2\n:00000001FF\n');
    const r = await worker.api.parseHex(Comlink.transfer(text, [text.buffer]));
    expect(text.byteLength).toBe(0); // detached: moved, not copied
    expect(r.ok && Array.from(r.value.data)).toEqual([1, 2, 3, 4]);
  });

  it('decodes a datalog read fed in batches, and transfers its three columns', async () => {
    const records = randomRecords(new Prng(9), 5000, 3);
    const stream = concat(logPackets(['a', 'b', 'c'], records, 10));
    const opened = await worker.api.datalogOpen();
    if (!opened.ok) throw new Error(opened.error.message);
    const h = opened.value;
    const batch = 64 * 100;
    for (let at = 0; at < stream.length; at += batch) {
      const part = stream.slice(at, at + batch);
      const p = await worker.api.datalogPush(h, Comlink.transfer(part, [part.buffer]));
      expect(part.byteLength).toBe(0);
      expect(p.ok).toBe(true);
    }
    const log = await worker.api.datalogFinish(h);
    if (!log.ok) throw new Error(log.error.message);
    expect(log.value.status).toBe('complete');
    expect(log.value.columns.timeMs).toBeInstanceOf(Float64Array);
    expect(log.value.columns.value.length).toBe(5000);
    expect(log.value.columns.value[4999]).toBe(records[4999]?.value);
    const d = await worker.api.datalogDownsample(h, { maxPoints: 64, algorithm: 'lttb' });
    expect(d.ok && d.value.series.map((s) => s.x.length)).toEqual([64, 64, 64]);
    expect((await worker.api.datalogClose(h)).ok).toBe(true);
  });

  it('decodes a recorded stream in one call and keeps the log open for zooms', async () => {
    const records = randomRecords(new Prng(3), 1200, 2);
    const stream = concat(logPackets(['x', 'y'], records, 10));
    const r = await worker.api.datalogDecode(Comlink.transfer(stream, [stream.buffer]));
    expect(stream.byteLength).toBe(0);
    if (!r.ok) throw new Error(r.error.message);
    expect(r.value.log.status).toBe('complete');
    expect(r.value.log.columns.series.length).toBe(1200);
    const d = await worker.api.datalogDownsample(r.value.handle, {
      maxPoints: 8,
      algorithm: 'min-max',
      series: [1],
    });
    expect(d.ok && d.value.series[0]?.inWindow).toBe(600);
    expect((await worker.api.datalogClose(r.value.handle)).ok).toBe(true);
  });
});
