import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE_PATH } from '../../src/contract/base-path.ts';
import { CODE_MAX } from '../../src/contract/projects.ts';
import { WorkspaceStore } from '../storage/workspace-store.ts';
import { startTestApp, type TestApp } from '../testing/test-app.ts';
import { testEngine } from '../testing/test-db.ts';

const XML =
  '<xml xmlns="https://developers.google.com/blockly/xml"><block type="gogo_start" x="1"/></xml>';

describe(`storage service (${testEngine()})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    // Limits high enough for the tests below; the limits have tests of their own.
    t = await startTestApp({
      ANONYMOUS_WRITES_PER_MINUTE: '100000',
      ANONYMOUS_WRITE_BURST: '1000',
    });
  });
  afterAll(() => t.close());

  const link = (
    fields: Record<string, string>,
    contentType = 'application/x-www-form-urlencoded',
  ) =>
    t.app.inject({
      method: 'POST',
      url: `${API_BASE_PATH}/storage`,
      headers: { 'content-type': contentType },
      payload: new URLSearchParams(fields).toString(),
    });
  const get = (query: string) => t.app.inject({ url: `${API_BASE_PATH}/storage?${query}` });

  it('stores a workspace without sign-in and answers a 36-character key as text', async () => {
    const res = await link({ action: 'link', xml: XML, uid: 'anon-1' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.body).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(res.body).toHaveLength(36);

    const back = await get(`action=get&key=${res.body}&uid=someone-else`);
    expect(back.statusCode).toBe(200);
    expect(back.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(back.body).toBe(XML);
  });

  it('keeps non-ASCII text and line breaks exactly', async () => {
    const xml = `<xml>\n  <field name="TEXT">สวัสดี &amp; olá</field>\r\n</xml>`;
    const key = (await link({ action: 'link', xml })).body;
    expect((await get(`action=get&key=${key}`)).body).toBe(xml);
  });

  it('gives every share its own random key, so a key says nothing about the program', async () => {
    const a = (await link({ action: 'link', xml: `${XML}<!--a-->` })).body;
    const again = (await link({ action: 'link', xml: `${XML}<!--a-->` })).body;
    expect(again).toHaveLength(36);
    expect(again).not.toBe(a);
    expect((await get(`action=get&key=${a}`)).body).toBe(`${XML}<!--a-->`);
    expect((await get(`action=get&key=${again}`)).body).toBe(`${XML}<!--a-->`);
  });

  it('refuses a program over 256 KiB of text (413), counted in bytes', async () => {
    // Fewer characters than the schema's limit, but three bytes each.
    const xml = `<xml>${'ท'.repeat(90_000)}</xml>`;
    const res = await link({ action: 'link', xml });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ error: 'workspace_too_large', message: expect.any(String) });
  });

  it('stores a program of the largest allowed size', async () => {
    const xml = `<xml>${'x'.repeat(CODE_MAX - 11)}</xml>`;
    expect(xml).toHaveLength(CODE_MAX);
    const res = await link({ action: 'link', xml });
    expect(res.statusCode).toBe(200);
    expect((await get(`action=get&key=${res.body}`)).body).toBe(xml);
  });

  it.each([
    ['no action', { xml: XML }, "body must have required property 'action'"],
    ['another action', { action: 'get', xml: XML }, 'body/action must be equal to constant'],
    ['no xml', { action: 'link' }, "body must have required property 'xml'"],
    ['blank xml', { action: 'link', xml: '  ' }, 'body/xml must not be blank'],
    ['too much xml', { action: 'link', xml: 'x'.repeat(CODE_MAX + 1) }, 'body/xml'],
    ['a long uid', { action: 'link', xml: XML, uid: 'u'.repeat(129) }, 'body/uid'],
  ])('refuses a link with %s (400)', async (_what, fields, message) => {
    const res = await link(fields);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'bad_request', message: expect.stringContaining(message) });
  });

  it.each([
    ['action=get&key=0b8f8d2e-5a77-4c1e-9d8e-2f7a1c3b4d5e', 404, 'workspace_not_found'],
    ['action=get&key=short', 400, 'bad_request'],
    ['action=get', 400, 'bad_request'],
    ['action=link&key=0b8f8d2e-5a77-4c1e-9d8e-2f7a1c3b4d5e', 400, 'bad_request'],
  ])('answers GET ?%s with %i', async (query, status, error) => {
    const res = await get(query);
    expect(res.statusCode).toBe(status);
    expect(res.json().error).toBe(error);
  });

  it('refuses a body type it does not read', async () => {
    const res = await link({ action: 'link', xml: XML }, 'application/octet-stream');
    expect(res.statusCode).toBe(415);
  });

  it('is public: the routes need no token', () => {
    const routes = t.app.apiRoutes.filter((r) => r.url === `${API_BASE_PATH}/storage`);
    expect(routes.map((r) => [r.method, r.isPublic])).toEqual([
      ['GET', true],
      ['POST', true],
    ]);
  });
});

describe(`storage service limits (${testEngine()})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({
      STORAGE_BYTES_PER_DAY: String(300 * 1024),
      // One write back a minute: the burst's end does not hang on how fast the machine is.
      ANONYMOUS_WRITES_PER_MINUTE: '1',
      ANONYMOUS_WRITE_BURST: '5',
      STORAGE_TTL_DAYS: '30',
    });
  });
  afterAll(() => t.close());

  const link = (xml: string, remoteAddress: string) =>
    t.app.inject({
      method: 'POST',
      url: `${API_BASE_PATH}/storage`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ action: 'link', xml }).toString(),
      remoteAddress,
    });

  it('limits the shares and the bytes one client stores, not the others', async () => {
    const big = `<xml>${'x'.repeat(200 * 1024)}</xml>`;
    expect((await link(big, '10.0.0.1')).statusCode).toBe(200);
    // 400 KiB would pass the day's 300 KiB for this client.
    const over = await link(big, '10.0.0.1');
    expect(over.statusCode).toBe(429);
    expect(over.json()).toEqual({ error: 'too_many_requests', message: expect.any(String) });
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect((await link(big, '10.0.0.2')).statusCode).toBe(200);
    // And the count of writes: a burst of five, then 429.
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) statuses.push((await link('<xml/>', '10.0.0.3')).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429, 429]);
  });

  it('deletes shares nobody opened for the configured days, and keeps opened ones', async () => {
    const opened = (await link('<xml>opened</xml>', '10.0.1.1')).body;
    const forgotten = (await link('<xml>forgotten</xml>', '10.0.1.2')).body;
    const day = 86_400_000;
    // 20 days later someone opens one of them...
    const later = new WorkspaceStore(t.app.services.db.kysely, () => Date.now() + 20 * day);
    expect(await later.get(opened)).toBe('<xml>opened</xml>');
    // ...and 35 days after the share, the other one is gone.
    const sweeper = new WorkspaceStore(t.app.services.db.kysely, () => Date.now() + 35 * day);
    expect(await sweeper.sweep(30)).toBeGreaterThanOrEqual(1);
    const get = (key: string) =>
      t.app.inject({ url: `${API_BASE_PATH}/storage?action=get&key=${key}` });
    expect((await get(opened)).statusCode).toBe(200);
    expect((await get(forgotten)).statusCode).toBe(404);
  });
});
