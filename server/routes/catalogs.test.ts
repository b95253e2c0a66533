import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE_PATH } from '../../src/contract/base-path.ts';
import { apiCaller, type ApiCall, type Method } from '../testing/api-caller.ts';
import { signInWithGoogle } from '../testing/emulator-accounts.ts';
import { startTestApp, type TestApp } from '../testing/test-app.ts';
import { testEngine } from '../testing/test-db.ts';

const MISSING = '00000000-0000-4000-8000-000000000000';

describe(`catalog service (${testEngine()})`, () => {
  let t: TestApp;
  let call: ApiCall;
  let owner: string;
  let other: string;

  beforeAll(async () => {
    t = await startTestApp();
    call = apiCaller(t);
    owner = (await signInWithGoogle(t.emulatorHost, undefined, 'Carla Curator')).idToken;
    other = (await signInWithGoogle(t.emulatorHost, undefined, 'Otto Other')).idToken;
  });
  afterAll(() => t.close());

  let counter = 0;
  async function catalog(token: string, body: Record<string, unknown> = {}): Promise<string> {
    const res = await call('POST', '/catalog/create', token, { name: `C${++counter}`, ...body });
    expect(res.status).toBe(201);
    return res.body.uuid as string;
  }

  async function project(token: string, name = 'P', publish = true): Promise<string> {
    const res = await call('POST', '/project/create', token, { name, code: '<xml/>' });
    if (publish) await call('PUT', `/project/${res.body.uuid}/publish`, token, {});
    return res.body.uuid as string;
  }

  describe('authorization of every call', () => {
    // [method, path (:c catalog, :p a published project in it), body, owner, other, anonymous]
    // A signed-out visitor reads catalogs and signs in for the rest.
    type Row = [Method, string, unknown, number, number, number];
    const ROWS: Row[] = [
      ['GET', '/catalog/:c', undefined, 200, 200, 200],
      ['PUT', '/catalog/:c', { desc: 'Best of' }, 200, 403, 401],
      ['PUT', '/catalog/:c/add', { project: ':p' }, 200, 403, 401],
      ['GET', '/catalog/:c/projects', undefined, 200, 200, 200],
      ['GET', '/catalog/:c/my-added', undefined, 200, 200, 401],
      ['DELETE', '/catalog/:c/:p', undefined, 200, 403, 401],
      ['DELETE', '/catalog/:c', undefined, 200, 403, 401],
    ];

    it.each(ROWS)(
      '%s %s: owner, other user, anonymous',
      async (method, path, body, ok, o, anon) => {
        const c = await catalog(owner);
        const p = await project(owner);
        await call('PUT', `/catalog/${c}/add`, owner, { project: p });
        const url = path.replace(':c', c).replace(':p', p);
        const payload = body && JSON.parse(JSON.stringify(body).replace(':p', p));
        expect((await call(method, url, null, payload)).status).toBe(anon);
        expect((await call(method, url, other, payload)).status).toBe(o);
        expect((await call(method, url, owner, payload)).status).toBe(ok);
        const missing = path.replace(':c', MISSING).replace(':p', p);
        expect((await call(method, missing, owner, payload)).status).toBe(404);
      },
    );

    it.each([
      ['POST', '/catalog/create', { name: 'Anyone may' }, 201],
      ['GET', '/catalogs/my/', undefined, 200],
      ['GET', '/catalogs/my', undefined, 200],
      ['GET', '/catalogs/my/all', undefined, 200],
    ] as const)('%s %s: any signed-in user, never anonymous', async (method, path, body, ok) => {
      expect((await call(method, path, null, body)).status).toBe(401);
      expect((await call(method, path, other, body)).status).toBe(ok);
    });

    it('covers every catalog route the server registers', () => {
      const tested = new Set([
        ...ROWS.map(([m, p]) => `${m} ${p.replace(':c', ':uuid').replace(':p', ':project')}`),
        'POST /catalog/create',
        'GET /catalogs/browse',
        'GET /catalogs/my/',
        'GET /catalogs/my',
        'GET /catalogs/my/all',
      ]);
      const registered = t.app.apiRoutes
        .filter((r) => /^\/(catalog|catalogs)\//.test(r.url.slice(API_BASE_PATH.length)))
        .map((r) => `${r.method} ${r.url.slice(API_BASE_PATH.length)}`);
      expect(new Set(registered)).toEqual(tested);
    });
  });

  it("refuses a second catalog of the same name: 'You already have this catalog'", async () => {
    await catalog(owner, { name: 'Robots' });
    const again = await call('POST', '/catalog/create', owner, { name: '  robots ' });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({
      error: 'catalog_exists',
      message: 'You already have this catalog',
    });
    // Someone else may have their own "Robots".
    expect((await call('POST', '/catalog/create', other, { name: 'Robots' })).status).toBe(201);
    // Renaming onto a name already taken is refused too.
    const second = await catalog(owner, { name: 'Sensors' });
    const rename = await call('PUT', `/catalog/${second}`, owner, { name: 'ROBOTS' });
    expect(rename.body.error).toBe('catalog_exists');
    expect((await call('PUT', `/catalog/${second}`, owner, { name: 'Sensors!' })).status).toBe(200);
  });

  it('validates names and header images like projects', async () => {
    const blank = await call('POST', '/catalog/create', owner, { name: ' ' });
    expect(blank.status).toBe(400);
    const long = await call('POST', '/catalog/create', owner, { name: 'x'.repeat(101) });
    expect(long.status).toBe(400);
    const url = await call('POST', '/catalog/create', owner, { name: 'Y', headerImage: 'nope' });
    expect(url.body).toEqual({ error: 'invalid_url', message: 'The URL is invalid' });
  });

  it('holds the projects its owner adds, showing each caller only what they may see', async () => {
    const c = await catalog(owner, { name: 'Favourites', desc: '*mine*' });
    const mine = await project(owner, 'Mine public');
    const draft = await project(owner, 'Mine draft', false);
    const theirs = await project(other, 'Theirs public');
    const theirsDraft = await project(other, 'Theirs draft', false);

    for (const p of [mine, draft, theirs, mine]) {
      expect((await call('PUT', `/catalog/${c}/add`, owner, { project: p })).status).toBe(200);
    }
    // Someone else's unpublished project does not exist for the catalog owner.
    const hidden = await call('PUT', `/catalog/${c}/add`, owner, { project: theirsDraft });
    expect(hidden.body.error).toBe('project_not_found');

    const list = async (token: string | null, suffix = 'projects') =>
      (
        (await call('GET', `/catalog/${c}/${suffix}?order=name`, token)).body.data as {
          name: string;
        }[]
      ).map((p) => p.name);
    expect(await list(owner)).toEqual(['Mine draft', 'Mine public', 'Theirs public']);
    expect(await list(other)).toEqual(['Mine public', 'Theirs public']);
    expect(await list(other, 'my-added')).toEqual(['Theirs public']);
    // A signed-out visitor sees the published projects, and the catalog as another user does.
    expect(await list(null)).toEqual(['Mine public', 'Theirs public']);
    expect((await call('GET', `/catalog/${c}`, null)).body).toMatchObject({
      name: 'Favourites',
      projects: 2,
      isEditable: false,
    });
    expect((await call('GET', `/catalog/${c}`, owner)).body).toMatchObject({
      name: 'Favourites',
      desc: '*mine*',
      projects: 3,
      isEditable: true,
      author: { name: 'Carla Curator' },
    });
    expect((await call('GET', `/catalog/${c}`, other)).body).toMatchObject({
      projects: 2,
      isEditable: false,
    });

    // The project knows which of my catalogs hold it.
    const holding = await call('GET', `/project/${theirs}/my-added`, owner);
    expect(holding.body.data.map((x: { uuid: string }) => x.uuid)).toEqual([c]);
    expect((await call('GET', `/project/${theirs}/my-added`, other)).body.data).toEqual([]);

    const removed = await call('DELETE', `/catalog/${c}/${theirs}`, owner);
    expect(removed.body.projects).toBe(2);
    const again = await call('DELETE', `/catalog/${c}/${theirs}`, owner);
    expect(again.body.error).toBe('project_not_in_catalog');

    // Deleting a project takes it out of every catalog.
    await call('DELETE', `/project/${mine}`, owner);
    expect(await list(owner)).toEqual(['Mine draft']);

    expect((await call('DELETE', `/catalog/${c}`, owner)).body).toEqual({ uuid: c });
    expect((await call('GET', `/catalog/${c}`, owner)).status).toBe(404);
    expect((await call('GET', `/project/${draft}`, owner)).status).toBe(200);
  });

  it('lists, searches and pages catalogs', async () => {
    const tag = `cat${Date.now().toString(36)}`;
    for (const n of ['c', 'a', 'b']) await catalog(owner, { name: `${tag} ${n}` });
    await catalog(other, { name: `${tag} z` });
    const names = async (path: string, token = owner) => {
      const res = await call('GET', path, token);
      expect(res.status).toBe(200);
      return (res.body.data as { name: string }[]).map((x) => x.name.slice(tag.length + 1));
    };
    expect(await names(`/catalogs/browse?query=${tag}&order=name`)).toEqual(['a', 'b', 'c', 'z']);
    expect(await names(`/catalogs/browse?query=${tag}`)).toEqual(['z', 'b', 'a', 'c']);
    expect(await names(`/catalogs/my/?query=${tag}&order=oldest`)).toEqual(['c', 'a', 'b']);
    expect(await names(`/catalogs/my?query=${tag}&order=name&per_page=2&page=2`)).toEqual(['c']);
    // Signed out, the same list.
    const anon = await call('GET', `/catalogs/browse?query=${tag}&order=name`, null);
    expect((anon.body.data as { name: string }[]).map((x) => x.name.slice(tag.length + 1))).toEqual(
      ['a', 'b', 'c', 'z'],
    );
    const page = await call('GET', `/catalogs/browse?query=${tag}&per_page=2`, other);
    expect(page.body.links.pagination).toEqual({
      total: 4,
      per_page: 2,
      current_page: 1,
      last_page: 2,
      from: 1,
      to: 2,
    });
    const all = (await call('GET', '/catalogs/my/all', other)).body.data as { name: string }[];
    expect(all.map((x) => x.name)).toContain(`${tag} z`);
    expect(all.every((x) => !x.name.startsWith(`${tag} a`))).toBe(true);
  });

  it.each([
    ['/catalog/create', { name: 'X', extra: 1 }, 201],
    ['/catalog/create', { desc: 'no name' }, 400],
  ] as const)('POST %s %j answers %i', async (path, body, status) => {
    expect((await call('POST', path, owner, body)).status).toBe(status);
  });

  it('refuses adding something that is not a project id', async () => {
    const c = await catalog(owner);
    const res = await call('PUT', `/catalog/${c}/add`, owner, { project: 'nope' });
    expect(res.status).toBe(400);
    expect(res.body.message).toContain('body/project must be a 36-character lowercase UUID');
  });
});
