import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE_PATH } from '../../src/contract/base-path.ts';
import type { ExtensionLibrary } from '../../src/contract/extensions.ts';
import { apiCaller, type ApiCall, type Method } from '../testing/api-caller.ts';
import { signInWithGoogle, uniqueEmail } from '../testing/emulator-accounts.ts';
import { startTestApp, type TestApp } from '../testing/test-app.ts';
import { testEngine } from '../testing/test-db.ts';

const MISSING = '00000000-0000-4000-8000-000000000000';
const ADMIN = 'admin-extensions@example.com';

const LIBRARY: ExtensionLibrary = {
  procedures: [
    {
      name: 'blink',
      params: ['times'],
      output: false,
      logo: 'to blink :times\nrepeat times [ ledon wait 1 ledoff wait 1 ]\nend',
    },
    { name: 'twice', params: ['n'], output: true, logo: 'to twice :n\noutput n * 2\nend' },
  ],
  texts: {
    en: { category: 'Lamp kit', blocks: { blink: 'blink the lamp', twice: 'double of' } },
    'pt-BR': { category: 'Kit lâmpada', blocks: { blink: 'piscar a lâmpada' } },
  },
};

const WORKSPACE = '<xml xmlns="https://developers.google.com/blockly/xml"></xml>';

describe(`extension service (${testEngine()})`, () => {
  let t: TestApp;
  let call: ApiCall;
  let owner: string;
  let other: string;
  let moderator: string;

  beforeAll(async () => {
    t = await startTestApp({ ADMIN_EMAILS: ADMIN });
    call = apiCaller(t);
    owner = (await signInWithGoogle(t.emulatorHost, undefined, 'Mia Maker')).idToken;
    other = (await signInWithGoogle(t.emulatorHost, undefined, 'Otto Other')).idToken;
    const admin = (await signInWithGoogle(t.emulatorHost, ADMIN, 'Admin')).idToken;
    const email = uniqueEmail('moderator');
    const made = await call('POST', '/user/create', admin, {
      email,
      name: 'Mo Moderator',
      role: 'moderator',
    });
    expect(made.status).toBe(201);
    moderator = (await signInWithGoogle(t.emulatorHost, email, 'Mo Moderator')).idToken;
  });
  afterAll(() => t.close());

  let counter = 0;
  async function publish(token: string, body: Record<string, unknown> = {}): Promise<string> {
    const res = await call('POST', '/publish', token, {
      name: `Kit ${++counter} ${Date.now().toString(36)}`,
      workspace: WORKSPACE,
      library: LIBRARY,
      ...body,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.uuid as string;
  }

  describe('authorization of every call', () => {
    // [method, path (:e an extension of `owner`), body, owner, other, moderator, anonymous]
    type Row = [Method, string, unknown, number, number, number, number];
    const ROWS: Row[] = [
      ['GET', '/extension/:e', undefined, 200, 200, 200, 401],
      ['GET', '/extension/:e/workspace', undefined, 200, 403, 200, 401],
      ['PUT', '/extension/:e', { shortDescription: 'Blinks' }, 200, 403, 403, 401],
      [
        'PUT',
        '/extension/:e/workspace',
        { workspace: WORKSPACE, library: LIBRARY },
        200,
        403,
        403,
        401,
      ],
      ['PUT', '/extension/:e/archive', { archived: false }, 200, 403, 200, 401],
      ['PUT', '/extension/:e/markas', { official: true }, 403, 403, 200, 401],
      ['PUT', '/extension/:e/add', {}, 200, 200, 200, 401],
    ];

    it.each(ROWS)(
      '%s %s: contributor, other user, moderator, anonymous',
      async (method, path, body, ok, o, mod, anon) => {
        const e = await publish(owner);
        const url = path.replace(':e', e);
        expect((await call(method, url, null, body)).status).toBe(anon);
        expect((await call(method, url, other, body)).status).toBe(o);
        expect((await call(method, url, moderator, body)).status).toBe(mod);
        expect((await call(method, url, owner, body)).status).toBe(ok);
        const missing = path.replace(':e', MISSING);
        const expected = ok === 200 ? 404 : ok;
        expect((await call(method, missing, ok === 200 ? owner : moderator, body)).status).toBe(
          ok === 200 ? expected : 404,
        );
      },
    );

    it('lets only a user who added it remove it', async () => {
      const e = await publish(owner);
      expect((await call('PUT', `/extension/${e}/remove`, null, {})).status).toBe(401);
      expect((await call('PUT', `/extension/${e}/remove`, other, {})).status).toBe(404);
      await call('PUT', `/extension/${e}/add`, other, {});
      expect((await call('PUT', `/extension/${e}/remove`, other, {})).status).toBe(200);
    });

    it.each([
      ['POST', '/publish', 201],
      ['GET', '/browse/official', 200],
      ['GET', '/browse/community', 200],
      ['GET', '/browse/mine', 200],
      ['GET', '/browse/added', 200],
      ['GET', '/browse/community/search/kit', 200],
    ] as const)('%s %s: any signed-in user, never anonymous', async (method, path, ok) => {
      const body =
        method === 'POST'
          ? { name: `Any ${Date.now().toString(36)}`, workspace: WORKSPACE, library: LIBRARY }
          : undefined;
      expect((await call(method, path, null, body)).status).toBe(401);
      expect((await call(method, path, other, body)).status).toBe(ok);
    });

    it('covers every extension route the server registers', () => {
      const registered = t.app.apiRoutes
        .filter((r) => /^\/(publish|extension|browse)\b/.test(r.url.slice(API_BASE_PATH.length)))
        .map((r) => `${r.method} ${r.url.slice(API_BASE_PATH.length)}`);
      expect(new Set(registered)).toEqual(
        new Set([
          ...ROWS.map(([m, p]) => `${m} ${p.replace(':e', ':uuid')}`),
          'PUT /extension/:uuid/remove',
          'POST /publish',
          'GET /browse/:type',
          'GET /browse/:type/search/:query',
        ]),
      );
    });
  });

  it('publishes a library of blocks that reads back as it was sent', async () => {
    const e = await publish(owner, {
      name: 'Lamp kit',
      imageUrl: 'https://example.com/lamp.png',
      shortDescription: 'Blink a lamp',
      description: '# Lamp\n*blinks*',
      firmwareCore: 'https://example.com/core/gogo-core-7.hex',
    });
    const got = await call('GET', `/extension/${e}`, other);
    expect(got.body).toMatchObject({
      uuid: e,
      name: 'Lamp kit',
      imageUrl: 'https://example.com/lamp.png',
      shortDescription: 'Blink a lamp',
      description: '# Lamp\n*blinks*',
      firmwareCore: 'https://example.com/core/gogo-core-7.hex',
      contributor: { name: 'Mia Maker' },
      isOfficial: false,
      isArchived: false,
      isEditable: false,
      added: false,
      users: 0,
      version: 1,
      library: LIBRARY,
    });
    expect((await call('GET', `/extension/${e}`, owner)).body.isEditable).toBe(true);
    expect((await call('GET', `/extension/${e}/workspace`, owner)).body).toEqual({
      uuid: e,
      workspace: WORKSPACE,
    });
  });

  it("refuses a name already taken by anyone: 'Library name exists'", async () => {
    await publish(owner, { name: 'Servo tools' });
    const again = await call('POST', '/publish', other, {
      name: '  SERVO tools ',
      workspace: WORKSPACE,
      library: LIBRARY,
    });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ error: 'library_name_exists', message: 'Library name exists' });
    const mine = await publish(other, { name: 'Servo helpers' });
    const rename = await call('PUT', `/extension/${mine}`, other, { name: 'servo TOOLS' });
    expect(rename.body.error).toBe('library_name_exists');
    expect((await call('PUT', `/extension/${mine}`, other, { name: 'Servo more' })).status).toBe(
      200,
    );
  });

  it('adds once per user: a second add is "You already have this extension"', async () => {
    const e = await publish(owner);
    const first = await call('PUT', `/extension/${e}/add`, other, {});
    expect(first.body).toMatchObject({ added: true, users: 1 });
    const again = await call('PUT', `/extension/${e}/add`, other, {});
    expect(again.status).toBe(409);
    expect(again.body).toEqual({
      error: 'extension_added',
      message: 'You already have this extension',
    });
    const added = await call('GET', '/browse/added', other);
    expect(added.body.data.map((x: { uuid: string }) => x.uuid)).toContain(e);
    const removed = await call('PUT', `/extension/${e}/remove`, other, {});
    expect(removed.body).toMatchObject({ added: false, users: 0 });
    const missing = await call('PUT', `/extension/${MISSING}/add`, other, {});
    expect(missing.body).toEqual({
      error: 'extension_not_found',
      message: 'The extension is not found',
    });
  });

  it('archiving hides it from browse and from new users, not from those who added it', async () => {
    const tag = `arch${Date.now().toString(36)}`;
    const e = await publish(owner, { name: `${tag} kit` });
    await call('PUT', `/extension/${e}/add`, other, {});
    const listed = async (type: string, token: string) =>
      (
        (await call('GET', `/browse/${type}/search/${tag}`, token)).body.data as { uuid: string }[]
      ).map((x) => x.uuid);
    expect(await listed('community', moderator)).toEqual([e]);

    const archived = await call('PUT', `/extension/${e}/archive`, owner, {});
    expect(archived.body.isArchived).toBe(true);
    expect(await listed('community', moderator)).toEqual([]);
    expect(await listed('mine', owner)).toEqual([e]);
    expect(await listed('added', other)).toEqual([e]);
    // The user who added it still gets its blocks; a newcomer does not find it.
    expect((await call('GET', `/extension/${e}`, other)).status).toBe(200);
    const newcomer = (await signInWithGoogle(t.emulatorHost)).idToken;
    expect((await call('GET', `/extension/${e}`, newcomer)).body.error).toBe('extension_not_found');
    expect((await call('PUT', `/extension/${e}/add`, newcomer, {})).status).toBe(404);

    await call('PUT', `/extension/${e}/archive`, owner, { archived: false });
    expect(await listed('community', newcomer)).toEqual([e]);
  });

  it('a moderator marks an extension official: it moves from community to official', async () => {
    const tag = `off${Date.now().toString(36)}`;
    const e = await publish(owner, { name: `${tag} kit` });
    const names = async (type: string) =>
      (
        (await call('GET', `/browse/${type}/search/${tag}`, other)).body.data as { uuid: string }[]
      ).map((x) => x.uuid);
    expect(await names('official')).toEqual([]);
    const marked = await call('PUT', `/extension/${e}/markas`, moderator, { official: true });
    expect(marked.body.isOfficial).toBe(true);
    expect(await names('official')).toEqual([e]);
    expect(await names('community')).toEqual([]);
  });

  it('saving new code bumps the version and tells every user who added it', async () => {
    const e = await publish(owner, { name: `Notify ${Date.now().toString(36)}` });
    const reader = (await signInWithGoogle(t.emulatorHost, undefined, 'Rita Reader')).idToken;
    await call('PUT', `/extension/${e}/add`, reader, {});
    const before = (await call('GET', '/messages/unread', reader)).body.unread as number;
    const saved = await call('PUT', `/extension/${e}/workspace`, owner, {
      workspace: WORKSPACE.replace('</xml>', '<variables/></xml>'),
      library: {
        procedures: LIBRARY.procedures.slice(0, 1),
        texts: { en: { category: 'Lamp kit', blocks: { blink: 'blink' } } },
      },
    });
    expect(saved.body).toMatchObject({ version: 2, users: 1 });
    expect(saved.body.library.procedures).toHaveLength(1);
    expect((await call('GET', '/messages/unread', reader)).body.unread).toBe(before + 1);
    const list = await call('GET', '/messages', reader);
    expect(list.body.data[0]).toMatchObject({
      kind: 'extension_updated',
      params: { version: 2 },
      link: `/extensions/${e}`,
      read: false,
      from: { name: 'Mia Maker' },
    });
    // The contributor is not told about their own save.
    const ownMessages = (await call('GET', '/messages', owner)).body.data as { link: string }[];
    expect(ownMessages.some((m) => m.link === `/extensions/${e}`)).toBe(false);
  });

  it('edits metadata and block texts; the library rules still hold', async () => {
    const e = await publish(owner);
    const texts = {
      ...LIBRARY.texts,
      th: { category: 'ชุดหลอดไฟ', blocks: { blink: 'กะพริบหลอดไฟ' } },
    };
    const ok = await call('PUT', `/extension/${e}`, owner, { texts, description: 'new' });
    expect(ok.body.library.texts.th.category).toBe('ชุดหลอดไฟ');
    expect(ok.body.library.procedures).toEqual(LIBRARY.procedures);
    const bad = await call('PUT', `/extension/${e}`, owner, {
      texts: { en: { category: 'X', blocks: { nothere: 'ghost' } } },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('bad_library');
  });

  it.each([
    ['a blank name', { name: '  ' }],
    ['a long name', { name: 'x'.repeat(41) }],
    ['a long short description', { shortDescription: 'x'.repeat(161) }],
    ['a script image URL', { imageUrl: 'javascript:alert(1)' }],
    ['a firmware link that is no URL', { firmwareCore: 'not a url' }],
    ['no procedures', { library: { ...LIBRARY, procedures: [] } }],
    ['no English texts', { library: { ...LIBRARY, texts: { th: LIBRARY.texts.en } } }],
    [
      'a procedure name the Logo lexer cannot read',
      { library: { ...LIBRARY, procedures: [{ ...LIBRARY.procedures[0], name: '1x' }] } },
    ],
    [
      'Logo that defines another procedure',
      {
        library: {
          ...LIBRARY,
          procedures: [
            { name: 'a', params: [], output: false, logo: 'to a\nbeep\nend\nto main\nbeep\nend' },
          ],
        },
      },
    ],
    [
      'Logo that does not match its header',
      {
        library: {
          ...LIBRARY,
          procedures: [{ name: 'a', params: ['x'], output: false, logo: 'to a\nbeep\nend' }],
        },
      },
    ],
    [
      'two procedures of one name',
      {
        library: {
          ...LIBRARY,
          procedures: [LIBRARY.procedures[0], { ...LIBRARY.procedures[0], name: 'BLINK' }],
        },
      },
    ],
    ['a workspace over the limit', { workspace: 'x'.repeat(262_145) }],
  ])('answers 400 to %s, never 5xx', async (_what, body) => {
    const res = await call('POST', '/publish', owner, {
      name: `Bad ${Date.now().toString(36)}`,
      workspace: WORKSPACE,
      library: LIBRARY,
      ...body,
    });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: expect.any(String), message: expect.any(String) });
  });

  it('answers 4xx to bad ids, types, orders and searches', async () => {
    for (const path of [
      '/extension/not-a-uuid',
      '/browse/everything',
      '/browse/community?order=random',
      '/browse/community?page=0',
      `/browse/community/search/${'q'.repeat(101)}`,
    ]) {
      const res = await call('GET', path, other);
      expect(res.status, path).toBeGreaterThanOrEqual(400);
      expect(res.status, path).toBeLessThan(500);
    }
  });

  it('browses with search, order and pages', async () => {
    const tag = `br${Date.now().toString(36)}`;
    for (const n of ['c', 'a', 'b']) await publish(owner, { name: `${tag} ${n}` });
    const popular = await publish(other, { name: `${tag} z`, shortDescription: 'popular' });
    await call('PUT', `/extension/${popular}/add`, owner, {});
    const names = async (path: string) =>
      ((await call('GET', path, other)).body.data as { name: string }[]).map((x) =>
        x.name.slice(tag.length + 1),
      );
    expect(await names(`/browse/community/search/${tag}?order=name`)).toEqual(['a', 'b', 'c', 'z']);
    expect(await names(`/browse/community/search/${tag}`)).toEqual(['z', 'b', 'a', 'c']);
    expect(await names(`/browse/community/search/${tag}?order=popular`)).toEqual([
      'z',
      'b',
      'a',
      'c',
    ]);
    expect(await names(`/browse/mine/search/${tag}?order=newest`)).toEqual(['z']);
    // Search matches the short description too, and the path carries any text.
    expect(await names(`/browse/community/search/${encodeURIComponent('popular')}`)).toContain('z');
    const page = await call(
      'GET',
      `/browse/community/search/${tag}?order=name&per_page=3&page=2`,
      other,
    );
    expect(page.body.data.map((x: { name: string }) => x.name)).toEqual([`${tag} z`]);
    expect(page.body.links.pagination).toEqual({
      total: 4,
      per_page: 3,
      current_page: 2,
      last_page: 2,
      from: 4,
      to: 4,
    });
  });
});
