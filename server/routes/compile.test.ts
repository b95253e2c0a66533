import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE_PATH } from '../../src/contract/base-path.ts';
import { compilerPath, OFFLINE_COMPILE_PATH } from '../../src/contract/compile.ts';
import { RateLimiter } from '../http/rate-limit.ts';
import { startTestApp, type TestApp } from '../testing/test-app.ts';
import { goldenSamples, type GoldenSample } from '../../src/core/testing/logo-golden.node.ts';

const golden = goldenSamples;

const S04 = 'to main\nforever [ if sensor1 > 500 [ a, on ] ]\nend\n';
const s04 = golden.find((s) => s.id === 's04') as GoldenSample;
const form = (fields: Record<string, string | number>) =>
  new URLSearchParams(Object.entries(fields).map(([k, v]) => [k, String(v)])).toString();
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
/** POSTs `fields` as a form, from `remoteAddress` when given. */
const postForm = (
  t: TestApp,
  url: string,
  fields: Record<string, string | number>,
  remoteAddress?: string,
) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: FORM,
    payload: form(fields),
    ...(remoteAddress ? { remoteAddress } : {}),
  });

describe('Logo compile endpoints', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ COMPILE_RATE_PER_SECOND: '100000', COMPILE_BURST: '100000' });
  });
  afterAll(() => t.close());

  const post = (url: string, fields: Record<string, string | number>) => postForm(t, url, fields);
  const board = { firmware_version: 42, board_type: 6, board_version: 1, cid: 'test-client' };

  it('compiles every golden sample on the 1.3 cloud path exactly as logoc 1.3 did', async () => {
    for (const s of golden) {
      const res = await post(`${API_BASE_PATH}${compilerPath('1.3')}`, { logo: s.logo, ...board });
      expect(res.statusCode, s.id).toBe(200);
      const body = res.json();
      if (s.expect === 'ok') {
        expect(body, s.id).toEqual({
          result: true,
          data: s.data,
          message: '',
          autoRunState: s.autoRunState,
          status: 200,
        });
      } else {
        expect(body.result, s.id).toBe(false);
        expect(body.message, s.id).toBe(s.compiler_message);
        expect(body.data, s.id).toEqual([]);
      }
    }
  });

  it('answers on one path per Logo version and on the dev path', async () => {
    for (const v of ['1.2', '1.3', '1.4', '2.1', 'dev'] as const) {
      const res = await post(`${API_BASE_PATH}${compilerPath(v)}`, { logo: S04, ...board });
      expect(res.statusCode, v).toBe(200);
      expect(res.json().result, v).toBe(true);
    }
    // 1.2 is the legacy instruction set: other bytes than 1.3 for the same program.
    const legacy = await post(`${API_BASE_PATH}${compilerPath('1.2')}`, { logo: S04 });
    const v13 = await post(`${API_BASE_PATH}${compilerPath('1.3')}`, { logo: S04 });
    expect(legacy.json().data).not.toEqual(v13.json().data);
  });

  it('picks the version from the board on the dev path (Pi-topping firmware 39 is 1.2)', async () => {
    const dev = (b: Record<string, number>) =>
      post(`${API_BASE_PATH}${compilerPath('dev')}`, { logo: S04, ...b });
    const legacy = await post(`${API_BASE_PATH}${compilerPath('1.2')}`, { logo: S04 });
    const v14 = await post(`${API_BASE_PATH}${compilerPath('1.4')}`, { logo: S04 });
    expect((await dev({ board_type: 2, firmware_version: 39 })).json().data).toEqual(
      legacy.json().data,
    );
    expect((await dev({ board_type: 6, firmware_version: 42 })).json().data).toEqual(
      v14.json().data,
    );
  });

  it('reports a compile error with its line as result false', async () => {
    const res = await post(`${API_BASE_PATH}${compilerPath('1.3')}`, {
      logo: 'to main\nbeep\nfoo 3\nend\n',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ result: false, data: [], line: 3 });
    expect(res.json().message).toMatch(/^Line 3: /);
  });

  it('keeps logoc’s message and adds where the mistake is when the compiler stops after it', async () => {
    const res = await post(`${API_BASE_PATH}${compilerPath('1.3')}`, {
      logo: 'to main\nbeep\nfoo 3\nend\n\nto foo :a :b\nbeep\nend\n',
      ...board,
    });
    expect(res.json()).toMatchObject({
      result: false,
      message: "Line 4: Syntax error at 'end'",
      line: 4,
      mistake: { line: 3, column: 0, endLine: 3, endColumn: 5, text: 'foo 3' },
    });
  });

  it('rejects code over 2048 bytes with the spec message', async () => {
    const logo = `to main\nforever [ ${'beep '.repeat(2100)}]\nend\n`;
    const res = await post(`${API_BASE_PATH}${compilerPath('1.3')}`, { logo });
    expect(res.json()).toMatchObject({
      result: false,
      message: "The Logo code is too large! I don't have enough memory to hold it",
    });
  });

  it('applies the Logo input filter (spec core §5)', async () => {
    const res = await post(`${API_BASE_PATH}${compilerPath('2.1')}`, {
      logo: 'to main\ncloud record "1abc" sensor1\nend\n',
    });
    expect(res.json()).toMatchObject({
      result: false,
      message: 'There is an invalid input in command "cloud record"',
    });
  });

  it('compiles offline at /api/compile for the named Logo version, else the board’s', async () => {
    const named = await post(OFFLINE_COMPILE_PATH, { logo: S04, logo_version: '1.2', ...board });
    const legacy = await post(`${API_BASE_PATH}${compilerPath('1.2')}`, { logo: S04 });
    expect(named.statusCode).toBe(200);
    expect(named.json().data).toEqual(legacy.json().data);
    const byBoard = await post(OFFLINE_COMPILE_PATH, { logo: S04, board_type: 4 });
    const v21 = await post(`${API_BASE_PATH}${compilerPath('2.1')}`, { logo: S04 });
    expect(byBoard.json().data).toEqual(v21.json().data);
  });

  it('accepts a JSON body as well as a form', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: OFFLINE_COMPILE_PATH,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ logo: s04.logo, logo_version: '1.3' }),
    });
    expect(res.json()).toMatchObject({ result: true, data: s04.data });
  });

  it('answers 400 with a message to bad input', async () => {
    const cases: [string, Record<string, string | number>][] = [
      [`${API_BASE_PATH}${compilerPath('1.3')}`, { board_type: 6 }],
      [`${API_BASE_PATH}${compilerPath('1.3')}`, { logo: S04, board_type: 300 }],
      [`${API_BASE_PATH}${compilerPath('1.3')}`, { logo: S04, firmware_version: 'abc' }],
      [`${API_BASE_PATH}${compilerPath('1.3')}`, { logo: 'x'.repeat(70_000) }],
      [OFFLINE_COMPILE_PATH, { logo: S04, logo_version: '9.9' }],
    ];
    for (const [url, fields] of cases) {
      const res = await post(url, fields);
      expect(res.statusCode, JSON.stringify(fields).slice(0, 80)).toBe(400);
      expect(res.json()).toEqual({ error: 'bad_request', message: expect.any(String) });
    }
  });

  it('has no compiler for an unknown version path', async () => {
    const res = await post(`${API_BASE_PATH}/logo/9.9/compile`, { logo: S04 });
    expect(res.statusCode).toBe(404);
  });

  it('needs no sign-in', async () => {
    const res = await post(`${API_BASE_PATH}${compilerPath('1.4')}`, { logo: S04 });
    expect(res.statusCode).toBe(200);
  });
});

