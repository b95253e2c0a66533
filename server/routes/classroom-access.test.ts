// The classroom's authorization matrix (docs/classroom.md "Roles"): every classroom route,
// called by a visitor, another signed-in user, a student of the class, a teacher of it, its
// owner, a moderator and an admin, each against a fresh class so one call cannot change
// what the next one sees. A route added without a row here fails the coverage test.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE_PATH } from '../../src/contract/base-path.ts';
import { signInWithGoogle, uniqueEmail } from '../testing/emulator-accounts.ts';
import { apiCaller, type ApiCall, type Method } from '../testing/api-caller.ts';
import { startTestApp, type TestApp } from '../testing/test-app.ts';

const ADMIN = 'admin-matrix@example.com';
const ACTORS = ['visitor', 'other', 'student', 'teacher', 'owner', 'moderator', 'admin'] as const;
type Actor = (typeof ACTORS)[number];
const MISSING = '6f1c1e5e-0b7a-4d8e-9a53-8d2b8a0c1f00';

/** One class with a lesson, a co-teacher, a student and the student's submission. */
interface World {
  c: string;
  code: string;
  l: string;
  s: string;
  /** A board of the owner's lab, made official. */
  b: string;
  /** A comment of the owner's on the student's program (the class is live). */
  cm: string;
}

interface Case {
  /** Path under the API base, from the world's ids. */
  path: (w: World) => string;
  body?: (w: World) => unknown;
  /** Expected status per actor (visitor is always 401). */
  expect: Record<Exclude<Actor, 'visitor'>, number>;
  /** The call changes the world: give each actor a fresh one. */
  mutates?: boolean;
  /** An event stream: a 200 is read as headers only (the stream would stay open). */
  stream?: boolean;
}

// Shorthands for the common rows of the role table.
const READ = { other: 404, student: 200, teacher: 200, owner: 200, moderator: 200, admin: 200 };
const TEACH = { other: 404, student: 403, teacher: 200, owner: 200, moderator: 403, admin: 200 };
const OWN = { other: 404, student: 403, teacher: 403, owner: 200, moderator: 403, admin: 200 };
const STUDY = { other: 404, student: 200, teacher: 403, owner: 403, moderator: 403, admin: 403 };
/** The class's members: its teachers (and admins) and students; a moderator is neither. */
const LIVE = { other: 404, student: 200, teacher: 200, owner: 200, moderator: 403, admin: 200 };
const ANYONE = { other: 200, student: 200, teacher: 200, owner: 200, moderator: 200, admin: 200 };
const created = (row: Case['expect']) =>
  Object.fromEntries(
    Object.entries(row).map(([k, v]) => [k, v === 200 ? 201 : v]),
  ) as Case['expect'];

