// Classroom: classes, their people, access codes, the lessons in a class and header images
// (classroom-and-labs §2-§9, §7 "Classroom API"). The spec names the calls and a few fields
// (Class: uuid, access_code; people by {email} with type teacher|student) and leaves the
// rest open; this file is the one definition of every request and answer shape. Lessons are
// in lessons.ts, submissions and grades in grades.ts. docs/classroom.md holds the role table.
//
// Calls (all under API_BASE_PATH, all with a Bearer token except GET /classroom/image/{id}):
//   POST   /class/create                      ClassInput        → 201 Class
//   GET    /class/{uuid}                                         → Class
//   PUT    /class/{uuid}                      ClassUpdate       → Class            (teacher)
//   DELETE /class/{uuid}                                         → Deleted          (owner)
//   POST   /class/{uuid}/clone                ClassCloneBody    → 201 Class
//   GET    /class/browse/official|my|other    ClassListQuery    → ClassList
//   GET    /class/my-enrolled                 ClassListQuery    → ClassList
//   PUT    /class/{uuid}/access-code          {}                → AccessCode       (teacher; rotate)
//   PUT    /class/code-enroll                 CodeEnrollBody    → Class  (404 wrong_access_code)
//   PUT    /class/{uuid}/enroll               {}                → Class  (official classes)
//   PUT    /class/{uuid}/unenroll             {}                → Class  (a student leaves)
//   POST   /class/{uuid}/people/add           PeopleAddBody     → PeopleAdded
//   GET    /class/{uuid}/people/teacher       PeopleQuery       → PersonList
//   GET    /class/{uuid}/people/student       PeopleQuery       → PersonList       (teacher)
//   PUT    /class/{uuid}/people/delete/teacher|student  PeopleDeleteBody → PeopleRemoved
//   POST   /class/{uuid}/add-lesson           ClassLessonsBody  → ClassLessonList  (teacher)
//   GET    /class/{uuid}/lessons                                 → ClassLessonList
//   PUT    /class/{uuid}/delete-lesson        ClassLessonsBody  → ClassLessonList  (teacher)
//   PUT    /class/{uuid}/reorder-lesson       ClassLessonsBody  → ClassLessonList  (teacher)
//   PUT    /class/{uuid}/lesson-due           LessonDueBody     → ClassLessonList  (teacher)
//   POST   /classroom/image    (raw image bytes, image/png|jpeg|gif) → 201 UploadedImage
//   GET    /classroom/image/{id}              (public: <img> sends no token) → the image
// The grade calls under /class/{uuid} are listed in grades.ts.
//
// Every failure answers ErrorBody with a code of CLASSROOM_ERRORS (or a generic one:
// bad_request, unauthorized, forbidden, payload_too_large, too_many_requests).
import { Type, type Static } from '@sinclair/typebox';
import { API_BASE_PATH } from './base-path.ts';
import {
  IdRef,
  ListOf,
  NOT_BLANK_PATTERN,
  PagedList,
  tableFields,
  Uuid,
  UUID_PATTERN,
  UuidRef,
} from './common.ts';
import { Author, HEADER_IMAGE_MAX, isValidUrl, imageSrc } from './projects.ts';

// Limits

export const CLASS_NAME_MAX = 100;
export const CLASS_DESC_MAX = 20_000;
export const EMAIL_MAX = 254;
/** E-mails one people call may add or remove. */
export const PEOPLE_BATCH_MAX = 100;
/** Teachers and students of one class together. */
export const CLASS_PEOPLE_MAX = 2000;
/** Lessons one class may hold (and one add/delete/reorder call may name). */
export const CLASS_LESSONS_MAX = 200;
/** Uploaded header images: at most 2 MiB each, at most 200 per user. */
export const IMAGE_BYTES_MAX = 2 * 1024 * 1024;
export const IMAGES_PER_USER_MAX = 200;
/** The gallery's types (classroom-and-labs §5): png, jpg, jpeg, gif. */
const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif'] as const;
export type ImageType = (typeof IMAGE_TYPES)[number];

/**
 * Access codes: 8 characters from an alphabet without look-alikes (no 0/O, 1/I/L, 5/S,
 * 2/Z, 8/B), drawn from crypto random on the server: 25^8 ≈ 1.5·10^11 codes, short enough to
 * read aloud. Shown as two groups of four (`ABCD-EFGH`); entry ignores case, spaces and
 * dashes. A wrong code answers 404 `wrong_access_code`.
 */
