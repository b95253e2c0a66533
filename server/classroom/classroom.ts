// The classroom service: every store over one database, the event emitter and the policy,
// created once per server (app.services.classroom). Other server modules use it directly:
// the remote lab records grades with `submissions.recordGrade` and vouches for Submit grades
// with `submissions.setSessionGrader`; the messages feature subscribes to `events`.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { EventBus } from '../events/event-bus.ts';
import { ClassLessonStore } from './class-lessons.ts';
import { ClassStore, type ClassroomPolicy } from './class-store.ts';
import { ClassroomEvents } from './events.ts';
import { ImageStore } from './image-store.ts';
import { LessonStore } from './lesson-store.ts';
import { LessonWorkStore } from './lesson-work-store.ts';
import { LiveClass } from './live-class.ts';
import { PeopleStore } from './people-store.ts';
import { SubmissionStore } from './submission-store.ts';

export class Classroom {
  readonly events: ClassroomEvents;
  readonly classes: ClassStore;
  readonly people: PeopleStore;
  readonly lessons: LessonStore;
  readonly classLessons: ClassLessonStore;
  readonly submissions: SubmissionStore;
  /** Each student's latest program per lesson. */
  readonly work: LessonWorkStore;
  readonly images: ImageStore;
  /** The live classroom: sessions, leading the class, comments, broker logins. */
  readonly live: LiveClass;

  constructor(
    db: Kysely<Database>,
    readonly policy: ClassroomPolicy,
    onListenerError: (error: unknown, event: string) => void,
    bus: EventBus | null = null,
  ) {
    this.events = new ClassroomEvents(onListenerError, bus);
    this.classes = new ClassStore(db, this.events, policy);
    this.people = new PeopleStore(db, this.classes, this.events);
    this.lessons = new LessonStore(db, policy);
    this.classLessons = new ClassLessonStore(db, this.classes, this.lessons, this.events);
    this.submissions = new SubmissionStore(
      db,
      this.classes,
      this.lessons,
      this.classLessons,
      this.people,
      this.events,
    );
    this.work = new LessonWorkStore(db, this.classes, this.lessons, this.submissions);
    this.images = new ImageStore(db);
    this.live = new LiveClass(db, this.classes, this.events, bus);
  }
}
