// The reference matrix: every body or query field that names a resource (a lesson, class,
// submission, project, channel, lab board, session, a student by e-mail…) is checked for the
// caller's right to use what it names. The fields come from the registered routes' TypeBox
// schemas (server/testing/reference-fields.ts), so a schema that gains such a field fails the
// coverage test until it has a row here. Each row calls its route twice on a fresh world:
// first naming another user's resource, which must be refused (403/404, or the one answer
// the spec gives) with the database unchanged, then naming the caller's own, which must
// work, so the refusal is the field's doing. Runs on SQLite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { API_BASE_PATH } from '../../src/contract/base-path.ts';
import { referenceFields } from '../testing/reference-fields.ts';
import type { RouteSchemas } from '../testing/schema-fuzz.ts';
import { apiCaller, type ApiCall, type Method } from '../testing/api-caller.ts';
import { signInWithGoogle, uniqueEmail } from '../testing/emulator-accounts.ts';
import { databaseSnapshot } from '../testing/db-snapshot.ts';
import { startTestApp, type TestApp } from '../testing/test-app.ts';
import { testEngine } from '../testing/test-db.ts';
import { mqttTestEnv } from '../testing/test-mqtt.ts';

/** The caller (a teacher with a class, lessons, labs, projects…), their student, and another
 * teacher with a student and resources of every kind: the victim. */
const ACTORS = ['me', 'myStudent', 'other', 'otherStudent'] as const;
type Actor = (typeof ACTORS)[number];

interface Side {
  cls: string;
  code: string;
  lesson: string;
  /** A lesson of the teacher's that no class holds yet. */
  spare: string;
  submission: string;
  board: string;
  /** The lab's station key (a CLI station's credential). */
  stationKey: string;
  group: string;
  project: string;
  catalog: string;
  channel: string;
  /** The student's cable session in the lesson. */
  session: number;
  studentEmail: string;
}

interface World {
  mine: Side;
  theirs: Side;
}

interface Call {
  as: Actor;
  method: Method;
  path: string;
  body?: unknown;
}

interface Row {
  /** The call naming `ref` in the field. */
  call: (w: World, ref: string) => Call;
  /** What the caller may name, and what another user's is. */
  own: (w: World) => string;
  foreign: (w: World) => string;
  /** The answer with the caller's own (default 200). */
  ok?: number;
  /** The refusals that may answer the foreign one (default 403, 404). */
  refused?: number[];
}

/** A field that names something, but nothing whose use needs a right: why. */
interface Exempt {
  exempt: string;
}

