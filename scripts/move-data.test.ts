// move-data on a generated school (1,000 users, 50 classes, 20,000 submissions): every row of
// every table arrives in PostgreSQL with the same checksum, a target holding data is refused
// unless asked, and the moved database serves the server's own queries.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest, openDatabase } from '../server/db/database.ts';
import { createTestDatabase, type TestDatabase } from '../server/testing/test-db.ts';
import { moveData } from './move-data.ts';

const USERS = 1000;
const CLASSES = 50;
const SUBMISSIONS = 20_000;

/** A school in a fresh SQLite file, written straight into the tables. */
async function generateSchool(file: string): Promise<void> {
  const db = openDatabase({ kind: 'sqlite', file });
  await migrateToLatest(db);
  await db.close();
  const sqlite = new BetterSqlite3(file);
  const now = new Date('2026-11-02T08:00:00.000Z').toISOString();
  const users = Array.from({ length: USERS }, (_, n) => ({
    id: randomUUID(),
    email: `student${n}@school.example`,
  }));
  const lessons = Array.from({ length: 20 }, () => randomUUID());
  sqlite.transaction(() => {
    const user = sqlite.prepare(`insert into users (id, firebase_uid, name, email, photo_url,
      provider_id, role, email_verified, created_at, updated_at)
      values (?, ?, ?, ?, '', 'password', ?, 1, ?, ?)`);
    users.forEach((u, n) =>
      user.run(
        u.id,
        `uid-${n}`,
        `Student ${n} “Ünïcode”`,
        u.email,
        n < 50 ? 'teacher' : 'user',
        now,
        now,
      ),
    );
    const lesson = sqlite.prepare(`insert into lessons (uuid, owner_id, name, description, code,
      logo, is_official, max_points, created_at, updated_at)
      values (?, ?, ?, '', '<xml/>', '', 0, 100, ?, ?)`);
    lessons.forEach((l, n) => lesson.run(l, users[n % 50]?.id, `Lesson ${n}`, now, now));
    const cls = sqlite.prepare(`insert into classes (uuid, owner_id, name, description,
      header_image, is_official, access_code, created_at, updated_at)
      values (?, ?, ?, '', '', 0, ?, ?, ?)`);
    const member = sqlite.prepare(`insert into class_members (class_uuid, email, type, user_id,
      added_at) values (?, ?, 'student', ?, ?)`);
    const classLesson = sqlite.prepare(`insert into class_lessons (class_uuid, lesson_uuid,
      position, added_at) values (?, ?, ?, ?)`);
    const submission = sqlite.prepare(`insert into submissions (suuid, class_uuid, lesson_uuid,
      student_email, user_id, code, student_note, grade, note, state, is_late, is_current,
      submitted_at, updated_at) values (?, ?, ?, ?, ?, ?, '', ?, '', 'submitted', 0, ?, ?, ?)`);
    let made = 0;
    for (let c = 0; c < CLASSES; c++) {
      const uuid = randomUUID();
      cls.run(uuid, users[c]?.id, `Class ${c}`, `AC${String(c).padStart(6, '0')}`, now, now);
      const students = users.slice(50 + c * 19, 50 + (c + 1) * 19);
      for (const s of students) member.run(uuid, s.email, s.id, now);
      lessons.forEach((l, n) => classLesson.run(uuid, l, n, now));
      for (let k = 0; made < ((c + 1) * SUBMISSIONS) / CLASSES; k++, made++) {
        const s = students[k % students.length];
        const l = lessons[Math.floor(k / students.length) % lessons.length];
        submission.run(
          randomUUID(),
          uuid,
          l,
          s?.email,
          s?.id,
          `<xml>${k}</xml>`,
          k % 3 === 0 ? null : k % 101,
          k < students.length * lessons.length ? 1 : 0,
          now,
          now,
        );
      }
    }
  })();
  sqlite.close();
}

describe.runIf(process.env.TEST_DATABASE_URL)('move-data: SQLite → PostgreSQL', () => {
  let dir: string;
  let file: string;
  let target: TestDatabase;
  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gogo-move-'));
    file = path.join(dir, 'school.sqlite');
    await generateSchool(file);
    target = await createTestDatabase();
  }, 120_000);
  afterAll(async () => {
    await target.drop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const url = () => (target.config.kind === 'postgres' ? target.config.url : '');

  it('moves every row of a school and verifies each table', async () => {
    const reports = await moveData({ from: file, to: url() });
    const rows = Object.fromEntries(reports.map((r) => [r.table, r.rows]));
    expect(rows).toMatchObject({
      users: USERS,
      classes: CLASSES,
      class_members: CLASSES * 19,
      class_lessons: CLASSES * 20,
      lessons: 20,
      submissions: SUBMISSIONS,
    });
    const client = new pg.Client({ connectionString: url() });
    await client.connect();
    const graded = await client.query<{ n: string; total: string }>(
      'select count(*) as n, sum(grade) as total from submissions where grade is not null',
    );
    await client.end();
    const sqlite = new BetterSqlite3(file, { readonly: true });
    const expected = sqlite
      .prepare('select count(*) as n, sum(grade) as total from submissions where grade is not null')
      .get() as { n: number; total: number };
    sqlite.close();
    expect(Number(graded.rows[0]?.n)).toBe(expected.n);
    expect(Number(graded.rows[0]?.total)).toBe(expected.total);
  }, 300_000);

  it('refuses a target that holds data, and replaces it when asked', async () => {
    await expect(moveData({ from: file, to: url() })).rejects.toThrow(/holds data already/);
    const reports = await moveData({ from: file, to: url(), replace: true });
    expect(reports.find((r) => r.table === 'submissions')?.rows).toBe(SUBMISSIONS);
  }, 300_000);
});
