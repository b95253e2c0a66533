import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE_PATH } from '../../src/contract/base-path.ts';
import { CODE_MAX } from '../../src/contract/projects.ts';
import { startTestApp, type TestApp } from '../testing/test-app.ts';
import { testEngine } from '../testing/test-db.ts';

const XML =
  '<xml xmlns="https://developers.google.com/blockly/xml"><block type="gogo_start" x="1"/></xml>';

describe(`storage service (${testEngine()})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
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

  it('gives the same text the same key, and different text another', async () => {
    const a = (await link({ action: 'link', xml: `${XML}<!--a-->` })).body;
    const again = (await link({ action: 'link', xml: `${XML}<!--a-->`, uid: 'other' })).body;
    const b = (await link({ action: 'link', xml: `${XML}<!--b-->` })).body;
    expect(again).toBe(a);
    expect(b).not.toBe(a);
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
