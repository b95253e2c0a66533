// The lesson open in the editor, kept across a reload (docs/classroom.md "Lesson work"): what
// it is in local storage, and which it is in the address (/program?lesson={uuid}&class={uuid}),
// so a reload, or the address opened again, shows the lesson beside the student's program.
// Light on purpose: the app's start reads it before any of the classroom loads.
import { Type, type Static } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { readStorage, STORAGE_KEYS, writeStorage } from '../state/storage.ts';

const Id = Type.String({ minLength: 1, maxLength: 64 });
const OpenLesson = Type.Object({
  uuid: Id,
  name: Type.String({ maxLength: 400 }),
  desc: Type.String({ maxLength: 200_000 }),
  classUuid: Type.Union([Id, Type.Null()]),
  hasCheck: Type.Boolean(),
});
type OpenLesson = Static<typeof OpenLesson>;

/** The lesson kept open in this browser, if any. */
export function readOpenLesson(): OpenLesson | null {
  try {
    const value: unknown = JSON.parse(readStorage(STORAGE_KEYS.openLesson) ?? 'null');
    return Value.Check(OpenLesson, value) ? value : null;
  } catch {
    return null;
  }
}

export function writeOpenLesson(lesson: OpenLesson | null): void {
  writeStorage(STORAGE_KEYS.openLesson, lesson === null ? null : JSON.stringify(lesson));
}

/** The editor's route a lesson opens in (its address names the lesson). */
const LESSON_EDITOR_PATH = '/program';

/** The address of the editor with a lesson open. */
export function lessonPath(uuid: string, classUuid: string | null): string {
  const query = new URLSearchParams({ lesson: uuid });
  if (classUuid) query.set('class', classUuid);
  return `${LESSON_EDITOR_PATH}?${query.toString()}`;
}

function splitHash(hash: string): { path: string; query: URLSearchParams } {
  const [path = '', query = ''] = hash.replace(/^#/, '').split('?', 2);
  return { path: path || '/', query: new URLSearchParams(query) };
}

/** The lesson a location hash names (`#/program?lesson=…`), or null. */
export function lessonInAddress(hash: string): { uuid: string; classUuid: string | null } | null {
  const { path, query } = splitHash(hash);
  const uuid = query.get('lesson');
  if (path !== LESSON_EDITOR_PATH || !uuid || !Value.Check(Id, uuid)) return null;
  const classUuid = query.get('class');
  return { uuid, classUuid: classUuid && Value.Check(Id, classUuid) ? classUuid : null };
}

/**
 * The path to put in the address so that it names the open lesson (or none), or null when it
 * already does or is not the lesson's editor route.
 */
export function lessonAddressFix(
  hash: string,
  open: Pick<OpenLesson, 'uuid' | 'classUuid'> | null,
): string | null {
  const { path } = splitHash(hash);
  if (path !== LESSON_EDITOR_PATH) return null;
  const named = lessonInAddress(hash);
  if (open === null) return named ? LESSON_EDITOR_PATH : null;
  if (named?.uuid === open.uuid && named.classUuid === open.classUuid) return null;
  return lessonPath(open.uuid, open.classUuid);
}

/** Whether this page load has a lesson to show again (kept, or named by the address). */
export function lessonToReopen(hash: string): boolean {
  return readOpenLesson() !== null || lessonInAddress(hash) !== null;
}
