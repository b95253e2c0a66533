// Submissions, grades and the gradebook (classroom-and-labs §3 "Grade": uuid, suuid, grade,
// note, code, session_id, user_email, luuid; §7). Every Submit creates a submission (suuid)
// holding the student's program; a teacher grades it and writes a note. The gradebook is
// students × lessons, each cell the student's current submission with its state.
//
// Calls (all under API_BASE_PATH, all with a Bearer token):
//   GET    /class/{uuid}/grades                               → Gradebook      (teacher)
//   GET    /class/{uuid}/grade/{suuid}                        → Grade  (teacher; the student)
//   POST   /class/{uuid}/grade          GradeCreateBody       → 201 Grade      (teacher)
//   PUT    /class/{uuid}/grade/{suuid}  GradeUpdateBody       → Grade          (teacher)
//   PUT    /class/{uuid}/note           NoteBody              → Grade          (teacher)
//   GET    /class/{uuid}/my-completions                       → Completions    (student)
//   PUT    /lesson/{uuid}/grade/submit  SubmitBody            → Grade          (student)
//   PUT    /lesson/{uuid}/grade/complete CompleteBody         → Grade  (student; teacher with user_email)
//   PUT    /lesson/{uuid}/grade/reset   ResetBody             → LessonProgress (teacher)
//   GET    /lesson/{uuid}/grade/student StudentGradeQuery     → LessonProgress (the caller's)
//   GET    /submission/{suuid}                                → Grade  (the student; class teachers)
//
// States: a cell with no current submission is `not_started`; Submit makes it `submitted`;
// a grade (teacher, or a remote-lab check the server trusts) makes it `graded`; Complete
// makes it `complete` (a later grade keeps it complete). Reset (teacher) starts the cell
// over: earlier submissions stay readable by suuid but no longer count.
//
// `note` is the teacher's note to the student; the note a student sends with Submit is kept
// as `studentNote`. A grade in a Submit body counts only when the server can verify it
// (a remote-lab session it ran); a grade a client merely claims is not stored.
import { Type, type Static } from '@sinclair/typebox';
import { Uuid } from './common.ts';
import { Email } from './classroom.ts';
import { CheckReport } from './lesson-check.ts';
import { LESSON_CODE_MAX, MAX_POINTS_MAX } from './lessons.ts';

export const NOTE_MAX = 4000;
const SESSION_ID_MAX = 64;

const SUBMISSION_STATES = ['submitted', 'graded', 'complete'] as const;
export type SubmissionState = (typeof SUBMISSION_STATES)[number];
const CELL_STATES = ['not_started', ...SUBMISSION_STATES] as const;
export type CellState = (typeof CELL_STATES)[number];
const State = Type.Union(SUBMISSION_STATES.map((s) => Type.Literal(s)));
const CellStateSchema = Type.Union(CELL_STATES.map((s) => Type.Literal(s)));

/**
 * Where a grade came from: `teacher`; `check`, the lesson's automatic check run by the
 * server; `lab`, a lab board's answer as its station reported it; `cable`, a cable board's
 * answer as the student's own app reported it (the one source a student could forge).
 * Null while ungraded (or for a grade older than sources whose origin is unknown).
 */
export const GRADE_SOURCES = ['teacher', 'check', 'lab', 'cable'] as const;
export type GradeSource = (typeof GRADE_SOURCES)[number];
const GradeSourceSchema = Type.Union([...GRADE_SOURCES.map((s) => Type.Literal(s)), Type.Null()]);

/** Points, 0 up to the lesson's maxPoints (else 400 grade_out_of_range); kept to 2 decimals. */
const Points = Type.Number({ minimum: 0, maximum: MAX_POINTS_MAX });
const Note = Type.String({ maxLength: NOTE_MAX });
const Code = Type.String({ maxLength: LESSON_CODE_MAX, description: 'Workspace XML text' });
const SessionId = Type.String({ minLength: 1, maxLength: SESSION_ID_MAX });

export const SuuidParams = Type.Object({ suuid: Uuid });
export const ClassSubmissionParams = Type.Object({ uuid: Uuid, suuid: Uuid });

// Requests

export const GradeCreateBody = Type.Object(
  {
    grade: Points,
    luuid: Uuid,
    user_email: Email,
    note: Type.Optional(Note),
  },
  { additionalProperties: false },
);
export type GradeCreateBody = Static<typeof GradeCreateBody>;

export const GradeUpdateBody = Type.Object(
  { grade: Points, note: Type.Optional(Note) },
  { additionalProperties: false },
);
export type GradeUpdateBody = Static<typeof GradeUpdateBody>;

export const NoteBody = Type.Object({ suuid: Uuid, note: Note }, { additionalProperties: false });
export type NoteBody = Static<typeof NoteBody>;

/** Which class a lesson call is about; needed only when the lesson is in several of them. */
const ClassUuid = Type.Optional(Uuid);

export const SubmitBody = Type.Object(
  {
    code: Code,
    /** The student's note to the teacher (kept as studentNote). */
    note: Type.Optional(Note),
    session_id: Type.Optional(Type.Union([SessionId, Type.Null()])),
    /** Counts only when the server verifies it from session_id (see above). */
    grade: Type.Optional(Type.Union([Points, Type.Null()])),
    class_uuid: ClassUuid,
  },
  { additionalProperties: false },
);
export type SubmitBody = Static<typeof SubmitBody>;