const MATRIX: Record<string, Case[]> = {
  'POST /class/create': [
    { path: () => '/class/create', body: () => ({ name: 'New' }), expect: created(ANYONE) },
  ],
  'GET /class/browse/:type': [{ path: () => '/class/browse/my', expect: ANYONE }],
  'GET /class/my-enrolled': [{ path: () => '/class/my-enrolled', expect: ANYONE }],
  'PUT /class/code-enroll': [
    {
      path: () => '/class/code-enroll',
      body: (w) => ({ access_code: w.code }),
      expect: { other: 200, student: 200, teacher: 409, owner: 409, moderator: 200, admin: 200 },
      mutates: true,
    },
  ],
  'GET /class/:uuid': [{ path: (w) => `/class/${w.c}`, expect: READ }],
  'PUT /class/:uuid': [
    {
      path: (w) => `/class/${w.c}`,
      body: () => ({ name: 'Renamed' }),
      expect: TEACH,
      mutates: true,
    },
    {
      path: (w) => `/class/${w.c}`,
      body: () => ({ official: true }),
      expect: { other: 404, student: 403, teacher: 403, owner: 403, moderator: 200, admin: 200 },
      mutates: true,
    },
  ],
  'DELETE /class/:uuid': [{ path: (w) => `/class/${w.c}`, expect: OWN, mutates: true }],
  'POST /class/:uuid/clone': [
    { path: (w) => `/class/${w.c}/clone`, body: () => ({}), expect: created(TEACH) },
  ],
  'PUT /class/:uuid/access-code': [
    { path: (w) => `/class/${w.c}/access-code`, body: () => ({}), expect: TEACH, mutates: true },
  ],
  'PUT /class/:uuid/enroll': [
    {
      path: (w) => `/class/${w.c}/enroll`,
      body: () => ({}),
      // Not official: joining needs the code (403 enrol_needs_code).
      expect: { other: 404, student: 200, teacher: 409, owner: 409, moderator: 403, admin: 403 },
      mutates: true,
    },
  ],
  'PUT /class/:uuid/unenroll': [
    {
      path: (w) => `/class/${w.c}/unenroll`,
      body: () => ({}),
      expect: { other: 404, student: 200, teacher: 409, owner: 409, moderator: 404, admin: 404 },
      mutates: true,
    },
  ],
  'POST /class/:uuid/people/add': [
    {
      path: (w) => `/class/${w.c}/people/add`,
      body: () => ({ type: 'student', people: [{ email: uniqueEmail('new') }] }),
      expect: TEACH,
      mutates: true,
    },
    {
      path: (w) => `/class/${w.c}/people/add`,
      body: () => ({ type: 'teacher', people: [{ email: uniqueEmail('new') }] }),
      expect: OWN,
      mutates: true,
    },
  ],
  'GET /class/:uuid/people/:type': [
    { path: (w) => `/class/${w.c}/people/teacher`, expect: READ },
    { path: (w) => `/class/${w.c}/people/student`, expect: TEACH },
  ],
  'PUT /class/:uuid/people/delete/:type': [
    {
      path: (w) => `/class/${w.c}/people/delete/student`,
      body: () => ({ emails: [emails.student] }),
      expect: TEACH,
      mutates: true,
    },
    {
      path: (w) => `/class/${w.c}/people/delete/teacher`,
      body: () => ({ emails: [emails.teacher] }),
      expect: OWN,
      mutates: true,
    },
  ],
  'POST /class/:uuid/add-lesson': [
    { path: (w) => `/class/${w.c}/add-lesson`, body: (w) => ({ lessons: [w.l] }), expect: TEACH },
  ],
  'GET /class/:uuid/lessons': [{ path: (w) => `/class/${w.c}/lessons`, expect: READ }],
  'PUT /class/:uuid/delete-lesson': [
    {
      path: (w) => `/class/${w.c}/delete-lesson`,
      body: (w) => ({ lessons: [w.l] }),
      expect: TEACH,
      mutates: true,
    },
  ],
  'PUT /class/:uuid/reorder-lesson': [
    {
      path: (w) => `/class/${w.c}/reorder-lesson`,
      body: (w) => ({ lessons: [w.l] }),
      expect: TEACH,
    },
  ],
  'PUT /class/:uuid/lesson-due': [
    {
      path: (w) => `/class/${w.c}/lesson-due`,
      body: (w) => ({ luuid: w.l, dueAt: '2031-05-01T08:00:00Z' }),
      expect: TEACH,
      mutates: true,
    },
  ],
  'GET /class/:uuid/grades': [{ path: (w) => `/class/${w.c}/grades`, expect: TEACH }],
  'GET /class/:uuid/grade/:suuid': [
    {
      path: (w) => `/class/${w.c}/grade/${w.s}`,
      // The student reads their own; a moderator never reads a student's work.
      expect: { other: 404, student: 200, teacher: 200, owner: 200, moderator: 403, admin: 200 },
    },
  ],
  'POST /class/:uuid/grade': [
    {
      path: (w) => `/class/${w.c}/grade`,
      body: (w) => ({ grade: 9, luuid: w.l, user_email: emails.student }),
      expect: created(TEACH),
      mutates: true,
    },
  ],
  'PUT /class/:uuid/grade/:suuid': [
    {
      path: (w) => `/class/${w.c}/grade/${w.s}`,
      body: () => ({ grade: 9, note: 'ok' }),
      expect: TEACH,
      mutates: true,
    },
  ],
  'PUT /class/:uuid/note': [
    {
      path: (w) => `/class/${w.c}/note`,
      body: (w) => ({ suuid: w.s, note: 'Well done' }),
      expect: TEACH,
      mutates: true,
    },
  ],
  'GET /class/:uuid/my-completions': [
    { path: (w) => `/class/${w.c}/my-completions`, expect: { ...STUDY, moderator: 403 } },
  ],
  'POST /lesson/create': [
    { path: () => '/lesson/create', body: () => ({ name: 'L' }), expect: created(ANYONE) },
  ],
  'GET /lesson/browse/:type': [{ path: () => '/lesson/browse/official', expect: ANYONE }],
  'GET /lesson/:uuid': [{ path: (w) => `/lesson/${w.l}`, expect: READ }],
  'PUT /lesson/:uuid': [
    {
      path: (w) => `/lesson/${w.l}`,
      body: () => ({ name: 'Renamed' }),
      expect: OWN,
      mutates: true,
    },
  ],
  'PUT /lesson/:uuid/prop': [
    {
      path: (w) => `/lesson/${w.l}/prop`,
      body: () => ({ official: true }),
      expect: { other: 404, student: 403, teacher: 403, owner: 403, moderator: 200, admin: 200 },
      mutates: true,
    },
  ],
  'DELETE /lesson/:uuid': [{ path: (w) => `/lesson/${w.l}`, expect: OWN, mutates: true }],
  'GET /lesson/:uuid/boards/:list': [
    {
      path: (w) => `/lesson/${w.l}/boards/private`,
      expect: { other: 404, student: 403, teacher: 200, owner: 200, moderator: 200, admin: 200 },
    },
  ],
  'PUT /lesson/:uuid/boards/:list': [
    {
      path: (w) => `/lesson/${w.l}/boards/private`,
      body: (w) => ({ boards: [{ board_id: w.b }] }),
      expect: OWN,
      mutates: true,
    },
    {
      path: (w) => `/lesson/${w.l}/boards/official`,
      body: (w) => ({ boards: [{ board_id: w.b }] }),
      expect: { other: 404, student: 403, teacher: 403, owner: 403, moderator: 200, admin: 200 },
      mutates: true,
    },
  ],
  'GET /lesson/:uuid/boards/student': [
    { path: (w) => `/lesson/${w.l}/boards/student`, expect: READ },
  ],
  'PUT /lesson/:uuid/grade/submit': [
    {
      path: (w) => `/lesson/${w.l}/grade/submit`,
      body: () => ({ code: '<xml/>' }),
      expect: STUDY,
      mutates: true,
    },
  ],
  'PUT /lesson/:uuid/grade/complete': [
    {
      path: (w) => `/lesson/${w.l}/grade/complete`,
      body: () => ({}),
      expect: STUDY,
      mutates: true,
    },
    {
      path: (w) => `/lesson/${w.l}/grade/complete`,
      body: () => ({ user_email: emails.student }),
      expect: TEACH,
      mutates: true,
    },
  ],
  'PUT /lesson/:uuid/grade/reset': [
    {
      path: (w) => `/lesson/${w.l}/grade/reset`,
      body: () => ({ user_email: emails.student }),
      expect: TEACH,
      mutates: true,
    },
  ],
  'GET /lesson/:uuid/grade/student': [
    { path: (w) => `/lesson/${w.l}/grade/student`, expect: READ },
  ],
  // A student's own work in progress: theirs to keep and read, their teachers' to read.
  'GET /lesson/:uuid/work': [{ path: (w) => `/lesson/${w.l}/work`, expect: STUDY }],
  'PUT /lesson/:uuid/work': [
    {
      path: (w) => `/lesson/${w.l}/work`,
      body: () => ({ code: '<xml/>' }),
      expect: STUDY,
      mutates: true,
    },
  ],
  'GET /class/:uuid/lesson/:luuid/work': [
    {
      path: (w) => `/class/${w.c}/lesson/${w.l}/work?user_email=${emails.student}`,
      // A moderator never reads a student's work.
      expect: TEACH,
    },
  ],
  // The live classroom (docs/classroom.md "Live classroom"): its members, never a moderator
  // who is not one; the class is live in every world.
  'GET /class/:uuid/live': [{ path: (w) => `/class/${w.c}/live`, expect: LIVE }],
  'GET /class/:uuid/live/events': [
    { path: (w) => `/class/${w.c}/live/events`, expect: LIVE, stream: true },
  ],
  'PUT /class/:uuid/live/start': [
    { path: (w) => `/class/${w.c}/live/start`, body: () => ({}), expect: TEACH },
  ],
  'POST /class/:uuid/live/join': [
    { path: (w) => `/class/${w.c}/live/join`, body: () => ({}), expect: LIVE },
  ],
  'PUT /class/:uuid/live/end': [
    { path: (w) => `/class/${w.c}/live/end`, body: () => ({}), expect: TEACH, mutates: true },
  ],
  'PUT /class/:uuid/live/stop': [
    { path: (w) => `/class/${w.c}/live/stop`, body: () => ({}), expect: TEACH },
  ],
  'PUT /class/:uuid/live/eyes': [
    {
      path: (w) => `/class/${w.c}/live/eyes`,
      body: () => ({ message: 'Eyes on me', minutes: 5 }),
      expect: TEACH,
      mutates: true,
    },
  ],
  'PUT /class/:uuid/live/broadcast': [
    {
      path: (w) => `/class/${w.c}/live/broadcast`,
      body: () => ({ on: true }),
      expect: TEACH,
      mutates: true,
    },
  ],
  'PUT /class/:uuid/live/handout': [
    {
      path: (w) => `/class/${w.c}/live/handout`,
      body: () => ({ code: '<xml/>', name: 'Starter' }),
      expect: TEACH,
    },
  ],
  'PUT /class/:uuid/live/hand': [
    {
      path: (w) => `/class/${w.c}/live/hand`,
      body: () => ({ up: true }),
      expect: STUDY,
      mutates: true,
    },
  ],
  'PUT /class/:uuid/live/hand/resolve': [
    {
      path: (w) => `/class/${w.c}/live/hand/resolve`,
      body: () => ({ email: emails.student }),
      expect: TEACH,
      mutates: true,
    },
  ],
  'GET /class/:uuid/comments': [
    {
      path: (w) => `/class/${w.c}/comments?luuid=${w.l}&user_email=${emails.student}`,
      expect: LIVE,
    },
  ],
  'POST /class/:uuid/comments': [
    {
      path: (w) => `/class/${w.c}/comments`,
      body: (w) => ({
        luuid: w.l,
        user_email: emails.student,
        anchor: { kind: 'line', line: 2 },
        text: 'Look here',
      }),
      expect: created(TEACH),
      mutates: true,
    },
  ],
  'PUT /class/:uuid/comments/:id/resolve': [
    {
      path: (w) => `/class/${w.c}/comments/${w.cm}/resolve`,
      body: () => ({}),
      expect: LIVE,
      mutates: true,
    },
  ],
  'GET /submission/:suuid': [
    {
      path: (w) => `/submission/${w.s}`,
      expect: { other: 404, student: 200, teacher: 200, owner: 200, moderator: 403, admin: 200 },
    },
  ],
  'POST /classroom/image': [],
  'GET /classroom/image/:id': [],
};

