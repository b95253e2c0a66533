// What happened in the classroom, after the change is stored, for features that react to it
// without touching the routes:
// - `on('grade-posted', listener)`: side effects that must happen once (messages to students
//   and teachers) run in the process that made the change;
// - `watch(classUuid, listener)`: every replica hears every event of a class on the event
//   bus (server/events/), in one order, with the bus's event id (live views, push streams;
//   `after` replays what a reconnecting stream missed).
// A listener that throws or rejects, and a bus that fails, is logged and never fails the
// request that caused the event.
import type { BusEvent, EventBus, Subscription } from '../events/event-bus.ts';

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
  /** People left a class: removed by a teacher, or a student leaving (`by` = them). */
  unenrolled: { classUuid: string; emails: string[]; type: 'teacher' | 'student'; by: string };
}

type ClassroomEventName = keyof ClassroomEventMap;
type Listener<K extends ClassroomEventName> = (event: ClassroomEventMap[K]) => unknown;

/** One event of a class as the bus carries it. */
export type ClassEvent = {
  [K in ClassroomEventName]: { event: K; payload: ClassroomEventMap[K] };
}[ClassroomEventName];

const classTopic = (classUuid: string) => `class/${classUuid}`;

export class ClassroomEvents {
  private readonly listeners = new Map<ClassroomEventName, Set<Listener<never>>>();

  constructor(
    private readonly onListenerError: (error: unknown, event: string) => void,
    private readonly bus: EventBus | null = null,
  ) {}

  /**
   * Hears every event of the class on every replica from now on, or after the bus event
   * id `after`.
   */
  watch(
    classUuid: string,
    listener: (event: ClassEvent, id: number) => void,
    after?: number,
  ): Subscription {
    if (!this.bus) throw new Error('classroom events have no bus to watch');
    return this.bus.subscribe(
      classTopic(classUuid),
      (event: BusEvent) => listener(event.data as ClassEvent, event.id),
      after === undefined ? {} : { after },
    );
  }

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

  /** Runs this process's listeners, then publishes on the bus; never rejects. */
  async emit<K extends ClassroomEventName>(event: K, payload: ClassroomEventMap[K]): Promise<void> {
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
    if (this.bus) {
      const data = { event, payload } as ClassEvent;
      await this.bus
        .publish(classTopic(payload.classUuid), data)
        .catch((error: unknown) => this.onListenerError(error, event));
    }
  }
}
