// Classroom events as messages (core §2 navbar messages): a student hears about a grade or a
// note on their work and about lessons added to a class they take. Subscribed once per
// server to the classroom's events (server/classroom/events.ts); the messages carry names
// (class, lesson) and numbers, and the UI writes the sentence in the reader's language.
import type { Kysely } from 'kysely';
import type { ClassroomEvents } from '../classroom/events.ts';
import type { Database } from '../db/schema.ts';
import type { MessageParams } from '../../src/contract/messages.ts';
import type { MessageStore } from './message-store.ts';

async function className(db: Kysely<Database>, uuid: string): Promise<string> {
  const row = await db
    .selectFrom('classes')
    .select('name')
    .where('uuid', '=', uuid)
    .executeTakeFirst();
  return row?.name ?? '';
}

async function lessonNames(db: Kysely<Database>, uuids: readonly string[]): Promise<string[]> {
  if (uuids.length === 0) return [];
  const rows = await db
    .selectFrom('lessons')
    .select(['uuid', 'name'])
    .where('uuid', 'in', uuids)
    .execute();
  const byUuid = new Map(rows.map((r) => [r.uuid, r.name]));
  return uuids.map((u) => byUuid.get(u) ?? '');
}

/** The user ids of e-mail addresses (people who have signed in at least once). */
async function usersByEmail(db: Kysely<Database>, emails: readonly string[]): Promise<string[]> {
  const wanted = [...new Set(emails.map((e) => e.trim().toLowerCase()))].filter(Boolean);
  if (wanted.length === 0) return [];
  const rows = await db.selectFrom('users').select('id').where('email', 'in', wanted).execute();
  return rows.map((r) => r.id);
}

/** Students of a class who have an account. */
async function students(db: Kysely<Database>, classUuid: string): Promise<string[]> {
  const rows = await db
    .selectFrom('class_members')
    .select(['email', 'user_id'])
    .where('class_uuid', '=', classUuid)
    .where('type', '=', 'student')
    .execute();
  const known = rows.flatMap((r) => (r.user_id ? [r.user_id] : []));
  const byEmail = await usersByEmail(
    db,
    rows.filter((r) => !r.user_id).map((r) => r.email),
  );
  return [...new Set([...known, ...byEmail])];
}

/** Subscribes; returns the function that unsubscribes. */
export function subscribeClassroomMessages(
  events: ClassroomEvents,
  db: Kysely<Database>,
  messages: MessageStore,
): () => void {
  /** Tells a student about a grade or note on one of their lessons, linking to it. */
  async function toStudent(
    e: { classUuid: string; lessonUuid: string; studentEmail: string; by: string | null },
    kind: 'grade' | 'note',
    extra: MessageParams,
  ): Promise<void> {
    const [klass, [lesson = ''], to] = await Promise.all([
      className(db, e.classUuid),
      lessonNames(db, [e.lessonUuid]),
      usersByEmail(db, [e.studentEmail]),
    ]);
    await messages.notify({
      to,
      kind,
      params: { className: klass, lesson, ...extra },
      link: `/classroom/lessond/${e.lessonUuid}`,
      from: e.by,
    });
  }

  const stops = [
    events.on('grade-posted', (e) => toStudent(e, 'grade', { grade: e.grade })),
    events.on('note-posted', (e) => toStudent(e, 'note', {})),
    events.on('lesson-added', async (e) => {
      const [klass, names, to] = await Promise.all([
        className(db, e.classUuid),
        lessonNames(db, e.lessonUuids),
        students(db, e.classUuid),
      ]);
      await messages.notify({
        to,
        kind: 'lesson',
        params: { className: klass, lesson: names[0] ?? '', lessons: names.length },
        link: `/classroom/classd/${e.classUuid}`,
        from: e.by,
      });
    }),
  ];
  return () => {
    for (const stop of stops) stop();
  };
}
