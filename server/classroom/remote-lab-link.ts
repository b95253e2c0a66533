// The classroom as the remote lab sees it (server/remote-lab ClassroomLink), and the remote
// lab as the classroom sees it (a SessionGrader for Submit, the BoardRights of a lesson's
// lists): which boards a lesson offers and who may list them, its time limit, and a board's
// answer byte recorded as the student's grade.
import { boardNotOfficial } from '../remote-lab/lab-store.ts';
import { sessionNotFound } from '../remote-lab/remote-lab-service.ts';
import type { RemoteLabService, ClassroomLink } from '../remote-lab/remote-lab-service.ts';
import type { UserStore } from '../users/user-store.ts';
import { toCaller } from './caller.ts';
import type { Classroom } from './classroom.ts';
import type { BoardRights } from './lesson-store.ts';
import type { SessionGrader } from './submission-store.ts';

export function classroomLink(classroom: Classroom, users: UserStore): ClassroomLink {
  return {
    async lessonBoards(user, lessonUuid) {
      if (user) {
        try {
          await classroom.lessons.view(toCaller(user), lessonUuid);
        } catch {
          return null;
        }
      }
      return classroom.lessons.boardLists(lessonUuid);
    },
    lessonTimeLimit: (lessonUuid) => classroom.lessons.timeLimit(lessonUuid),
    async recordAnswer({ sessionId, userId, lessonUuid, answer, source }) {
      const user = await users.findById(userId);
      if (!user) return;
      const student = toCaller(user);
      // Practising outside a class (no student seat) leaves no grade to record.
      if (!(await classroom.submissions.studiesLesson(student, lessonUuid))) return;
      // The answer byte is the grade, capped at the lesson's points.
      await classroom.submissions.recordGrade({
        student,
        lessonUuid,
        grade: answer,
        source,
        sessionId: String(sessionId),
      });
    },
  };
}

/** The remote lab's rule for who may put a board on a lesson's lists. */
export function lessonBoardRights(remoteLab: RemoteLabService): BoardRights {
  const labs = remoteLab.labs;
  return {
    assertListable: (ownerId, ids) => labs.assertListable(ownerId, ids),
    async assertOfficial(ids) {
      const official = await labs.officialOf(ids);
      const refused = ids.filter((b) => !official.has(b));
      if (refused.length > 0) throw boardNotOfficial(refused);
    },
  };
}

/** Trusts a Submit's grade when the remote-lab session it names earned that answer; a
 * session that is not the caller's in this lesson refuses the Submit (404). */
export function remoteLabGrader(remoteLab: RemoteLabService): SessionGrader {
  return async ({ sessionId, lessonUuid, userId }) => {
    if (!/^\d{1,15}$/.test(sessionId)) throw sessionNotFound();
    return remoteLab.verifiedAnswer(Number(sessionId), userId, lessonUuid);
  };
}
