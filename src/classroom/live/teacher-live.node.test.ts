// The teacher's live store (TeacherLive) against the real API server, its event bus and its
// broker, with students' apps (StudentLive) whose program and board are plain values: the
// seats follow the class's roster and each student's messages, and the listeners hear them
// at most once per notifyEveryMs; hands queue in the order they went up and resolving one
// keeps the others in order; a stop reaches exactly the students it names, or all of them,
// and the server refuses one for a stranger or after the session ended.
import type { i18n } from 'i18next';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { signUpWithPassword, type TestAccount } from '../../../server/testing/emulator-accounts.ts';
import { mqttTestEnv } from '../../../server/testing/test-mqtt.ts';
import { ApiError } from '../../api/errors.ts';
import {
  accountClient,
  englishI18n,
  startLiveServer,
  until,
  type LiveServer,
} from '../../auth/live-server.node.ts';
import type { LiveBoardState } from '../../contract/live-class.ts';
import { classroomApi } from '../classroom-api.ts';
import { NO_BOARD } from './deltas.ts';
import { liveApi } from './live-api.ts';
import { StudentLive, type ProgramNow } from './student-live.ts';
import { TeacherLive, type TeacherLiveState } from './teacher-live.ts';

interface Desk {
  program: ProgramNow;
  board: LiveBoardState;
  stops: number;
}

