import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { Type } from '@sinclair/typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressDir } from '../scripts/vite-precompress.ts';
import { API_BASE_PATH } from '../src/contract/base-path.ts';
import { createServer } from './app.ts';
import { loadConfig } from './config.ts';
import { signUpWithPassword } from './testing/emulator-accounts.ts';
import { bearer, startTestApp, type TestApp } from './testing/test-app.ts';
import { testEngine } from './testing/test-db.ts';

describe('API server (HTTP behaviour)', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await startTestApp({ BODY_LIMIT: '4096' });
    token = (await signUpWithPassword(t.emulatorHost)).idToken;
  });
  afterAll(() => t.close());

  it('reports health and the database engine in use', async () => {
    const res = await t.app.inject({ url: `${API_BASE_PATH}/health` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok', database: testEngine() });
  });

  it('tells the UI where to sign in and where the brokers are', async () => {
    const res = await t.app.inject({ url: `${API_BASE_PATH}/config` });
    expect(res.json()).toEqual({
      firebase: {
        apiKey: 'demo-api-key',
        authDomain: 'demo-gogo.firebaseapp.com',
        projectId: 'demo-gogo',
      },
      authEmulatorUrl: `http://${t.emulatorHost}`,
      // The embedded brokers, on this server's own port (docs/remote-lab.md).
      mqtt: { lab: '/mqtt/lab', public: '/mqtt/public' },
    });
  });

  it('answers unknown routes with a JSON 404', async () => {
    for (const url of [`${API_BASE_PATH}/nothing-here`, '/no/such/page', `${API_BASE_PATH}/auth`]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toEqual({ error: 'not_found', message: expect.any(String) });
    }
  });

  it('refuses a body over the limit with 413', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: `${API_BASE_PATH}/user/me`,
      headers: { ...bearer(token), 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'x'.repeat(5000) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ error: 'payload_too_large', message: expect.any(String) });
  });

  it('refuses a body that is not JSON with 415', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: `${API_BASE_PATH}/user/me`,
      headers: { ...bearer(token), 'content-type': 'text/xml' },
      payload: '<name>x</name>',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().error).toBe('unsupported_media_type');
  });

  it('answers 400 to a JSON body with no content at all', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `${API_BASE_PATH}/auth`,
      headers: { ...bearer(token), 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('bad_request');
  });

  it('marks every answer nosniff', async () => {
    const res = await t.app.inject({ url: `${API_BASE_PATH}/health` });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});

describe('API server (construction rules)', () => {
  const env = (extra: Record<string, string>) =>
    loadConfig({ LOG_LEVEL: 'silent', FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:1', ...extra });
  let dir: string;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gogo-app-test-'));
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('turns an unexpected failure into a 500 without details', async () => {
    const app = await createServer(env({ SQLITE_FILE: path.join(dir, 'a.sqlite') }));
    app.get('/boom', { schema: { querystring: Type.Object({}) } }, async () => {
      throw new Error('secret detail at /srv/app.ts:12');
    });
    const res = await app.inject({ url: '/boom' });
    await app.close();
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ error: 'internal', message: 'Internal server error' });
    expect(res.body).not.toContain('secret');
  });

  it('refuses to start with an API route that declares no schema', async () => {
    const app = await createServer(env({ SQLITE_FILE: path.join(dir, 'b.sqlite') }));
    expect(() => app.post(`${API_BASE_PATH}/careless`, async () => ({}))).toThrow(
      /declares no schema/,
    );
    await app.close();
  });

  it('serves the built UI with cache rules: entry page revalidates, assets are immutable', async () => {
    const dist = path.join(dir, 'dist');
    fs.mkdirSync(path.join(dist, 'assets'), { recursive: true });
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>GoGo</title>');
    fs.writeFileSync(path.join(dist, 'assets', 'core-abc123.wasm'), Buffer.from([0, 97, 115, 109]));
    const app = await createServer(
      env({ SQLITE_FILE: path.join(dir, 'c.sqlite'), STATIC_DIR: dist }),
    );
    const index = await app.inject({ url: '/' });
    const wasm = await app.inject({ url: '/assets/core-abc123.wasm' });
    const missing = await app.inject({ url: '/assets/nope.js' });
    await app.close();
    expect(index.statusCode).toBe(200);
    expect(index.body).toContain('<title>GoGo</title>');
    expect(index.headers['cache-control']).toBe('no-cache');
    expect(wasm.headers['content-type']).toBe('application/wasm');
    expect(wasm.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toBe('not_found');
  });

  it('sends the brotli or gzip copy the browser accepts, with the same cache rules', async () => {
    const dist = path.join(dir, 'dist-compressed');
    fs.mkdirSync(path.join(dist, 'assets'), { recursive: true });
    const script = `export const blocks = [${'"controls_if", '.repeat(400)}];\n`;
    const page = `<!doctype html><title>GoGo</title>${'<p>first screen</p>'.repeat(100)}`;
    fs.writeFileSync(path.join(dist, 'assets', 'index-3f9a1c.js'), script);
    fs.writeFileSync(path.join(dist, 'index.html'), page);
    fs.writeFileSync(path.join(dist, 'sw.js'), `self.precache = [${'"a.js", '.repeat(300)}];`);
    fs.writeFileSync(path.join(dist, 'assets', 'tiny-77aa.js'), 'export {};');
    const built = await precompressDir(dist);
    expect(built.files).toBe(3); // the tiny file is not worth a copy
    expect(built.brotliBytes).toBeLessThan(built.bytes / 5);

    const app = await createServer(
      env({ SQLITE_FILE: path.join(dir, 'd.sqlite'), STATIC_DIR: dist }),
    );
    const get = (url: string, acceptEncoding?: string) =>
      app.inject({ url, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });
    const br = await get('/assets/index-3f9a1c.js', 'gzip, deflate, br, zstd');
    const gz = await get('/assets/index-3f9a1c.js', 'gzip, deflate');
    const plain = await get('/assets/index-3f9a1c.js');
    const html = await get('/', 'gzip, deflate, br');
    const sw = await get('/sw.js', 'br');
    const tiny = await get('/assets/tiny-77aa.js', 'br');
    await app.close();

    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);
    expect(br.rawPayload.length).toBeLessThan(script.length / 5);
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
    for (const res of [br, gz, plain]) {
      expect(res.headers['content-type']).toMatch(/^text\/javascript|^application\/javascript/);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.headers.vary).toMatch(/accept-encoding/i);
    }
    expect(html.headers['content-encoding']).toBe('br');
    expect(html.headers['content-type']).toMatch(/^text\/html/);
    expect(html.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(html.rawPayload).toString()).toBe(page);
    expect(sw.headers['content-encoding']).toBe('br');
    expect(sw.headers['cache-control']).toBe('no-cache');
    expect(tiny.headers['content-encoding']).toBeUndefined();
    expect(tiny.body).toBe('export {};');
  });
});

