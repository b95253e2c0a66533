import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { HttpError } from '../http/errors.ts';
import { CompilePool, type CompilePoolOptions } from './compile-pool.ts';
import { LogoCompiler } from './logo-compiler.ts';
import { goldenSamples, type GoldenSample } from '../../src/core/testing/logo-golden.node.ts';

const golden = goldenSamples;

const STAND_IN = new URL('../testing/stand-in-compile-thread.mjs', import.meta.url);

describe('CompilePool', () => {
  let compiler: LogoCompiler;
  const pools: CompilePool[] = [];
  beforeAll(async () => {
    compiler = await LogoCompiler.load();
  });
  afterEach(async () => {
    await Promise.all(pools.splice(0).map((p) => p.close()));
  });

  async function pool(options: Partial<CompilePoolOptions> = {}): Promise<CompilePool> {
    const p = new CompilePool(compiler, { workers: 1, queueMax: 8, budgetMs: 5000, ...options });
    pools.push(p);
    await p.ready();
    return p;
  }
  const failure = (promise: Promise<unknown>) =>
    promise.then(
      () => null,
      (e: unknown) => e as HttpError,
    );

  it('answers exactly what the in-process compiler answers, many compiles at once', async () => {
    const p = await pool({ workers: 2, queueMax: golden.length });
    const answers = await Promise.all(golden.map((s) => p.compile(s.logo, '1.3')));
    answers.forEach((answer, i) => {
      expect(answer, golden[i]?.id).toEqual(compiler.compile(golden[i]?.logo ?? '', '1.3'));
    });
  });

  it('keeps the event loop free while a compile runs', async () => {
    const p = await pool({ threadUrl: STAND_IN });
    const order: string[] = [];
    const compiling = p.compile('busy 400', '1.3').then(() => order.push('compiled'));
    await new Promise((r) => setTimeout(r, 20));
    order.push('timer');
    await compiling;
    expect(order).toEqual(['timer', 'compiled']);
  });

  it('refuses compiles beyond the queue with 429 compile_busy and Retry-After', async () => {
    const p = await pool({ threadUrl: STAND_IN, queueMax: 2 });
    const running = p.compile('busy 300', '1.3');
    const queued = [p.compile('a', '1.3'), p.compile('b', '1.3')];
    const refused = await failure(p.compile('c', '1.3'));
    expect(refused).toMatchObject({ statusCode: 429, code: 'compile_busy', retryAfter: 1 });
    expect(p.waiting).toBe(2);
    await running;
    expect((await Promise.all(queued)).map((a) => a.message)).toEqual(['a', 'b']);
  });

  it('ends a compile over its budget with 422 compile_timeout, and the next one runs', async () => {
    const p = await pool({ threadUrl: STAND_IN, budgetMs: 100 });
    const slow = p.compile('busy 10000', '1.3');
    const next = p.compile('after', '1.3');
    expect(await failure(slow)).toMatchObject({ statusCode: 422, code: 'compile_timeout' });
    expect((await next).message).toBe('after');
    expect(p.replaced).toBe(1);
  });

  it('answers 503 compile_failed when a worker dies, and replaces it', async () => {
    const p = await pool({ threadUrl: STAND_IN });
    expect(await failure(p.compile('crash', '1.3'))).toMatchObject({
      statusCode: 503,
      code: 'compile_failed',
    });
    expect((await p.compile('again', '1.3')).message).toBe('again');
  });

  it('compiles on the event loop with no workers (the benchmark reference)', async () => {
    const p = await pool({ workers: 0 });
    const sample = golden[0] as GoldenSample;
    expect(await p.compile(sample.logo, '1.3')).toEqual(compiler.compile(sample.logo, '1.3'));
  });
});
