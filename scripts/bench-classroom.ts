// Load test of the classroom API (`npm run bench:classroom`), on SQLite and on a throw-away
// PostgreSQL, through the real server and real Auth-emulator tokens:
//   - 1,000 classes from 20 teachers (create rate), then their "my classes" list;
//   - one class of 40 students × 30 lessons, every student submitting every lesson and
//     half the cells graded, then the gradebook request timed (p50/p99);
//   - a code-enrol burst: 500 students (signed in once, as a class would be) typing the
//     access code at the same moment.
// Each figure is also given against GET /user/me measured in the same run and the same mode
// (the machine is shared, so absolute times move; the ratios hold). Prints the figures; exits 1 if any request failed (target: zero) or a count is wrong.
//
// Env: BENCH_ENGINES (default "sqlite,postgres"), BENCH_CLASSES (1000), BENCH_BURST (500),
// BENCH_GRADEBOOK_RUNS (200), GOGO_BENCH_PORT (default: a free port), GOGO_PG_PORT and the
// emulator ports of scripts/auth-emulator.ts.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { API_BASE_PATH } from '../src/contract/base-path.ts';
import { signUpWithPassword } from '../server/testing/emulator-accounts.ts';
import { envPort, freePort, startAuthEmulator } from './auth-emulator.ts';
import { pool, table } from './bench/lib.ts';
import { startTempPostgres } from './pg-temp.ts';
import { startServer, stopServer } from './bench/server-process.ts';

const ENGINES = (process.env.BENCH_ENGINES ?? 'sqlite,postgres').split(',').map((s) => s.trim());
const CLASSES = Number(process.env.BENCH_CLASSES ?? 1000);
const BURST = Number(process.env.BENCH_BURST ?? 500);
const GRADEBOOK_RUNS = Number(process.env.BENCH_GRADEBOOK_RUNS ?? 200);
const TEACHERS = 20;
const STUDENTS = 40;
const LESSONS = 30;
/** Parallel requests while seeding (the timed burst is fully parallel). */
const SEED_CONCURRENCY = 16;

let errors = 0;

interface Answer {
  status: number;
  ms: number;
  body: Record<string, unknown>;
}

