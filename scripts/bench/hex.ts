// HEX suite: parse synthetic STM32 firmware (random bytes at 0x08000000, 16-byte records,
// CRLF, like docs' performance anchors) with
//   - the core worker (real worker thread + Comlink + WASM; input and image transferred),
//   - the same WASM module called directly on this thread (no boundary),
//   - a plain TypeScript byte parser (scripts/bench/baselines/hex-parser.ts),
//   - nrf-intel-hex 1.4 (MemoryMap.fromHex, given a string: its best case).
// All in the same run, interleaved, medians. MB/s counts HEX text bytes.
import { readFileSync } from 'node:fs';
import { transfer } from '../../src/core/transfer.ts';
import MemoryMap from 'nrf-intel-hex';
import { loadCore } from '../../src/core/wasm-core.ts';
import { writeHex } from '../fixtures/hex-writer.ts';
import { Prng } from '../fixtures/prng.ts';
import { parseHexTs } from './baselines/hex-parser.ts';
import { startCoreWorker } from './core-worker.ts';
import {
  interleave,
  mbps,
  ms,
  ratio,
  rounds,
  table,
  wasmPath,
  wasmSize,
  type BenchSuite,
} from './lib.ts';

const BASE = 0x08000000;
const SIZES = [
  { label: '256 KiB', bytes: 256 * 1024, rounds: 25 },
  { label: '1 MiB', bytes: 1024 * 1024, rounds: 12 },
];

function firmware(bytes: number): { text: Uint8Array; image: Uint8Array } {
  const image = new Prng(bytes).bytes(bytes);
  const hex = writeHex([{ address: BASE, bytes: image }], { recordSize: 16, eol: '\r\n' });
  return { text: new TextEncoder().encode(hex), image };
}

const sameBytes = (a: Uint8Array, b: Uint8Array) =>
  a.length === b.length && a.every((x, i) => x === b[i]);

const suite: BenchSuite = {
  description: 'Intel HEX parsing: worker+WASM vs TypeScript vs nrf-intel-hex',
  async run(ctx) {
    const core = await loadCore(readFileSync(wasmPath));
    const worker = startCoreWorker();
    try {
      const rows: Record<string, string>[] = [];
      for (const size of SIZES) {
        const { text, image } = firmware(size.bytes);
        const str = new TextDecoder('latin1').decode(text);

        // Every contender must produce the same image before its time counts.
        const viaWorker = await worker.api.parseHex(text.slice());
        const direct = core.parseHex(text);
        const ts = parseHexTs(text);
        const nrf = MemoryMap.fromHex(str).get(BASE);
        for (const [name, r] of [
          ['worker', viaWorker],
          ['wasm', direct],
          ['ts', ts],
        ] as const) {
          if (!r.ok || !sameBytes(r.value.data, image))
            throw new Error(`${name} parsed ${size.label} wrongly`);
        }
        if (!nrf || !sameBytes(nrf, image)) throw new Error('nrf-intel-hex parsed wrongly');

        const t = await interleave(
          {
            worker: {
              // A fresh copy each call: the worker call transfers (detaches) its input.
              prepare: () => text.slice(),
              run: async (input) => {
                const buf = input as Uint8Array;
                const r = await worker.api.parseHex(transfer(buf, buf));
                if (!r.ok) throw new Error(r.error.message);
              },
            },
            wasm: { run: () => core.parseHex(text) },
            ts: { run: () => parseHexTs(text) },
            nrf: { run: () => MemoryMap.fromHex(str) },
          },
          { rounds: rounds(ctx, size.rounds), warmup: 4 },
        );
        const n = text.length;
        const row = (name: string, k: keyof typeof t) => ({
          image: size.label,
          parser: name,
          median: ms(t[k].median),
          best: ms(t[k].min),
          'MB/s': mbps(n, t[k].median),
          'vs nrf': ratio(t.nrf.median / t[k].median),
          'vs TS': ratio(t.ts.median / t[k].median),
        });
        rows.push(
          row('worker + WASM (transfer in/out)', 'worker'),
          row('WASM, same thread', 'wasm'),
          row('TypeScript byte parser', 'ts'),
          row('nrf-intel-hex 1.4', 'nrf'),
        );
        const key = size.label.replace(' ', '');
        ctx.record('hex', {
          [`${key}.textBytes`]: n,
          [`${key}.workerMs`]: t.worker.median,
          [`${key}.wasmMs`]: t.wasm.median,
          [`${key}.tsMs`]: t.ts.median,
          [`${key}.nrfMs`]: t.nrf.median,
          [`${key}.workerVsNrf`]: t.nrf.median / t.worker.median,
          [`${key}.workerVsTs`]: t.ts.median / t.worker.median,
        });
      }
      table('HEX parse (median of interleaved rounds; MB/s of HEX text)', rows);
      const w = wasmSize();
      console.log(`\ngogo_core.wasm: ${w.bytes} bytes (${w.gzip} gzipped)`);
      console.log('target: worker + WASM >= 10x nrf-intel-hex');
      ctx.record('hex', { wasmBytes: w.bytes, wasmGzipBytes: w.gzip });
    } finally {
      await worker.close();
    }
  },
};

export default suite;
