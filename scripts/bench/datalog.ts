// Datalog suite: decode a 1M-record offline-datalog read (10-byte records of 4 series in
// 166,667 full 64-byte packets, as a board sends them) with
//   - the core worker (real worker thread + Comlink + WASM: `datalogDecode` = open, push,
//     finish in one call; packets transferred in, the three columns transferred back),
//   - the same WASM module on this thread,
//   - a plain TypeScript DataView decoder (scripts/bench/baselines/datalog-decoder.ts);
// then downsample 1M points (min-max to 4,800 points = 4 per pixel of a 1,200 px chart,
// and LTTB to 1,200), cold (first call: builds the per-series index) and warm (a zoom);
// then read 1M records from the virtual board over the simulated 1 ms link
// (./datalog-link.ts) and time the chart in real Chromium (./datalog-browser.ts); last, the
// stress case: the same read in Chromium through the page with every core busy
// (./datalog-stress.ts), every record compared with the board's.
import { readFileSync } from 'node:fs';
import { transfer } from '../../src/core/transfer.ts';
import { loadCore, type DatalogHandle, type WasmCore } from '../../src/core/wasm-core.ts';
import { concat, logPackets, randomRecords } from '../fixtures/datalog-packets.ts';
import { Prng } from '../fixtures/prng.ts';
import { decodeDatalogTs } from './baselines/datalog-decoder.ts';
import { benchBrowserChart } from './datalog-browser.ts';
import { benchStressRead } from './datalog-stress.ts';
import { benchVirtualRead } from './datalog-link.ts';
import { startCoreWorker } from './core-worker.ts';
import { interleave, ms, ratio, rounds, table, wasmPath, type BenchSuite } from './lib.ts';

const RECORDS = 1_000_000;
const SERIES = 4;
const WIDTH = 1200;