describe('TeacherLive (against the real server and broker)', () => {
  let server: LiveServer;
  let i18n: i18n;
  let teacher: TestAccount;
  /** Ann, Bob and Cy, enrolled; Dee signs up and enrols during a test. */
  const accounts = new Map<string, TestAccount>();
  let accessCode = '';
  let classUuid = '';
  let lessonUuid = '';
  const closers: (() => void)[] = [];

  const client = (account: TestAccount) => accountClient(server, account, i18n);
  const origin = () => new URL(server.baseURL).origin;
  const account = (name: string): TestAccount => {
    const found = accounts.get(name);
    if (!found) throw new Error(`no account ${name}`);
    return found;
  };
  const email = (name: string) => account(name).email;

  /** A student's app following the class's lesson; the test changes its desk. */
  const studentApp = (name: string) => {
    const desk: Desk = {
      program: { xml: '<xml></xml>', logo: 'to main\nend\n', mode: 'logo', name },
      board: { ...NO_BOARD, link: 'usb', type: 7, motors: [{ on: true, dir: 'cw', power: 50 }] },
      stops: 0,
    };
    const live = new StudentLive({
      api: liveApi(client(account(name))),
      origin: origin(),
      program: () => desk.program,
      compile: async () => ({ ok: true, error: null }),
      board: () => desk.board,
      stopBoard: async () => {
        desk.stops++;
        desk.board = { ...desk.board, motors: desk.board.motors.map((m) => ({ ...m, on: false })) };
      },
    });
    closers.push(() => live.leave());
    live.follow(classUuid, lessonUuid);
    return { live, desk };
  };

  /**
   * The teacher's store, open on the class, with every state its listeners heard and the
   * number of student messages it placed on seats.
   */
  const openTeacher = async (notifyEveryMs = 50) => {
    const counts = { received: 0 };
    const store = new TeacherLive({
      api: liveApi(client(teacher)),
      origin: origin(),
      notifyEveryMs,
      onReceive: () => counts.received++,
    });
    closers.push(() => store.close());
    const heard: TeacherLiveState[] = [];
    closers.push(store.subscribe((s) => heard.push(s)));
    await store.open(classUuid);
    await until(() => store.snapshot().link === 'online' && store.snapshot().stream === 'online');
    return { store, heard, counts };
  };
  const seatOf = (store: TeacherLive, name: string) =>
    store.snapshot().seats.find((s) => s.email === email(name));
  const hands = (store: TeacherLive) => store.snapshot().live?.hands.map((h) => h.email);

  beforeAll(async () => {
    server = await startLiveServer(mqttTestEnv());
    i18n = await englishI18n();
    teacher = await signUpWithPassword(server.emulatorHost, undefined, undefined, 'Tina');
    for (const name of ['Ann', 'Bob', 'Cy', 'Dee']) {
      accounts.set(name, await signUpWithPassword(server.emulatorHost, undefined, undefined, name));
    }
    const t = classroomApi(client(teacher));
    classUuid = (await t.createClass({ name: 'Live store' })).uuid;
    lessonUuid = (await t.createLesson({ name: 'Motors' })).uuid;
    await t.addLessons(classUuid, [lessonUuid]);
    accessCode = (await t.rotateAccessCode(classUuid)).access_code;
    for (const name of ['Ann', 'Bob', 'Cy']) {
      await classroomApi(client(account(name))).codeEnroll(accessCode);
    }
  });
  afterEach(() => {
    for (const close of closers.splice(0)) close();
  });
  afterAll(async () => {
    await server.close();
  });

  it('fills the grid from the roster and each student’s messages', async () => {
    const { store } = await openTeacher();
    // A seat per student, in the state's order, before any student said anything.
    const roster = store.snapshot().live?.students.map((s) => s.email);
    expect(store.snapshot().seats.map((s) => s.email)).toEqual(roster);
    expect([...(roster ?? [])].sort()).toEqual(['Ann', 'Bob', 'Cy'].map(email).sort());
    expect(store.snapshot().seats.every((s) => s.program === null && s.board === null)).toBe(true);

    const ann = studentApp('Ann');
    await until(() => seatOf(store, 'Ann')?.program?.name === 'Ann');
    expect(seatOf(store, 'Ann')?.board?.motors).toEqual([{ on: true, dir: 'cw', power: 50 }]);
    expect(seatOf(store, 'Bob')?.program).toBeNull();

    // A change of program and board lands on Ann's seat only.
    ann.desk.program = { ...ann.desk.program, logo: 'to main\na, on\nend\n' };
    ann.desk.board = { ...ann.desk.board, sensors: [1, 2, 3, 4, 5, 6, 7, 8] };
    await until(
      () =>
        seatOf(store, 'Ann')?.program?.logo === 'to main\na, on\nend\n' &&
        seatOf(store, 'Ann')?.board?.sensors[7] === 8,
    );

    // A student who enrols mid-session gets a seat; one removed loses theirs.
    await classroomApi(client(account('Dee'))).codeEnroll(accessCode);
    await until(() => seatOf(store, 'Dee') !== undefined);
    await classroomApi(client(teacher)).removePeople(classUuid, 'student', [email('Dee')]);
    await until(() => seatOf(store, 'Dee') === undefined);
    expect(store.snapshot().seats).toHaveLength(3);

    // A student who leaves shows as gone; the teacher's own close empties the grid.
    ann.live.leave();
    await until(() => seatOf(store, 'Ann')?.gone === true);
    store.close();
    expect(store.snapshot()).toMatchObject({ classUuid: null, seats: [], link: 'off' });
  }, 30_000);

  it('tells its listeners of a burst of messages once per notifyEveryMs', async () => {
    const first = await openTeacher();
    const apps = ['Ann', 'Bob', 'Cy'].map(studentApp);
    await until(() => apps.every((a) => a.live.snapshot().link === 'online'));
    await until(() => first.store.snapshot().seats.every((s) => s.board !== null));
    // A second live view (another tab) asks for every student's whole state on connecting:
    // six messages arrive together.
    const { store, heard, counts } = await openTeacher(1000);
    await until(() => counts.received >= 6 && store.snapshot().seats.every((s) => s.board));
    // Changes of the session's state come at once (with their own `live`); the students'
    // messages only through the timer, which changes the seats alone.
    const fromMessages = heard.filter(
      (s, i) => i > 0 && s.seats !== heard[i - 1]?.seats && s.live === heard[i - 1]?.live,
    );
    expect(fromMessages.length).toBeGreaterThan(0);
    expect(fromMessages.length).toBeLessThan(counts.received);
  }, 30_000);

  it('queues hands in the order they went up; resolving one keeps the rest in order', async () => {
    const { store } = await openTeacher();
    const apps = Object.fromEntries(['Ann', 'Bob', 'Cy'].map((n) => [n, studentApp(n)]));
    await until(() => Object.values(apps).every((a) => a.live.snapshot().live?.active === true));
    for (const name of ['Cy', 'Ann', 'Bob']) {
      await apps[name]?.live.raiseHand(true);
      await until(() => hands(store)?.includes(email(name)) === true);
    }
    expect(hands(store)).toEqual(['Cy', 'Ann', 'Bob'].map(email));
    // A student sees only their own hand.
    expect(apps.Ann?.live.snapshot().live?.hands.map((h) => h.email)).toEqual([email('Ann')]);

    await store.resolveHand(email('Ann'));
    expect(hands(store)).toEqual(['Cy', 'Bob'].map(email));
    await until(() => apps.Ann?.live.snapshot().live?.hands.length === 0);
    expect(apps.Cy?.live.snapshot().live?.hands.map((h) => h.email)).toEqual([email('Cy')]);
    // A hand that goes up again joins the end of the queue.
    await apps.Ann?.live.raiseHand(true);
    await until(() => hands(store)?.length === 3);
    expect(hands(store)).toEqual(['Cy', 'Bob', 'Ann'].map(email));
    // A student lowering their own hand leaves the queue too.
    await apps.Cy?.live.raiseHand(false);
    await until(() => hands(store)?.length === 2);
    expect(hands(store)).toEqual(['Bob', 'Ann'].map(email));
    for (const name of ['Bob', 'Ann']) await store.resolveHand(email(name));
    expect(hands(store)).toEqual([]);
  }, 30_000);

  it('stops the boards it names, or every board; refuses a stranger and an ended session', async () => {
    const { store } = await openTeacher();
    const apps = Object.fromEntries(['Ann', 'Bob', 'Cy'].map((n) => [n, studentApp(n)]));
    await until(() => Object.values(apps).every((a) => a.live.snapshot().link === 'online'));
    const stops = () => ['Ann', 'Bob', 'Cy'].map((n) => apps[n]?.desk.stops);

    // One student: only that board stops, and the teacher's seat shows its motor off.
    await store.stop([email('Bob')]);
    await until(() => apps.Bob?.desk.stops === 1);
    await until(() => seatOf(store, 'Bob')?.board?.motors[0]?.on === false);
    expect(apps.Bob?.live.snapshot().stoppedAt).not.toBeNull();
    expect(seatOf(store, 'Ann')?.board?.motors[0]?.on).toBe(true);

    // Every student.
    await store.stop();
    await until(
      () => stops().every((n) => n !== undefined && n >= 1) && apps.Bob?.desk.stops === 2,
    );
    expect(stops()).toEqual([1, 2, 1]);
    await until(() => store.snapshot().seats.every((s) => s.board?.motors[0]?.on === false));

    // Someone not in the class: refused, and no board stops.
    const stranger = store.stop(['nobody@example.org']);
    await expect(stranger).rejects.toBeInstanceOf(ApiError);
    await expect(stranger).rejects.toMatchObject({ status: 404, code: 'not_a_member' });
    // After the end of the session a stop is refused.
    await store.end();
    await expect(store.stop()).rejects.toMatchObject({ status: 409, code: 'live_not_active' });
    expect(stops()).toEqual([1, 2, 1]);
  }, 30_000);
});
