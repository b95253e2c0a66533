// The teacher's live view of a class of 40 at a CPU throttling rate, for
// `npm run bench -- school`: per build, the API server (a child process, serving that
// build's files) with the Auth emulator; a class whose students are the app's StudentLive in
// this process (live-students.ts), changing their programs every 5 s and their boards twice
// a second; the teacher signs in in Chromium and opens the class's live view. Once every
// seat shows its student's program, the teacher's page is throttled and its long tasks are
// watched while the students change for the given time.
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from '@playwright/test';
import { signUpWithPassword, type TestAccount } from '../../server/testing/emulator-accounts.ts';
import { startAuthEmulator, type AuthEmulator } from '../auth-emulator.ts';
import {
  apiClients,
  change,
  createClasses,
  join,
  studentDesks,
  type LiveClass,
} from './live-students.ts';
import { pool } from './lib.ts';
import { waitInPage, WATCH_TASKS } from './main-thread.ts';
import { measured, VIEWPORT, type JobRun } from './school-jobs.ts';
import { startServer, stopServer } from './server-process.ts';

/** A build's server with one class in it. */
export interface LiveRoom {
  base: string;
  klass: LiveClass;
  client: Awaited<ReturnType<typeof apiClients>>['client'];
}

export interface LiveRooms {
  rooms: Map<string, LiveRoom>;
  teacher: TestAccount;
  students: TestAccount[];
  close(): Promise<void>;
}

/**
 * Starts the Auth emulator on ports `port`..`port + 2` and one server per build (`dirs`: a
 * name → its dist/ folder) on `port + 3`…, each with a class of `students` students.
 */
export async function liveRooms(
  dirs: Record<string, string>,
  port: number,
  students: number,
): Promise<LiveRooms> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gogo-school-live-'));
  const servers: ChildProcess[] = [];
  let emulator: AuthEmulator | null = null;
  const close = async () => {
    for (const s of servers) await stopServer(s);
    await emulator?.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  };
  try {
    emulator = await startAuthEmulator({
      authPort: port,
      hubPort: port + 1,
      loggingPort: port + 2,
      timeoutMs: 300_000,
    });
    const host = emulator.host;
    const teacher = await signUpWithPassword(host, undefined, undefined, 'Teacher');
    const accounts = await pool(
      Array.from({ length: students }, (_, i) => i),
      8,
      (i) => signUpWithPassword(host, undefined, undefined, `Student ${i + 1}`),
    );
    const rooms = new Map<string, LiveRoom>();
    let next = port + 3;
    for (const [name, staticDir] of Object.entries(dirs)) {
      const serverPort = next++;
      const server = await startServer(
        serverPort,
        {
          SQLITE_FILE: path.join(dir, `${name}.sqlite`),
          STATIC_DIR: staticDir,
          FIREBASE_AUTH_EMULATOR_HOST: host,
          FIREBASE_PROJECT_ID: 'demo-gogo',
          LOG_LEVEL: 'warn',
        },
        120_000,
      );
      servers.push(server);
      const base = `http://localhost:${serverPort}`;
      const { client } = await apiClients(base);
      const [klass] = await createClasses(client, [teacher], [accounts], 8);
      if (!klass) throw new Error('no class');
      rooms.set(name, { base, klass, client });
    }
    return { rooms, teacher, students: accounts, close };
  } catch (e) {
    await close();
    throw e;
  }
}

/**
 * The teacher's live view of `room`'s class at CPU rate `rate` while the students change
 * for `seconds`.
 */
export async function liveJob(
  browser: Browser,
  rooms: LiveRooms,
  room: LiveRoom,
  rate: number,
  name: string,
  seconds: number,
): Promise<JobRun> {
  const context = await browser.newContext({ viewport: VIEWPORT, serviceWorkers: 'block' });
  const desks = studentDesks(room.client, room.base, [room.klass], [rooms.students]);
  try {
    await context.addInitScript({ content: WATCH_TASKS });
    const page = await context.newPage();
    await page.goto(`${room.base}/#/auth/login`);
    await page.getByLabel('E-mail').fill(rooms.teacher.email);
    await page.getByLabel('Password').fill('secret-123');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL((u) => !u.hash.startsWith('#/auth/'), { timeout: 60_000 });
    await page.goto(`${room.base}/#/classroom/classd/${room.klass.klass}/live`);
    await page.getByTestId('live-view').waitFor({ timeout: 60_000 });
    await join(desks);
    await waitInPage(page, '[data-testid="live-seat"] [data-testid="live-logo"]', {
      text: /to main/,
      count: desks.length,
    });
    return await measured(page, rate, name, async () => {
      await change(desks, seconds);
    });
  } finally {
    for (const d of desks) d.live.leave();
    await context.close();
  }
}