function unwrap<T>(r: { ok: true; value: T } | { ok: false; error: { message: string } }): T {
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

const suite: BenchSuite = {
  description:
    'offline datalog: decode 1M records (worker+WASM vs TypeScript), downsample 1M points',
  async run(ctx) {
    const names = Array.from({ length: SERIES }, (_, i) => `sensor${i + 1}`);
    const records = randomRecords(new Prng(1), RECORDS, SERIES);
    const stream = concat(logPackets(names, records, 10));
    const core = await loadCore(readFileSync(wasmPath));
    const worker = startCoreWorker();
    try {
      // Same answer from every contender before any time counts.
      const ts = decodeDatalogTs(stream);
      const h0 = unwrap(core.datalogOpen());
      unwrap(core.datalogPush(h0, stream));
      const direct = unwrap(core.datalogFinish(h0));
      unwrap(core.datalogClose(h0));
      const last = RECORDS - 1;
      if (
        !ts.complete ||
        direct.status !== 'complete' ||
        ts.columns.value.length !== RECORDS ||
        direct.columns.value[last] !== ts.columns.value[last] ||
        direct.columns.timeMs[last] !== ts.columns.timeMs[last]
      ) {
        throw new Error('the decoders disagree');
      }

      let viaWorker = 0;
      let viaApp = 0;
      // A decoded log stays open for zooms; closing it is not part of decoding, so the
      // previous round's log is closed before the timer starts.
      let open: DatalogHandle | undefined;
      const closeOpen = async () => {
        if (open) unwrap(await worker.api.datalogClose(open));
        open = undefined;
      };
      const t = await interleave(
        {
          worker: {
            prepare: async () => {
              await closeOpen();
              return stream.slice();
            },
            run: async (input) => {
              const packets = input as Uint8Array;
              const r = unwrap(await worker.api.datalogDecode(transfer(packets, packets)));
              viaWorker = r.log.columns.timeMs.length;
              open = r.handle;
            },
          },
          // The app's own path for a file (datalog-service.ts importFile): open, push
          // (transferred), end; the columns stay in the worker, its chart index built.
          app: {
            prepare: async () => {
              await closeOpen();
              return stream.slice();
            },
            run: async (input) => {
              const packets = input as Uint8Array;
              const h = unwrap(await worker.api.datalogOpen('auto'));
              open = h;
              unwrap(await worker.api.datalogPush(h, transfer(packets, packets)));
              viaApp = unwrap(await worker.api.datalogEnd(h)).records;
            },
          },
          wasm: {
            run: () => {
              const h = unwrap(core.datalogOpen());
              unwrap(core.datalogPush(h, stream));
              unwrap(core.datalogFinish(h));
              unwrap(core.datalogClose(h));
            },
          },
          ts: { run: () => decodeDatalogTs(stream) },
        },
        { rounds: rounds(ctx, 15), warmup: 3 },
      );
      if (viaWorker !== RECORDS) throw new Error(`the worker returned ${viaWorker} records`);
      if (viaApp !== RECORDS) throw new Error(`the worker decoded ${viaApp} records`);
      await closeOpen();
      const mrec = (x: number) => `${(RECORDS / 1e3 / x).toFixed(0)} M/s`;
      table(
        `Decode ${RECORDS.toLocaleString('en')} records (${(stream.length / 1e6).toFixed(1)} MB of packets)`,
        [
          {
            path: 'worker + WASM (datalogDecode: packets and columns transferred)',
            median: ms(t.worker.median),
            best: ms(t.worker.min),
            records: mrec(t.worker.median),
            'vs TS': ratio(t.ts.median / t.worker.median),
          },
          {
            path: "worker + WASM as the app opens a file (open, push, end: the columns stay in the worker, the chart's index built)",
            median: ms(t.app.median),
            best: ms(t.app.min),
            records: mrec(t.app.median),
            'vs TS': ratio(t.ts.median / t.app.median),
          },
          {
            path: 'WASM, same thread (copy in, decode, copy 3 columns out)',
            median: ms(t.wasm.median),
            best: ms(t.wasm.min),
            records: mrec(t.wasm.median),
            'vs TS': ratio(t.ts.median / t.wasm.median),
          },
          {
            path: 'TypeScript DataView decoder',
            median: ms(t.ts.median),
            best: ms(t.ts.min),
            records: mrec(t.ts.median),
            'vs TS': ratio(1),
          },
        ],
      );
      console.log('target: worker + WASM >= 0.8x the TypeScript decoder (goal: >= 1.0x)');

      // ---- downsampling ----
      const big = unwrap(core.datalogOpen());
      unwrap(core.datalogPush(big, stream));
      unwrap(core.datalogFinish(big));
      const single = {
        timeMs: Float64Array.from({ length: RECORDS }, (_, i) => i * 1000),
        series: new Uint16Array(RECORDS),
        value: Float32Array.from(
          { length: RECORDS },
          (_, i) => Math.sin(i / 1000) * 100 + (i % 97),
        ),
      };
      const one = unwrap(core.datalogFromColumns(single));
      const span = RECORDS * 1000;
      const zoom = { t0: span * 0.4, t1: span * 0.5 };
      const minMax = { maxPoints: 4 * WIDTH, algorithm: 'min-max' } as const;
      const lttb = { maxPoints: WIDTH, algorithm: 'lttb' } as const;
      const cases: {
        label: string;
        handle: DatalogHandle;
        req: Parameters<WasmCore['datalogDownsample']>[1];
      }[] = [
        { label: '1 series × 1M, min-max → 4,800', handle: one, req: minMax },
        { label: '1 series × 1M, LTTB → 1,200', handle: one, req: lttb },
        {
          label: '1 series, zoom to 10% (100k), min-max',
          handle: one,
          req: { ...zoom, ...minMax },
        },
        { label: '4 series × 250k (decoded log), min-max', handle: big, req: minMax },
        { label: '4 series × 250k (decoded log), LTTB', handle: big, req: lttb },
      ];
      // Cold: the first downsample of a log builds its per-series index.
      const coldSamples: number[] = [];
      for (let i = 0; i < rounds(ctx, 7); i++) {
        const h = unwrap(core.datalogFromColumns(single));
        const t0 = performance.now();
        unwrap(core.datalogDownsample(h, minMax));
        coldSamples.push(performance.now() - t0);
        unwrap(core.datalogClose(h));
      }
      coldSamples.sort((a, b) => a - b);
      const cold = coldSamples[coldSamples.length >> 1] ?? Number.NaN;
      const warm = await interleave(
        Object.fromEntries(
          cases.map((c, i) => [
            String(i),
            { run: () => unwrap(core.datalogDownsample(c.handle, c.req)) },
          ]),
        ),
        { rounds: rounds(ctx, 25), warmup: 3 },
      );
      // Through the worker: a zoom's full round trip, points transferred back.
      const wh = unwrap(await worker.api.datalogFromColumns(single));
      const zoomTrip = await interleave(
        {
          zoom: {
            run: async () => unwrap(await worker.api.datalogDownsample(wh, { ...zoom, ...minMax })),
          },
        },
        { rounds: rounds(ctx, 25), warmup: 3 },
      );
      const rows = [
        {
          case: '1 series × 1M, min-max → 4,800, cold (builds the index)',
          median: ms(cold),
          best: ms(coldSamples[0] ?? Number.NaN),
        },
        ...cases.map((c, i) => ({
          case: `${c.label}, warm`,
          median: ms(warm[String(i)]?.median ?? Number.NaN),
          best: ms(warm[String(i)]?.min ?? Number.NaN),
        })),
        {
          case: 'zoom via the worker (round trip, transfer)',
          median: ms(zoomTrip.zoom.median),
          best: ms(zoomTrip.zoom.min),
        },
      ];
      table('Downsample (per series, 1,200 px chart)', rows);
      console.log('target: <= 10 ms for 1M points');
      ctx.record('datalog', {
        records: RECORDS,
        packetBytes: stream.length,
        workerMs: t.worker.median,
        wasmMs: t.wasm.median,
        tsMs: t.ts.median,
        workerVsTs: t.ts.median / t.worker.median,
        appMs: t.app.median,
        appVsTs: t.ts.median / t.app.median,
        downsampleColdMs: cold,
        downsampleMinMaxMs: warm['0']?.median ?? Number.NaN,
        downsampleLttbMs: warm['1']?.median ?? Number.NaN,
        zoomViaWorkerMs: zoomTrip.zoom.median,
      });
      unwrap(core.datalogClose(big));
      unwrap(core.datalogClose(one));
    } finally {
      await worker.close();
    }
    // GOGO_BENCH_DATALOG_DECODE_ONLY=1: the decode and downsampling tables alone.
    if (process.env.GOGO_BENCH_DATALOG_DECODE_ONLY === '1') return;
    await benchVirtualRead(ctx, RECORDS);
    await benchBrowserChart(ctx, RECORDS);
    // A shorter log with --quick: the read alone needs one 1 ms frame per 60 bytes.
    await benchStressRead(ctx, Math.round(RECORDS * Math.min(1, ctx.scale)));
  },
};

export default suite;
