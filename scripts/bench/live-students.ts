// Simulated students of a live class, for the benchmarks that need a class in session
// (`npm run bench:live-class`, and the teacher's live view in `npm run bench -- school`):
// classes made through the API, students enrolled with the class code, and each student the
// app's own StudentLive (all in this process) whose program changes every 5 s and whose
// board changes twice a second, out of step with the others, as a class does.
import i18next, { type i18n as I18n } from 'i18next';
import type { TestAccount } from '../../server/testing/emulator-accounts.ts';
import { ApiClient } from '../../src/api/client.ts';
import { classroomApi } from '../../src/classroom/classroom-api.ts';
import { NO_BOARD } from '../../src/classroom/live/deltas.ts';
import { liveApi } from '../../src/classroom/live/live-api.ts';
import { StudentLive, type ProgramNow } from '../../src/classroom/live/student-live.ts';
import { pool } from './lib.ts';
import { API_BASE_PATH } from '../../src/contract/base-path.ts';
import type { LiveBoardState } from '../../src/contract/live-class.ts';

export const PROGRAM_EVERY_MS = 5000;
export const BOARD_EVERY_MS = 500;

export const sleep = (t: number) => new Promise((r) => setTimeout(r, t));

/** Waits until `f()` holds, looking every 50 ms; throws naming `what` after `timeoutMs`. */
export async function until(f: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!f()) {
    if (Date.now() > deadline) throw new Error(`timed out: ${what}`);
    await sleep(50);
  }
}

/** API clients of one server for signed-in accounts; `failures` counts failed calls. */
export async function apiClients(
  origin: string,
  onFailure: (message: string) => void = () => undefined,
): Promise<{ client: (account: TestAccount) => ApiClient; failures: () => number }> {
  const i18n: I18n = i18next.createInstance();
  await i18n.init({ lng: 'en', resources: {} });
  let failures = 0;
  return {
    client: (account) =>
      new ApiClient({
        baseURL: `${origin}${API_BASE_PATH}`,
        getToken: () => Promise.resolve(account.idToken),
        i18n,
        notify: (m) => {
          failures++;
          onFailure(m);
        },
      }),
    failures: () => failures,
  };
}

export interface LiveClass {
  teacher: TestAccount;
  klass: string;
  lesson: string;
  code: string;
}

/** One class with one lesson per teacher, its class code made, and `students[c]` enrolled. */
export async function createClasses(
  client: (account: TestAccount) => ApiClient,
  teachers: readonly TestAccount[],
  students: readonly (readonly TestAccount[])[],
  concurrency: number,
): Promise<LiveClass[]> {
  const classes = await pool(teachers, concurrency, async (teacher, c) => {
    const t = classroomApi(client(teacher));
    const klass = await t.createClass({ name: `Bench ${c}` });
    const lesson = await t.createLesson({ name: `Bench ${c}` });
    await t.addLessons(klass.uuid, [lesson.uuid]);
    const { access_code } = await t.rotateAccessCode(klass.uuid);
    return { teacher, klass: klass.uuid, lesson: lesson.uuid, code: access_code };
  });
  const seats = classes.flatMap((k, c) => (students[c] ?? []).map((account) => ({ k, account })));
  await pool(seats, concurrency, async ({ k, account }) => {
    await classroomApi(client(account)).codeEnroll(k.code);
  });
  return classes;
}

/** A student at their desk: what their app would send, and the app's StudentLive. */
export interface Desk {
  account: TestAccount;
  k: LiveClass;
  desk: { program: ProgramNow; board: LiveBoardState };
  live: StudentLive;
}

/** A desk per student of each class; `onStop` hears a teacher's "stop all" on a board. */
export function studentDesks(
  client: (account: TestAccount) => ApiClient,
  origin: string,
  classes: readonly LiveClass[],
  students: readonly (readonly TestAccount[])[],
  onStop: (account: TestAccount) => void = () => undefined,
): Desk[] {
  return classes.flatMap((k, c) =>
    (students[c] ?? []).map((account) => {
      const desk: Desk['desk'] = {
        program: { xml: '<xml></xml>', logo: 'to main\nend\n', mode: 'logo', name: 'P' },
        board: { ...NO_BOARD, link: 'virtual', type: 6, sensors: [0, 0, 0, 0, 0, 0, 0, 0] },
      };
      const live = new StudentLive({
        api: liveApi(client(account)),
        origin,
        program: () => desk.program,
        compile: () => Promise.resolve({ ok: true, error: null }),
        board: () => desk.board,
        stopBoard: () => {
          onStop(account);
          return Promise.resolve();
        },
      });
      return { account, k, desk, live };
    }),
  );
}

/** Every desk follows its class, 100 students at a time (a class arrives over a while). */
export async function join(desks: readonly Desk[], timeoutMs = 120_000): Promise<void> {
  for (let i = 0; i < desks.length; i += 100) {
    const batch = desks.slice(i, i + 100);
    for (const d of batch) d.live.follow(d.k.klass, d.k.lesson);
    await until(
      () => batch.every((d) => d.live.snapshot().link === 'online'),
      timeoutMs,
      'students online',
    );
  }
}

/** A change a student made: their program (`p`) or their board (`b`), and its version. */
export interface Change {
  desk: Desk;
  kind: 'p' | 'b';
  version: number;
  at: number;
}

/**
 * For `seconds`, each student changes their program every PROGRAM_EVERY_MS (its Logo
 * carries `; v<n>`) and their board's sensor 1 every BOARD_EVERY_MS (to n), out of step with
 * the others. Returns how many changes were made.
 */
export async function change(
  desks: readonly Desk[],
  seconds: number,
  onChange: (c: Change) => void = () => undefined,
): Promise<number> {
  const t0 = Date.now();
  const end = t0 + seconds * 1000;
  let changes = 0;
  await Promise.all(
    desks.map(async (d, i) => {
      let nextProgram = t0 + (i * PROGRAM_EVERY_MS) / desks.length;
      let nextBoard = t0 + (i * BOARD_EVERY_MS) / desks.length;
      let pv = 0;
      let bv = 0;
      while (Math.min(nextProgram, nextBoard) < end) {
        const at = Math.min(nextProgram, nextBoard);
        await sleep(Math.max(0, at - Date.now()));
        const now = Date.now();
        if (nextProgram <= now) {
          pv++;
          d.desk.program = { ...d.desk.program, logo: `to main\n; v${pv}\nbeep\nend\n` };
          onChange({ desk: d, kind: 'p', version: pv, at: now });
          nextProgram += PROGRAM_EVERY_MS;
          changes++;
        }
        if (nextBoard <= now) {
          bv++;
          const sensors = [...d.desk.board.sensors];
          sensors[0] = bv;
          d.desk.board = { ...d.desk.board, sensors };
          onChange({ desk: d, kind: 'b', version: bv, at: now });
          nextBoard += BOARD_EVERY_MS;
          changes++;
        }
      }
    }),
  );
  return changes;
}
