// The live classroom's two app services end to end, against the real API server, its event
// bus and its broker (aedes, or Mosquitto under scripts/mosquitto-temp.ts): a student's
// program and board reach the teacher's seats within a second, deltas included; the
// teacher's stop reaches only the students it names and stops their boards; a hand goes up
// into the teacher's queue and resolving it clears it on the student's side; eyes on me
// reaches the student; a student who leaves shows as gone.
import type { i18n } from 'i18next';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpWithPassword, type TestAccount } from '../../../server/testing/emulator-accounts.ts';
import { mqttTestEnv } from '../../../server/testing/test-mqtt.ts';
import {
  accountClient,
  englishI18n,
  startLiveServer,
  until,
  type LiveServer,
} from '../../auth/live-server.node.ts';
import type { LiveBoardState, LiveCompile } from '../../contract/live-class.ts';
import { classroomApi } from '../classroom-api.ts';
import { NO_BOARD } from './deltas.ts';
import { liveApi } from './live-api.ts';
import { StudentLive, type ProgramNow } from './student-live.ts';
import { seatOnline, TeacherLive } from './teacher-live.ts';

const fail = (): never => {
  throw new Error('no such seat');
};

interface FakeDesk {
  program: ProgramNow;
  board: LiveBoardState;
  stops: number[];
}

