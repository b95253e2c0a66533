// The classroom's live objects: the API over the app's client, the open class's cache and
// the lesson in the editor, whose pane (registered by `ui/widget-panes.ts`) it shows by id,
// with the student's work on it kept as they type (`lessonWork`) and the open lesson kept in
// the address and in this browser for the next page load.
import { subscribe } from 'valtio';
import { api } from '../api/client.ts';
import { authService } from '../auth/index.ts';
import type { Lesson } from '../contract/lessons.ts';
import {
  beforeProgramOpens,
  currentProgramText,
  flushWorkspace,
  onProgramOpened,
  program,
  replaceProgram,
} from '../program/index.ts';
import { navigateTo } from '../shell/navigation.ts';
import { hideWidgetPane, showWidgetPane } from '../shell/widget-panes.ts';
import { ClassDetailCache } from './class-cache.ts';
import { classroomApi } from './classroom-api.ts';
import { cableSession, getCableSession } from '../remote-lab/index.ts';
import { isLoggedIn, session } from '../state/session.ts';
import { readStorage, STORAGE_KEYS, writeStorage } from '../state/storage.ts';
import { lessonSession, LessonSession, type Started } from './lesson-session.ts';
import { LessonWorkKeeper } from './lesson-work.ts';
import { lessonAddressFix, writeOpenLesson } from './open-lesson.ts';
import { LESSON_PANE } from './pane-ids.ts';
// A student's open lesson takes part in its class's live session.
import './live/student-runtime.ts';

export const classroom = classroomApi(api);

export const classCache = new ClassDetailCache((uuid) => classroom.getClass(uuid, { quiet: true }));

/** Each lesson's latest program of the student's: in this browser, and on the server. */
const lessonWork = new LessonWorkKeeper({
  fetch: (uuid, classUuid) => classroom.lessonWork(uuid, classUuid, { quiet: true }),
  send: (uuid, code, classUuid) => classroom.keepLessonWork(uuid, code, classUuid, { quiet: true }),
  storage: {
    read: () => readStorage(STORAGE_KEYS.lessonWork),
    write: (text) => writeStorage(STORAGE_KEYS.lessonWork, text),
  },
  userId: () => session.user?.id ?? null,
});

export const lessonSessionService = new LessonSession({
  submit: (uuid, code, classUuid, note) =>
    classroom.submitLesson(uuid, code, classUuid, undefined, note),
  progress: (uuid, classUuid) => classroom.lessonProgress(uuid, classUuid, { quiet: true }),
  latestWork: (uuid, classUuid) => lessonWork.latest(uuid, classUuid),
  replaceProgram,
  keepOpen: writeOpenLesson,
  showPane: () => showWidgetPane(LESSON_PANE),
  hidePane: () => hideWidgetPane(LESSON_PANE),
  programFile: currentProgramText,
});

/** Pause after a change before the lesson's work is kept (as for the program's draft). */
const KEEP_DELAY_MS = 400;
let keepTimer: ReturnType<typeof setTimeout> | undefined;

/** Keeps the open lesson's program now, if the student changed it. */
function keepWorkNow(): void {
  clearTimeout(keepTimer);
  keepTimer = undefined;
  const active = lessonSession.active;
  if (!active || !program.hasChanged) return;
  flushWorkspace();
  lessonWork.keep(active.uuid, active.classUuid, currentProgramText());
}

subscribe(program, () => {
  if (!lessonSession.active || !program.hasChanged) return;
  clearTimeout(keepTimer);
  keepTimer = setTimeout(keepWorkNow, KEEP_DELAY_MS);
});
window.addEventListener('pagehide', keepWorkNow);
document.addEventListener('visibilitychange', () => {
  if (document.visibilityState === 'hidden') keepWorkNow();
});
// The pane says where the work stands: as the keeper reports, and as it stood when the
// lesson opens again.
function followWorkStatus(): void {
  const active = lessonSession.active;
  const status = active ? lessonWork.status(active.uuid) : null;
  if (lessonSession.work !== status) lessonSession.work = status;
}
lessonWork.subscribe(followWorkStatus);
subscribe(lessonSession, followWorkStatus);

// Another program taking the lesson's place (New Project, a file, a project, the board's
// code…) ends the lesson, its work kept first. A restored version stays in the lesson: the
// student went back to one of their programs; so does a program the teacher handed out or
// broadcast in the live class: it is for the lesson at hand.
const STAYS_IN_LESSON = new Set(['restore', 'starter', 'lesson', 'handout', 'broadcast']);
beforeProgramOpens(keepWorkNow);
onProgramOpened((reason) => {
  if (reason !== null && STAYS_IN_LESSON.has(reason)) return;
  if (lessonSession.active) lessonSessionService.end();
});

/** Start lesson: the student's own work (or the starter) with the lesson beside it. */
export async function startLesson(lesson: Lesson, classUuid: string | null): Promise<Started> {
  keepWorkNow();
  return lessonSessionService.start(lesson, classUuid);
}

// The editor's address names the open lesson, so a reload (or the address itself) opens it
// again; leaving the lesson takes its name out.
function fixAddress(): void {
  const path = lessonAddressFix(window.location.hash, lessonSession.active);
  if (path !== null) navigateTo(path, { replace: true });
}
subscribe(lessonSession, fixAddress);
window.addEventListener('hashchange', fixAddress);

// A cable board records its answer for the open lesson while the student may submit it and
// stays signed in: signing out ends the session first, while the token still works.
let cableStarted = false;
subscribe(lessonSession, () => {
  const { active, progress } = lessonSession;
  const uuid = active && progress?.canSubmit ? active.uuid : null;
  if (uuid === null && !cableStarted) return;
  if (!cableStarted) {
    cableStarted = true;
    // A student who may submit is signed in, so the service is running.
    authService()?.beforeSignOut(() => getCableSession().setSignedIn(false));
  }
  getCableSession().setLesson(uuid);
});
subscribe(session, () => {
  if (cableStarted) void getCableSession().setSignedIn(isLoggedIn(session));
});

// A grade the board gave shows in the pane's progress without a Refresh.
let lastRecorded: number | null = null;
subscribe(cableSession, () => {
  const sent = cableSession.lastSent;
  if (sent === lastRecorded) return;
  lastRecorded = sent;
  if (sent !== null && sent > 0) void lessonSessionService.refresh();
});
