// One compile worker thread (started by compile-thread.mjs for CompilePool): instantiates
// the WebAssembly module the pool compiled once, then answers `{id, source, version}`
// messages with `{id, response}` and automatic checks `{id, kind: 'check', logo, check}`
// with `{id, report}`, one at a time.
import { parentPort, workerData } from 'node:worker_threads';
import { runCheck } from '../../src/core/check/run-check.ts';
import { toCompileResponse } from '../../src/core/logo-response.ts';
import { loadCore } from '../../src/core/wasm-core.ts';
import type { CompileJob, CompileAnswer } from './compile-pool.ts';

if (!parentPort) throw new Error('compile-worker.ts must run in a worker thread');
const port = parentPort;
const core = await loadCore((workerData as { module: WebAssembly.Module }).module);

port.on('message', (job: CompileJob) => {
  const answer: CompileAnswer =
    job.kind === 'check'
      ? { id: job.id, report: runCheck(core, job.logo, job.check) }
      : { id: job.id, response: toCompileResponse(core.compileLogo(job.source, job.version)) };
  port.postMessage(answer);
});
port.postMessage({ ready: true });