const uniqueBoard = () => `RM${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

const MATRIX: Record<string, Row | Exempt> = {
  // Cloud datalog: a private record goes to the caller's own channel only.
  'POST /datalog/record body.channel': {
    call: (_w, ref) => ({
      as: 'me',
      method: 'POST',
      path: '/datalog/record',
      body: { name: 'x', value: 1, public: false, channel: ref },
    }),
    own: (w) => w.mine.channel,
    foreign: (w) => w.theirs.channel,
  },
  'GET /storage query.key': {
    exempt: 'a shared workspace link: its random key is the capability (spec core §7)',
  },
  'GET /storage query.uid': { exempt: 'a label the old client sends; the server never reads it' },
  'POST /storage body.uid': { exempt: 'a label the old client sends; the server never reads it' },
  'POST /lab/station/connect body.board_id': {
    call: (w, ref) => ({
      as: 'me',
      method: 'POST',
      path: '/lab/station/connect',
      body: { board_id: ref, key: w.mine.stationKey },
    }),
    own: (w) => w.mine.board,
    foreign: (w) => w.theirs.board,
    // The station key is the lab's: another board's answer is the spec's wrong key.
    refused: [403],
  },
  'POST /lab/station/connect body.key': {
    exempt:
      "the station key is the credential itself (see the board_id row: one lab's key opens no other board)",
  },
  'POST /user/create body.email': {
    exempt: 'admins only: an admin creates any account (server/routes/access.test.ts)',
  },
  'POST /user/update body.id': {
    exempt: 'admins only: an admin edits any account (server/routes/access.test.ts)',
  },
  'POST /user/update body.email': {
    exempt: 'admins only: an admin edits any account (server/routes/access.test.ts)',
  },
  'POST /user/delete body.id': {
    exempt: 'admins only: an admin deletes any account (server/routes/access.test.ts)',
  },
  'PUT /catalog/:uuid/add body.project': {
    // A published project is everyone's to collect; an unpublished one is its owner's.
    call: (w, ref) => ({
      as: 'me',
      method: 'PUT',
      path: `/catalog/${w.mine.catalog}/add`,
      body: { project: ref },
    }),
    own: (w) => w.mine.project,
    foreign: (w) => w.theirs.project,
  },
  'POST /session/connect body.board_id': {
    call: (w, ref) => ({
      as: 'myStudent',
      method: 'POST',
      path: '/session/connect',
      body: { board_id: ref, lesson_uuid: w.mine.lesson },
    }),
    own: (w) => w.mine.board,
    foreign: (w) => w.theirs.board,
    // Granted, and then told the board is not online (no station runs here).
    ok: 409,
  },
  'POST /session/connect body.lesson_uuid': {
    call: (w, ref) => ({
      as: 'myStudent',
      method: 'POST',
      path: '/session/connect',
      body: { board_id: w.mine.board, lesson_uuid: ref },
    }),
    own: (w) => w.mine.lesson,
    foreign: (w) => w.theirs.lesson,
    ok: 409,
  },
  'POST /session/code-connect body.lesson_uuid': {
    call: (w, ref) => ({
      as: 'myStudent',
      method: 'POST',
      path: '/session/code-connect',
      body: { access_code: w.mine.code, lesson_uuid: ref },
    }),
    own: (w) => w.mine.lesson,
    foreign: (w) => w.theirs.lesson,
    ok: 409,
  },
  'POST /session/cable-connect body.board_id': {
    exempt:
      'a cable board is named by how it is reached (usb-gogo7): it names no lab board and its session never reaches a broker',
  },
  'POST /session/cable-connect body.lesson_uuid': {
    call: (_w, ref) => ({
      as: 'myStudent',
      method: 'POST',
      path: '/session/cable-connect',
      body: { board_id: 'usb-gogo7', lesson_uuid: ref },
    }),
    own: (w) => w.mine.lesson,
    foreign: (w) => w.theirs.lesson,
  },
  'POST /session/alive body.session_id': {
    call: (_w, ref) => ({
      as: 'myStudent',
      method: 'POST',
      path: '/session/alive',
      body: { session_id: Number(ref), session_ans: 3 },
    }),
    own: (w) => String(w.mine.session),
    foreign: (w) => String(w.theirs.session),
  },
  'POST /session/disconnect body.session_id': {
    call: (_w, ref) => ({
      as: 'myStudent',
      method: 'POST',
      path: '/session/disconnect',
      body: { session_id: Number(ref) },
    }),
    own: (w) => String(w.mine.session),
    foreign: (w) => String(w.theirs.session),
  },
  'POST /lab/create body.board_id': {
    call: (_w, ref) => ({
      as: 'me',
      method: 'POST',
      path: '/lab/create',
      body: { name: 'Another table', board_id: ref, pin: '2468' },
    }),
    own: () => uniqueBoard(),
    foreign: (w) => w.theirs.board,
    ok: 201,
    // The one fact a registration must tell (docs/remote-lab.md "Who may list a board").
    refused: [409],
  },
  'PUT /lab/:uuid body.shared_with': {
    exempt: 'the owner shares the lab with anyone by e-mail: it grants that person, not the caller',
  },
  'POST /lab-group/create body.board_ids': {
    call: (_w, ref) => ({
      as: 'me',
      method: 'POST',
      path: '/lab-group/create',
      body: { name: 'Tables', board_ids: [ref] },
    }),
    own: (w) => w.mine.board,
    foreign: (w) => w.theirs.board,
    ok: 201,
  },
  'PUT /lab-group/:uuid body.board_ids': {
    call: (w, ref) => ({
      as: 'me',
      method: 'PUT',
      path: `/lab-group/${w.mine.group}`,
      body: { board_ids: [ref] },
    }),
    own: (w) => w.mine.board,
    foreign: (w) => w.theirs.board,
  },
  'POST /class/:uuid/people/add body.people[].email': {
    exempt: 'a teacher invites any e-mail to their own class: the seat is in the caller’s class',
  },
  'PUT /class/:uuid/people/delete/:type body.emails': {
    call: (w, ref) => ({
      as: 'me',
      method: 'PUT',
      path: `/class/${w.mine.cls}/people/delete/student`,
      body: { emails: [ref] },
    }),
    own: (w) => w.mine.studentEmail,
    foreign: (w) => w.theirs.studentEmail,
  },
  'POST /class/:uuid/add-lesson body.lessons': {
    call: (w, ref) => ({
      as: 'me',
      method: 'POST',
      path: `/class/${w.mine.cls}/add-lesson`,
      body: { lessons: [ref] },
    }),
    own: (w) => w.mine.spare,
    foreign: (w) => w.theirs.lesson,
  },
  'PUT /class/:uuid/delete-lesson body.lessons': {
    call: (w, ref) => ({
      as: 'me',
      method: 'PUT',
      path: `/class/${w.mine.cls}/delete-lesson`,
      body: { lessons: [ref] },
    }),
    own: (w) => w.mine.lesson,
    foreign: (w) => w.theirs.lesson,
  },
  'PUT /class/:uuid/reorder-lesson body.lessons': {
    call: (w, ref) => ({
      as: 'me',
      method: 'PUT',
      path: `/class/${w.mine.cls}/reorder-lesson`,
      body: { lessons: [ref] },
    }),
    own: (w) => w.mine.lesson,
    foreign: (w) => w.theirs.lesson,
  },
  'PUT /class/:uuid/lesson-due body.luuid': {
    call: (w, ref) => ({
      as: 'me',
      method: 'PUT',
      path: `/class/${w.mine.cls}/lesson-due`,
      body: { luuid: ref, dueAt: '2031-05-01T08:00:00Z' },
    }),
    own: (w) => w.mine.lesson,
    foreign: (w) => w.theirs.lesson,
  },
  'POST /class/:uuid/grade body.luuid': {
    call: (w, ref) => ({
      as: 'me',
      method: 'POST',
      path: `/class/${w.mine.cls}/grade`,
      body: { grade: 7, luuid: ref, user_email: w.mine.studentEmail },
    }),
    own: (w) => w.mine.lesson,
    foreign: (w) => w.theirs.lesson,
    ok: 201,
  },
  'POST /class/:uuid/grade body.user_email': {
    call: (w, ref) => ({
      as: 'me',
      method: 'POST',
      path: `/class/${w.mine.cls}/grade`,
      body: { grade: 7, luuid: w.mine.lesson, user_email: ref },
    }),
    own: (w) => w.mine.studentEmail,
    foreign: (w) => w.theirs.studentEmail,
    ok: 201,
  },
  'PUT /class/:uuid/note body.suuid': {
    call: (w, ref) => ({
      as: 'me',
      method: 'PUT',
      path: `/class/${w.mine.cls}/note`,
      body: { suuid: ref, note: 'Well done' },
    }),
    own: (w) => w.mine.submission,
    foreign: (w) => w.theirs.submission,
  },
  'PUT /lesson/:uuid/grade/submit body.session_id': {
    call: (w, ref) => ({
      as: 'myStudent',
      method: 'PUT',
      path: `/lesson/${w.mine.lesson}/grade/submit`,
      body: { code: '<xml/>', session_id: ref },
    }),
    own: (w) => String(w.mine.session),
    foreign: (w) => String(w.theirs.session),
  },
  'PUT /lesson/:uuid/grade/submit body.class_uuid': {
    call: (w, ref) => ({
      as: 'myStudent',
      method: 'PUT',
      path: `/lesson/${w.mine.lesson}/grade/submit`,
      body: { code: '<xml/>', class_uuid: ref },
    }),
    own: (w) => w.mine.cls,
    foreign: (w) => w.theirs.cls,
  },
  'PUT /lesson/:uuid/grade/complete body.class_uuid': {
    call: (w, ref) => ({
      as: 'myStudent',
      method: 'PUT',
      path: `/lesson/${w.mine.lesson}/grade/complete`,
      body: { class_uuid: ref },
    }),
    own: (w) => w.mine.cls,
    foreign: (w) => w.theirs.cls,
  },
  'PUT /lesson/:uuid/grade/complete body.user_email': {
    call: (w, ref) => ({
      as: 'me',
      method: 'PUT',
      path: `/lesson/${w.mine.lesson}/grade/complete`,
      body: { user_email: ref },
    }),
    own: (w) => w.mine.studentEmail,
    foreign: (w) => w.theirs.studentEmail,
  },
  'PUT /lesson/:uuid/grade/reset body.class_uuid': {
    call: (w, ref) => ({
      as: 'me',
      method: 'PUT',
      path: `/lesson/${w.mine.lesson}/grade/reset`,
      body: { class_uuid: ref, user_email: w.mine.studentEmail },
    }),
    own: (w) => w.mine.cls,
    foreign: (w) => w.theirs.cls,
  },
  'PUT /lesson/:uuid/grade/reset body.user_email': {
    call: (w, ref) => ({
      as: 'me',
      method: 'PUT',
      path: `/lesson/${w.mine.lesson}/grade/reset`,
      body: { user_email: ref },
    }),
    own: (w) => w.mine.studentEmail,
    foreign: (w) => w.theirs.studentEmail,
  },
  'GET /lesson/:uuid/grade/student query.class_uuid': {
    call: (w, ref) => ({
      as: 'myStudent',
      method: 'GET',
      path: `/lesson/${w.mine.lesson}/grade/student?class_uuid=${ref}`,
    }),
    own: (w) => w.mine.cls,
    foreign: (w) => w.theirs.cls,
  },
  'GET /lesson/:uuid/work query.class_uuid': {
    call: (w, ref) => ({
      as: 'myStudent',
      method: 'GET',
      path: `/lesson/${w.mine.lesson}/work?class_uuid=${ref}`,
    }),
    own: (w) => w.mine.cls,
    foreign: (w) => w.theirs.cls,
  },
  'PUT /lesson/:uuid/work body.class_uuid': {
    call: (w, ref) => ({
      as: 'myStudent',
      method: 'PUT',
      path: `/lesson/${w.mine.lesson}/work`,
      body: { code: '<xml/>', class_uuid: ref },
    }),
    own: (w) => w.mine.cls,
    foreign: (w) => w.theirs.cls,
  },
  'GET /class/:uuid/lesson/:luuid/work query.user_email': {
    call: (w, ref) => ({
      as: 'me',
      method: 'GET',
      path: `/class/${w.mine.cls}/lesson/${w.mine.lesson}/work?user_email=${encodeURIComponent(ref)}`,
    }),
    own: (w) => w.mine.studentEmail,
    foreign: (w) => w.theirs.studentEmail,
  },
  'PUT /lesson/:uuid/boards/:list body.boards[].board_id': {
    call: (w, ref) => ({
      as: 'me',
      method: 'PUT',
      path: `/lesson/${w.mine.lesson}/boards/private`,
      body: { boards: [{ board_id: ref }] },
    }),
    own: (w) => w.mine.board,
    foreign: (w) => w.theirs.board,
  },
  'POST /lesson/create body.check.inputs[].key': {
    exempt: 'names a sensor of the same check',
  },
  'POST /lesson/create body.check.expect[].key': {
    exempt: 'names an output of the same check',
  },
  'PUT /lesson/:uuid body.check.inputs[].key': { exempt: 'names a sensor of the same check' },
  'PUT /lesson/:uuid body.check.expect[].key': { exempt: 'names an output of the same check' },
  'POST /webui/dashboards body.widgets[].id': {
    exempt: 'names a widget of the same dashboard',
  },
  'PUT /webui/dashboards/:uuid body.widgets[].id': {
    exempt: 'names a widget of the same dashboard',
  },
  // The live classroom: every student, lesson and submission a teacher names is the class's.
  'PUT /class/:uuid/live/stop body.emails': {
    call: (w, ref) => ({
      as: 'me',
      method: 'PUT',
      path: `/class/${w.mine.cls}/live/stop`,
      body: { emails: [ref] },
    }),
    own: (w) => w.mine.studentEmail,
    foreign: (w) => w.theirs.studentEmail,
  },
  'PUT /class/:uuid/live/handout body.emails': {
    call: (w, ref) => ({
      as: 'me',
      method: 'PUT',
      path: `/class/${w.mine.cls}/live/handout`,
      body: { code: '<xml/>', name: 'Starter', emails: [ref] },
    }),
    own: (w) => w.mine.studentEmail,
    foreign: (w) => w.theirs.studentEmail,
  },
  'PUT /class/:uuid/live/eyes body.message': {
    exempt: "the text shown over the students' editors, not a message of the messages feature",
  },
  'PUT /class/:uuid/live/hand body.luuid': {
    call: (w, ref) => ({
      as: 'myStudent',
      method: 'PUT',
      path: `/class/${w.mine.cls}/live/hand`,
      body: { up: true, luuid: ref },
    }),
    own: (w) => w.mine.lesson,
    foreign: (w) => w.theirs.lesson,
  },
  'PUT /class/:uuid/live/hand/resolve body.email': {
    call: (w, ref) => ({
      as: 'me',
      method: 'PUT',
      path: `/class/${w.mine.cls}/live/hand/resolve`,
      body: { email: ref },
    }),
    own: (w) => w.mine.studentEmail,
    foreign: (w) => w.theirs.studentEmail,
  },
  'GET /class/:uuid/comments query.luuid': {
    call: (w, ref) => ({
      as: 'me',
      method: 'GET',
      path: `/class/${w.mine.cls}/comments?luuid=${ref}&user_email=${encodeURIComponent(w.mine.studentEmail)}`,
    }),
    own: (w) => w.mine.lesson,
    foreign: (w) => w.theirs.lesson,
  },
  'GET /class/:uuid/comments query.user_email': {
    call: (w, ref) => ({
      as: 'me',
      method: 'GET',
      path: `/class/${w.mine.cls}/comments?luuid=${w.mine.lesson}&user_email=${encodeURIComponent(ref)}`,
    }),
    own: (w) => w.mine.studentEmail,
    foreign: (w) => w.theirs.studentEmail,
  },
  'POST /class/:uuid/comments body.luuid': {
    call: (w, ref) => ({
      as: 'me',
      method: 'POST',
      path: `/class/${w.mine.cls}/comments`,
      body: comment(ref, w.mine.studentEmail, null),
    }),
    own: (w) => w.mine.lesson,
    foreign: (w) => w.theirs.lesson,
    ok: 201,
  },
  'POST /class/:uuid/comments body.user_email': {
    call: (w, ref) => ({
      as: 'me',
      method: 'POST',
      path: `/class/${w.mine.cls}/comments`,
      body: comment(w.mine.lesson, ref, null),
    }),
    own: (w) => w.mine.studentEmail,
    foreign: (w) => w.theirs.studentEmail,
    ok: 201,
  },
  'POST /class/:uuid/comments body.suuid': {
    call: (w, ref) => ({
      as: 'me',
      method: 'POST',
      path: `/class/${w.mine.cls}/comments`,
      body: comment(w.mine.lesson, w.mine.studentEmail, ref),
    }),
    own: (w) => w.mine.submission,
    foreign: (w) => w.theirs.submission,
    ok: 201,
  },
};

/** A comment on a block of a student's program (a submission's, or the live one). */
const comment = (luuid: string, email: string, suuid: string | null) => ({
  luuid,
  user_email: email,
  suuid,
  anchor: { kind: 'block', block: 'b1' },
  text: 'Look at this block',
});

/** Tables that keep counts and outboxes, not what a call is about. */
describe(`reference matrix: every field that names a resource (${testEngine()})`, () => {
  let t: TestApp;
  let call: ApiCall;
  const tokens = {} as Record<Actor, string>;
  const emails = {} as Record<Actor, string>;

  beforeAll(async () => {
    t = await startTestApp(mqttTestEnv({ LAB_REGISTRATIONS_PER_HOUR: '100000' }));
    call = apiCaller(t);
    for (const actor of ACTORS) {
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

  /** A teacher's class with a lesson, a spare lesson, a student's submission and cable
   * session, a lab (on the lesson's list) and a group, a private project, a catalog and a
   * private channel. */
  async function side(teacher: Actor, student: Actor): Promise<Side> {
    const cls = await ok<{ uuid: string }>(teacher, 'POST', '/class/create', { name: 'Robotics' });
    const lesson = await ok<{ uuid: string }>(teacher, 'POST', '/lesson/create', { name: 'L' });
    const spare = await ok<{ uuid: string }>(teacher, 'POST', '/lesson/create', { name: 'S' });
    await ok(teacher, 'POST', `/class/${cls.uuid}/add-lesson`, { lessons: [lesson.uuid] });
    // A seat by e-mail (verified accounts match it): enrolling by code is rate-limited.
    await ok(teacher, 'POST', `/class/${cls.uuid}/people/add`, {
      type: 'student',
      people: [{ email: emails[student] }],
    });
    const sent = await ok<{ suuid: string }>(
      student,
      'PUT',
      `/lesson/${lesson.uuid}/grade/submit`,
      {
        code: '<xml/>',
      },
    );
    const lab = await ok<{ uuid: string; board_id: string; access_code: string }>(
      teacher,
      'POST',
      '/lab/create',
      { name: 'Table', board_id: uniqueBoard(), pin: '1357' },
    );
    const key = await ok<{ key: string }>(teacher, 'POST', `/lab/${lab.uuid}/station-key`, {});
    await ok(teacher, 'PUT', `/lesson/${lesson.uuid}/boards/private`, {
      boards: [{ board_id: lab.board_id }],
    });
    const group = await ok<{ uuid: string }>(teacher, 'POST', '/lab-group/create', {
      name: 'G',
      board_ids: [lab.board_id],
    });
    const project = await ok<{ uuid: string }>(teacher, 'POST', '/project/create', {
      name: 'Private',
      code: '<xml/>',
    });
    const catalog = await ok<{ uuid: string }>(teacher, 'POST', '/catalog/create', {
      name: `Catalog ${uniqueBoard()}`,
    });
    const channel = await ok<{ id: string }>(teacher, 'POST', '/datalog/channels', {
      name: 'Greenhouse',
      isPublic: false,
    });
    // The class is live (its teacher leads it from the live view).
    await ok(teacher, 'PUT', `/class/${cls.uuid}/live/start`, {});
    const session = await ok<{ session_id: number }>(student, 'POST', '/session/cable-connect', {
      board_id: 'usb-gogo7',
      lesson_uuid: lesson.uuid,
    });
    return {
      cls: cls.uuid,
      code: lab.access_code,
      lesson: lesson.uuid,
      spare: spare.uuid,
      submission: sent.suuid,
      board: lab.board_id,
      stationKey: key.key,
      group: group.uuid,
      project: project.uuid,
      catalog: catalog.uuid,
      channel: channel.id,
      session: session.session_id,
      studentEmail: emails[student],
    };
  }

  async function world(): Promise<World> {
    return { mine: await side('me', 'myStudent'), theirs: await side('other', 'otherStudent') };
  }

  const snapshot = () => databaseSnapshot(t);

  const send = (c: Call) => call(c.method, c.path, tokens[c.as], c.body);

  const routeKeys = () =>
    t.app.apiRoutes.flatMap((r) =>
      referenceFields(r.schema as RouteSchemas).map(
        (field) => `${r.method} ${r.url.slice(API_BASE_PATH.length)} ${field}`,
      ),
    );

  it('has a row for every body and query field of every route that names a resource', () => {
    const keys = routeKeys();
    expect(keys.length).toBeGreaterThanOrEqual(40);
    expect(keys.filter((k) => !(k in MATRIX))).toEqual([]);
    expect(Object.keys(MATRIX).filter((k) => !keys.includes(k))).toEqual([]);
  });

  for (const [key, row] of Object.entries(MATRIX)) {
    if ('exempt' in row) continue;
    it(key, async () => {
      const w = await world();
      // A student may have 3 live sessions: each world's go when its row is done.
      onTestFinished(async () => {
        await call('POST', '/session/disconnect', tokens.myStudent, { session_id: w.mine.session });
        await call('POST', '/session/disconnect', tokens.otherStudent, {
          session_id: w.theirs.session,
        });
      });
      const before = await snapshot();
      const foreign = await send(row.call(w, row.foreign(w)));
      const refused = row.refused ?? [403, 404];
      expect(refused, `another user's: ${foreign.status} ${foreign.text.slice(0, 200)}`).toContain(
        foreign.status,
      );
      expect(Object.keys(foreign.body).sort()).toEqual(['error', 'message']);
      expect(await snapshot(), 'a refused call changed the database').toEqual(before);
      const own = await send(row.call(w, row.own(w)));
      expect(own.status, `the caller's own: ${own.text.slice(0, 200)}`).toBe(row.ok ?? 200);
    });
  }
});
