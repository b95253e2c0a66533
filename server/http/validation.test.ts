import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE_PATH } from '../../src/contract/base-path.ts';
import { compilerPath } from '../../src/contract/compile.ts';
import { PUBLIC_LOG_ID } from '../../src/contract/datalog.ts';
import { signUpWithPassword } from '../testing/emulator-accounts.ts';
import { bearer, startTestApp, type TestApp } from '../testing/test-app.ts';
import { badTextPath } from './validation.ts';

describe('request validation', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await startTestApp();
    token = (await signUpWithPassword(t.emulatorHost)).idToken;
  });
  afterAll(() => t.close());

  const json = (method: 'POST' | 'PUT', url: string, payload: string, auth = true) =>
    t.app.inject({
      method,
      url: `${API_BASE_PATH}${url}`,
      headers: { 'content-type': 'application/json', ...(auth ? bearer(token) : {}) },
      payload,
    });

  it('takes null in JSON for what it is: not false, not 0, not empty', async () => {
    const cases: [string, string, string][] = [
      ['POST', '/datalog/channels', '{"name":"Lab","isPublic":null}'],
      [
        'POST',
        `/datalog/channels/${PUBLIC_LOG_ID}/records`,
        '{"records":[{"name":"t","value":null}]}',
      ],
      ['POST', '/datalog/record', '{"name":"t","value":1,"public":null}'],
      ['PUT', '/user/me', '{"name":null}'],
    ];
    for (const [method, url, body] of cases) {
      const res = await json(method as 'POST', url, body);
      expect(res.statusCode, `${method} ${url} ${body}`).toBe(400);
      expect(res.json()).toEqual({ error: 'bad_request', message: expect.any(String) });
    }
    // Nothing was stored on the way.
    const fields = await t.app.inject({
      url: `${API_BASE_PATH}/datalog/channels/${PUBLIC_LOG_ID}/fields`,
    });
    expect(fields.json().data).toEqual([]);
  });

  it('still reads numbers from form fields and query strings', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `${API_BASE_PATH}${compilerPath('dev')}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'logo=to%20main%20beep%20end&board_type=6&firmware_version=42',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().result).toBe(true);
    const page = await t.app.inject({
      url: `${API_BASE_PATH}/projects/browse?page=2`,
      headers: bearer(token),
    });
    expect(page.statusCode).toBe(200);
  });

  it('refuses NUL characters and lone surrogates in bodies, queries and paths', async () => {
    const bodies = [
      '{"name":"Lab\\u0000"}',
      '{"name":"Lab\\ud800"}',
      '{"name":"\\udc00Lab"}',
      '{"name":"Lab","isPublic":false,"\\u0000":1}',
    ];
    for (const body of bodies) {
      const res = await json('POST', '/datalog/channels', body);
      expect(res.statusCode, body).toBe(400);
      expect(res.json(), body).toEqual({ error: 'bad_text', message: expect.any(String) });
    }
    const query = await t.app.inject({
      url: `${API_BASE_PATH}/projects/browse?query=a%00b`,
      headers: bearer(token),
    });
    expect(query.statusCode).toBe(400);
    expect(query.json().error).toBe('bad_text');
    const form = await t.app.inject({
      method: 'POST',
      url: `${API_BASE_PATH}/storage`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'action=link&xml=%3Cxml%3E%00%3C%2Fxml%3E',
    });
    expect(form.statusCode).toBe(400);
    // A well-formed pair (an emoji) and other text are fine.
    const ok = await json('POST', '/datalog/channels', '{"name":"Lab \\ud83d\\ude80 ทดลอง"}');
    expect(ok.statusCode).toBe(201);
    expect(ok.json().name).toBe('Lab 🚀 ทดลอง');
  });

  it('finds bad text at any depth without recursion', () => {
    let deep: unknown = 'ok\0';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(badTextPath(deep)).toMatch(/^\/0\/0/);
    expect(badTextPath({ a: [{ b: 'fine' }, 'x\uD800'] })).toBe('/a/1');
    expect(badTextPath({ a: ['\uD83D\uDE80'] })).toBeNull();
  });

  it("answers Node's own refusals (bad chunked body, CL with TE) in the error shape", async () => {
    const origin = new URL(await t.app.listen({ host: '127.0.0.1', port: 0 }));
    /** Sends raw bytes; everything the server answers before it closes. */
    const raw = (text: string) =>
      new Promise<string>((resolve, reject) => {
        let answer = '';
        const socket = net.connect(Number(origin.port), '127.0.0.1', () => socket.write(text));
        socket.setEncoding('utf8');
        socket.on('data', (chunk: string) => (answer += chunk));
        socket.on('close', () => resolve(answer));
        socket.on('error', reject);
      });
    const url = `${API_BASE_PATH}/datalog/record`;
    for (const request of [
      // A chunk size that is not hexadecimal.
      `POST ${url} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n`,
      // Content-Length and Transfer-Encoding together (request smuggling).
      `POST ${url} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 2\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n`,
      'NOT-HTTP\r\n\r\n',
    ]) {
      const answer = await raw(request);
      const [head = '', body = ''] = answer.split('\r\n\r\n');
      expect(head, request).toMatch(/^HTTP\/1\.1 400 /);
      expect(head.toLowerCase()).toContain('content-type: application/json');
      expect(JSON.parse(body)).toEqual({ error: 'bad_request', message: expect.any(String) });
    }
  });
});