export { ACCESS_CODE_ALPHABET, formatAccessCode, normalizeAccessCode } from './access-code.ts';
/** What a person may type: the code with any case, spaces and dashes. */
export const ACCESS_CODE_INPUT_MAX = 32;

/** Path of an uploaded image, as the upload answers it and headerImage may hold it. */
export const CLASSROOM_IMAGE_PATH = '/classroom/image/';
const UPLOADED_IMAGE = new RegExp(
  `^${API_BASE_PATH}${CLASSROOM_IMAGE_PATH}${UUID_PATTERN.slice(1, -1)}$`,
);

/** A header image is '', a URL passing the spec's URL check, or an uploaded image's path. */
export function isValidHeaderImage(value: string): boolean {
  const text = value.trim();
  return UPLOADED_IMAGE.test(text) || isValidUrl(text);
}

/** The <img src> of a header image: an uploaded image's path as is, a URL over https. */
export function headerImageSrc(value: string): string | null {
  const text = value.trim();
  return UPLOADED_IMAGE.test(text) ? text : imageSrc(text);
}

// Error codes: status and English text of every classroom-specific failure. The UI maps
// `error` through `global.mapping.{error}`.

export const CLASSROOM_ERRORS = {
  class_not_found: { status: 404, message: 'The class does not exist or you are not in it' },
  lesson_not_found: { status: 404, message: 'The lesson does not exist or is not shared' },
  submission_not_found: { status: 404, message: 'The submission does not exist' },
  image_not_found: { status: 404, message: 'The image does not exist' },
  wrong_access_code: { status: 404, message: 'Please re-check the entered Access Code' },
  lesson_not_in_class: { status: 404, message: 'The lesson is not in this class' },
  not_a_member: { status: 404, message: 'This person is not in the class' },
  not_class_teacher: { status: 403, message: 'Only a teacher of the class can do this' },
  not_class_owner: { status: 403, message: 'Only the owner of the class can do this' },
  not_lesson_owner: { status: 403, message: 'Only the owner of the lesson can change it' },
  moderator_only: { status: 403, message: 'Only a moderator can mark it official' },
  creator_role: { status: 403, message: 'Your role cannot create classes or lessons' },
  enrol_needs_code: { status: 403, message: 'Join this class with its access code' },
  not_enrolled: { status: 403, message: 'You are not a student of a class with this lesson' },
  email_required: { status: 403, message: 'Your account needs an e-mail address to join a class' },
  email_unverified: {
    status: 403,
    message: 'Verify your e-mail address to join a class you were invited to',
  },
  class_required: {
    status: 400,
    message: 'The lesson is in several of your classes: name the class',
  },
  invalid_url: { status: 400, message: 'The URL is invalid' },
  invalid_date: { status: 400, message: 'The date is invalid' },
  grade_out_of_range: {
    status: 400,
    message: "The grade must be between 0 and the lesson's points",
  },
  reorder_mismatch: {
    status: 400,
    message: 'The new order must list every lesson of the class exactly once',
  },
  owner_not_removable: { status: 409, message: 'The owner of the class cannot be removed' },
  already_teacher: { status: 409, message: 'You teach this class' },
  class_full: { status: 409, message: 'The class has reached its size limit' },
  class_lessons_full: { status: 409, message: 'The class holds as many lessons as it can' },
  lesson_in_use: {
    status: 409,
    message: "The lesson is used in another teacher's class; they must remove it first",
  },
  image_quota: { status: 409, message: 'You have uploaded as many images as you can' },
  image_type: {
    status: 415,
    message: 'Only PNG, JPEG and GIF images can be uploaded',
  },
  live_not_active: { status: 409, message: 'The class is not live now' },
  comment_not_found: { status: 404, message: 'The comment does not exist' },
} as const satisfies Record<string, { status: number; message: string }>;
export type ClassroomErrorCode = keyof typeof CLASSROOM_ERRORS;

// Shared fields