describe('live class services (against the real server and broker)', () => {
  let server: LiveServer;
  let i18n: i18n;
  let teacher: TestAccount;
  const students: TestAccount[] = [];
  let classUuid = '';
  let lessonUuid = '';
  const closers: (() => void)[] = [];

  const client = (account: TestAccount) => accountClient(server, account, i18n);
  const origin = () => new URL(server.baseURL).origin;

  /** A student's app: its program and board are plain values the test changes. */
  const studentApp = (account: TestAccount) => {
    const desk: FakeDesk = {
      program: { xml: '<xml></xml>', logo: 'to main\nend\n', mode: 'blocks', name: 'Mine' },
      board: { ...NO_BOARD, link: 'virtual', type: 7, motors: [], sensors: [0, 0, 0, 0] },
      stops: [],
    };
    const live = new StudentLive({
      api: liveApi(client(account)),
      origin: origin(),
      program: () => desk.program,
      compile: async (logo): Promise<LiveCompile> =>
        logo.includes('oops')
          ? { ok: false, error: { line: 2, message: 'I do not know oops' } }
          : { ok: true, error: null },
      board: () => desk.board,
      stopBoard: async () => {
        desk.stops.push(Date.now());
        desk.board = {
          ...desk.board,
          running: false,
          motors: desk.board.motors.map((m) => ({ ...m, on: false })),
        };
      },
    });
    closers.push(() => live.leave());
    return { live, desk };
  };

  beforeAll(async () => {
    server = await startLiveServer(mqttTestEnv());
    i18n = await englishI18n();
    teacher = await signUpWithPassword(server.emulatorHost, undefined, undefined, 'Tina');
    for (const name of ['Ann', 'Bob']) {
      students.push(await signUpWithPassword(server.emulatorHost, undefined, undefined, name));
    }
    const t = classroomApi(client(teacher));
    const klass = await t.createClass({ name: 'Live' });
    classUuid = klass.uuid;
    lessonUuid = (await t.createLesson({ name: 'Motors' })).uuid;
    await t.addLessons(classUuid, [lessonUuid]);
    const { access_code } = await t.rotateAccessCode(classUuid);
    for (const s of students) await classroomApi(client(s)).codeEnroll(access_code);
  });
  afterAll(async () => {
    for (const close of closers) close();
    await server.close();
  });

  it('shows each student to the teacher live and carries the teacher’s lead', async () => {
    const teacherLive = new TeacherLive({
      api: liveApi(client(teacher)),
      origin: origin(),
      notifyEveryMs: 50,
    });
    closers.push(() => teacherLive.close());
    await teacherLive.open(classUuid);
    const seats = () => teacherLive.snapshot().seats;
    expect(
      seats()
        .map((s) => s.email)
        .sort(),
    ).toEqual(students.map((s) => s.email).sort());

    const [annAccount, bobAccount] = students as [TestAccount, TestAccount];
    const ann = studentApp(annAccount);
    const bob = studentApp(bobAccount);
    ann.live.follow(classUuid, lessonUuid);
    bob.live.follow(classUuid, lessonUuid);
    // The students see the teacher watching, and reach the teacher's seats.
    await until(() => ann.live.snapshot().live?.watching === true);
    await until(
      () => ann.live.snapshot().link === 'online' && bob.live.snapshot().link === 'online',
    );
    const seat = (email: string) => seats().find((s) => s.email === email);
    const annEmail = annAccount.email;
    const bobEmail = bobAccount.email;
    await until(() => seat(annEmail)?.program?.name === 'Mine' && seat(bobEmail)?.board !== null);
    expect(seatOnline(seat(annEmail) ?? fail(), Date.now())).toBe(true);

    // A change of program (a delta after the whole) and of board reaches the teacher < 1 s.
    const changedAt = Date.now();
    ann.desk.program = {
      ...ann.desk.program,
      xml: '<xml><block type="motor_on" id="m1"></block></xml>',
      logo: 'to main\na, on\noops\nend\n',
    };
    ann.desk.board = {
      ...ann.desk.board,
      running: true,
      motors: [{ on: true, dir: 'cw', power: 100 }],
      sensors: [10, 20, 30, 40],
    };
    await until(
      () =>
        seat(annEmail)?.program?.xml.includes('motor_on') === true &&
        seat(annEmail)?.program?.compile?.ok === false &&
        seat(annEmail)?.board?.motors[0]?.on === true,
      3000,
    );
    expect(Date.now() - changedAt).toBeLessThan(2500);
    expect(seat(annEmail)?.program?.compile?.error?.message).toBe('I do not know oops');
    expect(seat(annEmail)?.board?.sensors).toEqual([10, 20, 30, 40]);
    // Bob's seat did not move.
    expect(seat(bobEmail)?.program?.xml).toBe('<xml></xml>');

    // Stop one student: only that board stops; then stop all.
    await teacherLive.stop([annEmail]);
    await until(() => ann.desk.stops.length === 1);
    await until(() => seat(annEmail)?.board?.motors[0]?.on === false);
    expect(bob.desk.stops).toEqual([]);
    await teacherLive.stop();
    await until(() => ann.desk.stops.length === 2 && bob.desk.stops.length === 1);

    // Hands up: into the queue in order, resolved on the student's side.
    await bob.live.raiseHand(true);
    await ann.live.raiseHand(true);
    await until(() => teacherLive.snapshot().live?.hands.length === 2);
    expect(teacherLive.snapshot().live?.hands.map((h) => h.email)).toEqual([bobEmail, annEmail]);
    expect(bob.live.snapshot().live?.hands.map((h) => h.email)).toEqual([bobEmail]);
    await teacherLive.resolveHand(bobEmail);
    await until(() => bob.live.snapshot().live?.hands.length === 0);
    expect(teacherLive.snapshot().live?.hands.map((h) => h.email)).toEqual([annEmail]);

    // Eyes on me reaches the students, and ends.
    await teacherLive.eyes('Look at the board', 5);
    await until(() => ann.live.snapshot().live?.eyes?.message === 'Look at the board');
    const until5 = ann.live.snapshot().live?.eyes?.until ?? 0;
    expect(until5 - Date.now()).toBeGreaterThan(4 * 60_000);
    await teacherLive.eyes('', 0);
    await until(() => ann.live.snapshot().live?.eyes === null);

    // A student who leaves shows as gone.
    bob.live.leave();
    await until(() => seat(bobEmail)?.gone === true);
    expect(seatOnline(seat(bobEmail) ?? fail(), Date.now())).toBe(false);

    // The end of the session reaches the students.
    await teacherLive.end();
    await until(() => ann.live.snapshot().live?.active === false);
    await until(() => ann.live.snapshot().link === 'off');
  }, 30_000);
});
