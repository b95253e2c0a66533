import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE_PATH } from '../../src/contract/base-path.ts';
import { PUBLIC_LOG_ID } from '../../src/contract/datalog.ts';
import { signUpWithPassword } from '../testing/emulator-accounts.ts';
import { bearer, startTestApp, type TestApp } from '../testing/test-app.ts';

// Walks the registered route table, so a route group added later is covered without
// touching this file.
describe('API access control', () => {
  let t: TestApp;
  let userToken: string;

  beforeAll(async () => {
    t = await startTestApp();
    userToken = (await signUpWithPassword(t.emulatorHost)).idToken;
  });
  afterAll(() => t.close());

  const concrete = (url: string) =>
    url.replace(/:[A-Za-z_]+/g, '00000000-0000-4000-8000-000000000000');
  const call = (method: string, url: string, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: method as 'GET',
      url: concrete(url),
      headers: { 'content-type': 'application/json', ...headers },
      ...(['POST', 'PUT', 'PATCH'].includes(method) ? { payload: '{}' } : {}),
    });

  /** A web UI dashboard of the signed-in user, shared read-only: its link token. */
  const sharedDashboardToken = async (name: string): Promise<string> => {
    const auth = { ...bearer(userToken), 'content-type': 'application/json' };
    const made = await t.app.inject({
      method: 'POST',
      url: `${API_BASE_PATH}/webui/dashboards`,
      headers: auth,
      payload: { name, widgets: [] },
    });
    const shared = await t.app.inject({
      method: 'PUT',
      url: `${API_BASE_PATH}/webui/dashboards/${made.json<{ uuid: string }>().uuid}/share`,
      headers: auth,
      payload: { shared: true },
    });
    return shared.json<{ shareToken: string }>().shareToken;
  };

  /** A published project in a catalog, made by the signed-in user, for the signed-out reads. */
  let shelf: Promise<{ project: string; catalog: string }> | undefined;
  const publishedShelf = () =>
    (shelf ??= (async () => {
      const auth = { ...bearer(userToken), 'content-type': 'application/json' };
      const post = (url: string, payload: object, method: 'POST' | 'PUT' = 'POST') =>
        t.app.inject({
          method,
          url: `${API_BASE_PATH}${url}`,
          headers: auth,
          payload: { ...payload },
        });
      const project = (await post('/project/create', { name: 'Open' })).json<{ uuid: string }>()
        .uuid;
      await post(`/project/${project}/publish`, {}, 'PUT');
      const catalog = (await post('/catalog/create', { name: 'Shelf' })).json<{ uuid: string }>()
        .uuid;
      await post(`/catalog/${catalog}/add`, { project }, 'PUT');
      return { project, catalog };
    })());

  it('registers the sign-in, profile and user-management routes as protected', () => {
    const urls = t.app.apiRoutes.filter((r) => !r.isPublic).map((r) => `${r.method} ${r.url}`);
    expect(urls).toEqual(
      expect.arrayContaining([
        `POST ${API_BASE_PATH}/auth`,
        `GET ${API_BASE_PATH}/user/me`,
        `PUT ${API_BASE_PATH}/user/me`,
        `GET ${API_BASE_PATH}/user/browse`,
        `POST ${API_BASE_PATH}/user/create`,
        `POST ${API_BASE_PATH}/user/update`,
        `POST ${API_BASE_PATH}/user/delete`,
      ]),
    );
  });

  it('answers 401 on every protected route without a token', async () => {
    for (const r of t.app.apiRoutes.filter((x) => !x.isPublic)) {
      const res = await call(r.method, r.url);
      expect(res.statusCode, `${r.method} ${r.url}`).toBe(401);
      expect(res.json()).toEqual({ error: 'unauthorized', message: expect.any(String) });
    }
  });

  it('answers 401 on every protected route with a forged or malformed token', async () => {
    const forged = userToken.replace(/\.[^.]*\./, '.eyJzdWIiOiJ4In0.');
    for (const r of t.app.apiRoutes.filter((x) => !x.isPublic)) {
      for (const header of [`Bearer ${forged}`, 'Bearer not-a-jwt', 'Basic abc', 'Bearer']) {
        const res = await call(r.method, r.url, { authorization: header });
        expect(res.statusCode, `${r.method} ${r.url} with ${header.slice(0, 12)}`).toBe(401);
      }
    }
  });

  it('answers 403 to a plain user on every role-restricted route', async () => {
    const restricted = t.app.apiRoutes.filter((r) => r.roles && !r.roles.includes('user'));
    expect(restricted.length).toBeGreaterThanOrEqual(4);
    for (const r of restricted) {
      const res = await call(r.method, r.url, bearer(userToken));
      expect(res.statusCode, `${r.method} ${r.url}`).toBe(403);
      expect(res.json().error).toBe('forbidden');
    }
  });

  it('lets anyone read the public routes', async () => {
    const publicLog = `${API_BASE_PATH}/datalog/channels/${PUBLIC_LOG_ID}`;
    const open = t.app.apiRoutes.filter((r) => r.isPublic);
    expect(open.map((r) => r.url)).toEqual(
      expect.arrayContaining([
        `${API_BASE_PATH}/health`,
        `${API_BASE_PATH}/config`,
        `${API_BASE_PATH}/logo/1.3/compile`,
      ]),
    );
    // Public routes that need input, called the way their clients call them.
    const samples: Record<string, () => ReturnType<typeof call>> = {
      [`POST ${API_BASE_PATH}/storage`]: () =>
        t.app.inject({
          method: 'POST',
          url: `${API_BASE_PATH}/storage`,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: 'action=link&xml=%3Cxml%2F%3E',
        }),
      [`GET ${API_BASE_PATH}/storage`]: async () => {
        const key = (await samples[`POST ${API_BASE_PATH}/storage`]?.())?.body ?? '';
        return t.app.inject({ url: `${API_BASE_PATH}/storage?action=get&key=${key}` });
      },
      [`GET ${API_BASE_PATH}/examples/:lang`]: () => call('GET', `${API_BASE_PATH}/examples/gb`),
      // The cloud datalog's public calls, on the public log.
      [`GET ${API_BASE_PATH}/datalog/channels/:id`]: () => call('GET', publicLog),
      [`GET ${API_BASE_PATH}/datalog/channels/:id/fields`]: () =>
        call('GET', `${publicLog}/fields`),
      [`GET ${API_BASE_PATH}/datalog/channels/:id/series`]: () =>
        call('GET', `${publicLog}/series?aggregation=mean&period=minute&range=today`),
      // The event stream never ends by itself: read its status over a real socket.
      [`GET ${API_BASE_PATH}/datalog/channels/:id/events`]: async () => {
        const address = await t.app.listen({ host: '127.0.0.1', port: 0 });
        const stop = new AbortController();
        const res = await fetch(`${address}${publicLog}/events`, { signal: stop.signal });
        stop.abort();
        return { statusCode: res.status } as Awaited<ReturnType<typeof call>>;
      },
      [`POST ${API_BASE_PATH}/datalog/channels/:id/records`]: () =>
        t.app.inject({
          method: 'POST',
          url: `${publicLog}/records`,
          payload: { records: [{ name: 'x', value: 1 }] },
        }),
      [`POST ${API_BASE_PATH}/datalog/record`]: () =>
        t.app.inject({
          method: 'POST',
          url: `${API_BASE_PATH}/datalog/record`,
          payload: { name: 'x', value: 1, public: true },
        }),
      [`POST ${API_BASE_PATH}/firmware/download`]: () =>
        t.app.inject({
          method: 'POST',
          url: `${API_BASE_PATH}/firmware/download`,
          payload: { url: `${API_BASE_PATH}/firmware/files/gogo-stm-1.0.1.bin` },
        }),
      [`GET ${API_BASE_PATH}/firmware/files/:name`]: () =>
        call('GET', `${API_BASE_PATH}/firmware/files/gogo-esp-1.0.3.bin`),
      [`GET ${API_BASE_PATH}/firmware/legacy/:name`]: () =>
        call('GET', `${API_BASE_PATH}/firmware/legacy/bootloader.hex`),
      // A CLI lab station with its lab's station key.
      [`POST ${API_BASE_PATH}/lab/station/connect`]: async () => {
        const auth = { ...bearer(userToken), 'content-type': 'application/json' };
        const lab = await t.app.inject({
          method: 'POST',
          url: `${API_BASE_PATH}/lab/create`,
          headers: auth,
          payload: { name: 'Bench', board_id: `ACC${Date.now()}`, pin: '2468' },
        });
        const { uuid, board_id } = lab.json<{ uuid: string; board_id: string }>();
        const key = await t.app.inject({
          method: 'POST',
          url: `${API_BASE_PATH}/lab/${uuid}/station-key`,
          headers: auth,
          payload: {},
        });
        return t.app.inject({
          method: 'POST',
          url: `${API_BASE_PATH}/lab/station/connect`,
          payload: { board_id, key: key.json<{ key: string }>().key },
        });
      },
      // A web UI dashboard's read-only link, shared by its owner.
      [`GET ${API_BASE_PATH}/webui/shared/:token`]: async () => {
        const token = await sharedDashboardToken('Shared');
        return t.app.inject({ url: `${API_BASE_PATH}/webui/shared/${token}` });
      },
      [`POST ${API_BASE_PATH}/webui/shared/:token/broker`]: async () => {
        const token = await sharedDashboardToken('Viewed');
        return t.app.inject({
          method: 'POST',
          url: `${API_BASE_PATH}/webui/shared/${token}/broker`,
          payload: {},
        });
      },
      // Published projects and catalogs, read signed out.
      [`GET ${API_BASE_PATH}/project/:uuid`]: async () =>
        call('GET', `${API_BASE_PATH}/project/${(await publishedShelf()).project}`),
      [`GET ${API_BASE_PATH}/project/:uuid/code`]: async () =>
        call('GET', `${API_BASE_PATH}/project/${(await publishedShelf()).project}/code`),
      [`GET ${API_BASE_PATH}/project/:uuid/remixes`]: async () =>
        call('GET', `${API_BASE_PATH}/project/${(await publishedShelf()).project}/remixes`),
      [`GET ${API_BASE_PATH}/catalog/:uuid`]: async () =>
        call('GET', `${API_BASE_PATH}/catalog/${(await publishedShelf()).catalog}`),
      [`GET ${API_BASE_PATH}/catalog/:uuid/projects`]: async () =>
        call('GET', `${API_BASE_PATH}/catalog/${(await publishedShelf()).catalog}/projects`),
      // A class header image a signed-in user uploaded: <img> tags fetch it without a token.
      [`GET ${API_BASE_PATH}/classroom/image/:id`]: async () => {
        const gif = Buffer.from('R0lGODlhAQABAAAAACwAAAAAAQABAAA=', 'base64');
        const uploaded = await t.app.inject({
          method: 'POST',
          url: `${API_BASE_PATH}/classroom/image`,
          headers: { ...bearer(userToken), 'content-type': 'image/gif' },
          payload: gif,
        });
        return t.app.inject({ url: String(uploaded.json().url) });
      },
    };
    // The compile services take a form body with a Logo program.
    const compile = (url: string) =>
      t.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'logo=to%20go%20beep%20end',
      });
    for (const r of open) {
      const sample =
        samples[`${r.method} ${r.url}`] ??
        (r.url.endsWith('/compile') ? () => compile(r.url) : null);
      const res = await (sample?.() ?? call(r.method, r.url));
      expect(res.statusCode, `${r.method} ${r.url}`).toBe(200);
    }
  });
});
