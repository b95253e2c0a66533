// Remote Lab in a lesson (docs/remote-lab.md "Lessons" and "Grading by the board"): the
// lesson's boards lists say which boards its students may use, its time limit ends the
// session, and the answer byte the board's station reports becomes the student's grade in
// the gradebook; a grade a student sends with Submit counts only when its session earned it.
import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE_PATH } from '../../src/contract/base-path.ts';
import type { Gradebook } from '../../src/contract/grades.ts';
import { labTopics, parseControl } from '../../src/contract/lab-topics.ts';
import type { Lab, SessionAnswer, StationGrant } from '../../src/contract/remote-lab.ts';
import { signUpWithPassword } from '../testing/emulator-accounts.ts';
import { bearer, startTestApp, type TestApp } from '../testing/test-app.ts';
import { testEngine } from '../testing/test-db.ts';
import { brokerUrl, mqttTestEnv, testBroker } from '../testing/test-mqtt.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe(`remote lab lessons and grades (${testEngine()}, ${testBroker()})`, () => {
  let t: TestApp;
  let origin: string;
  let teacher: string;
  let student: string;
  let outsider: string;
  let classUuid: string;
  let lessonUuid: string;
  let lab: Lab;
  let otherLab: Lab;
  let station: MqttClient;
  let grant: StationGrant;
  let control: { key: string; id: number } | null = null;

  async function call<T>(token: string, method: string, path: string, body?: object) {
    const res = await t.app.inject({
      method: method as 'POST',
      url: `${API_BASE_PATH}${path}`,
      headers: bearer(token),
      ...(body === undefined ? {} : { payload: body }),
    });
    return { status: res.statusCode, body: res.json() as T };
  }

  const presence = (answer: number) =>
    station.publishAsync(
      labTopics(grant.base).presence,
      JSON.stringify({
        online: true,
        board: { type: 6, version: 1, firmware: 42 },
        answer,
        session: control?.key ?? null,
      }),
      { retain: true },
    );

  beforeAll(async () => {
    // Sessions here end by the time limit, not by silence: a long alive period keeps a busy
    // machine's slow steps from expiring them first.
    t = await startTestApp(mqttTestEnv({ LAB_ALIVE_MS: '10000' }));
    origin = await t.app.listen({ host: '127.0.0.1', port: 0 });
    [teacher, student, outsider] = (await Promise.all(
      [0, 1, 2].map(async () => (await signUpWithPassword(t.emulatorHost)).idToken),
    )) as [string, string, string];
    const cls = await call<{ uuid: string; access_code: string }>(
      teacher,
      'POST',
      '/class/create',
      {
        name: 'Robotics 7B',
      },
    );
    classUuid = cls.body.uuid;
    const lesson = await call<{ uuid: string }>(teacher, 'POST', '/lesson/create', {
      name: 'Stop at the line',
      timeLimit: 20,
      maxPoints: 100,
    });
    lessonUuid = lesson.body.uuid;
    await call(teacher, 'POST', `/class/${classUuid}/add-lesson`, { lessons: [lessonUuid] });
    const mk = async (pin: string) =>
      (
        await call<Lab>(teacher, 'POST', '/lab/create', {
          name: 'Table',
          board_id: `L${Date.now().toString(36)}${pin}`,
          pin,
        })
      ).body;
    lab = await mk('1111');
    otherLab = await mk('2222');
    const put = await call(teacher, 'PUT', `/lesson/${lessonUuid}/boards/private`, {
      boards: [{ board_id: lab.board_id }],
    });
    expect(put.status).toBe(200);
    const joined = await call(student, 'PUT', '/class/code-enroll', {
      access_code: cls.body.access_code,
    });
    expect(joined.status).toBe(200);

    grant = (await call<StationGrant>(teacher, 'POST', `/lab/${lab.uuid}/station`, {})).body;
    station = await mqtt.connectAsync(brokerUrl(grant.url, origin), {
      username: grant.username,
      password: grant.password,
      reconnectPeriod: 0,
    });
    station.on('message', (topic, payload) => {
      if (topic === labTopics(grant.base).control) control = parseControl(payload)?.session ?? null;
    });
    await station.subscribeAsync(labTopics(grant.base).control);
    await presence(0);
    // The other lab's board is online too, so "not in the lesson" is not "offline".
    const g2 = (await call<StationGrant>(teacher, 'POST', `/lab/${otherLab.uuid}/station`, {}))
      .body;
    const s2 = await mqtt.connectAsync(brokerUrl(g2.url, origin), {
      username: g2.username,
      password: g2.password,
      reconnectPeriod: 0,
    });
    await s2.publishAsync(
      labTopics(g2.base).presence,
      JSON.stringify({
        online: true,
        board: { type: 6, version: 1, firmware: 42 },
        answer: 0,
        session: null,
      }),
      { retain: true },
    );
    await sleep(300);
  });
  afterAll(async () => {
    await station?.endAsync(true);
    await t.close();
  });

  it("lets a student use only the lesson's boards, by GoGo ID without a pin", async () => {
    const other = await call<{ error: string }>(student, 'POST', '/session/connect', {
      board_id: otherLab.board_id,
      lesson_uuid: lessonUuid,
    });
    expect([other.status, other.body.error]).toEqual([404, 'wrong_board_or_pin']);
    // Someone who cannot read the lesson is told it does not exist.
    const stranger = await call<{ error: string }>(outsider, 'POST', '/session/connect', {
      board_id: lab.board_id,
      lesson_uuid: lessonUuid,
    });
    expect([stranger.status, stranger.body.error]).toEqual([404, 'lesson_not_found']);
    // A group code whose boards are not in the lesson is a wrong code for this lesson.
    const code = await call<{ error: string }>(student, 'POST', '/session/code-connect', {
      access_code: otherLab.access_code,
      lesson_uuid: lessonUuid,
    });
    expect([code.status, code.body.error]).toEqual([404, 'wrong_access_code']);
  });

  it('turns the answer its board reports into the grade in the gradebook, within the time limit', async () => {
    const r = await call<SessionAnswer>(student, 'POST', '/session/connect', {
      board_id: lab.board_id,
      lesson_uuid: lessonUuid,
    });
    expect(r.body).toMatchObject({ state: 'active', connect_method: 12, lesson_uuid: lessonUuid });
    // The lesson allows 20 minutes.
    const left = Date.parse(r.body.ends_at ?? '') - Date.now();
    expect(left).toBeGreaterThan(19 * 60_000);
    expect(left).toBeLessThanOrEqual(20 * 60_000);
    for (let i = 0; i < 100 && control?.id !== r.body.session_id; i++) await sleep(30);
    // A student's Submit with a grade the board never gave stores no grade.
    const claimed = await call<{ grade: number | null }>(
      student,
      'PUT',
      `/lesson/${lessonUuid}/grade/submit`,
      {
        code: '<xml/>',
        session_id: String(r.body.session_id),
        grade: 100,
      },
    );
    expect(claimed.status).toBe(200);
    expect(claimed.body.grade).toBeNull();

    await presence(80);
    let book: Gradebook | null = null;
    for (const deadline = Date.now() + 30_000; Date.now() < deadline;) {
      book = (await call<Gradebook>(teacher, 'GET', `/class/${classUuid}/grades`)).body;
      if (book.cells.some((c) => c.grade === 80)) break;
      await sleep(50);
    }
    const cell = book?.cells.find((c) => c.luuid === lessonUuid);
    expect(cell).toMatchObject({ grade: 80, state: 'graded' });
    // Now the board earned 80, a Submit with 80 and this session keeps it.
    const vouched = await call<{ grade: number | null }>(
      student,
      'PUT',
      `/lesson/${lessonUuid}/grade/submit`,
      {
        code: '<xml/>',
        session_id: String(r.body.session_id),
        grade: 80,
      },
    );
    expect(vouched.body.grade).toBe(80);

    // The time limit ends the session (its end time moved to now).
    await t.app.services.db.kysely
      .updateTable('lab_sessions')
      .set({ ends_at: Date.now() - 1 })
      .where('id', '=', r.body.session_id)
      .execute();
    let ended: SessionAnswer | null = null;
    // The server's sweep (a fifth of the alive period) finds it.
    for (const deadline = Date.now() + 30_000; Date.now() < deadline;) {
      ended = (
        await call<SessionAnswer>(student, 'POST', '/session/alive', {
          session_id: r.body.session_id,
          session_ans: 80,
        })
      ).body;
      if (ended.state === 'ended') break;
      await sleep(50);
    }
    expect(ended).toMatchObject({ state: 'ended', end_reason: 'time-limit' });
  });
});
