// A class's events on the event bus: what the routes store is heard by a watcher of the
// class, in order and with ids, and on PostgreSQL by a watcher on another replica's bus;
// the messages to students are still written once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatAccessCode } from '../../src/contract/classroom.ts';
import { PgEventBus } from '../events/pg-event-bus.ts';
import { apiCaller, type ApiCall } from '../testing/api-caller.ts';
import { signInWithGoogle, uniqueEmail } from '../testing/emulator-accounts.ts';
import { startTestApp, type TestApp } from '../testing/test-app.ts';
import { testEngine } from '../testing/test-db.ts';
import { ClassroomEvents, type ClassEvent } from './events.ts';

describe(`classroom events on the bus (${testEngine()})`, () => {
  let t: TestApp;
  let call: ApiCall;
  let teacher: string;
  let student: string;
  let studentEmail: string;

  beforeAll(async () => {
    t = await startTestApp();
    call = apiCaller(t);
    teacher = (await signInWithGoogle(t.emulatorHost, uniqueEmail('teacher'), 'Tess')).idToken;
    studentEmail = uniqueEmail('student');
    student = (await signInWithGoogle(t.emulatorHost, studentEmail, 'Sam')).idToken;
  });
  afterAll(() => t.close());

  /** A class with its student and one lesson; the watcher is set up by `watch`. */
  async function story(watch: (classUuid: string) => Promise<void>) {
    const cls = (await call('POST', '/class/create', teacher, { name: 'Live' })).body as {
      uuid: string;
      access_code: string;
    };
    await watch(cls.uuid);
    await call('PUT', '/class/code-enroll', student, {
      access_code: formatAccessCode(cls.access_code),
    });
    const lesson = (
      await call('POST', '/lesson/create', teacher, { name: 'Blink', code: '<xml/>' })
    ).body as { uuid: string };
    await call('POST', `/class/${cls.uuid}/add-lesson`, teacher, { lessons: [lesson.uuid] });
    const sent = await call('PUT', `/lesson/${lesson.uuid}/grade/submit`, student, {
      code: '<xml/>',
    });
    expect(sent.status).toBe(200);
    const graded = await call('PUT', `/class/${cls.uuid}/grade/${sent.body.suuid}`, teacher, {
      grade: 80,
    });
    expect(graded.status).toBe(200);
    return { classUuid: cls.uuid, lessonUuid: lesson.uuid };
  }

  const EXPECTED = ['enrolled', 'lesson-added', 'submitted', 'grade-posted'];

  it('a watcher of the class hears each event once, in order, with growing ids', async () => {
    const heard: { event: ClassEvent; id: number }[] = [];
    let close = () => {};
    const { classUuid, lessonUuid } = await story(async (uuid) => {
      const sub = t.app.services.classroom.events.watch(uuid, (event, id) =>
        heard.push({ event, id }),
      );
      await sub.ready;
      close = () => sub.close();
    });
    await expect.poll(() => heard.map((h) => h.event.event)).toEqual(EXPECTED);
    const ids = heard.map((h) => h.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(new Set(ids).size).toBe(ids.length);
    expect(heard[0]?.event).toMatchObject({
      event: 'enrolled',
      payload: { classUuid, emails: [studentEmail], type: 'student' },
    });
    expect(heard[3]?.event.payload).toMatchObject({ lessonUuid, grade: 80, studentEmail });
    // A watcher that comes back after the first event gets the rest, and only the rest.
    const again: string[] = [];
    await t.app.services.classroom.events.watch(
      classUuid,
      (event) => again.push(event.event),
      heard[0]?.id,
    ).ready;
    expect(again).toEqual(EXPECTED.slice(1));
    close();
  });

  it.runIf(testEngine() === 'postgres')(
    'a watcher on another replica hears the same events',
    async () => {
      const { db, config } = t.app.services;
      if (config.database.kind !== 'postgres') return;
      const replicaBus = new PgEventBus(db.kysely, config.database.url);
      await replicaBus.start();
      const replica = new ClassroomEvents(() => {}, replicaBus);
      const heard: string[] = [];
      await story(async (uuid) => {
        await replica.watch(uuid, (event) => heard.push(event.event)).ready;
      });
      await expect.poll(() => heard).toEqual(EXPECTED);
      await replicaBus.close();
    },
  );
});
