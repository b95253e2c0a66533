// Lessons (classroom-and-labs §3 "Lesson", §7 "Lesson API"): a name, a markdown
// description (shown in the lesson description modal, core §2), a starter program (block
// workspace XML and/or Logo text), optional points and time limit, and the boards lists of
// the remote lab. Submissions and grades are in grades.ts; the role table in
// docs/classroom.md.
//
// Calls (all under API_BASE_PATH, all with a Bearer token):
//   POST   /lesson/create                    LessonInput     → 201 Lesson
//   GET    /lesson/browse/official|my        LessonListQuery → LessonList
//   GET    /lesson/{uuid}                                    → Lesson
//   PUT    /lesson/{uuid}                    LessonUpdate    → Lesson     (owner)
//   PUT    /lesson/{uuid}/prop               LessonProp      → Lesson     (moderator)
//   DELETE /lesson/{uuid}                                    → Deleted    (owner)
//   GET    /lesson/{uuid}/boards/official|private            → BoardList
//   PUT    /lesson/{uuid}/boards/official    BoardList       → BoardList  (moderator)
//   PUT    /lesson/{uuid}/boards/private     BoardList       → BoardList  (owner)
//   GET    /lesson/{uuid}/boards/student                     → BoardList  (official + private)
// The grade calls under /lesson/{uuid}/grade are listed in grades.ts.
import { Type, type Static } from '@sinclair/typebox';
import { NOT_BLANK_PATTERN, PagedList, tableFields, Uuid, UuidRef } from './common.ts';
import { LessonCheck } from './lesson-check.ts';
import { Author, CODE_MAX } from './projects.ts';

export const LESSON_NAME_MAX = 100;
export const LESSON_DESC_MAX = 20_000;
/** Workspace XML of the starter program (the project limit). */
export const LESSON_CODE_MAX = CODE_MAX;
export const LESSON_LOGO_MAX = 65_536;
/** Minutes a remote-lab session of the lesson may last. */
export const TIME_LIMIT_MAX = 600;
export const MAX_POINTS_MAX = 1000;
export const DEFAULT_MAX_POINTS = 100;
/** Boards per list; a board id is what the remote lab calls a board (letters, digits, _.:-). */
export const BOARDS_MAX = 100;
export const BOARD_ID_PATTERN = '^[A-Za-z0-9][A-Za-z0-9_.:-]{0,63}$';

const Name = Type.String({
  minLength: 1,
  maxLength: LESSON_NAME_MAX,
  pattern: NOT_BLANK_PATTERN,
  description: 'Required; stored trimmed',
});
const Desc = Type.String({ maxLength: LESSON_DESC_MAX, description: 'Markdown' });
const Code = Type.String({ maxLength: LESSON_CODE_MAX, description: 'Workspace XML text' });
const Logo = Type.String({ maxLength: LESSON_LOGO_MAX, description: 'Logo program text' });
const TimeLimit = Type.Union([Type.Integer({ minimum: 1, maximum: TIME_LIMIT_MAX }), Type.Null()], {
  description: 'Minutes; null: no limit',
});
const MaxPoints = Type.Integer({ minimum: 1, maximum: MAX_POINTS_MAX });
/** The automatic check (lesson-check.ts); null: none. */
const Check = Type.Union([LessonCheck, Type.Null()]);

export const LessonInput = Type.Object(
  {
    name: Name,
    desc: Type.Optional(Desc),
    code: Type.Optional(Code),
    logo: Type.Optional(Logo),
    timeLimit: Type.Optional(TimeLimit),
    /** Default DEFAULT_MAX_POINTS. */
    maxPoints: Type.Optional(MaxPoints),
    check: Type.Optional(Check),
  },
  { additionalProperties: false },
);
export type LessonInput = Static<typeof LessonInput>;

export const LessonUpdate = Type.Partial(LessonInput);
export type LessonUpdate = Static<typeof LessonUpdate>;

/** Properties only moderators and admins set. */
export const LessonProp = Type.Object(
  { official: Type.Boolean() },
  { additionalProperties: false },
);
export type LessonProp = Static<typeof LessonProp>;

export const LessonUuidParams = UuidRef;

const LESSON_LIST_TYPES = ['official', 'my'] as const;
export type LessonListType = (typeof LESSON_LIST_TYPES)[number];
export const LessonBrowseParams = Type.Object({
  type: Type.Union(LESSON_LIST_TYPES.map((t) => Type.Literal(t))),
});

/** Sortable columns of the lesson lists (default `updated_at|desc`). */
export const LESSON_SORT_FIELDS = ['name', 'created_at', 'updated_at'] as const;
export const LessonListQuery = Type.Object(tableFields, { additionalProperties: false });
export type LessonListQuery = Static<typeof LessonListQuery>;

export const LessonPermissions = Type.Object({
  edit: Type.Boolean(),
  delete: Type.Boolean(),
  setOfficial: Type.Boolean(),
  /** Put it in a class the caller teaches (lessons the caller owns, and official ones). */
  addToClass: Type.Boolean(),
});
export type LessonPermissions = Static<typeof LessonPermissions>;

export const Lesson = Type.Object({
  uuid: Uuid,
  name: Type.String(),
  desc: Type.String({ description: 'Markdown (render without raw HTML)' }),
  /** Starter program: workspace XML ('' when none). */
  code: Type.String(),
  /** Starter program as Logo text ('' when none). */
  logo: Type.String(),
  official: Type.Boolean(),
  owner: Author,
  timeLimit: Type.Union([Type.Integer(), Type.Null()]),
  maxPoints: Type.Integer(),
  /** The automatic check, for those who may edit the lesson (others: absent). */
  check: Type.Optional(Check),
  /** The lesson has an automatic check (Submit is graded by it). */
  hasCheck: Type.Optional(Type.Boolean()),
  permissions: LessonPermissions,
  createdAt: Type.String({ description: 'ISO 8601 UTC' }),
  updatedAt: Type.String({ description: 'ISO 8601 UTC' }),
});
export type Lesson = Static<typeof Lesson>;

export const LessonList = PagedList(Lesson);
export type LessonList = Static<typeof LessonList>;

const BOARD_LISTS = ['official', 'private'] as const;
export type BoardListType = (typeof BOARD_LISTS)[number];
export const BoardListParams = Type.Object({
  uuid: Uuid,
  list: Type.Union(BOARD_LISTS.map((l) => Type.Literal(l))),
});

export const Board = Type.Object(
  { board_id: Type.String({ pattern: BOARD_ID_PATTERN }) },
  { additionalProperties: false },
);
export type Board = Static<typeof Board>;

/** PUT body and answer of the boards calls: a whole list, in order, without repeats. */
export const BoardList = Type.Object(
  { boards: Type.Array(Board, { maxItems: BOARDS_MAX }) },
  { additionalProperties: false },
);
export type BoardList = Static<typeof BoardList>;
