// The classroom calls the UI makes (classroom-and-labs §7; shapes in src/contract/classroom.ts,
// lessons.ts, grades.ts, lesson-work.ts, users.ts; rules in docs/classroom.md). One thin method per call over
// the API client, which adds the token and turns failures into translated ApiErrors.
import type { CallOptions } from '../api/client.ts';
import type {
  AccessCode,
  Class,
  ClassInput,
  ClassLessonList,
  ClassList,
  ClassListType,
  ClassUpdate,
  PeopleAdded,
  PeopleRemoved,
  PersonType,
  UploadedImage,
} from '../contract/classroom.ts';
import type { Completions, Grade, Gradebook, LessonProgress } from '../contract/grades.ts';
import type { LessonWork } from '../contract/lesson-work.ts';
import type {
  BoardList,
  BoardListType,
  Lesson,
  LessonInput,
  LessonList,
  LessonListType,
  LessonUpdate,
} from '../contract/lessons.ts';
import type { ListableBoards } from '../contract/remote-lab.ts';
import type { Role, User, UserCreate } from '../contract/users.ts';

/** The part of ApiClient the classroom uses (src/api/client.ts). */
interface ClassroomClient {
  get<T>(url: string, options?: CallOptions): Promise<T>;
  post<T>(url: string, body?: unknown, options?: CallOptions): Promise<T>;
  put<T>(url: string, body?: unknown, options?: CallOptions): Promise<T>;
  delete<T>(url: string, options?: CallOptions): Promise<T>;
}

const id = (value: string) => encodeURIComponent(value);

/** List URLs the data tables call (GET with sort, page, per_page, filter). */
export const listUrls = {
  classes: (type: ClassListType) => `/class/browse/${type}`,
  enrolled: () => '/class/my-enrolled',
  people: (uuid: string, type: PersonType) => `/class/${id(uuid)}/people/${type}`,
  lessons: (type: LessonListType) => `/lesson/browse/${type}`,
  users: () => '/user/browse',
};