function client(base: string) {
  return async (method: string, url: string, token: string, body?: unknown): Promise<Answer> => {
    const t0 = performance.now();
    const res = await fetch(`${base}${url}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await res.text();
    const ms = performance.now() - t0;
    if (!res.ok) {
      errors++;
      if (errors <= 5) console.error(`bench: ${method} ${url}: HTTP ${res.status} ${text}`);
    }
    return {
      status: res.status,
      ms,
      body: text ? (JSON.parse(text) as Record<string, unknown>) : {},
    };
  };
}

const percentile = (xs: number[], p: number) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))] ?? NaN;
};
const fmt = (x: number) => `${x.toFixed(1)} ms`;

interface Timed {
  answers: Answer[];
  times: number[];
  ms: number;
  perSecond: number;
}

function timed(answers: Answer[], ms: number): Timed {
  return {
    answers,
    times: answers.map((a) => a.ms),
    ms,
    perSecond: Math.round((answers.length / ms) * 1000),
  };
}

/** `n` calls one after another (after 10 untimed), their times. */
async function sequential(n: number, fn: () => Promise<Answer>): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < n + 10; i++) {
    const a = await fn();
    if (i >= 10) times.push(a.ms);
  }
  return times;
}

/** `fn` over `items`, SEED_CONCURRENCY at a time. */
async function timedPool<T>(items: readonly T[], fn: (item: T) => Promise<Answer>): Promise<Timed> {
  const t0 = performance.now();
  const answers = await pool(items, SEED_CONCURRENCY, fn);
  return timed(answers, performance.now() - t0);
}

/** `fn` over `items`, all at once. */
async function timedBurst<T>(
  items: readonly T[],
  fn: (item: T) => Promise<Answer>,
): Promise<Timed> {
  const t0 = performance.now();
  const answers = await Promise.all(items.map(fn));
  return timed(answers, performance.now() - t0);
}

async function accounts(host: string, tag: string, n: number): Promise<string[]> {
  const list = Array.from({ length: n }, (_, i) => i);
  return pool(list, SEED_CONCURRENCY, async (i) => {
    const a = await signUpWithPassword(host, `${tag}-${i}-${Date.now()}@example.com`);
    return a.idToken;
  });
}

async function benchEngine(
  engine: string,
  host: string,
): Promise<Record<string, string | number>[]> {
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'gogo-bench-classroom-'));
  const pg =
    engine === 'postgres'
      ? await startTempPostgres({ port: envPort('GOGO_PG_PORT'), durable: true })
      : null;
  const port = envPort('GOGO_BENCH_PORT') ?? (await freePort());
  const env: Record<string, string> = { FIREBASE_AUTH_EMULATOR_HOST: host };
  if (pg) env.DATABASE_URL = pg.url;
  else env.SQLITE_FILE = path.join(scratch, 'bench.sqlite');
  const server = await startServer(port, env);
  const call = client(`http://127.0.0.1:${port}${API_BASE_PATH}`);
  const rows: Record<string, string | number>[] = [];
  const row = (scenario: string, figures: Record<string, string | number>) =>
    rows.push({ engine, scenario, ...figures });
  try {
    console.error(`bench: ${engine}: creating accounts`);
    const teachers = await accounts(host, `t-${engine}`, TEACHERS);
    const students = await accounts(host, `s-${engine}`, STUDENTS);
    const burst = await accounts(host, `b-${engine}`, BURST);
    // Everyone has signed in once (their user row exists), as a real class would have.
    await pool([...teachers, ...students, ...burst], SEED_CONCURRENCY, (tk) =>
      call('POST', '/auth', tk, {}),
    );

    // References: the cheapest signed-in call (token check, user row), on the same server
    // at the same moment and in the same mode (one at a time, SEED_CONCURRENCY at a time, the
    // whole burst at once). "vs /user/me" divides a scenario's p50 by its reference's p50:
    // the machine is shared, so absolute times move while the ratios hold.
    const me = (tk: string) => call('GET', '/user/me', tk);
    const sequentialRef = await sequential(60, () => me(teachers[0] ?? ''));
    const parallelRef = await timedPool(
      Array.from({ length: 400 }, (_, i) => teachers[i % TEACHERS] ?? ''),
      me,
    );
    const versus = (xs: number[], ref: number[]) =>
      `${(percentile(xs, 0.5) / percentile(ref, 0.5)).toFixed(1)}×`;
    const figures = (xs: number[], ref: number[]) => ({
      p50: fmt(percentile(xs, 0.5)),
      p99: fmt(percentile(xs, 0.99)),
      'vs /user/me': versus(xs, ref),
    });
    row('reference: GET /user/me, one at a time', {
      'per second': '',
      ...figures(sequentialRef, sequentialRef),
      check: '',
    });
    row(`reference: GET /user/me, ${SEED_CONCURRENCY} at a time`, {
      'per second': parallelRef.perSecond,
      ...figures(parallelRef.times, parallelRef.times),
      check: '',
    });

    console.error(`bench: ${engine}: ${CLASSES} classes`);
    const creates = await timedPool(
      Array.from({ length: CLASSES }, (_, i) => i),
      (i) =>
        call('POST', '/class/create', teachers[i % TEACHERS] ?? '', {
          name: `Class ${i}`,
          desc: `Class number ${i}`,
        }),
    );
    const created = creates.answers;
    row(`POST /class/create ×${CLASSES}, ${SEED_CONCURRENCY} at a time`, {
      'per second': creates.perSecond,
      ...figures(creates.times, parallelRef.times),
      check: '',
    });
    const browse = await sequential(50, () =>
      call('GET', '/class/browse/my?per_page=10', teachers[0] ?? ''),
    );
    row(`GET /class/browse/my (${CLASSES / TEACHERS} of ${CLASSES} classes)`, {
      'per second': '',
      ...figures(browse, sequentialRef),
      check: '',
    });

    console.error(`bench: ${engine}: ${STUDENTS} students × ${LESSONS} lessons`);
    const teacher = teachers[0] ?? '';
    const cls = created[0]?.body as { uuid: string; access_code: string };
    const lessons = await pool(
      Array.from({ length: LESSONS }, (_, i) => i),
      SEED_CONCURRENCY,
      async (i) =>
        (
          await call('POST', '/lesson/create', teacher, {
            name: `Lesson ${i + 1}`,
            desc: '## Goal\nMake the board beep.',
            code: '<xml><block type="beep"/></xml>',
          })
        ).body.uuid as string,
    );
    await call('POST', `/class/${cls.uuid}/add-lesson`, teacher, { lessons });
    await pool(students, SEED_CONCURRENCY, (tk) =>
      call('PUT', '/class/code-enroll', tk, { access_code: cls.access_code }),
    );
    const cells = students.flatMap((tk) => lessons.map((l) => ({ tk, l })));
    const submits = await timedPool(cells, ({ tk, l }) =>
      call('PUT', `/lesson/${l}/grade/submit`, tk, {
        code: `<xml><block type="beep"/><!-- ${l} --></xml>`,
        note: 'done',
      }),
    );
    const submitted = submits.answers;
    row(`PUT grade/submit ×${cells.length}, ${SEED_CONCURRENCY} at a time`, {
      'per second': submits.perSecond,
      ...figures(submits.times, parallelRef.times),
      check: '',
    });
    const graded = await pool(
      submitted.filter((_, i) => i % 2 === 0),
      SEED_CONCURRENCY,
      (a) =>
        call('PUT', `/class/${cls.uuid}/grade/${String(a.body.suuid)}`, teacher, {
          grade: 80,
          note: 'Good',
        }),
    );

    console.error(`bench: ${engine}: gradebook`);
    const times: number[] = [];
    let book: Record<string, unknown> = {};
    let bytes = 0;
    for (let i = 0; i < GRADEBOOK_RUNS + 10; i++) {
      const a = await call('GET', `/class/${cls.uuid}/grades`, teacher);
      if (i >= 10) times.push(a.ms);
      book = a.body;
      bytes = JSON.stringify(a.body).length;
    }
    const cellCount = (book.cells as unknown[] | undefined)?.length ?? 0;
    const gradedCount =
      (book.cells as { state: string }[] | undefined)?.filter((c) => c.state === 'graded').length ??
      0;
    const bookOk =
      (book.students as unknown[] | undefined)?.length === STUDENTS &&
      (book.lessons as unknown[] | undefined)?.length === LESSONS &&
      cellCount === cells.length &&
      gradedCount === graded.length;
    if (!bookOk) errors++;
    row(`GET gradebook ${STUDENTS}×${LESSONS} (${Math.round(bytes / 1024)} KiB)`, {
      'per second': '',
      ...figures(times, sequentialRef),
      check: `${cellCount} cells, ${gradedCount} graded${bookOk ? '' : ' WRONG'}`,
    });

    console.error(`bench: ${engine}: code-enrol burst of ${BURST}`);
    const target = created[1]?.body as { uuid: string; access_code: string };
    // The same students asking for their profile all at once: the burst's reference.
    const burstRef = await timedBurst(burst, me);
    row(`reference: GET /user/me, ${BURST} at once`, {
      'per second': burstRef.perSecond,
      ...figures(burstRef.times, burstRef.times),
      check: '',
    });
    const joins = await timedBurst(burst, (tk) =>
      call('PUT', '/class/code-enroll', tk, { access_code: target.access_code }),
    );
    const after = await call('GET', `/class/${target.uuid}`, teachers[1] ?? '');
    const burstOk = after.body.studentCount === BURST;
    if (!burstOk) errors++;
    row(`PUT /class/code-enroll, ${BURST} at once (all in ${(joins.ms / 1000).toFixed(2)} s)`, {
      'per second': joins.perSecond,
      ...figures(joins.times, burstRef.times),
      check: `${String(after.body.studentCount)} students${burstOk ? '' : ' WRONG'}`,
    });
    return rows;
  } finally {
    await stopServer(server);
    await pg?.stop();
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}

async function main(): Promise<number> {
  const emulator = await startAuthEmulator({
    authPort: envPort('GOGO_AUTH_EMULATOR_PORT'),
    hubPort: envPort('GOGO_EMULATOR_HUB_PORT'),
    loggingPort: envPort('GOGO_EMULATOR_LOGGING_PORT'),
  });
  const rows: Record<string, string | number>[] = [];
  try {
    for (const engine of ENGINES) rows.push(...(await benchEngine(engine, emulator.host)));
  } finally {
    await emulator.stop();
  }
  table('Classroom API (real server, Auth-emulator tokens)', rows);
  console.log(
    `\nerrors: ${errors}; ${os.cpus().length} CPUs (${os.cpus()[0]?.model ?? 'unknown'}), Node ${process.version}`,
  );
  return errors > 0 ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
