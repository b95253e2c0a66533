// The classroom's live objects: the API over the app's client, the open class's cache and
// the lesson in the editor, whose pane (registered by `ui/widget-panes.ts`) it shows by id.
import { subscribe } from 'valtio';
import { api } from '../api/client.ts';
import { authService } from '../auth/runtime.ts';
import { currentProgramText, openProgram } from '../program/index.ts';
import { hideWidgetPane, showWidgetPane } from '../shell/widget-panes.ts';
import { ClassDetailCache } from './class-cache.ts';
import { classroomApi } from './classroom-api.ts';
import { getCableSession } from '../remote-lab/runtime.ts';
import { cableSession } from '../remote-lab/remote-lab-store.ts';
import { isLoggedIn, session } from '../state/session.ts';
import { lessonSession, LessonSession } from './lesson-session.ts';
import { LESSON_PANE } from './pane-ids.ts';

export const classroom = classroomApi(api);

export const classCache = new ClassDetailCache((uuid) => classroom.getClass(uuid, { quiet: true }));

export const lessonSessionService = new LessonSession({
  submit: (uuid, code, classUuid) => classroom.submitLesson(uuid, code, classUuid),
  progress: (uuid, classUuid) => classroom.lessonProgress(uuid, classUuid, { quiet: true }),
  openProgram,
  showPane: () => showWidgetPane(LESSON_PANE),
  hidePane: () => hideWidgetPane(LESSON_PANE),
  programFile: currentProgramText,
});

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
