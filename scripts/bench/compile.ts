// Compile suite: a ~2 KB Logo program (core-rs/tests/fixtures/logo-2k-program.logo),
// in the same run and interleaved,
//   - in the core worker: the browser's src/core/core-worker-api.ts in a worker thread over
//     Comlink (message hop each way, filter + compile in WASM, byte code transferred back),
//   - as a round trip to the server's cloud compile endpoint (form POST over loopback HTTP
//     to the real server, which runs the same compiler as WASM in Node),
//   - the bare WASM call on this thread, for reference.
// Every contender must give the same byte code before any time counts.
//
// Env: GOGO_BENCH_PORT (default: a free port) for the server.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { API_BASE_PATH } from '../../src/contract/base-path.ts';
import { compilerPath } from '../../src/contract/compile.ts';
import { loadCore } from '../../src/core/wasm-core.ts';
import { envPort, freePort } from '../auth-emulator.ts';
import { startCoreWorker } from './core-worker.ts';
import { interleave, ms, ratio, rounds, table, wasmPath, type BenchSuite } from './lib.ts';
import { startServer, stopServer } from './server-process.ts';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const PROGRAM = path.join(ROOT, 'core-rs/tests/fixtures/logo-2k-program.logo');
const VERSION = '1.3';

const same = (a: ArrayLike<number>, b: ArrayLike<number>) =>
  a.length === b.length && Array.prototype.every.call(a, (x: number, i: number) => x === b[i]);

const suite: BenchSuite = {
  description: '~2 KB Logo program: core worker vs a round trip to the server compile endpoint',
  async run(ctx) {
    const source = fs.readFileSync(PROGRAM, 'utf8');
    const core = await loadCore(fs.readFileSync(wasmPath));
    const direct = core.compileLogo(source, VERSION);
    if (!direct.ok) throw new Error(`the sample does not compile: ${direct.error.message}`);
    const expected = direct.value.data;

    const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'gogo-bench-compile-'));
    const port = envPort('GOGO_BENCH_PORT') ?? (await freePort());
    const server = await startServer(port, {
      SQLITE_FILE: path.join(scratch, 'bench.sqlite'),
      STATIC_DIR: path.join(scratch, 'no-ui'),
      LOG_LEVEL: 'warn',
      // The bench asks far more often than a classroom would.
      COMPILE_RATE_PER_SECOND: '100000',
      COMPILE_BURST: '100000',
    });
    const worker = startCoreWorker();
    try {
      const url = `http://127.0.0.1:${port}${API_BASE_PATH}${compilerPath(VERSION)}`;
      const body = new URLSearchParams({
        logo: source,
        firmware_version: '42',
        board_type: '7',
        board_version: '1',
        cid: 'bench',
      }).toString();
      const viaServer = async () => {
        const res = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body,
        });
        const json = (await res.json()) as { result: boolean; data: number[] };
        if (!json.result) throw new Error('the server did not compile the sample');
        return json.data;
      };
      const viaWorker = async () => {
        const r = await worker.api.compileLogo(source, VERSION);
        if (!r.ok) throw new Error(r.error.message);
        return r.value.data;
      };
      if (!same(await viaServer(), expected) || !same(await viaWorker(), expected)) {
        throw new Error('worker and server byte code differ');
      }

      const t = await interleave(
        {
          worker: { run: viaWorker },
          server: { run: viaServer },
          wasm: { run: () => core.compileLogo(source, VERSION) },
        },
        { rounds: rounds(ctx, 300), warmup: 30 },
      );
      const serverPerWorker = t.server.median / t.worker.median;
      table(
        `Compile ${Buffer.byteLength(source)} B of Logo to ${expected.length} B of byte code (Logo ${VERSION})`,
        [
          {
            path: 'core worker (Comlink + WASM, byte code transferred)',
            median: ms(t.worker.median),
            best: ms(t.worker.min),
          },
          {
            path: 'server endpoint round trip (form POST, loopback)',
            median: ms(t.server.median),
            best: ms(t.server.min),
          },
          { path: 'bare WASM call', median: ms(t.wasm.median), best: ms(t.wasm.min) },
        ],
      );
      console.log(`\nserver round trip ÷ worker: ${ratio(serverPerWorker)} (medians, same run)`);
      ctx.record('compile', {
        sourceBytes: Buffer.byteLength(source),
        byteCodeBytes: expected.length,
        workerMedianMs: t.worker.median,
        serverMedianMs: t.server.median,
        wasmMedianMs: t.wasm.median,
        serverPerWorker,
      });
    } finally {
      await worker.close();
      await stopServer(server);
      fs.rmSync(scratch, { recursive: true, force: true });
    }
  },
};

export default suite;
