// A page load with a lesson open (src/classroom/open-lesson.ts): the lesson kept in this
// browser shows again beside the program kept with it (the program's draft, docs/offline.md).
// An address naming a lesson this browser does not have open starts it as Start lesson would:
// the student's own latest work, else the starter, the open program kept as a version.
import i18next from 'i18next';
import { subscribe } from 'valtio';
import { isLoggedIn, session } from '../../state/session.ts';
import { showToast } from '../../state/ui.ts';
import { lessonInAddress, readOpenLesson } from '../open-lesson.ts';
import { classroom, lessonSessionService, startLesson } from '../runtime.ts';
import './widget-panes.ts';

/** Resolves once sign-in has said whether someone is signed in. */
function sessionKnown(): Promise<void> {
  if (!session.loading) return Promise.resolve();
  return new Promise((resolve) => {
    const stop = subscribe(session, () => {
      if (session.loading) return;
      stop();
      resolve();
    });
  });
}

export async function reopenLesson(): Promise<void> {
  const kept = readOpenLesson();
  const named = lessonInAddress(window.location.hash);
  if (kept && (!named || (named.uuid === kept.uuid && named.classUuid === kept.classUuid))) {
    lessonSessionService.reopen(kept);
    return;
  }
  if (!named) return;
  await sessionKnown();
  if (!isLoggedIn(session)) return;
  try {
    const lesson = await classroom.getLesson(named.uuid);
    const started = await startLesson(lesson, named.classUuid);
    if (started.resumed) showToast('success', i18next.t('classroom:lessonPane.resumed'));
    if (started.kept) showToast('success', i18next.t('editor:versions.kept'));
  } catch {
    // The API client said why (the lesson is gone, or not the student's to read).
  }
}
