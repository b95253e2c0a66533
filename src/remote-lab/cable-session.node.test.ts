// A cable board in a lesson, on real components: the API server (classroom and sessions),
// the Auth emulator, and the virtual board headless in Node behind the app's connection as
// a cable board. The session client opens a cable session for the lesson, carries the
// board's answer byte in its alives, and the teacher's gradebook shows that grade.
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { signUpWithPassword, type TestAccount } from '../../server/testing/emulator-accounts.ts';
import type { ApiClient } from '../api/client.ts';
import { RemoteLabApi } from './remote-lab-api.ts';
import {
  accountClient,
  englishI18n,
  startLiveServer,
  until,
  type LiveServer,
} from '../auth/live-server.node.ts';
import { classroomApi } from '../classroom/classroom-api.ts';
import type { WasmCore } from '../core/wasm-core.ts';
import type { GoGoConnection } from '../device/connection/gogo-connection.ts';
import * as cmd from '../device/protocol/commands.ts';
import { loadTestCore } from '../device/testing/test-core.ts';
import { downloadPlan } from '../download/download-plan.ts';
import { CableSession, cableBoardId, emptyCableSession } from './cable-session.ts';
import { headlessConnection } from './station/headless-connection.ts';

describe('cable board in a lesson (against the real API server)', () => {
  let server: LiveServer;
  let core: WasmCore;
  let teacher: TestAccount;

  beforeAll(async () => {
    server = await startLiveServer();
    core = await loadTestCore();
    teacher = await signUpWithPassword(server.emulatorHost, undefined, undefined, 'Tina');
  });
  afterAll(() => server.close());

  const apiOf = async (account: TestAccount) => accountClient(server, account, await englishI18n());

  /** A class with one lesson, and a student enrolled in it. */
  async function lessonWithStudent() {
    const t = classroomApi(await apiOf(teacher));
    const klass = await t.createClass({ name: 'Robotics' });
    const lesson = await t.createLesson({ name: 'Answer', logo: 'to main\nend\n' });
    await t.addLessons(klass.uuid, [lesson.uuid]);
    const student = await signUpWithPassword(server.emulatorHost, undefined, undefined, 'Sam');
    const api = await apiOf(student);
    await classroomApi(api).codeEnroll(klass.access_code ?? '');
    return { t, klass, lesson, api };
  }

  /** The student's app: a connection to the virtual board by cable, and the session client. */
  async function app(api: ApiClient) {
    const { board, device } = await headlessConnection(core);
    const state = emptyCableSession();
    const session = new CableSession({
      api: new RemoteLabApi({ client: api, notify: () => {}, translate: (k) => k }),
      device,
      state,
    });
    onTestFinished(async () => {
      await session.dispose();
      await device.dispose();
    });
    return { board, device, state, session };
  }

  const run = async (device: GoGoConnection, logo: string) => {
    const r = core.compileLogo(logo, '1.4');
    if (!r.ok) throw new Error(r.error.message);
    await device.sendSequence(downloadPlan(r.value.data, r.value.autoRunState));
    await device.send(cmd.logoControl(1));
  };

  it('records the answer the board sets as the grade and ends with the lesson', async () => {
    const { t, klass, lesson, api } = await lessonWithStudent();
    const { device, state, session } = await app(api);
    session.setLesson(lesson.uuid);
    // No board yet: no session.
    expect(state.phase).toBe('off');
    await device.connect('simulated');
    await until(() => state.phase === 'recording' && state.lastSent === 0, 30_000);
    expect(state.boardId).toBe(cableBoardId(device.snapshot));
    expect(state.boardId).toBe('virtual-gogo6');

    await run(device, 'to main\nsetanswer 9\nforever [ wait 1 ]\nend\n');
    await until(() => state.lastSent === 9, 30_000);
    // The alive that carried 9 has been answered, so the grade is written.
    const book = await t.gradebook(klass.uuid);
    expect(book.cells.map((c) => c.grade)).toEqual([9]);

    // Closing the lesson ends the session; the board keeps running.
    const id = state.sessionId;
    session.setLesson(null);
    await until(() => state.phase === 'off' && state.sessionId === 0);
    const ended = await api.post<{ state: string }>('/session/alive', {
      session_id: id,
      session_ans: 1,
    });
    expect(ended.state).toBe('ended');
    expect(device.snapshot.status).toBe('connected');
  });

  it('stops recording with a message for a lesson that is not there, and the board works on', async () => {
    const { api } = await lessonWithStudent();
    const { device, state, session } = await app(api);
    await device.connect('simulated');
    session.setLesson('00000000-0000-4000-8000-000000000000');
    await until(() => state.phase === 'stopped');
    expect(state).toMatchObject({ problem: 'lesson', sessionId: 0, lastSent: null });
    await run(device, 'to main\nsetanswer 5\nforever [ wait 1 ]\nend\n');
    await until(() => state.answer === 5, 30_000);
    expect(state.phase).toBe('stopped');
  });

  it('says when the server cannot be reached and the board keeps working', async () => {
    // A server of this test's own, stopped while the lesson's session records.
    const own = await startLiveServer();
    const student = await signUpWithPassword(own.emulatorHost, undefined, undefined, 'Kim');
    const owner = await signUpWithPassword(own.emulatorHost, undefined, undefined, 'Tom');
    const i18n = await englishI18n();
    const client = (a: TestAccount) => accountClient(own, a, i18n);
    const t = classroomApi(client(owner));
    const klass = await t.createClass({ name: 'Offline' });
    const lesson = await t.createLesson({ name: 'Answer', logo: 'to main\nend\n' });
    await t.addLessons(klass.uuid, [lesson.uuid]);
    await classroomApi(client(student)).codeEnroll(klass.access_code ?? '');
    const { device, state, session } = await app(client(student));
    await device.connect('simulated');
    session.setLesson(lesson.uuid);
    await until(() => state.phase === 'recording' && state.lastSent === 0, 30_000);
    await own.close();
    // A new answer goes at once, and finds no server.
    await run(device, 'to main\nsetanswer 3\nforever [ wait 1 ]\nend\n');
    await until(() => state.problem === 'server', 30_000);
    expect(state.answer).toBe(3);
    expect(state.lastSent).toBe(0);
    expect(device.snapshot.status).toBe('connected');
    // It starts a server and an Auth emulator of its own: slow on a busy machine.
  }, 60_000);

  it('ends the session on sign-out and records again after signing back in', async () => {
    const { t, klass, lesson, api } = await lessonWithStudent();
    const { device, state, session } = await app(api);
    await device.connect('simulated');
    session.setLesson(lesson.uuid);
    await until(() => state.phase === 'recording' && state.lastSent === 0, 30_000);
    const id = state.sessionId;

    // The app signs out: the session ends on the server before the token goes.
    await session.setSignedIn(false);
    expect(state).toMatchObject({ phase: 'stopped', problem: 'signed-out', sessionId: 0 });
    const ended = await api.post<{ state: string }>('/session/alive', {
      session_id: id,
      session_ans: 0,
    });
    expect(ended.state).toBe('ended');
    // Signed out, a new answer opens nothing and writes no grade; the board works on.
    await run(device, 'to main\nsetanswer 7\nforever [ wait 1 ]\nend\n');
    await until(() => state.answer === 7, 30_000);
    expect(state).toMatchObject({ phase: 'stopped', sessionId: 0, lastSent: null });
    expect((await t.gradebook(klass.uuid)).cells).toEqual([]);

    // Signed in again, a new session records the board's answer.
    await session.setSignedIn(true);
    await until(() => state.phase === 'recording' && state.lastSent === 7, 30_000);
    expect(state.sessionId).not.toBe(id);
    expect((await t.gradebook(klass.uuid)).cells.map((c) => c.grade)).toEqual([7]);
  });

  it('ends the session when the board disconnects', async () => {
    const { lesson, api } = await lessonWithStudent();
    const { device, state, session } = await app(api);
    await device.connect('simulated');
    session.setLesson(lesson.uuid);
    await until(() => state.phase === 'recording' && state.lastSent !== null, 30_000);
    const id = state.sessionId;
    await device.disconnect();
    await until(() => state.phase === 'off');
    const ended = await api.post<{ state: string }>('/session/alive', {
      session_id: id,
      session_ans: 0,
    });
    expect(ended.state).toBe('ended');
  });
});