const emails = {} as Record<Exclude<Actor, 'visitor'>, string>;

describe('classroom authorization matrix', () => {
  let t: TestApp;
  let call: ApiCall;
  const tokens = {} as Record<Actor, string | null>;
  let shared: World;
  let board: string;
  let origin: string;

  /** An event stream's status: its headers are enough (the stream itself stays open). */
  async function streamStatus(path: string, token: string | null) {
    const abort = new AbortController();
    const res = await fetch(`${origin}${API_BASE_PATH}${path}`, {
      headers: token ? { authorization: `Bearer ${token}` } : {},
      signal: abort.signal,
    });
    const body: unknown = res.status >= 400 ? await res.json() : {};
    abort.abort();
    return {
      status: res.status,
      body: body as Record<string, unknown>,
      text: JSON.stringify(body),
    };
  }

  async function world(): Promise<World> {
    const owner = tokens.owner;
    const cls = (await call('POST', '/class/create', owner, { name: 'Matrix' })).body;
    const lesson = (await call('POST', '/lesson/create', owner, { name: 'Matrix lesson' })).body;
    await call('POST', `/class/${cls.uuid}/add-lesson`, owner, { lessons: [lesson.uuid] });
    await call('POST', `/class/${cls.uuid}/people/add`, owner, {
      type: 'teacher',
      people: [{ email: emails.teacher }],
    });
    await call('POST', `/class/${cls.uuid}/people/add`, owner, {
      type: 'student',
      people: [{ email: emails.student }],
    });
    const sent = await call('PUT', `/lesson/${lesson.uuid}/grade/submit`, tokens.student, {
      code: '<xml/>',
    });
    expect(sent.status).toBe(200);
    await call('PUT', `/class/${cls.uuid}/live/start`, owner, {});
    const comment = await call('POST', `/class/${cls.uuid}/comments`, owner, {
      luuid: lesson.uuid,
      user_email: emails.student,
      anchor: { kind: 'block', block: 'b1' },
      text: 'Nice',
    });
    expect(comment.status).toBe(201);
    return {
      c: cls.uuid,
      code: cls.access_code,
      l: lesson.uuid,
      s: sent.body.suuid,
      b: board,
      cm: comment.body.id,
    };
  }

  beforeAll(async () => {
    t = await startTestApp({ ADMIN_EMAILS: ADMIN });
    origin = await t.app.listen({ host: '127.0.0.1', port: 0 });
    call = apiCaller(t);
    tokens.visitor = null;
    for (const actor of ['other', 'student', 'teacher', 'owner'] as const) {
      emails[actor] = uniqueEmail(actor);
      tokens[actor] = (await signInWithGoogle(t.emulatorHost, emails[actor], actor)).idToken;
    }
    emails.admin = ADMIN;
    tokens.admin = (await signInWithGoogle(t.emulatorHost, ADMIN, 'Admin')).idToken;
    emails.moderator = uniqueEmail('moderator');
    await call('POST', '/user/create', tokens.admin, {
      email: emails.moderator,
      name: 'Moderator',
      role: 'moderator',
    });
    tokens.moderator = (await signInWithGoogle(t.emulatorHost, emails.moderator, 'Mod')).idToken;
    const lab = await call('POST', '/lab/create', tokens.owner, {
      name: 'Matrix lab',
      board_id: `MATRIX${Date.now()}`,
      pin: '2468',
    });
    board = lab.body.board_id;
    await call('PUT', `/lab/${lab.body.uuid}`, tokens.owner, { official: true });
    shared = await world();
  });
  afterAll(() => t.close());

  const classroomRoutes = () =>
    t.app.apiRoutes
      .filter((r) => /^\/api\/v1\/(class|lesson|submission|classroom)\b/.test(r.url))
      .map((r) => `${r.method} ${r.url.slice(API_BASE_PATH.length)}`);

  it('has a row for every classroom route', () => {
    const routes = classroomRoutes();
    expect(routes.length).toBeGreaterThanOrEqual(41);
    expect(routes.filter((r) => !(r in MATRIX))).toEqual([]);
    expect(Object.keys(MATRIX).filter((k) => !routes.includes(k))).toEqual([]);
  });

  for (const [route, cases] of Object.entries(MATRIX)) {
    cases.forEach((c, i) => {
      it(`${route}${cases.length > 1 ? ` #${i + 1}` : ''}`, async () => {
        const method = route.split(' ')[0] as Method;
        for (const actor of ACTORS) {
          const w = c.mutates ? await world() : shared;
          const res = c.stream
            ? await streamStatus(c.path(w), tokens[actor])
            : await call(method, c.path(w), tokens[actor], c.body?.(w));
          const expected = actor === 'visitor' ? 401 : c.expect[actor];
          expect(res.status, `${actor}: ${res.text.slice(0, 200)}`).toBe(expected);
          // A refusal says why and carries nothing else: never another user's data.
          if (res.status >= 400) expect(Object.keys(res.body).sort()).toEqual(['error', 'message']);
        }
      });
    });
  }

  it('answers 404 for a class, lesson or submission that does not exist, whoever asks', async () => {
    for (const [route, cases] of Object.entries(MATRIX)) {
      const method = route.split(' ')[0] as Method;
      for (const c of cases) {
        const ids: World = {
          c: MISSING,
          code: 'ACDE-FGH3',
          l: MISSING,
          s: MISSING,
          b: board,
          cm: MISSING,
        };
        const path = c.path(ids);
        if (!path.includes(MISSING)) continue;
        for (const actor of ['owner', 'admin'] as const) {
          const res = c.stream
            ? await streamStatus(path, tokens[actor])
            : await call(method, path, tokens[actor], c.body?.(ids));
          expect(res.status, `${actor} ${method} ${path}`).toBe(404);
          expect(res.body.error).toMatch(/_not_found$|^not_a_member$|^lesson_not_in_class$/);
        }
      }
    }
  });

  it('lets a visitor only read an uploaded image, and any signed-in user upload one', async () => {
    const gif = Buffer.from('R0lGODlhAQABAAAAACwAAAAAAQABAAA=', 'base64');
    const upload = (token: string | null) =>
      t.app.inject({
        method: 'POST',
        url: `${API_BASE_PATH}/classroom/image`,
        headers: {
          'content-type': 'image/gif',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        payload: gif,
      });
    expect((await upload(null)).statusCode).toBe(401);
    for (const actor of ACTORS.filter((a) => a !== 'visitor')) {
      const res = await upload(tokens[actor]);
      expect(res.statusCode, actor).toBe(201);
      expect((await t.app.inject({ url: res.json().url })).statusCode).toBe(200);
    }
  });
});