describe('Logo compile endpoints (limits)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({
      COMPILE_RATE_PER_SECOND: '1',
      COMPILE_BURST: '3',
      COMPILE_BODY_LIMIT: '2048',
    });
  });
  afterAll(() => t.close());

  it('refuses a body over the compile limit with 413', async () => {
    const res = await postForm(t, OFFLINE_COMPILE_PATH, {
      logo: `to main\n${'beep\n'.repeat(600)}end\n`,
    });
    expect(res.statusCode).toBe(413);
  });

  it('answers 429 with Retry-After once a client has used its burst', async () => {
    const statuses: number[] = [];
    let retryAfter: string | undefined;
    for (let i = 0; i < 6; i++) {
      const res = await postForm(t, OFFLINE_COMPILE_PATH, { logo: S04 }, '10.1.2.3');
      statuses.push(res.statusCode);
      if (res.statusCode === 429) retryAfter = res.headers['retry-after'] as string;
    }
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(2);
    expect(Number(retryAfter)).toBeGreaterThanOrEqual(1);
    // Another address has its own bucket.
    const other = await postForm(t, OFFLINE_COMPILE_PATH, { logo: S04 }, '10.9.9.9');
    expect(other.statusCode).toBe(200);
  });
});

describe('RateLimiter', () => {
  it('refills at the configured rate up to the burst', () => {
    let now = 0;
    const limiter = new RateLimiter(2, 2, () => now);
    expect([limiter.take('a'), limiter.take('a'), limiter.take('a')]).toEqual([0, 0, 1]);
    now = 500; // half a second: one token back
    expect(limiter.take('a')).toBe(0);
    expect(limiter.take('a')).toBe(1);
    now = 10_000; // long idle: back to the burst, not beyond
    expect([limiter.take('a'), limiter.take('a'), limiter.take('a')]).toEqual([0, 0, 1]);
  });
});