export const CompleteBody = Type.Object(
  {
    class_uuid: ClassUuid,
    /** A teacher completes the lesson for this student; students leave it out. */
    user_email: Type.Optional(Email),
  },
  { additionalProperties: false },
);
export type CompleteBody = Static<typeof CompleteBody>;

export const ResetBody = Type.Object(
  { class_uuid: ClassUuid, user_email: Email },
  { additionalProperties: false },
);
export type ResetBody = Static<typeof ResetBody>;

export const StudentGradeQuery = Type.Object(
  { class_uuid: ClassUuid },
  { additionalProperties: false },
);
export type StudentGradeQuery = Static<typeof StudentGradeQuery>;

// Answers

export const Grade = Type.Object({
  /** The class. */
  uuid: Uuid,
  suuid: Uuid,
  luuid: Uuid,
  user_email: Type.String(),
  grade: Type.Union([Type.Number(), Type.Null()]),
  gradeSource: GradeSourceSchema,
  /** The teacher's note ('' when none). */
  note: Type.String(),
  studentNote: Type.String(),
  code: Type.String({ description: 'Workspace XML text of the submitted program' }),
  session_id: Type.Union([Type.String(), Type.Null()]),
  state: State,
  /** Submitted after the lesson's due time in the class. */
  late: Type.Boolean(),
  /** It is the cell's current submission (a later Submit or a Reset makes it history). */
  current: Type.Boolean(),
  className: Type.String(),
  student: Type.Object({ email: Type.String(), name: Type.String(), photoUrl: Type.String() }),
  lesson: Type.Object({ uuid: Uuid, name: Type.String(), maxPoints: Type.Integer() }),
  /** The caller may grade it and write the note (a teacher of the class). */
  canGrade: Type.Boolean(),
  /** When the student submitted (ISO 8601 UTC); null when it holds no work of theirs (a
   * teacher graded or completed the lesson without a submission). */
  submittedAt: Type.Union([Type.String(), Type.Null()]),
  gradedAt: Type.Union([Type.String(), Type.Null()]),
  completedAt: Type.Union([Type.String(), Type.Null()]),
  updatedAt: Type.String(),
  /** The lesson's automatic check on this program (null: the lesson had none). */
  check: Type.Optional(Type.Union([CheckReport, Type.Null()])),
});
export type Grade = Static<typeof Grade>;

export const GradebookCell = Type.Object({
  user_email: Type.String(),
  luuid: Uuid,
  suuid: Uuid,
  state: State,
  grade: Type.Union([Type.Number(), Type.Null()]),
  gradeSource: GradeSourceSchema,
  late: Type.Boolean(),
  hasNote: Type.Boolean(),
  /** The teacher's note to the student ('' when none): the gradebook is the teacher's. */
  note: Type.String(),
  /** When the student submitted; null when the cell holds no work of theirs (a teacher graded
   * or completed it without a submission). */
  submittedAt: Type.Union([Type.String(), Type.Null()]),
  updatedAt: Type.String(),
});
export type GradebookCell = Static<typeof GradebookCell>;

/**
 * Students × lessons of a class; a pair without a cell is not started. The students in the
 * class come first, then those no longer in it (removed, or left) whose work the class keeps:
 * `removed` marks them, and adding them again makes them students like the others.
 */
export const Gradebook = Type.Object({
  uuid: Uuid,
  students: Type.Array(
    Type.Object({
      email: Type.String(),
      name: Type.String(),
      photoUrl: Type.String(),
      hasAccount: Type.Boolean(),
      removed: Type.Boolean(),
    }),
  ),
  lessons: Type.Array(
    Type.Object({
      luuid: Uuid,
      name: Type.String(),
      maxPoints: Type.Integer(),
      dueAt: Type.Union([Type.String(), Type.Null()]),
    }),
  ),
  cells: Type.Array(GradebookCell),
});
export type Gradebook = Static<typeof Gradebook>;

export const Completion = Type.Object({
  luuid: Uuid,
  state: CellStateSchema,
  suuid: Type.Union([Uuid, Type.Null()]),
  grade: Type.Union([Type.Number(), Type.Null()]),
  maxPoints: Type.Integer(),
  /** The teacher's note on the current submission ('' when none). */
  note: Type.String(),
});
export type Completion = Static<typeof Completion>;

/** The caller's progress in every lesson of a class, in the class's order. */
export const Completions = Type.Object({ uuid: Uuid, data: Type.Array(Completion) });
export type Completions = Static<typeof Completions>;

/** The caller's (or, after a reset, the student's) state in one lesson. */
export const LessonProgress = Type.Object({
  luuid: Uuid,
  /** The class the progress is in; null when the caller studies no class with the lesson. */
  class_uuid: Type.Union([Uuid, Type.Null()]),
  state: CellStateSchema,
  /** Submit would be accepted (the caller is a student of class_uuid). */
  canSubmit: Type.Boolean(),
  grade: Type.Union([Grade, Type.Null()]),
});
export type LessonProgress = Static<typeof LessonProgress>;
