// The in-browser compile (the real core worker module, in a worker thread over Comlink as
// in the browser) against the real server's compile endpoints over HTTP: the same answers
// for every golden sample, version and board.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCoreWorker, type CoreWorkerHandle } from '../../scripts/bench/core-worker.ts';
import { startTestApp, type TestApp } from '../../server/testing/test-app.ts';
import { API_BASE_PATH } from '../contract/base-path.ts';
import {
  CompileService,
  readCompileAnswer,
  type BoardFields,
  type CompileTarget,
} from './compile-service.ts';
import { goldenSamples } from '../core/testing/logo-golden.node.ts';

const golden = goldenSamples;

const BOARDS: BoardFields[] = [
  { boardType: 6, boardVersion: 1, firmwareVersion: 42 }, // GoGo 7: dev compiler, 1.4
  { boardType: 4, boardVersion: 1, firmwareVersion: 20 }, // GoGo 6: 2.1
  { boardType: 2, boardVersion: 1, firmwareVersion: 40 }, // Pi-topping 40: 1.3
  { boardType: 1, boardVersion: 1, firmwareVersion: 111 }, // GoGo 4: 1.2
];

describe('CompileService: browser compile equals the server’s', () => {
  let t: TestApp;
  let worker: CoreWorkerHandle;
  let origin: string;

  beforeAll(async () => {
    worker = startCoreWorker();
    t = await startTestApp({ COMPILE_RATE_PER_SECOND: '100000', COMPILE_BURST: '100000' });
    origin = await t.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    await worker.close();
    await t.close();
  });

  const service = (target: CompileTarget) =>
    new CompileService({
      worker: {
        compileLogo: (s, v) => worker.api.compileLogo(s, v),
        pickLogoVersion: (b, f) => worker.api.pickLogoVersion(b, f),
      },
      fetch,
      cloudBase: `${origin}${API_BASE_PATH}`,
      host: origin,
      target: () => target,
      clientId: 'node-test',
    });

  it('gives identical results for every golden sample on every board', async () => {
    const browser = service('browser');
    const cloud = service('cloud');
    const offline = service('offline-server');
    let compiled = 0;
    for (const board of BOARDS) {
      for (const s of golden) {
        const [a, b, c] = await Promise.all([
          browser.compile(s.logo, board),
          cloud.compile(s.logo, board),
          offline.compile(s.logo, board),
        ]);
        const strip = (o: typeof a) => ({ ...o, target: undefined });
        expect(strip(b), `${s.id} board ${board.boardType}`).toEqual(strip(a));
        expect(strip(c), `${s.id} board ${board.boardType}`).toEqual(strip(a));
        if (a.ok) compiled++;
      }
    }
    // Most samples compile (1.2 refuses the 1.3-only ones).
    expect(compiled).toBeGreaterThan(100);
  });

  it('gives identical compile errors, message and line included', async () => {
    const bad = 'to main\nbeep\nrepeat 3 [ foo ]\nend\n';
    const board = BOARDS[0] as BoardFields;
    const a = await service('browser').compile(bad, board);
    const b = await service('cloud').compile(bad, board);
    expect(a).toMatchObject({ ok: false, failure: { kind: 'rejected', line: 3 } });
    expect({ ...b, target: 'x' }).toEqual({ ...a, target: 'x' });
  });

  it('says the cloud service is unavailable when nothing answers', async () => {
    const s = new CompileService({
      worker: {
        compileLogo: async () => ({
          ok: true,
          value: { data: new Uint8Array(), autoRunState: false },
        }),
        pickLogoVersion: async () => '1.4',
      },
      fetch,
      cloudBase: 'http://127.0.0.1:9',
      host: '',
      target: () => 'cloud',
      clientId: 'x',
      timeoutMs: 2000,
    });
    const r = await s.compile('to main\nbeep\nend\n', BOARDS[0] as BoardFields);
    expect(r).toMatchObject({ ok: false, failure: { kind: 'unavailable' } });
  });
});

describe('readCompileAnswer (spec core §8)', () => {
  it('reads HTTP 500–599 as a syntax error', () => {
    for (const status of [500, 502, 599]) {
      expect(readCompileAnswer(status, null)).toEqual({ ok: false, failure: { kind: 'syntax' } });
    }
  });

  it('reads other failures as the cloud service being unavailable', () => {
    for (const [status, body] of [
      [404, { error: 'not_found' }],
      [429, { error: 'too_many_requests' }],
      [400, { error: 'bad_request' }],
      [200, null],
      [200, 'text'],
      [200, { result: 'yes' }],
      [200, { result: true, data: [1, 300] }],
    ] as const) {
      expect(readCompileAnswer(status, body), String(status)).toEqual({
        ok: false,
        failure: { kind: 'unavailable' },
      });
    }
  });

  it('shows the server message for result false, or "Error" when it sent none', () => {
    expect(readCompileAnswer(200, { result: false, message: 'Line 2: x' })).toEqual({
      ok: false,
      failure: { kind: 'rejected', message: 'Line 2: x' },
    });
    expect(readCompileAnswer(200, { result: false })).toEqual({
      ok: false,
      failure: { kind: 'rejected', message: 'Error' },
    });
  });

  it('refuses byte code over 2048 bytes', () => {
    expect(readCompileAnswer(200, { result: true, data: new Array(2049).fill(0) })).toEqual({
      ok: false,
      failure: { kind: 'too-large' },
    });
    expect(readCompileAnswer(200, { result: true, data: new Array(2048).fill(0) }).ok).toBe(true);
  });
});
