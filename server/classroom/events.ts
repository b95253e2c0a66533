// What happened in the classroom, for features that react to it (messages to students and
// teachers) without touching the routes: `classroomEvents.on('grade-posted', listener)`.
// Events are emitted after the change is stored. A listener that throws or rejects is
// logged and never fails the request that caused the event.

/** Something that happened to one student's work on one lesson. */
interface StudentLessonEvent {
  classUuid: string;
  lessonUuid: string;
  suuid: string;
  studentEmail: string;
  studentUserId: string | null;
  by: string;
}

export interface ClassroomEventMap {
  /** A grade was set: by a teacher (`by` their user id), or by the server (`by` null). */
  'grade-posted': {
    classUuid: string;
    lessonUuid: string;
    suuid: string;
    studentEmail: string;
    /** The student's account (null while their seat is only an e-mail). */
    studentUserId: string | null;
    grade: number;
    by: string | null;
  };
  /** A teacher wrote or changed the note on a submission. */
  'note-posted': {
    classUuid: string;
    lessonUuid: string;
    suuid: string;
    studentEmail: string;
    studentUserId: string | null;
    note: string;
    by: string;
  };
  /** Lessons were added to a class; `studentUserIds`: the accounts of its students. */
  'lesson-added': {
    classUuid: string;
    lessonUuids: string[];
    studentUserIds: string[];
    by: string;
  };
  /** A student submitted a program. */
  submitted: StudentLessonEvent;
  /** A lesson was marked complete for a student (by the student or a teacher). */
  completed: StudentLessonEvent;
  /** People joined a class: added by a teacher, or by code or open enrolment (`by` = them). */
  enrolled: { classUuid: string; emails: string[]; type: 'teacher' | 'student'; by: string };
}

export type ClassroomEventName = keyof ClassroomEventMap;
type Listener<K extends ClassroomEventName> = (event: ClassroomEventMap[K]) => unknown;

export class ClassroomEvents {
  private readonly listeners = new Map<ClassroomEventName, Set<Listener<never>>>();

  constructor(private readonly onListenerError: (error: unknown, event: string) => void) {}

  /** Subscribes; returns the function that unsubscribes. */
  on<K extends ClassroomEventName>(event: K, listener: Listener<K>): () => void {
    let set = this.listeners.get(event);
    if (!set) {
      set = new Set();
      this.listeners.set(event, set);
    }
    set.add(listener as Listener<never>);
    return () => set.delete(listener as Listener<never>);
  }

  emit<K extends ClassroomEventName>(event: K, payload: ClassroomEventMap[K]): void {
    for (const listener of this.listeners.get(event) ?? []) {
      try {
        const result = (listener as Listener<K>)(payload);
        if (result instanceof Promise) {
          result.catch((error: unknown) => this.onListenerError(error, event));
        }
      } catch (error) {
        this.onListenerError(error, event);
      }
    }
  }
}