export const Email = Type.String({ format: 'email', maxLength: EMAIL_MAX });
const Name = Type.String({
  minLength: 1,
  maxLength: CLASS_NAME_MAX,
  pattern: NOT_BLANK_PATTERN,
  description: 'Required; stored trimmed',
});
const Desc = Type.String({ maxLength: CLASS_DESC_MAX, description: 'Markdown' });
const HeaderImage = Type.String({
  maxLength: HEADER_IMAGE_MAX,
  description: "'', an image URL (isValidUrl) or an uploaded image's path (else 400 invalid_url)",
});

const PERSON_TYPES = ['teacher', 'student'] as const;
export type PersonType = (typeof PERSON_TYPES)[number];
export const PersonType = Type.Union(PERSON_TYPES.map((t) => Type.Literal(t)));

/** The caller's relation to a class. `none`: not in it (an official class, or a moderator). */
const CLASS_ROLES = ['owner', 'teacher', 'student', 'none'] as const;
export type ClassRole = (typeof CLASS_ROLES)[number];

export const ClassUuidParams = UuidRef;
export type ClassUuidParams = Static<typeof ClassUuidParams>;

// Classes

export const ClassInput = Type.Object(
  {
    name: Name,
    desc: Type.Optional(Desc),
    headerImage: Type.Optional(HeaderImage),
    /** Moderators and admins only (403 moderator_only). */
    official: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type ClassInput = Static<typeof ClassInput>;

export const ClassUpdate = Type.Partial(ClassInput);
export type ClassUpdate = Static<typeof ClassUpdate>;

export const ClassCloneBody = Type.Object(
  { name: Type.Optional(Name) },
  { additionalProperties: false },
);
export type ClassCloneBody = Static<typeof ClassCloneBody>;

export const CLASS_LIST_TYPES = ['official', 'my', 'other'] as const;
export type ClassListType = (typeof CLASS_LIST_TYPES)[number];
export const ClassBrowseParams = Type.Object({
  type: Type.Union(CLASS_LIST_TYPES.map((t) => Type.Literal(t))),
});

/** Sortable columns of the class lists (default `updated_at|desc`). */
export const CLASS_SORT_FIELDS = ['name', 'created_at', 'updated_at'] as const;
export const ClassListQuery = Type.Object(tableFields, { additionalProperties: false });
export type ClassListQuery = Static<typeof ClassListQuery>;

/** What the caller may do with a class (the role table of docs/classroom.md, resolved). */
export const ClassPermissions = Type.Object({
  /** Edit name, description, header image; add, remove, reorder lessons; rotate the code. */
  edit: Type.Boolean(),
  delete: Type.Boolean(),
  manageTeachers: Type.Boolean(),
  manageStudents: Type.Boolean(),
  /** Read the gradebook and submissions, grade, note, complete and reset for students. */
  grade: Type.Boolean(),
  setOfficial: Type.Boolean(),
  clone: Type.Boolean(),
  /** Join without a code (official classes, not yet in it). */
  enrol: Type.Boolean(),
  /** Leave (students). */
  unenrol: Type.Boolean(),
});
export type ClassPermissions = Static<typeof ClassPermissions>;

export const Class = Type.Object({
  uuid: Uuid,
  name: Type.String(),
  desc: Type.String({ description: 'Markdown (render without raw HTML)' }),
  headerImage: Type.String(),
  official: Type.Boolean(),
  owner: Author,
  role: Type.Union(CLASS_ROLES.map((r) => Type.Literal(r))),
  /** Teachers of the class only; null for everyone else. */
  access_code: Type.Union([Type.String(), Type.Null()]),
  lessonCount: Type.Integer({ minimum: 0 }),
  teacherCount: Type.Integer({ minimum: 0 }),
  studentCount: Type.Integer({ minimum: 0 }),
  permissions: ClassPermissions,
  createdAt: Type.String({ description: 'ISO 8601 UTC' }),
  updatedAt: Type.String({ description: 'ISO 8601 UTC' }),
});
export type Class = Static<typeof Class>;

export const ClassList = PagedList(Class);
export type ClassList = Static<typeof ClassList>;

/** Answer of the delete calls. */
export { Deleted } from './projects.ts';

// Access codes

export const CodeEnrollBody = Type.Object(
  {
    access_code: Type.String({
      maxLength: ACCESS_CODE_INPUT_MAX,
      description: 'Any case; spaces and dashes ignored. Wrong: 404 wrong_access_code',
    }),
  },
  { additionalProperties: false },
);
export type CodeEnrollBody = Static<typeof CodeEnrollBody>;

export const AccessCode = Type.Object({ access_code: Type.String() });
export type AccessCode = Static<typeof AccessCode>;

// People

export const PeopleAddBody = Type.Object(
  {
    type: PersonType,
    people: Type.Array(Type.Object({ email: Email }, { additionalProperties: false }), {
      minItems: 1,
      maxItems: PEOPLE_BATCH_MAX,
    }),
  },
  { additionalProperties: false },
);
export type PeopleAddBody = Static<typeof PeopleAddBody>;

const PEOPLE_SKIP_REASONS = ['already_teacher', 'already_student', 'owner'] as const;
export const PeopleAdded = Type.Object({
  /** Lower-cased e-mails now in the class with the asked type. */
  added: Type.Array(Type.String()),
  /** E-mails left as they were, with why. */
  skipped: Type.Array(
    Type.Object({
      email: Type.String(),
      reason: Type.Union(PEOPLE_SKIP_REASONS.map((r) => Type.Literal(r))),
    }),
  ),
});
export type PeopleAdded = Static<typeof PeopleAdded>;

export const PersonTypeParams = Type.Object({ uuid: Uuid, type: PersonType });

export const PeopleDeleteBody = Type.Object(
  {
    emails: Type.Array(Email, { minItems: 1, maxItems: PEOPLE_BATCH_MAX }),
  },
  { additionalProperties: false },
);
export type PeopleDeleteBody = Static<typeof PeopleDeleteBody>;

export const PeopleRemoved = Type.Object({
  /** E-mails no longer in the class; e-mails that were not in it are left out. */
  removed: Type.Array(Type.String()),
});
export type PeopleRemoved = Static<typeof PeopleRemoved>;

/** Sortable columns of the people lists (default `name|asc`). */
export const PEOPLE_SORT_FIELDS = ['name', 'email', 'added_at'] as const;
export const PeopleQuery = Type.Object(tableFields, { additionalProperties: false });
export type PeopleQuery = Static<typeof PeopleQuery>;

export const Person = Type.Object({
  email: Type.String(),
  /** '' until the person has signed in once. */
  name: Type.String(),
  photoUrl: Type.String(),
  type: PersonType,
  isOwner: Type.Boolean(),
  /** False for an e-mail added before its owner ever signed in. */
  hasAccount: Type.Boolean(),
  addedAt: Type.String(),
});
export type Person = Static<typeof Person>;

export const PersonList = PagedList(Person);
export type PersonList = Static<typeof PersonList>;

// Lessons in a class

export const ClassLessonsBody = Type.Object(
  { lessons: Type.Array(Uuid, { minItems: 1, maxItems: CLASS_LESSONS_MAX }) },
  { additionalProperties: false },
);
export type ClassLessonsBody = Static<typeof ClassLessonsBody>;

export const LessonDueBody = Type.Object(
  {
    luuid: Uuid,
    /** ISO 8601 date-time, or null for no due time. */
    dueAt: Type.Union([Type.String({ maxLength: 40 }), Type.Null()]),
  },
  { additionalProperties: false },
);
export type LessonDueBody = Static<typeof LessonDueBody>;

export const ClassLesson = Type.Object({
  uuid: Uuid,
  name: Type.String(),
  desc: Type.String({ description: 'Markdown' }),
  official: Type.Boolean(),
  owner: Author,
  /** 0-based place in the class's order. */
  position: Type.Integer({ minimum: 0 }),
  /** Submissions after this are marked late; null: no due time. */
  dueAt: Type.Union([Type.String(), Type.Null()]),
  maxPoints: Type.Integer(),
  timeLimit: Type.Union([Type.Integer(), Type.Null()]),
  addedAt: Type.String(),
});
export type ClassLesson = Static<typeof ClassLesson>;

export const ClassLessonList = ListOf(ClassLesson);
export type ClassLessonList = Static<typeof ClassLessonList>;

// Images

export const ImageParams = IdRef;
export const UploadedImage = Type.Object({
  /** Path under the site root, e.g. /api/v1/classroom/image/{id}: store it as headerImage. */
  url: Type.String(),
  bytes: Type.Integer(),
  type: Type.Union(IMAGE_TYPES.map((t) => Type.Literal(t))),
});
export type UploadedImage = Static<typeof UploadedImage>;
