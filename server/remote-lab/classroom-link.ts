// The remote lab's use of the classroom (docs/remote-lab.md "Grading by the board"): which
// boards a lesson lets a student use, the lesson's time limit, and the grade a board's
// answer byte gives (points = the answer, up to the lesson's maximum), recorded on the
// student's submission for that session; the classroom asks back to vouch for a grade a
// student sends with Submit.
import type { Kysely } from 'kysely';
import type { Classroom } from '../classroom/classroom.ts';
import { toCaller } from '../classroom/caller.ts';
import type { Database } from '../db/schema.ts';
import { HttpError } from '../http/errors.ts';
import type { ClassroomLink, LabLog, RemoteLabService } from './remote-lab-service.ts';

export function classroomLink(
  classroom: Classroom,
  db: Kysely<Database>,
  log: () => LabLog | undefined,
): ClassroomLink {
  return {
    async lessonBoards(user, lessonUuid) {
      try {
        const boards = await classroom.lessons.boards(toCaller(user), lessonUuid, 'student');
        return boards.map((b) => b.board_id);
      } catch (e) {
        if (e instanceof HttpError && e.statusCode === 404) return null;
        throw e;
      }
    },
    async lessonTimeLimit(lessonUuid) {
      const row = await db
        .selectFrom('lessons')
        .select('time_limit')
        .where('uuid', '=', lessonUuid)
        .executeTakeFirst();
      return row?.time_limit ?? null;
    },
    async recordAnswer({ sessionId, userId, lessonUuid, answer }) {
      const user = await db
        .selectFrom('users')
        .selectAll()
        .where('id', '=', userId)
        .executeTakeFirst();
      if (!user) return;
      try {
        await classroom.submissions.recordGrade({
          student: toCaller(user),
          lessonUuid,
          grade: answer,
          sessionId: String(sessionId),
        });
      } catch (e) {
        // Not a student of a class with the lesson (a teacher trying it out), or the lesson
        // is in several of the student's classes: the answer stays on the session.
        if (!(e instanceof HttpError) || e.statusCode >= 500) throw e;
        log()?.error({ code: e.code, sessionId }, 'remote lab: the answer is not a grade');
      }
    },
  };
}

/** The classroom stores a grade sent with Submit only when a session's board earned it. */
export function vouchForSessionGrades(classroom: Classroom, remoteLab: RemoteLabService): void {
  classroom.submissions.setSessionGrader(async ({ sessionId, lessonUuid, userId }) => {
    const id = Number(sessionId);
    if (!Number.isInteger(id) || id <= 0) return null;
    return remoteLab.verifiedAnswer(id, userId, lessonUuid);
  });
}
