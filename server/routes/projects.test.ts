import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE_PATH } from '../../src/contract/base-path.ts';
import { CODE_MAX, PROJECT_NAME_MAX } from '../../src/contract/projects.ts';
import { apiCaller, type ApiCall, type Method } from '../testing/api-caller.ts';
import { signInWithGoogle, signUpWithPassword } from '../testing/emulator-accounts.ts';
import { startTestApp, type TestApp } from '../testing/test-app.ts';
import { testEngine } from '../testing/test-db.ts';

const XML =
  '<xml xmlns="https://developers.google.com/blockly/xml"><block type="gogo_start"/></xml>';
const MISSING = '00000000-0000-4000-8000-000000000000';

describe(`project service (${testEngine()})`, () => {
  let t: TestApp;
  let call: ApiCall;
  let owner: string;
  let other: string;
  let third: string;

  beforeAll(async () => {
    t = await startTestApp();
    call = apiCaller(t);
    owner = (await signInWithGoogle(t.emulatorHost, undefined, 'Olga Owner')).idToken;
    other = (await signInWithGoogle(t.emulatorHost, undefined, 'Otto Other')).idToken;
    third = (await signUpWithPassword(t.emulatorHost)).idToken;
  });
  afterAll(() => t.close());

  async function create(token: string, body: Record<string, unknown> = {}): Promise<string> {
    const res = await call('POST', '/project/create', token, { name: 'P', code: XML, ...body });
    expect(res.status).toBe(201);
    return res.body.uuid as string;
  }

  async function published(token: string, body: Record<string, unknown> = {}): Promise<string> {
    const uuid = await create(token, body);
    expect((await call('PUT', `/project/${uuid}/publish`, token, {})).status).toBe(200);
    return uuid;
  }

  describe('authorization of every call', () => {
    // [method, path with :p for the project, body, owner, other user, anonymous]. "other"
    // and the signed-out visitor are asked about an unpublished project (it does not exist
    // for them) and about a published one: another user may read, like and remix it but not
    // change it; a visitor only reads it, and is asked to sign in for the rest (401).
    type Status = { hidden: number; shown: number };
    type Row = [Method, string, unknown, number, Status, Status];
    const signIn = { hidden: 401, shown: 401 };
    const reads = { hidden: 404, shown: 200 };
    const ROWS: Row[] = [
      ['GET', '/project/:p', undefined, 200, { hidden: 404, shown: 200 }, reads],
      ['PUT', '/project/:p', { desc: 'New text' }, 200, { hidden: 404, shown: 403 }, signIn],
      ['PUT', '/project/:p/name', { name: 'Renamed' }, 200, { hidden: 404, shown: 403 }, signIn],
      ['GET', '/project/:p/code', undefined, 200, { hidden: 404, shown: 200 }, reads],
      ['PUT', '/project/:p/code', { code: XML }, 200, { hidden: 404, shown: 403 }, signIn],
      ['PUT', '/project/:p/publish', {}, 200, { hidden: 404, shown: 403 }, signIn],
      ['PUT', '/project/:p/unpublish', {}, 200, { hidden: 404, shown: 403 }, signIn],
      ['POST', '/project/:p/like', {}, 200, { hidden: 404, shown: 200 }, signIn],
      ['POST', '/project/:p/unlike', {}, 200, { hidden: 404, shown: 200 }, signIn],
      ['POST', '/project/:p/remix', {}, 201, { hidden: 404, shown: 201 }, signIn],
      ['GET', '/project/:p/my-added', undefined, 200, { hidden: 404, shown: 200 }, signIn],
      ['GET', '/project/:p/remixes', undefined, 200, { hidden: 404, shown: 200 }, reads],
      ['DELETE', '/project/:p', undefined, 200, { hidden: 404, shown: 403 }, signIn],
    ];

    it.each(ROWS)(
      '%s %s: owner, other user, anonymous',
      async (method, path, body, ok, o, anon) => {
        const hidden = await create(owner);
        const shown = await published(owner);
        const at = (uuid: string) => path.replace(':p', uuid);
        expect((await call(method, at(hidden), null, body)).status).toBe(anon.hidden);
        expect((await call(method, at(shown), null, body)).status).toBe(anon.shown);
        expect((await call(method, at(hidden), other, body)).status).toBe(o.hidden);
        expect((await call(method, at(shown), other, body)).status).toBe(o.shown);
        expect((await call(method, at(hidden), owner, body)).status).toBe(ok);
        expect((await call(method, at(MISSING), owner, body)).status).toBe(404);
      },
    );

    it.each([
      ['POST', '/project/create', { name: 'X' }, 201],
      ['POST', '/project/saveas', { name: 'X' }, 201],
      ['GET', '/projects/my', undefined, 200],
      ['GET', '/projects/my/all', undefined, 200],
      ['GET', '/projects/my-published', undefined, 200],
    ] as const)('%s %s: any signed-in user, never anonymous', async (method, path, body, ok) => {
      expect((await call(method, path, null, body)).status).toBe(401);
      expect((await call(method, path, other, body)).status).toBe(ok);
    });

    it('covers every project route the server registers', () => {
      const tested = new Set([
        ...ROWS.map(([m, p]) => `${m} ${p.replace(':p', ':uuid')}`),
        'POST /project/create',
        'POST /project/saveas',
        'GET /projects/browse',
        'GET /projects/my/:type?',
        'GET /projects/my-published',
      ]);
      const registered = t.app.apiRoutes
        .filter((r) => /^\/(project|projects)\//.test(r.url.slice(API_BASE_PATH.length)))
        .map((r) => `${r.method} ${r.url.slice(API_BASE_PATH.length)}`);
      expect(new Set(registered)).toEqual(tested);
      // Only the reads of published projects are open to signed-out visitors.
      expect(
        t.app.apiRoutes
          .filter((r) => r.url.includes('/project') && r.isPublic)
          .map((r) => `${r.method} ${r.url.slice(API_BASE_PATH.length)}`)
          .sort(),
      ).toEqual([
        'GET /catalog/:uuid/projects',
        'GET /project/:uuid',
        'GET /project/:uuid/code',
        'GET /project/:uuid/remixes',
        'GET /projects/browse',
      ]);
    });

    it('lets a signed-out visitor list the published projects only', async () => {
      const tag = `anon${Date.now()}`;
      const hidden = await create(owner, { name: `${tag} draft` });
      const shown = await published(owner, { name: `${tag} shown` });
      const res = await call('GET', `/projects/browse?query=${tag}`, null);
      expect(res.status).toBe(200);
      expect((res.body.data as { uuid: string }[]).map((p) => p.uuid)).toEqual([shown]);
      expect(res.body.data[0]).toMatchObject({ isEditable: false, liked: false });
      // Its remixes: the published ones only, never a private copy.
      const privateRemix = (await call('POST', `/project/${shown}/remix`, other, {})).body.uuid;
      const publicRemix = (await call('POST', `/project/${shown}/remix`, third, {})).body.uuid;
      await call('PUT', `/project/${publicRemix}/publish`, third, {});
      const remixes = await call('GET', `/project/${shown}/remixes`, null);
      expect((remixes.body.data as { uuid: string }[]).map((p) => p.uuid)).toEqual([publicRemix]);
      expect(privateRemix).not.toBe(publicRemix);
      expect((await call('GET', `/project/${shown}`, null)).body).toMatchObject({
        uuid: shown,
        remixes: 1,
      });
      expect((await call('GET', `/project/${hidden}/code`, null)).body).toEqual({
        error: 'project_not_found',
        message: 'The project does not exist',
      });
    });
  });

  describe('validation', () => {
    it('stores the name trimmed and the fields as given', async () => {
      const uuid = await create(owner, {
        name: '  Line follower  ',
        headerImage: 'https://example.com/robot.png',
        desc: '# Hello\n\nA *robot*.',
      });
      const res = await call('GET', `/project/${uuid}`, owner);
      expect(res.body).toMatchObject({
        uuid,
        name: 'Line follower',
        headerImage: 'https://example.com/robot.png',
        desc: '# Hello\n\nA *robot*.',
        isPublished: false,
        isEditable: true,
        likes: 0,
        liked: false,
        remixes: 0,
        parent: null,
        author: { name: 'Olga Owner' },
      });
      expect((await call('GET', `/project/${uuid}/code`, owner)).body).toEqual({ uuid, code: XML });
    });

    it.each([
      ['an empty name', { name: '' }, 'body/name must NOT have fewer than 1 characters'],
      ['a blank name', { name: '   ' }, 'body/name must not be blank'],
      ['a 101-character name', { name: 'x'.repeat(101) }, 'must NOT have more than 100 characters'],
      ['no name', {}, "body must have required property 'name'"],
      [
        'a 301-character image URL',
        { name: 'X', headerImage: `https://a.co/${'x'.repeat(288)}` },
        'body/headerImage must NOT have more than 300 characters',
      ],
      [
        'code over the limit',
        { name: 'X', code: 'x'.repeat(CODE_MAX + 1) },
        'body/code must NOT have more than',
      ],
      ['an object as name', { name: { first: 'x' } }, 'body/name must be string'],
      ['text instead of JSON', 'name=X', 'body must be object'],
    ])('refuses %s with 400', async (_what, body, message) => {
      const res = await call('POST', '/project/create', owner, body);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: 'bad_request', message: expect.stringContaining(message) });
    });

    it('ignores fields it does not know (the owner is always the caller)', async () => {
      const res = await call('POST', '/project/create', other, { name: 'Mine', owner_id: 'x' });
      expect(res.status).toBe(201);
      const got = await call('GET', `/project/${res.body.uuid}`, other);
      expect(got.body.author.name).toBe('Otto Other');
    });

    it('accepts a 100-character name and a 300-character image URL', async () => {
      const url = `https://example.com/${'i'.repeat(280)}`;
      expect(url).toHaveLength(300);
      const uuid = await create(owner, { name: 'n'.repeat(100), headerImage: url });
      expect((await call('GET', `/project/${uuid}`, owner)).body.headerImage).toBe(url);
    });

    it.each([
      'not a url',
      'javascript:alert(1)',
      'http://localhost/x.png',
      'ftp://a.com/x',
      'a.b1',
    ])("answers 'The URL is invalid' for the header image %j", async (headerImage) => {
      const res = await call('POST', '/project/create', owner, { name: 'X', headerImage });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ error: 'invalid_url', message: 'The URL is invalid' });
      const uuid = await create(owner);
      const put = await call('PUT', `/project/${uuid}`, owner, { headerImage });
      expect(put.body.error).toBe('invalid_url');
    });

    it.each(['', 'example.com/pic.png', 'http://img.example.org:8080/a.png?x=1'])(
      'accepts the header image %j',
      async (headerImage) => {
        const res = await call('POST', '/project/create', owner, { name: 'X', headerImage });
        expect(res.status).toBe(201);
      },
    );

    it('renames (answering the trimmed name) and keeps the rename rules', async () => {
      const uuid = await create(owner);
      const res = await call('PUT', `/project/${uuid}/name`, owner, { name: '  Robot arm ' });
      expect(res.body).toEqual({ name: 'Robot arm' });
      expect((await call('PUT', `/project/${uuid}/name`, owner, { name: ' ' })).status).toBe(400);
      expect((await call('GET', `/project/${uuid}`, owner)).body.name).toBe('Robot arm');
    });

    it('saves code and answers the save time', async () => {
      const uuid = await create(owner);
      const code = XML.replace('gogo_start', 'gogo_start" x="10');
      const res = await call('PUT', `/project/${uuid}/code`, owner, { code });
      expect(res.body).toEqual({ uuid, updatedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) });
      expect((await call('GET', `/project/${uuid}/code`, owner)).body.code).toBe(code);
    });

    it.each([
      ['/project/NOT-A-UUID', 'params/uuid must be a 36-character lowercase UUID'],
      ['/project/0b8f8d2e-5a77-4c1e-9d8e-2F7A1C3B4D5E', 'lowercase UUID'],
      ['/projects/browse?page=0', 'querystring/page must be >= 1'],
      ['/projects/browse?per_page=101', 'querystring/per_page must be <= 100'],
      ['/projects/browse?order=random', 'querystring/order'],
      ['/projects/my/secret', 'params/type'],
    ])('answers 400 to GET %s', async (path, message) => {
      const res = await call('GET', path, owner);
      expect(res.status).toBe(400);
      expect(res.body.message).toContain(message);
    });
  });

  describe('visibility and publishing', () => {
    it('shows an unpublished project only to its owner, and a published one to all', async () => {
      const uuid = await create(owner, { name: 'Secret garden' });
      expect((await call('GET', `/project/${uuid}`, other)).body).toEqual({
        error: 'project_not_found',
        message: 'The project does not exist',
      });
      await call('PUT', `/project/${uuid}/publish`, owner, {});
      const seen = await call('GET', `/project/${uuid}`, other);
      expect(seen.body).toMatchObject({
        name: 'Secret garden',
        isPublished: true,
        isEditable: false,
      });
      const edit = await call('PUT', `/project/${uuid}/code`, other, { code: 'stolen' });
      expect(edit.body).toEqual({
        error: 'not_owner',
        message: 'Only the owner of the project can change it',
      });
      await call('PUT', `/project/${uuid}/unpublish`, owner, {});
      expect((await call('GET', `/project/${uuid}`, other)).status).toBe(404);
      expect((await call('GET', `/project/${uuid}/code`, owner)).body.code).toBe(XML);
    });

    it('lists my projects by type and only published ones in the public list', async () => {
      const tag = `vis${Date.now()}`;
      const hidden = await create(third, { name: `${tag} draft` });
      const shown = await published(third, { name: `${tag} shown` });
      const names = async (path: string, token = third) =>
        ((await call('GET', path, token)).body.data as { uuid: string }[]).map((p) => p.uuid);
      expect(await names(`/projects/my?query=${tag}`)).toEqual([shown, hidden]);
      expect(await names(`/projects/my/all?query=${tag}`)).toEqual([shown, hidden]);
      expect(await names(`/projects/my/published?query=${tag}`)).toEqual([shown]);
      expect(await names(`/projects/my/unpublished?query=${tag}`)).toEqual([hidden]);
      expect(await names(`/projects/my-published?query=${tag}`)).toEqual([shown]);
      expect(await names(`/projects/browse?query=${tag}`, other)).toEqual([shown]);
      expect(await names(`/projects/my?query=${tag}`, other)).toEqual([]);
    });
  });

  describe('likes', () => {
    it('counts one like per user and reports whether I like it', async () => {
      const uuid = await published(owner);
      expect((await call('POST', `/project/${uuid}/like`, other, {})).body).toEqual({
        likes: 1,
        liked: true,
      });
      expect((await call('POST', `/project/${uuid}/like`, other, {})).body).toEqual({
        likes: 1,
        liked: true,
      });
      expect((await call('POST', `/project/${uuid}/like`, third, {})).body.likes).toBe(2);
      expect((await call('GET', `/project/${uuid}`, other)).body).toMatchObject({
        likes: 2,
        liked: true,
      });
      expect((await call('GET', `/project/${uuid}`, owner)).body.liked).toBe(false);
      expect((await call('POST', `/project/${uuid}/unlike`, other, {})).body).toEqual({
        likes: 1,
        liked: false,
      });
      expect((await call('POST', `/project/${uuid}/unlike`, other, {})).body.likes).toBe(1);
    });
  });

  describe('remix', () => {
    it('copies the code into a project of mine and records its parent', async () => {
      const original = await published(owner, { name: 'Dancing robot', desc: 'Moves.' });
      const res = await call('POST', `/project/${original}/remix`, other, {});
      expect(res.status).toBe(201);
      const remix = res.body.uuid as string;
      expect(remix).not.toBe(original);
      expect((await call('GET', `/project/${remix}`, other)).body).toMatchObject({
        name: 'Dancing robot (remix)',
        desc: 'Moves.',
        isPublished: false,
        isEditable: true,
        author: { name: 'Otto Other' },
        parent: { uuid: original, name: 'Dancing robot' },
      });
      expect((await call('GET', `/project/${remix}/code`, other)).body.code).toBe(XML);
      // An unpublished remix counts only for its owner.
      expect((await call('GET', `/project/${original}`, owner)).body.remixes).toBe(0);
      expect((await call('GET', `/project/${original}`, other)).body.remixes).toBe(1);
      await call('PUT', `/project/${remix}/publish`, other, {});
      expect((await call('GET', `/project/${original}`, owner)).body.remixes).toBe(1);
      const list = (await call('GET', `/project/${original}/remixes`, owner)).body;
      expect(list.data.map((p: { uuid: string }) => p.uuid)).toEqual([remix]);
      // Changing the remix leaves the original alone.
      await call('PUT', `/project/${remix}/code`, other, { code: '<xml/>' });
      expect((await call('GET', `/project/${original}/code`, owner)).body.code).toBe(XML);
    });

    it('names a remix apart from its original and from the remixer’s other projects', async () => {
      const original = await published(owner, { name: 'Line follower' });
      const remixName = async (token: string, body: Record<string, unknown> = {}) => {
        const res = await call('POST', `/project/${original}/remix`, token, body);
        expect(res.status).toBe(201);
        return (await call('GET', `/project/${res.body.uuid}`, token)).body.name as string;
      };
      // The name the app asks for, in its user's language; the server's own by default.
      expect(await remixName(other, { name: '  Line follower (remixado) ' })).toBe(
        'Line follower (remixado)',
      );
      expect(await remixName(other)).toBe('Line follower (remix)');
      // Never a name the remixer already has: a number tells them apart.
      expect(await remixName(other)).toBe('Line follower (remix) (2)');
      await create(other, { name: 'Line follower (remix) (3)' });
      expect(await remixName(other)).toBe('Line follower (remix) (4)');
      expect(await remixName(other, { name: 'Line follower (remixado)' })).toBe(
        'Line follower (remixado) (2)',
      );
      // Asking for the original's own name still gives a name of its own.
      expect(await remixName(owner, { name: 'Line follower' })).toBe('Line follower (2)');
      // Someone else's remix of the same name is theirs: no number for this user.
      expect(await remixName(owner)).toBe('Line follower (remix)');
      // A name at the length limit keeps its suffix within it.
      const long = await published(owner, { name: 'x'.repeat(PROJECT_NAME_MAX) });
      const res = await call('POST', `/project/${long}/remix`, other, {});
      const named = (await call('GET', `/project/${res.body.uuid}`, other)).body.name as string;
      expect(named).toBe(`${'x'.repeat(PROJECT_NAME_MAX - ' (remix)'.length)} (remix)`);
      // A blank or over-long name is bad input.
      for (const name of ['   ', 'y'.repeat(PROJECT_NAME_MAX + 1)]) {
        const bad = await call('POST', `/project/${original}/remix`, other, { name });
        expect(bad.status).toBe(400);
      }
    });

    it('keeps a remix when its parent is deleted, without the parent', async () => {
      const original = await published(owner);
      const remix = (await call('POST', `/project/${original}/remix`, other, {})).body.uuid;
      expect((await call('DELETE', `/project/${original}`, owner)).body).toEqual({
        uuid: original,
      });
      expect((await call('GET', `/project/${original}`, owner)).status).toBe(404);
      expect((await call('GET', `/project/${remix}`, other)).body.parent).toBeNull();
    });

    it('hides an unpublished parent from others', async () => {
      const original = await published(owner, { name: 'Parent' });
      const remix = (await call('POST', `/project/${original}/remix`, other, {})).body.uuid;
      await call('PUT', `/project/${original}/unpublish`, owner, {});
      expect((await call('GET', `/project/${remix}`, other)).body.parent).toBeNull();
    });
  });

  describe('lists: search, order and pages', () => {
    const tag = `pg${Date.now().toString(36)}`;
    let uuids: string[] = [];

    beforeAll(async () => {
      uuids = [];
      for (const n of ['delta', 'alpha', 'echo', 'bravo', 'charlie', 'foxtrot', 'golf']) {
        uuids.push(await published(third, { name: `${tag} ${n}`, desc: `about ${n}` }));
      }
      // Likes: bravo 2, echo 1.
      await call('POST', `/project/${uuids[3]}/like`, owner, {});
      await call('POST', `/project/${uuids[3]}/like`, other, {});
      await call('POST', `/project/${uuids[2]}/like`, owner, {});
    });

    const names = async (query: string) => {
      const res = await call('GET', `/projects/browse?query=${tag}&${query}`, other);
      expect(res.status).toBe(200);
      return {
        names: (res.body.data as { name: string }[]).map((p) => p.name.slice(tag.length + 1)),
        pagination: res.body.links.pagination,
      };
    };

    it('pages through the newest first by default', async () => {
      const first = await names('per_page=3');
      expect(first.names).toEqual(['golf', 'foxtrot', 'charlie']);
      expect(first.pagination).toEqual({
        total: 7,
        per_page: 3,
        current_page: 1,
        last_page: 3,
        from: 1,
        to: 3,
      });
      const last = await names('per_page=3&page=3');
      expect(last.names).toEqual(['delta']);
      expect(last.pagination).toMatchObject({ from: 7, to: 7, current_page: 3 });
      const beyond = await names('per_page=3&page=9');
      expect(beyond.names).toEqual([]);
      expect(beyond.pagination).toMatchObject({ from: 0, to: 0, total: 7 });
    });

    it('uses ten per page unless told', async () => {
      expect((await names('')).pagination.per_page).toBe(10);
    });

    it.each([
      ['name', ['alpha', 'bravo', 'charlie', 'delta', 'echo', 'foxtrot', 'golf']],
      ['oldest', ['delta', 'alpha', 'echo', 'bravo', 'charlie', 'foxtrot', 'golf']],
      ['newest', ['golf', 'foxtrot', 'charlie', 'bravo', 'echo', 'alpha', 'delta']],
      ['likes', ['bravo', 'echo', 'golf', 'foxtrot', 'charlie', 'alpha', 'delta']],
    ])('orders by %s', async (order, expected) => {
      expect((await names(`order=${order}`)).names).toEqual(expected);
    });

    it('orders by the last change when asked for updated', async () => {
      await call('PUT', `/project/${uuids[1]}/code`, third, { code: '<xml></xml>' });
      expect((await names('order=updated&per_page=2')).names).toEqual(['alpha', 'golf']);
    });

    it('searches names and descriptions, case-insensitively and literally', async () => {
      const res = await call('GET', `/projects/browse?query=${tag.toUpperCase()}%20ECHO`, other);
      expect(res.body.data.map((p: { uuid: string }) => p.uuid)).toEqual([uuids[2]]);
      const byDesc = await call('GET', `/projects/browse?query=about%20foxtrot`, other);
      expect(byDesc.body.data.map((p: { uuid: string }) => p.uuid)).toContain(uuids[5]);
      const wild = await call('GET', `/projects/browse?query=${tag}%25_`, other);
      expect(wild.body.data).toEqual([]);
    });
  });

  it('creates a copy with save as, owned by the caller', async () => {
    const res = await call('POST', '/project/saveas', other, {
      name: 'My copy',
      code: XML,
      desc: 'copied',
    });
    expect(res.status).toBe(201);
    expect((await call('GET', `/project/${res.body.uuid}`, other)).body).toMatchObject({
      name: 'My copy',
      desc: 'copied',
      isEditable: true,
      parent: null,
    });
  });

  it('refuses a token that is not a token', async () => {
    const res = await call('GET', '/projects/browse', 'not-a-token');
    expect(res.status).toBe(401);
  });
});
