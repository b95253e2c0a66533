// A student's own latest program for a lesson (docs/classroom.md "Lesson work"): what the
// editor holds while the lesson is open, kept on the server as the student works, so Start
// lesson resumes it on any computer instead of opening the starter again. Not a submission:
// the teacher grades only what the student submits, but may read the work in progress.
//
// Calls (all under API_BASE_PATH, with a Bearer token):
//   GET  /lesson/{uuid}/work             LessonWorkQuery   → LessonWork  (the student: their own)
//   PUT  /lesson/{uuid}/work             LessonWorkBody    → LessonWork  (the student)
//   GET  /class/{uuid}/lesson/{luuid}/work  StudentWorkQuery → LessonWork (the class's teachers)
//
// One program per class, lesson and student (the student's e-mail in the class, as for
// submissions): a PUT replaces it. A student removed from the class keeps it, and finds it
// again when added back. Deleting the class or the lesson deletes it.
import { Type, type Static } from '@sinclair/typebox';
import { Email } from './classroom.ts';
import { Uuid } from './common.ts';
import { LESSON_CODE_MAX } from './lessons.ts';

const Code = Type.String({ maxLength: LESSON_CODE_MAX, description: 'Program file text' });
/** Which class; needed only when the lesson is in several of the student's classes. */
const ClassUuid = Type.Optional(Uuid);

export const LessonWorkQuery = Type.Object(
  { class_uuid: ClassUuid },
  { additionalProperties: false },
);
export type LessonWorkQuery = Static<typeof LessonWorkQuery>;

export const LessonWorkBody = Type.Object(
  { code: Code, class_uuid: ClassUuid },
  { additionalProperties: false },
);
export type LessonWorkBody = Static<typeof LessonWorkBody>;

export const ClassLessonParams = Type.Object({ uuid: Uuid, luuid: Uuid });
export type ClassLessonParams = Static<typeof ClassLessonParams>;

export const StudentWorkQuery = Type.Object({ user_email: Email }, { additionalProperties: false });
export type StudentWorkQuery = Static<typeof StudentWorkQuery>;

export const LessonWork = Type.Object({
  luuid: Uuid,
  /** The class the work belongs to. */
  class_uuid: Uuid,
  /** The student's e-mail in that class. */
  user_email: Type.String(),
  /** The program file; null while the student has kept none. */
  code: Type.Union([Type.String(), Type.Null()]),
  /** When it was kept (ISO 8601 UTC); null with no program. */
  updatedAt: Type.Union([Type.String(), Type.Null()]),
});
export type LessonWork = Static<typeof LessonWork>;
