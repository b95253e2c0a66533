// The other-user matrix: every registered route whose path names a resource (`:uuid`,
// `:id`, `:suuid`, `:luuid`, `:project`, `:token`, `:name`…) is called by a plain signed-in
// user who is not the resource's owner, teacher, student or sharer, on a resource that its
// owner made. The call must be refused with 403/404 in the `{error, message}` shape and
// leave the database as it was; then the owner (or the owner's student) makes the same call
// and is not refused, so the refusal is the path id's doing. The routes come from the
// registered route table, so a route that gains a path id fails the coverage test until it
// has a row. Public-by-design routes are listed with their reason: the other user may read
// them, and every write route on the same (published, public, shared) resource has a row
// here that refuses them. Runs on SQLite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE_PATH } from '../../src/contract/base-path.ts';
import type { ApiRoute } from '../app.ts';
import { apiCaller, type ApiCall, type Method } from '../testing/api-caller.ts';
import { signInWithGoogle, uniqueEmail } from '../testing/emulator-accounts.ts';
import { sample, type Schema } from '../testing/schema-fuzz.ts';
import { databaseSnapshot } from '../testing/db-snapshot.ts';
import { bearer, startTestApp, type TestApp } from '../testing/test-app.ts';
import { testEngine } from '../testing/test-db.ts';
import { mqttTestEnv } from '../testing/test-mqtt.ts';

/** Path parameters that choose a view or a language, not a resource of anyone's. */
const NOT_A_RESOURCE = new Set(['type', 'lang', 'list', 'query']);

/** The owner (a teacher), the owner's student, and the other user. */
type Actor = 'owner' | 'student' | 'other';

/** What one row's resources are: made by the owner on first use, once per row. */
interface World {
  /** A published project (everyone may read it; only its owner may change it). */
  project(): Promise<string>;
  /** A project its owner has not published. */
  privateProject(): Promise<string>;
  /** A catalog holding the published project. */
  catalog(): Promise<string>;
  /** A private channel with a field `a`. */
  channel(): Promise<string>;
  /** A public channel with a field `a`. */
  publicChannel(): Promise<string>;
  lab(): Promise<string>;
  group(): Promise<string>;
  /** A class with the student in it and the lesson, live, with a comment. */
  cls(): Promise<string>;
  lesson(): Promise<string>;
  /** The student's submission of the lesson. */
  submission(): Promise<string>;
  comment(): Promise<string>;
  /** An extension of the owner's in the community list. */
  extension(): Promise<string>;
  /** The same, which the other user added to their own list. */
  extensionInOthersList(): Promise<string>;
  /** The student's message (the lesson was added to their class). */
  message(): Promise<string>;
  dashboard(): Promise<string>;
  /** A dashboard's read-only link token. */
  dashboardToken(): Promise<string>;
  /** A class header image the owner uploaded: its id. */
  image(): Promise<string>;
}

interface Row {
  /** The path parameters, naming the owner's resources. */
  params: (w: World) => Promise<Record<string, string>>;
  /** Body and query (default: what the route's schemas require, filled by `sample`). */
  body?: (w: World) => Promise<unknown> | unknown;
  query?: string;
  /** Who may make the call (default the owner) and their answer (default 200). */
  allowed?: Actor;
  ok?: number;
  /** Why the allowed caller's call is not made here (it is tested elsewhere). */
  noControl?: string;
  /** The path with the other user's own resource first and the owner's after it (their
   * class and the owner's submission…): refused too, the first id grants nothing. */
  crossed?: (theirs: World, mine: World) => Promise<Record<string, string>>;
}

/** A route anyone may read by design: why, and what the other user reads. */
interface PublicRow {
  public: string;
  params: (w: World) => Promise<Record<string, string>>;
  query?: string;
  /** The answer (default 200). */
  ok?: number;
  /** The same route on a resource its owner keeps private: refused like any other row. */
  privateTwin?: (w: World) => Promise<Record<string, string>>;
}

