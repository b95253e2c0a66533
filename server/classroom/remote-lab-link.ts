// The classroom as the remote lab sees it (server/remote-lab ClassroomLink), and the remote
// lab as the classroom's Submit sees it (a SessionGrader): which boards a lesson offers, its
// time limit, and a board's answer byte recorded as the student's grade.
import type { RemoteLabService, ClassroomLink } from '../remote-lab/remote-lab-service.ts';
import type { UserStore } from '../users/user-store.ts';
import { toCaller } from './caller.ts';
import type { Classroom } from './classroom.ts';
import type { SessionGrader } from './submission-store.ts';

export function classroomLink(classroom: Classroom, users: UserStore): ClassroomLink {
  return {
    async lessonBoards(user, lessonUuid) {
      try {
        const boards = await classroom.lessons.boards(toCaller(user), lessonUuid, 'student');
        return boards.map((b) => b.board_id);
      } catch {
        return null;
      }
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

/** Trusts a Submit's grade when the remote-lab session it names earned that answer. */
export function remoteLabGrader(remoteLab: RemoteLabService): SessionGrader {
  return async ({ sessionId, lessonUuid, userId }) => {
    if (!/^\d{1,15}$/.test(sessionId)) return null;
    return remoteLab.verifiedAnswer(Number(sessionId), userId, lessonUuid);
  };
}