describe('API server (headers and client addresses)', () => {
  const env = (extra: Record<string, string>) =>
    loadConfig({ LOG_LEVEL: 'silent', FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:1', ...extra });
  let dir: string;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gogo-app-headers-'));
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('sends the page a content security policy, framing and referrer rules', async () => {
    const dist = path.join(dir, 'dist');
    fs.mkdirSync(dist, { recursive: true });
    fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>GoGo</title>');
    fs.writeFileSync(path.join(dist, 'worker.js'), 'postMessage(1);');
    const app = await createServer(
      env({
        SQLITE_FILE: path.join(dir, 'h.sqlite'),
        STATIC_DIR: dist,
        PUBLIC_AUTH_EMULATOR_URL: 'http://127.0.0.1:4441',
      }),
    );
    const page = await app.inject({ url: '/' });
    const api = await app.inject({ url: `${API_BASE_PATH}/health` });
    const worker = await app.inject({ url: '/worker.js' });
    await app.close();
    // A worker obeys the policy of its own script.
    expect(worker.headers['content-security-policy']).toBe(page.headers['content-security-policy']);
    const policy = String(page.headers['content-security-policy']);
    const directive = (name: string) =>
      policy
        .split('; ')
        .find((d) => d.startsWith(`${name} `))
        ?.split(' ')
        .slice(1);
    expect(directive('script-src')).toEqual([
      "'self'",
      "'wasm-unsafe-eval'",
      'https://apis.google.com',
    ]);
    expect(directive('worker-src')).toEqual(["'self'", 'blob:']);
    expect(directive('frame-ancestors')).toEqual(["'self'"]);
    expect(directive('object-src')).toEqual(["'none'"]);
    expect(directive('connect-src')).toContain('http://127.0.0.1:4441');
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(page.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    // JSON answers need no page policy, but keep the other two.
    expect(api.headers['content-security-policy']).toBeUndefined();
    expect(api.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  /** The address a request counts against, read back through the write limit. */
  async function limitedAddresses(trustProxy: string, forwarded: string[]): Promise<number[]> {
    const app = await createServer(
      env({
        SQLITE_FILE: path.join(dir, `p-${trustProxy.replace(/\W/g, '')}.sqlite`),
        TRUST_PROXY: trustProxy,
        ANONYMOUS_WRITES_PER_MINUTE: '1',
        ANONYMOUS_WRITE_BURST: '1',
      }),
    );
    const statuses: number[] = [];
    for (const xff of forwarded) {
      const res = await app.inject({
        method: 'POST',
        url: `${API_BASE_PATH}/storage`,
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': xff },
        payload: 'action=link&xml=%3Cxml%2F%3E',
        remoteAddress: '10.0.0.1',
      });
      statuses.push(res.statusCode);
    }
    await app.close();
    return statuses;
  }

  it('does not let a forged X-Forwarded-For escape the per-client limit', async () => {
    // One proxy hop: the proxy appends the real client (203.0.113.7) to whatever the
    // client sent; the forged entries in front change nothing.
    expect(
      await limitedAddresses('1', ['1.1.1.1, 203.0.113.7', '2.2.2.2, 203.0.113.7', '203.0.113.7']),
    ).toEqual([200, 429, 429]);
    // Without a trusted proxy, the header is ignored: the socket address is the client.
    expect(await limitedAddresses('0', ['1.1.1.1', '2.2.2.2'])).toEqual([200, 429]);
    // A trusted proxy address: the entry before it is the client, and clients differ.
    expect(await limitedAddresses('10.0.0.1', ['1.1.1.1', '2.2.2.2', '1.1.1.1'])).toEqual([
      200, 200, 429,
    ]);
  });
});