const GIF = Buffer.from('R0lGODlhAQABAAAAACwAAAAAAQABAAA=', 'base64');
const uniqueBoard = () => `OU${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const WORKSPACE = '<xml xmlns="https://developers.google.com/blockly/xml"></xml>';
const LIBRARY = {
  procedures: [{ name: 'blink', params: [], output: false, logo: 'to blink\nledon\nend' }],
  texts: { en: { category: 'Lamp kit', blocks: { blink: 'blink the lamp' } } },
};

const project = async (w: World) => ({ uuid: await w.project() });
const catalog = async (w: World) => ({ uuid: await w.catalog() });
const channel = async (w: World) => ({ id: await w.channel() });
const field = async (w: World) => ({ id: await w.channel(), name: 'a' });
const lab = async (w: World) => ({ uuid: await w.lab() });
const group = async (w: World) => ({ uuid: await w.group() });
const cls = async (w: World) => ({ uuid: await w.cls() });
/** The lesson, held by the class (so the class's student may use it). */
const lesson = async (w: World) => {
  await w.cls();
  return { uuid: await w.lesson() };
};
const extension = async (w: World) => ({ uuid: await w.extension() });
const dashboard = async (w: World) => ({ uuid: await w.dashboard() });
const student: Pick<Row, 'allowed'> = { allowed: 'student' };

const MATRIX: Record<string, Row | PublicRow> = {
  // Projects: a published one is everyone's to read, like and remix, its owner's to change.
  'GET /project/:uuid': {
    public: 'a published project is on the public gallery',
    params: project,
    privateTwin: async (w) => ({ uuid: await w.privateProject() }),
  },
  'GET /project/:uuid/code': {
    public: 'a published project’s code is public',
    params: project,
    privateTwin: async (w) => ({ uuid: await w.privateProject() }),
  },
  'GET /project/:uuid/remixes': {
    public: 'the remixes of a published project are public',
    params: project,
    privateTwin: async (w) => ({ uuid: await w.privateProject() }),
  },
  'PUT /project/:uuid': { params: project },
  'PUT /project/:uuid/name': { params: project, body: () => ({ name: 'Renamed' }) },
  'PUT /project/:uuid/code': { params: project, body: () => ({ code: '<xml/>' }) },
  'PUT /project/:uuid/publish': { params: project },
  'PUT /project/:uuid/unpublish': { params: project },
  // Liking and remixing are for everyone on a published project: refused on a private one.
  'POST /project/:uuid/like': { params: async (w) => ({ uuid: await w.privateProject() }) },
  'POST /project/:uuid/unlike': { params: async (w) => ({ uuid: await w.privateProject() }) },
  'POST /project/:uuid/remix': {
    params: async (w) => ({ uuid: await w.privateProject() }),
    ok: 201,
  },
  'DELETE /project/:uuid': { params: project },
  'GET /project/:uuid/my-added': { params: async (w) => ({ uuid: await w.privateProject() }) },

  // Catalogs: public shelves, their owner's to change.
  'GET /catalog/:uuid': {
    public: 'catalogs are public shelves of published projects',
    params: catalog,
  },
  'GET /catalog/:uuid/projects': {
    public: 'catalogs are public shelves of published projects',
    params: catalog,
  },
  'PUT /catalog/:uuid': { params: catalog, body: () => ({ name: 'Renamed shelf' }) },
  'PUT /catalog/:uuid/add': {
    params: catalog,
    body: async (w) => ({ project: await w.project() }),
  },
  'GET /catalog/:uuid/my-added': {
    public: 'lists only the caller’s own projects in a public catalog',
    params: catalog,
  },
  'DELETE /catalog/:uuid/:project': {
    params: async (w) => ({ uuid: await w.catalog(), project: await w.project() }),
  },
  'DELETE /catalog/:uuid': { params: catalog },

  // Cloud datalog: a private channel is its owner's; a public one everyone's to read.
  'GET /datalog/channels/:id': {
    public: 'a public channel is readable by anyone',
    params: async (w) => ({ id: await w.publicChannel() }),
    privateTwin: channel,
  },
  'GET /datalog/channels/:id/fields': {
    public: 'a public channel is readable by anyone',
    params: async (w) => ({ id: await w.publicChannel() }),
    privateTwin: channel,
  },
  'GET /datalog/channels/:id/series': {
    public: 'a public channel is readable by anyone',
    params: async (w) => ({ id: await w.publicChannel() }),
    query: 'aggregation=mean&period=minute&range=today',
    privateTwin: channel,
  },
  'GET /datalog/channels/:id/events': {
    public: 'a public channel’s live records are readable by anyone (stream: read over a socket)',
    params: async (w) => ({ id: await w.publicChannel() }),
    privateTwin: channel,
  },
  'POST /datalog/channels/:id/records': {
    params: async (w) => ({ id: await w.publicChannel() }),
    body: () => ({ records: [{ name: 'a', value: 2 }] }),
  },
  'PUT /datalog/channels/:id': {
    params: async (w) => ({ id: await w.publicChannel() }),
    body: () => ({ name: 'Renamed' }),
  },
  'DELETE /datalog/channels/:id': { params: channel },
  'PUT /datalog/channels/:id/fields/:name': { params: field, body: () => ({ colour: 3 }) },
  'DELETE /datalog/channels/:id/fields/:name': { params: field },
  'DELETE /datalog/channels/:id/fields/:name/records': {
    params: field,
    query: 'from=0&to=4102444800000',
  },

  // Remote lab: labs and groups are their owner's (sharing is tested in remote-lab-access).
  'GET /lab/:uuid': { params: lab },
  'PUT /lab/:uuid': { params: lab, body: () => ({ name: 'Renamed table' }) },
  'DELETE /lab/:uuid': { params: lab },
  'POST /lab/:uuid/station': { params: lab },
  'POST /lab/:uuid/station-key': { params: lab },
  'GET /lab-group/:uuid': { params: group },
  'PUT /lab-group/:uuid': { params: group, body: () => ({ name: 'Renamed group' }) },
  'DELETE /lab-group/:uuid': { params: group },

  // Classes: their teachers' and students'.
  'GET /class/:uuid': { params: cls },
  'PUT /class/:uuid': { params: cls, body: () => ({ name: 'Renamed class' }) },
  'DELETE /class/:uuid': { params: cls },
  'POST /class/:uuid/clone': { params: cls, ok: 201 },
  'PUT /class/:uuid/access-code': { params: cls },
  // Enrolling without a code is for official classes only; the student is already in.
  'PUT /class/:uuid/enroll': { params: cls, ...student },
  'PUT /class/:uuid/unenroll': { params: cls, ...student },
  'POST /class/:uuid/people/add': {
    params: cls,
    body: () => ({ type: 'student', people: [{ email: uniqueEmail('seat') }] }),
  },
  'GET /class/:uuid/people/:type': {
    params: async (w) => ({ ...(await cls(w)), type: 'student' }),
  },
  'PUT /class/:uuid/people/delete/:type': {
    params: async (w) => ({ ...(await cls(w)), type: 'student' }),
    body: () => ({ emails: ['STUDENT'] }),
  },
  'POST /class/:uuid/add-lesson': {
    params: cls,
    body: async (w) => ({ lessons: [await w.lesson()] }),
  },
  'PUT /class/:uuid/delete-lesson': {
    params: cls,
    body: async (w) => ({ lessons: [await w.lesson()] }),
  },
  'PUT /class/:uuid/reorder-lesson': {
    params: cls,
    body: async (w) => ({ lessons: [await w.lesson()] }),
  },
  'GET /class/:uuid/lessons': { params: cls, ...student },
  'PUT /class/:uuid/lesson-due': {
    params: cls,
    body: async (w) => ({ luuid: await w.lesson(), dueAt: '2031-05-01T08:00:00Z' }),
  },
  'GET /class/:uuid/grades': { params: cls },
  'GET /class/:uuid/grade/:suuid': {
    crossed: async (w, mine) => ({ uuid: await mine.cls(), suuid: await w.submission() }),
    params: async (w) => ({ uuid: await w.cls(), suuid: await w.submission() }),
  },
  'GET /class/:uuid/lesson/:luuid/work': {
    crossed: async (w, mine) => ({ uuid: await mine.cls(), luuid: await w.lesson() }),
    params: async (w) => ({ uuid: await w.cls(), luuid: await w.lesson() }),
    query: 'user_email=STUDENT',
  },
  'POST /class/:uuid/grade': {
    params: cls,
    body: async (w) => ({ grade: 7, luuid: await w.lesson(), user_email: 'STUDENT' }),
    ok: 201,
  },
  'PUT /class/:uuid/grade/:suuid': {
    crossed: async (w, mine) => ({ uuid: await mine.cls(), suuid: await w.submission() }),
    params: async (w) => ({ uuid: await w.cls(), suuid: await w.submission() }),
    body: () => ({ grade: 8 }),
  },
  'PUT /class/:uuid/note': {
    params: cls,
    body: async (w) => ({ suuid: await w.submission(), note: 'Well done' }),
  },
  'GET /class/:uuid/my-completions': { params: cls, ...student },

  // Lessons: their authors', and the students' of a class that holds them.
  'GET /lesson/:uuid': { params: lesson },
  'PUT /lesson/:uuid': { params: lesson, body: () => ({ name: 'Renamed lesson' }) },
  'PUT /lesson/:uuid/prop': {
    params: lesson,
    body: () => ({ official: true }),
    noControl: 'moderators only (lessons.test.ts)',
  },
  'DELETE /lesson/:uuid': { params: lesson },
  'GET /lesson/:uuid/boards/:list': {
    params: async (w) => ({ ...(await lesson(w)), list: 'private' }),
  },
  'PUT /lesson/:uuid/boards/:list': {
    params: async (w) => ({ ...(await lesson(w)), list: 'private' }),
    body: () => ({ boards: [] }),
  },
  'GET /lesson/:uuid/boards/student': { params: lesson, ...student },
  'PUT /lesson/:uuid/grade/submit': {
    params: lesson,
    body: () => ({ code: '<xml/>' }),
    ...student,
  },
  'PUT /lesson/:uuid/grade/complete': { params: lesson, ...student },
  'PUT /lesson/:uuid/grade/reset': {
    params: lesson,
    body: () => ({ class_uuid: 'CLASS', user_email: 'STUDENT' }),
  },
  'GET /lesson/:uuid/grade/student': { params: lesson, query: 'class_uuid=CLASS', ...student },
  'GET /lesson/:uuid/work': { params: lesson, ...student },
  'PUT /lesson/:uuid/work': { params: lesson, body: () => ({ code: '<xml/>' }), ...student },
  'GET /submission/:suuid': { params: async (w) => ({ suuid: await w.submission() }) },

  // The live classroom: its class's teacher and students.
  'GET /class/:uuid/live': { params: cls },
  'GET /class/:uuid/live/events': {
    params: cls,
    noControl: 'an event stream never ends by itself: live-class.test.ts reads it over a socket',
  },
  'PUT /class/:uuid/live/start': { params: cls },
  'POST /class/:uuid/live/join': { params: cls, ...student },
  'PUT /class/:uuid/live/end': { params: cls },
  'PUT /class/:uuid/live/stop': { params: cls, body: () => ({ emails: ['STUDENT'] }) },
  'PUT /class/:uuid/live/eyes': { params: cls, body: () => ({ message: 'Eyes here', minutes: 5 }) },
  'PUT /class/:uuid/live/broadcast': { params: cls },
  'PUT /class/:uuid/live/handout': {
    params: cls,
    body: () => ({ code: '<xml/>', name: 'Starter', emails: ['STUDENT'] }),
  },
  'PUT /class/:uuid/live/hand': {
    params: cls,
    body: async (w) => ({ up: true, luuid: await w.lesson() }),
    ...student,
  },
  'PUT /class/:uuid/live/hand/resolve': { params: cls, body: () => ({ email: 'STUDENT' }) },
  'GET /class/:uuid/comments': {
    params: cls,
    query: 'luuid=LESSON&user_email=STUDENT',
  },
  'POST /class/:uuid/comments': {
    params: cls,
    body: async (w) => ({
      luuid: await w.lesson(),
      user_email: 'STUDENT',
      suuid: null,
      anchor: { kind: 'block', block: 'b1' },
      text: 'Look at this block',
    }),
    ok: 201,
  },
  'PUT /class/:uuid/comments/:id/resolve': {
    crossed: async (w, mine) => ({ uuid: await mine.cls(), id: await w.comment() }),
    params: async (w) => ({ uuid: await w.cls(), id: await w.comment() }),
  },

  // Extensions: the community list is everyone's to read and add; only the author changes one.
  'GET /extension/:uuid': {
    public: 'a community extension is listed for every signed-in user',
    params: extension,
  },
  // Its source (workspace) is its author's: users get the compiled library.
  'GET /extension/:uuid/workspace': { params: extension },
  'PUT /extension/:uuid': { params: extension, body: () => ({ name: 'Renamed kit' }) },
  'PUT /extension/:uuid/workspace': {
    params: extension,
    body: () => ({ workspace: WORKSPACE, library: LIBRARY }),
  },
  'PUT /extension/:uuid/archive': { params: extension, body: () => ({ archived: true }) },
  'PUT /extension/:uuid/markas': {
    params: extension,
    body: () => ({ official: true }),
    noControl: 'moderators only (the role matrix in access.test.ts and extensions.test.ts)',
  },
  'PUT /extension/:uuid/add': {
    public:
      'adding a community extension to one’s own list is for everyone (it writes only the caller’s list)',
    params: extension,
  },
  'PUT /extension/:uuid/remove': {
    public: 'removing an extension from one’s own list writes only the caller’s list',
    params: async (w) => ({ uuid: await w.extensionInOthersList() }),
  },

  // Messages: the addressee's.
  'PUT /messages/:id/read': {
    params: async (w) => ({ id: await w.message() }),
    ...student,
  },
  'DELETE /messages/:id': {
    params: async (w) => ({ id: await w.message() }),
    noControl: 'admins only, and only announcements (messages.test.ts)',
  },

  // Web UI dashboards: the owner's; a shared one is readable through its link token.
  'GET /webui/dashboards/:uuid': { params: dashboard },
  'PUT /webui/dashboards/:uuid': {
    params: dashboard,
    body: () => ({ name: 'Renamed', widgets: [] }),
  },
  'DELETE /webui/dashboards/:uuid': { params: dashboard },
  'PUT /webui/dashboards/:uuid/share': { params: dashboard, body: () => ({ shared: true }) },
  'GET /webui/shared/:token': {
    public: 'a dashboard its owner shared read-only: the link token is the capability',
    params: async (w) => ({ token: await w.dashboardToken() }),
  },
  'POST /webui/shared/:token/broker': {
    public:
      'read-only broker credentials of a shared dashboard (subscribe only, webui-broker.test.ts)',
    params: async (w) => ({ token: await w.dashboardToken() }),
  },

  // Files every page may fetch without a token.
  'GET /classroom/image/:id': {
    public: 'an uploaded header image: <img> sends no token (served sandboxed, immutable)',
    params: async (w) => ({ id: await w.image() }),
  },
  'GET /firmware/files/:name': {
    public: 'the published firmware files',
    params: async () => ({ name: 'gogo-esp-1.0.3.bin' }),
  },
  'GET /firmware/legacy/:name': {
    public: 'the published legacy firmware files',
    params: async () => ({ name: 'bootloader.hex' }),
  },
};

/** Tables that keep counts, not what a call is about. */
const keyOf = (r: ApiRoute) => `${r.method} ${r.url.slice(API_BASE_PATH.length)}`;
const pathParams = (url: string) =>
  [...url.matchAll(/:([A-Za-z_]+)/g)].map((m) => m[1] ?? '').filter(Boolean);

describe(`other-user matrix: every route with a resource in its path (${testEngine()})`, () => {
  let t: TestApp;
  let call: ApiCall;
  const tokens = {} as Record<Actor, string>;
  const emails = {} as Record<Actor, string>;

  beforeAll(async () => {
    t = await startTestApp(mqttTestEnv({ LAB_REGISTRATIONS_PER_HOUR: '100000' }));
    call = apiCaller(t);
    for (const actor of ['owner', 'student', 'other'] as const) {
      emails[actor] = uniqueEmail(actor);
      tokens[actor] = (await signInWithGoogle(t.emulatorHost, emails[actor], actor)).idToken;
      await call('POST', '/auth', tokens[actor], {});
    }
  }, 60_000);
  afterAll(() => t.close());

  async function ok<T>(as: Actor, method: Method, path: string, body?: unknown): Promise<T> {
    const res = await call(method, path, tokens[as], body);
    expect(res.status, `${method} ${path}: ${res.text.slice(0, 200)}`).toBeLessThan(300);
    return res.body as T;
  }

  /**
   * The student's message about lessons added to class `id`. The server writes it after
   * add-lesson has answered (an event's listener): waiting for it keeps that write out of
   * a later snapshot's window, where it read as a refused call's change.
   */
  async function lessonMessage(id: string): Promise<string> {
    const until = Date.now() + 30_000;
    for (;;) {
      const list = await ok<{ data: { id: string; link?: string }[] }>(
        'student',
        'GET',
        '/messages',
      );
      const found = list.data.find((m) => m.link === `/classroom/classd/${id}`);
      if (found) return found.id;
      if (Date.now() > until) throw new Error(`no message about class ${id} for the student`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  /** The resources of `by` (the owner; the other user's own for the crossed calls). */
  function world(by: Actor = 'owner'): World {
    const once = <T>(make: () => Promise<T>): (() => Promise<T>) => {
      let made: Promise<T> | undefined;
      return () => (made ??= make());
    };
    const uuid = (r: { uuid: string }) => r.uuid;
    const channelWith = (isPublic: boolean) =>
      once(async () => {
        const { id } = await ok<{ id: string }>(by, 'POST', '/datalog/channels', {
          name: 'Greenhouse',
          isPublic,
        });
        await ok(by, 'POST', `/datalog/channels/${id}/records`, {
          records: [{ name: 'a', value: 1 }],
        });
        return id;
      });
    const w: World = {
      privateProject: once(async () =>
        uuid(await ok(by, 'POST', '/project/create', { name: 'Mine', code: '<xml/>' })),
      ),
      project: once(async () => {
        const id = uuid(await ok(by, 'POST', '/project/create', { name: 'Open', code: '<xml/>' }));
        await ok(by, 'PUT', `/project/${id}/publish`, {});
        return id;
      }),
      catalog: once(async () => {
        const id = uuid(
          await ok(by, 'POST', '/catalog/create', { name: `Shelf ${uniqueBoard()}` }),
        );
        await ok(by, 'PUT', `/catalog/${id}/add`, { project: await w.project() });
        return id;
      }),
      channel: channelWith(false),
      publicChannel: channelWith(true),
      lab: once(async () =>
        uuid(
          await ok(by, 'POST', '/lab/create', {
            name: 'Table',
            board_id: uniqueBoard(),
            pin: '1357',
          }),
        ),
      ),
      group: once(async () => {
        const lab = await ok<{ board_id: string }>(by, 'GET', `/lab/${await w.lab()}`);
        return uuid(
          await ok(by, 'POST', '/lab-group/create', { name: 'G', board_ids: [lab.board_id] }),
        );
      }),
      lesson: once(async () => uuid(await ok(by, 'POST', '/lesson/create', { name: 'Lesson' }))),
      cls: once(async () => {
        const id = uuid(await ok(by, 'POST', '/class/create', { name: 'Robotics' }));
        if (by === 'owner') {
          await ok(by, 'POST', `/class/${id}/people/add`, {
            type: 'student',
            people: [{ email: emails.student }],
          });
        }
        await ok(by, 'POST', `/class/${id}/add-lesson`, { lessons: [await w.lesson()] });
        if (by === 'owner') await lessonMessage(id);
        await ok(by, 'PUT', `/class/${id}/live/start`, {});
        return id;
      }),
      submission: once(async () => {
        await w.cls();
        const sent = await ok<{ suuid: string }>(
          'student',
          'PUT',
          `/lesson/${await w.lesson()}/grade/submit`,
          { code: '<xml/>' },
        );
        return sent.suuid;
      }),
      comment: once(async () => {
        const made = await ok<{ id: string }>(by, 'POST', `/class/${await w.cls()}/comments`, {
          luuid: await w.lesson(),
          user_email: emails.student,
          suuid: null,
          anchor: { kind: 'block', block: 'b1' },
          text: 'Look here',
        });
        return made.id;
      }),
      extension: once(async () =>
        uuid(
          await ok(by, 'POST', '/publish', {
            name: `Kit ${uniqueBoard()}`,
            workspace: WORKSPACE,
            library: LIBRARY,
          }),
        ),
      ),
      extensionInOthersList: once(async () => {
        const id = await w.extension();
        await ok('other', 'PUT', `/extension/${id}/add`, {});
        return id;
      }),
      message: once(async () => lessonMessage(await w.cls())),
      dashboard: once(async () =>
        uuid(await ok(by, 'POST', '/webui/dashboards', { name: 'Panel', widgets: [] })),
      ),
      dashboardToken: once(async () => {
        const shared = await ok<{ shareToken: string }>(
          by,
          'PUT',
          `/webui/dashboards/${await w.dashboard()}/share`,
          { shared: true },
        );
        return shared.shareToken;
      }),
      image: once(async () => {
        const res = await t.app.inject({
          method: 'POST',
          url: `${API_BASE_PATH}/classroom/image`,
          headers: { ...bearer(tokens.owner), 'content-type': 'image/gif' },
          payload: GIF,
        });
        expect(res.statusCode, res.body).toBe(201);
        return String(res.json<{ url: string }>().url).split('/').pop() ?? '';
      }),
    };
    return w;
  }

  const snapshot = () => databaseSnapshot(t);

  const routeWithPathIds = () =>
    t.app.apiRoutes.filter((r) => pathParams(r.url).some((p) => !NOT_A_RESOURCE.has(p)));

  it('has a row for every route whose path names a resource', () => {
    const keys = routeWithPathIds().map(keyOf);
    expect(keys.length).toBeGreaterThanOrEqual(100);
    expect(keys.filter((k) => !(k in MATRIX))).toEqual([]);
    expect(Object.keys(MATRIX).filter((k) => !keys.includes(k))).toEqual([]);
  });

  /** Placeholders a row's query or body uses for the world's people and things. */
  const fill = async (text: string, w: World) =>
    text
      .replaceAll('STUDENT', emails.student)
      .replaceAll('LESSON', text.includes('LESSON') ? await w.lesson() : '')
      .replaceAll('CLASS', text.includes('CLASS') ? await w.cls() : '');

  async function request(key: string, row: Row | PublicRow, w: World, as: Actor) {
    const route = t.app.apiRoutes.find((r) => keyOf(r) === key);
    if (!route) throw new Error(`no route ${key}`);
    const params = await row.params(w);
    const path = route.url
      .slice(API_BASE_PATH.length)
      .replace(/:([A-Za-z_]+)\??/g, (_m, name: string) => encodeURIComponent(params[name] ?? ''));
    const query = row.query ? `?${await fill(row.query, w)}` : '';
    const schema = route.schema as { body?: Schema };
    let body: unknown;
    if (route.method !== 'GET' && route.method !== 'DELETE') {
      body = 'body' in row && row.body ? await row.body(w) : schema.body ? sample(schema.body) : {};
      body = JSON.parse(await fill(JSON.stringify(body), w));
    }
    if (key.endsWith('/events')) {
      // An event stream never ends: its status line over a real socket.
      const address = await t.app.listen({ host: '127.0.0.1', port: 0 }).catch(() => {
        const a = t.app.server.address();
        return typeof a === 'object' && a ? `http://127.0.0.1:${a.port}` : '';
      });
      const stop = new AbortController();
      const res = await fetch(`${address}${API_BASE_PATH}${path}${query}`, {
        headers: bearer(tokens[as]),
        signal: stop.signal,
      });
      const text = res.status < 300 ? '' : await res.text();
      stop.abort();
      return { status: res.status, text, body: text ? (JSON.parse(text) as object) : {} };
    }
    return call(route.method as Method, `${path}${query}`, tokens[as], body);
  }

  for (const [key, row] of Object.entries(MATRIX)) {
    if ('public' in row) {
      it(`${key}: public (${row.public}); the other user reads it${row.privateTwin ? ', not a private one' : ''}`, async () => {
        const w = world();
        const res = await request(key, row, w, 'other');
        expect(res.status, res.text.slice(0, 200)).toBe(row.ok ?? 200);
        if (!row.privateTwin) return;
        const twin = await request(key, { ...row, params: row.privateTwin }, w, 'other');
        expect([403, 404], `private: ${twin.status} ${twin.text.slice(0, 200)}`).toContain(
          twin.status,
        );
        expect(Object.keys(twin.body).sort()).toEqual(['error', 'message']);
      });
      continue;
    }
    it(`${key}: refused to another user${row.crossed ? ' (also through their own class)' : ''}, nothing changed`, async () => {
      const w = world();
      // Make everything the row names before the snapshot.
      await row.params(w);
      if (row.body) await row.body(w);
      if (row.query) await fill(row.query, w);
      const before = await snapshot();
      const res = await request(key, row, w, 'other');
      expect([403, 404], `${res.status} ${res.text.slice(0, 200)}`).toContain(res.status);
      expect(Object.keys(res.body).sort()).toEqual(['error', 'message']);
      expect(await snapshot(), 'a refused call changed the database').toEqual(before);
      if (row.crossed) {
        const crossed = row.crossed;
        const mine = world('other');
        await crossed(w, mine);
        const ready = await snapshot();
        const res = await request(key, { ...row, params: (x) => crossed(x, mine) }, w, 'other');
        expect([403, 404], `crossed: ${res.status} ${res.text.slice(0, 200)}`).toContain(
          res.status,
        );
        expect(Object.keys(res.body).sort()).toEqual(['error', 'message']);
        expect(await snapshot(), 'a refused crossed call changed the database').toEqual(ready);
      }
      if (row.noControl) return;
      const allowed = await request(key, row, w, row.allowed ?? 'owner');
      expect(allowed.status, `the ${row.allowed ?? 'owner'}: ${allowed.text.slice(0, 200)}`).toBe(
        row.ok ?? 200,
      );
    });
  }
});