export function classroomApi(client: ClassroomClient) {
  return {
    // Lists, a page of them (the data tables call the same URLs)
    classList: (url: string, params: CallOptions['params'], o?: CallOptions) =>
      client.get<ClassList>(url, { ...o, params }),
    lessonList: (type: LessonListType, params: CallOptions['params'], o?: CallOptions) =>
      client.get<LessonList>(listUrls.lessons(type), { ...o, params }),

    // Classes
    createClass: (input: ClassInput, o?: CallOptions) =>
      client.post<Class>('/class/create', input, o),
    getClass: (uuid: string, o?: CallOptions) => client.get<Class>(`/class/${id(uuid)}`, o),
    updateClass: (uuid: string, input: ClassUpdate, o?: CallOptions) =>
      client.put<Class>(`/class/${id(uuid)}`, input, o),
    deleteClass: (uuid: string, o?: CallOptions) =>
      client.delete<{ uuid: string }>(`/class/${id(uuid)}`, o),
    cloneClass: (uuid: string, name?: string, o?: CallOptions) =>
      client.post<Class>(`/class/${id(uuid)}/clone`, name ? { name } : {}, o),
    rotateAccessCode: (uuid: string, o?: CallOptions) =>
      client.put<AccessCode>(`/class/${id(uuid)}/access-code`, {}, o),
    codeEnroll: (accessCode: string, o?: CallOptions) =>
      client.put<Class>('/class/code-enroll', { access_code: accessCode }, o),
    enroll: (uuid: string, o?: CallOptions) =>
      client.put<Class>(`/class/${id(uuid)}/enroll`, {}, o),
    unenroll: (uuid: string, o?: CallOptions) =>
      client.put<Class>(`/class/${id(uuid)}/unenroll`, {}, o),

    // People
    addPeople: (uuid: string, type: PersonType, emails: string[], o?: CallOptions) =>
      client.post<PeopleAdded>(
        `/class/${id(uuid)}/people/add`,
        { type, people: emails.map((email) => ({ email })) },
        o,
      ),
    removePeople: (uuid: string, type: PersonType, emails: string[], o?: CallOptions) =>
      client.put<PeopleRemoved>(`/class/${id(uuid)}/people/delete/${type}`, { emails }, o),

    // Lessons of a class
    classLessons: (uuid: string, o?: CallOptions) =>
      client.get<ClassLessonList>(`/class/${id(uuid)}/lessons`, o),
    addLessons: (uuid: string, lessons: string[], o?: CallOptions) =>
      client.post<ClassLessonList>(`/class/${id(uuid)}/add-lesson`, { lessons }, o),
    removeLessons: (uuid: string, lessons: string[], o?: CallOptions) =>
      client.put<ClassLessonList>(`/class/${id(uuid)}/delete-lesson`, { lessons }, o),
    reorderLessons: (uuid: string, lessons: string[], o?: CallOptions) =>
      client.put<ClassLessonList>(`/class/${id(uuid)}/reorder-lesson`, { lessons }, o),
    myCompletions: (uuid: string, o?: CallOptions) =>
      client.get<Completions>(`/class/${id(uuid)}/my-completions`, o),

    // Grades
    gradebook: (uuid: string, o?: CallOptions) =>
      client.get<Gradebook>(`/class/${id(uuid)}/grades`, o),
    gradeSubmission: (uuid: string, suuid: string, grade: number, note: string, o?: CallOptions) =>
      client.put<Grade>(`/class/${id(uuid)}/grade/${id(suuid)}`, { grade, note }, o),
    noteSubmission: (uuid: string, suuid: string, note: string, o?: CallOptions) =>
      client.put<Grade>(`/class/${id(uuid)}/note`, { suuid, note }, o),
    submission: (suuid: string, o?: CallOptions) =>
      client.get<Grade>(`/submission/${id(suuid)}`, o),
    /** Grades a student's lesson whether or not they submitted (none: a cell without code). */
    gradeStudent: (
      uuid: string,
      luuid: string,
      email: string,
      grade: number,
      note: string,
      o?: CallOptions,
    ) =>
      client.post<Grade>(`/class/${id(uuid)}/grade`, { luuid, user_email: email, grade, note }, o),
    /** A teacher marks a student's lesson complete. */
    completeFor: (uuid: string, luuid: string, email: string, o?: CallOptions) =>
      client.put<Grade>(
        `/lesson/${id(luuid)}/grade/complete`,
        { class_uuid: uuid, user_email: email },
        o,
      ),
    /** A teacher starts a student's lesson over (earlier submissions stay readable). */
    resetFor: (uuid: string, luuid: string, email: string, o?: CallOptions) =>
      client.put<LessonProgress>(
        `/lesson/${id(luuid)}/grade/reset`,
        { class_uuid: uuid, user_email: email },
        o,
      ),

    // Lessons
    createLesson: (input: LessonInput, o?: CallOptions) =>
      client.post<Lesson>('/lesson/create', input, o),
    getLesson: (uuid: string, o?: CallOptions) => client.get<Lesson>(`/lesson/${id(uuid)}`, o),
    updateLesson: (uuid: string, input: LessonUpdate, o?: CallOptions) =>
      client.put<Lesson>(`/lesson/${id(uuid)}`, input, o),
    setLessonOfficial: (uuid: string, official: boolean, o?: CallOptions) =>
      client.put<Lesson>(`/lesson/${id(uuid)}/prop`, { official }, o),
    deleteLesson: (uuid: string, o?: CallOptions) =>
      client.delete<{ uuid: string }>(`/lesson/${id(uuid)}`, o),
    lessonBoards: (uuid: string, list: BoardListType | 'student', o?: CallOptions) =>
      client.get<BoardList>(`/lesson/${id(uuid)}/boards/${list}`, o),
    setLessonBoards: (uuid: string, list: BoardListType, boardIds: string[], o?: CallOptions) =>
      client.put<BoardList>(
        `/lesson/${id(uuid)}/boards/${list}`,
        { boards: boardIds.map((board_id) => ({ board_id })) },
        o,
      ),
    /** The boards the caller may put on a list of this type (docs/remote-lab.md). */
    listableBoards: (list: BoardListType, o?: CallOptions) =>
      client.get<ListableBoards>(`/lab/browse/listable?list=${list}`, o),
    submitLesson: (
      uuid: string,
      code: string,
      classUuid: string | null,
      o?: CallOptions,
      note?: string,
    ) =>
      client.put<Grade>(
        `/lesson/${id(uuid)}/grade/submit`,
        { code, ...(classUuid ? { class_uuid: classUuid } : {}), ...(note ? { note } : {}) },
        o,
      ),
    lessonProgress: (uuid: string, classUuid: string | null, o?: CallOptions) =>
      client.get<LessonProgress>(`/lesson/${id(uuid)}/grade/student`, {
        ...o,
        params: classUuid ? { class_uuid: classUuid } : {},
      }),

    // The student's own work in progress (src/contract/lesson-work.ts)
    lessonWork: (uuid: string, classUuid: string | null, o?: CallOptions) =>
      client.get<LessonWork>(`/lesson/${id(uuid)}/work`, {
        ...o,
        params: classUuid ? { class_uuid: classUuid } : {},
      }),
    keepLessonWork: (uuid: string, code: string, classUuid: string | null, o?: CallOptions) =>
      client.put<LessonWork>(
        `/lesson/${id(uuid)}/work`,
        classUuid ? { code, class_uuid: classUuid } : { code },
        o,
      ),
    studentWork: (classUuid: string, luuid: string, email: string, o?: CallOptions) =>
      client.get<LessonWork>(`/class/${id(classUuid)}/lesson/${id(luuid)}/work`, {
        ...o,
        params: { user_email: email },
      }),

    // Header images (raw bytes; the answer's url is stored as headerImage)
    uploadImage: (file: File, onProgress?: (f: number) => void, signal?: AbortSignal) =>
      client.post<UploadedImage>('/classroom/image', file, {
        contentType: file.type || 'application/octet-stream',
        quiet: true,
        ...(onProgress ? { onUploadProgress: onProgress } : {}),
        ...(signal ? { signal } : {}),
      }),

    // Users (admin)
    createUser: (input: UserCreate, o?: CallOptions) => client.post<User>('/user/create', input, o),
    setUserRole: (userId: string, role: Role, o?: CallOptions) =>
      client.post<User>('/user/update', { id: userId, role }, o),
    deleteUser: (userId: string, o?: CallOptions) =>
      client.post<{ id: string }>('/user/delete', { id: userId }, o),
  };
}
