// Who may list a board (docs/remote-lab.md "Who may list a board"): a lesson's private list
// and a lab group take only boards of the lister's own labs or labs shared with them, an
// official list only labs their owners made official; connect checks the lists again, so a
// board nobody may list answers like an unknown board, and a lab whose sharing ends drops
// out of reach (its live sessions end, its station's answers stop counting as grades).
// Real brokers (aedes, or Mosquitto with dynamic security) and real databases.
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Gradebook } from '../../src/contract/grades.ts';
import { labTopics, parseControl } from '../../src/contract/lab-topics.ts';
import type {
  Lab,
  LabGroup,
  ListableBoards,
  SessionAnswer,
  StationGrant,
} from '../../src/contract/remote-lab.ts';
import { typedApiCaller } from '../testing/api-caller.ts';
import { signInWithGoogle, signUpWithPassword, uniqueEmail } from '../testing/emulator-accounts.ts';
import { startTestApp, type TestApp } from '../testing/test-app.ts';
import { testEngine } from '../testing/test-db.ts';
import { brokerUrl, mqttTestEnv, testBroker } from '../testing/test-mqtt.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const ADMIN = uniqueEmail('admin');

interface Err {
  error: string;
  message: string;
}

describe(`who may list a board (${testEngine()}, ${testBroker()})`, () => {
  let t: TestApp;
  let origin: string;
  /** Owns lab A (another school's board, as the attacker sees it). */
  let owner: string;
  /** A colleague of the owner (verified e-mail), and a stranger who signs up. */
  let colleague: string;
  let colleagueEmail: string;
  let attacker: string;
  let student: string;
  let moderator: string;
  let labA: Lab;
  const clients: MqttClient[] = [];
  const timers: ReturnType<typeof setInterval>[] = [];
  const api = typedApiCaller(() => t);

  /** A station for `lab` that is online and follows its control topic. */
  async function station(lab: Lab) {
    const g = await api<StationGrant>(owner, 'POST', `/lab/${lab.uuid}/station`, {});
    expect(g.status).toBe(200);
    const client = await mqtt.connectAsync(brokerUrl(g.body.url, origin), {
      username: g.body.username,
      password: g.body.password,
      reconnectPeriod: 0,
    });
    clients.push(client);
    const topics = labTopics(g.body.base);
    const s = { control: null as { key: string; id: number } | null };
    client.on('message', (topic, payload) => {
      if (topic === topics.control) s.control = parseControl(payload)?.session ?? null;
    });
    await client.subscribeAsync(topics.control);
    let last = 0;
    const presence = (answer: number) => {
      last = answer;
      return client.publishAsync(
        topics.presence,
        JSON.stringify({
          online: true,
          board: { type: 6, version: 1, firmware: 42 },
          answer,
          session: s.control?.key ?? null,
        }),
        { retain: true },
      );
    };
    await presence(0);
    // A station's heartbeat, as a real one sends (the board counts as offline without it).
    timers.push(setInterval(() => void presence(last).catch(() => undefined), 1000));
    return { state: s, presence };
  }

  async function until<T>(f: () => Promise<T | null | undefined | false>, what: string) {
    for (let i = 0; i < 200; i++) {
      const v = await f();
      if (v) return v;
      await sleep(40);
    }
    throw new Error(`timed out waiting for ${what}`);
  }

  let boards = 0;
  async function newLab(token: string): Promise<Lab> {
    const r = await api<Lab>(token, 'POST', '/lab/create', {
      name: 'Line follower',
      board_id: `BL${Date.now().toString(36)}${boards++}`,
      pin: '4711',
    });
    expect(r.status).toBe(201);
    return r.body;
  }

  /** A class of `teacher` holding a new lesson, with the student enrolled. */
  async function lessonOf(teacher: string): Promise<{ lesson: string; cls: string }> {
    const cls = await api<{ uuid: string; access_code: string }>(teacher, 'POST', '/class/create', {
      name: 'Robotics',
    });
    const lesson = await api<{ uuid: string }>(teacher, 'POST', '/lesson/create', {
      name: 'Stop at the line',
      maxPoints: 100,
    });
    await api(teacher, 'POST', `/class/${cls.body.uuid}/add-lesson`, {
      lessons: [lesson.body.uuid],
    });
    const joined = await api(student, 'PUT', '/class/code-enroll', {
      access_code: cls.body.access_code,
    });
    expect(joined.status).toBe(200);
    return { lesson: lesson.body.uuid, cls: cls.body.uuid };
  }

  beforeAll(async () => {
    // Sessions here end by what the owner changes, not by silence: a long alive period keeps a
    // busy machine's slow steps from expiring them first.
    t = await startTestApp(mqttTestEnv({ LAB_ALIVE_MS: '10000', ADMIN_EMAILS: ADMIN }));
    origin = await t.app.listen({ host: '127.0.0.1', port: 0 });
    colleagueEmail = uniqueEmail('colleague');
    owner = (await signInWithGoogle(t.emulatorHost)).idToken;
    colleague = (await signInWithGoogle(t.emulatorHost, colleagueEmail)).idToken;
    attacker = (await signUpWithPassword(t.emulatorHost)).idToken;
    student = (await signUpWithPassword(t.emulatorHost)).idToken;
    const admin = (await signInWithGoogle(t.emulatorHost, ADMIN, 'Admin')).idToken;
    const modEmail = uniqueEmail('moderator');
    await api(admin, 'POST', '/user/create', { email: modEmail, name: 'M', role: 'moderator' });
    moderator = (await signInWithGoogle(t.emulatorHost, modEmail, 'M')).idToken;
    labA = await newLab(owner);
    await station(labA);
    await sleep(200);
  }, 60_000);
  afterAll(async () => {
    timers.forEach(clearInterval);
    await Promise.all(clients.map((c) => c.endAsync(true)));
    await t.close();
  });

  it("refuses another school's board on a lesson's list and in a lab group, and changes nothing", async () => {
    const { lesson } = await lessonOf(attacker);
    const unknown = `NOLAB${Date.now()}`;
    const own = await newLab(attacker);
    for (const ids of [[labA.board_id], [own.board_id, labA.board_id], [unknown]]) {
      const put = await api<Err>(attacker, 'PUT', `/lesson/${lesson}/boards/private`, {
        boards: ids.map((board_id) => ({ board_id })),
      });
      // A board without a lab gets the same answer: a list tells nobody what is registered.
      expect([put.status, put.body.error]).toEqual([403, 'board_not_allowed']);
      expect(put.body.message).toContain(ids.at(-1));
    }
    const kept = await api<{ boards: unknown[] }>(
      attacker,
      'GET',
      `/lesson/${lesson}/boards/private`,
    );
    expect(kept.body.boards).toEqual([]);

    const made = await api<Err>(attacker, 'POST', '/lab-group/create', {
      name: 'Theirs',
      board_ids: [labA.board_id],
    });
    expect([made.status, made.body.error]).toEqual([403, 'board_not_allowed']);
    const group = await api<LabGroup>(attacker, 'POST', '/lab-group/create', {
      name: 'Mine',
      board_ids: [own.board_id],
    });
    expect(group.status).toBe(201);
    const edit = await api<Err>(attacker, 'PUT', `/lab-group/${group.body.uuid}`, {
      board_ids: [own.board_id, labA.board_id],
    });
    expect([edit.status, edit.body.error]).toEqual([403, 'board_not_allowed']);
    const after = await api<LabGroup>(attacker, 'GET', `/lab-group/${group.body.uuid}`);
    expect(after.body.board_ids).toEqual([own.board_id]);
    expect((await api<LabGroup[]>(attacker, 'GET', '/lab-group/browse/my')).status).toBe(200);

    // What the pickers offer: the caller's own labs only.
    const listable = await api<ListableBoards>(attacker, 'GET', '/lab/browse/listable');
    expect(listable.body.data.map((b) => b.board_id)).toEqual([own.board_id]);
  });

  it('answers a board its lists no longer grant exactly like an unknown board or a wrong pin', async () => {
    const { lesson } = await lessonOf(attacker);
    const group = await api<LabGroup>(attacker, 'POST', '/lab-group/create', {
      name: 'Mine',
      board_ids: [(await newLab(attacker)).board_id],
    });
    // Lists saved before the check existed: written straight into the database.
    const db = t.app.services.db.kysely;
    await db
      .insertInto('lesson_boards')
      .values({ lesson_uuid: lesson, list: 'private', board_id: labA.board_id, position: 0 })
      .execute();
    await db
      .insertInto('lab_group_boards')
      .values({ group_uuid: group.body.uuid, board_id: labA.board_id, position: 1 })
      .execute();
    await db
      .deleteFrom('lab_group_boards')
      .where('group_uuid', '=', group.body.uuid)
      .where('board_id', '<>', labA.board_id)
      .execute();

    const viaLesson = await api<Err>(attacker, 'POST', '/session/connect', {
      board_id: labA.board_id,
      lesson_uuid: lesson,
    });
    const unknown = await api<Err>(attacker, 'POST', '/session/connect', {
      board_id: `NOLAB${Date.now()}`,
      lesson_uuid: lesson,
    });
    const wrongPin = await api<Err>(attacker, 'POST', '/session/connect', {
      board_id: labA.board_id,
      pin: '0000',
    });
    const noLab = await api<Err>(attacker, 'POST', '/session/connect', {
      board_id: `NOLAB${Date.now()}`,
      pin: '0000',
    });
    // The board is online: "offline" would tell that it exists.
    for (const r of [viaLesson, unknown, wrongPin, noLab]) {
      expect({ status: r.status, body: r.body }).toEqual({
        status: 404,
        body: {
          error: 'wrong_board_or_pin',
          message: 'Please re-check the entered GoGo ID or Pin',
        },
      });
    }
    const viaGroup = await api<Err>(attacker, 'POST', '/session/code-connect', {
      access_code: group.body.access_code,
    });
    expect([viaGroup.status, viaGroup.body.error]).toEqual([404, 'wrong_access_code']);
    // The lesson's list as its student reads it names the board; the grant is still no.
    const listed = await api<{ boards: { board_id: string }[] }>(
      attacker,
      'GET',
      `/lesson/${lesson}/boards/student`,
    );
    expect(listed.body.boards).toEqual([{ board_id: labA.board_id }]);
    const live = await db
      .selectFrom('lab_sessions')
      .select('id')
      .where('board_id', '=', labA.board_id)
      .execute();
    expect(live).toEqual([]);
  });

  it("lets a colleague list a shared lab; ending the sharing ends their student's session and its grades", async () => {
    const lab = await newLab(owner);
    const st = await station(lab);
    const { lesson, cls } = await lessonOf(colleague);
    const put = () =>
      api<Err>(colleague, 'PUT', `/lesson/${lesson}/boards/private`, {
        boards: [{ board_id: lab.board_id }],
      });
    expect((await put()).status).toBe(403);
    // A share names an e-mail; an account that did not verify it does not match.
    const shared = await api<Lab>(owner, 'PUT', `/lab/${lab.uuid}`, {
      shared_with: [colleagueEmail.toUpperCase()],
    });
    expect(shared.body.shared_with).toEqual([colleagueEmail]);
    expect((await put()).status).toBe(200);
    const offered = await api<ListableBoards>(colleague, 'GET', '/lab/browse/listable');
    expect(offered.body.data).toContainEqual({
      board_id: lab.board_id,
      name: lab.name,
      mine: false,
    });

    const s = await api<SessionAnswer>(student, 'POST', '/session/connect', {
      board_id: lab.board_id,
      lesson_uuid: lesson,
    });
    expect(s.body).toMatchObject({ state: 'active', connect_method: 12 });
    await until(async () => st.state.control?.id === s.body.session_id, 'the control message');
    await st.presence(40);
    const graded = async () =>
      (await api<Gradebook>(colleague, 'GET', `/class/${cls}/grades`)).body.cells.find(
        (c) => c.luuid === lesson,
      )?.grade;
    expect(await until(async () => (await graded()) === 40, 'the grade 40')).toBe(true);

    // The owner stops sharing: the board's next answer is no grade, the next alive ends it.
    await api(owner, 'PUT', `/lab/${lab.uuid}`, { shared_with: [] });
    await st.presence(90);
    await sleep(300);
    expect(await graded()).toBe(40);
    const alive = await api<SessionAnswer>(student, 'POST', '/session/alive', {
      session_id: s.body.session_id,
      session_ans: 90,
    });
    expect(alive.body).toMatchObject({ state: 'ended', end_reason: 'access-ended', broker: null });
    await until(async () => st.state.control === null, 'the station told the board is free');
    const again = await api<Err>(student, 'POST', '/session/connect', {
      board_id: lab.board_id,
      lesson_uuid: lesson,
    });
    expect([again.status, again.body.error]).toEqual([404, 'wrong_board_or_pin']);
  });

  it("ends a group session when the group's owner may no longer list the board", async () => {
    const lab = await newLab(owner);
    await station(lab);
    await api(owner, 'PUT', `/lab/${lab.uuid}`, { shared_with: [colleagueEmail] });
    const group = await api<LabGroup>(colleague, 'POST', '/lab-group/create', {
      name: 'Shared tables',
      board_ids: [lab.board_id],
    });
    expect(group.status).toBe(201);
    const s = await api<SessionAnswer>(student, 'POST', '/session/code-connect', {
      access_code: group.body.access_code,
    });
    expect(s.body).toMatchObject({ state: 'active', board_id: lab.board_id });
    await api(owner, 'PUT', `/lab/${lab.uuid}`, { shared_with: [] });
    const alive = await api<SessionAnswer>(student, 'POST', '/session/alive', {
      session_id: s.body.session_id,
      session_ans: 0,
    });
    expect(alive.body).toMatchObject({ state: 'ended', end_reason: 'access-ended' });
    const again = await api<Err>(student, 'POST', '/session/code-connect', {
      access_code: group.body.access_code,
    });
    expect([again.status, again.body.error]).toEqual([404, 'wrong_access_code']);
  });

  it('takes only official labs on an official list, and only from a moderator', async () => {
    const { lesson } = await lessonOf(owner);
    const body = { boards: [{ board_id: labA.board_id }] };
    const notYet = await api<Err>(moderator, 'PUT', `/lesson/${lesson}/boards/official`, body);
    expect([notYet.status, notYet.body.error]).toEqual([403, 'board_not_official']);
    expect(
      (await api<ListableBoards>(moderator, 'GET', '/lab/browse/listable?list=official')).body.data,
    ).not.toContainEqual(expect.objectContaining({ board_id: labA.board_id }));
    await api(owner, 'PUT', `/lab/${labA.uuid}`, { official: true });
    const listed = await api(moderator, 'PUT', `/lesson/${lesson}/boards/official`, body);
    expect(listed.status).toBe(200);
    expect(
      (await api<ListableBoards>(moderator, 'GET', '/lab/browse/listable?list=official')).body.data,
    ).toContainEqual(expect.objectContaining({ board_id: labA.board_id }));
    // Not a moderator: the owner of the lesson and of the lab alike.
    const byOwner = await api<Err>(owner, 'PUT', `/lesson/${lesson}/boards/official`, body);
    expect([byOwner.status, byOwner.body.error]).toEqual([403, 'moderator_only']);
    const offered = await api<Err>(owner, 'GET', '/lab/browse/listable?list=official');
    expect(offered.status).toBe(403);

    // The student connects through the official list; the owner withdraws the lab.
    const s = await api<SessionAnswer>(student, 'POST', '/session/connect', {
      board_id: labA.board_id,
      lesson_uuid: lesson,
    });
    expect(s.body, JSON.stringify(s.body)).toMatchObject({ state: 'active' });
    await api(owner, 'PUT', `/lab/${labA.uuid}`, { official: false });
    const alive = await api<SessionAnswer>(student, 'POST', '/session/alive', {
      session_id: s.body.session_id,
      session_ans: 0,
    });
    expect(alive.body).toMatchObject({ state: 'ended', end_reason: 'access-ended' });
  });

  it('limits how many GoGo IDs one user may try to register', async () => {
    const prober = (await signUpWithPassword(t.emulatorHost)).idToken;
    // All at once: the hourly quota refills one try a minute, which a slow machine working
    // through 61 tries one after another would reach.
    const answers = await Promise.all(
      Array.from({ length: 61 }, async () => {
        const r = await api<Err>(prober, 'POST', '/lab/create', {
          name: 'Probe',
          board_id: labA.board_id,
          pin: '1234',
        });
        return r.status;
      }),
    );
    expect(answers.filter((s) => s === 409)).toHaveLength(60);
    expect(answers.filter((s) => s === 429)).toHaveLength(1);
    // Others are not held up.
    expect((await newLab(colleague)).board_id).toBeTruthy();
  }, 120_000);
});
