// Lessons (classroom-and-labs §3 "Lesson", §7 "Lesson API"): create, read, edit, delete,
// the official flag, browse lists and the remote lab's boards lists. A lesson is readable
// by its owner, by everyone when official, by moderators and admins, and by the teachers
// and students of every class that holds it (docs/classroom.md).
import { randomUUID } from 'node:crypto';
import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import type { Pagination } from '../../src/contract/common.ts';
import {
  DEFAULT_MAX_POINTS,
  LESSON_SORT_FIELDS,
  type Board,
  type BoardListType,
  type Lesson,
  type LessonInput,
  type LessonListQuery,
  type LessonListType,
  type LessonPermissions,
  type LessonUpdate,
} from '../../src/contract/lessons.ts';
import {
  checkProblem,
  checkProblemText,
  type LessonCheck,
} from '../../src/contract/lesson-check.ts';
import { now } from '../db/clock.ts';
import { HttpError } from '../http/errors.ts';
import type { Database, LessonRow, LessonsTable } from '../db/schema.ts';
import { isAdmin, isModerator, memberOf, type Caller } from './caller.ts';
import { assertCanCreate, type ClassroomPolicy } from './class-store.ts';
import { classroomError } from './errors.ts';
import { storedCheck } from './lesson-checker.ts';
import { namedTablePage, toBool } from '../db/paging.ts';

/** Who may put a board on a lesson's lists: the remote lab's rule (docs/remote-lab.md
 * "Who may list a board"). Each refuses (403) the boards that break it. */
export interface BoardRights {
  /** Boards `ownerId` may put on a private list: their own labs and labs shared with them. */
  assertListable(ownerId: string, boardIds: readonly string[]): Promise<void>;
  /** Boards of labs their owners made official. */
  assertOfficial(boardIds: readonly string[]): Promise<void>;
}

/** Without the remote lab no board has a lab, so none may be listed. */
const NO_BOARDS: BoardRights = {
  assertListable: (_owner, ids) => refuseAll(ids),
  assertOfficial: (ids) => refuseAll(ids),
};
const refuseAll = async (ids: readonly string[]) => {
  if (ids.length > 0)
    throw new HttpError(403, 'board_not_allowed', 'No remote lab has these boards');
};

/** A lesson's boards lists as the remote lab checks them at connect time. */
interface LessonBoardLists {
  ownerId: string;
  official: string[];
  private: string[];
}

interface LessonView {
  row: LessonRow;
  ownerName: string;
  ownerPhoto: string;
  /** The caller teaches a class that holds the lesson. */
  teaches: boolean;
  /** The caller studies in a class that holds the lesson. */
  studies: boolean;
  permissions: LessonPermissions;
}

const inClassAs = (caller: Caller, type: 'teacher' | 'student') =>
  sql<boolean>`exists (select 1 from class_lessons cl inner join class_members m on m.class_uuid = cl.class_uuid where cl.lesson_uuid = l.uuid and m.type = ${type} and ${memberOf(caller, 'm')})`;

export class LessonStore {
  private rights: BoardRights = NO_BOARDS;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly policy: ClassroomPolicy,
  ) {}

  /** The remote lab arrives after the classroom (both are services of the app). */
  setBoardRights(rights: BoardRights): void {
    this.rights = rights;
  }

  /** The lesson as the caller sees it: 404 lesson_not_found unless they may read it. */
  async view(caller: Caller, uuid: string): Promise<LessonView> {
    const row = await this.detailed(caller, this.db.selectFrom('lessons as l'))
      .where('l.uuid', '=', uuid)
      .executeTakeFirst();
    const view = row && this.toView(caller, row);
    if (
      !view ||
      !(
        view.row.owner_id === caller.id ||
        view.row.is_official === 1 ||
        isModerator(caller) ||
        view.teaches ||
        view.studies
      )
    ) {
      throw classroomError('lesson_not_found');
    }
    return view;
  }

  private async owned(caller: Caller, uuid: string): Promise<LessonView> {
    const view = await this.view(caller, uuid);
    if (!view.permissions.edit) throw classroomError('not_lesson_owner');
    return view;
  }

  async get(caller: Caller, uuid: string): Promise<Lesson> {
    return toLesson(await this.view(caller, uuid));
  }

  async create(caller: Caller, input: LessonInput): Promise<Lesson> {
    assertCanCreate(this.policy, caller);
    const uuid = randomUUID();
    const time = now();
    await this.db
      .insertInto('lessons')
      .values({
        uuid,
        owner_id: caller.id,
        name: input.name.trim(),
        description: input.desc ?? '',
        code: input.code ?? '',
        logo: input.logo ?? '',
        is_official: 0,
        max_points: input.maxPoints ?? DEFAULT_MAX_POINTS,
        time_limit: input.timeLimit ?? null,
        auto_check: checkText(input.check),
        created_at: time,
        updated_at: time,
      })
      .execute();
    return this.get(caller, uuid);
  }

  async update(caller: Caller, uuid: string, patch: LessonUpdate): Promise<Lesson> {
    await this.owned(caller, uuid);
    const changes: Partial<LessonsTable> = { updated_at: now() };
    if (patch.name !== undefined) changes.name = patch.name.trim();
    if (patch.desc !== undefined) changes.description = patch.desc;
    if (patch.code !== undefined) changes.code = patch.code;
    if (patch.logo !== undefined) changes.logo = patch.logo;
    if (patch.timeLimit !== undefined) changes.time_limit = patch.timeLimit;
    if (patch.maxPoints !== undefined) changes.max_points = patch.maxPoints;
    if (patch.check !== undefined) changes.auto_check = checkText(patch.check);
    await this.db.updateTable('lessons').set(changes).where('uuid', '=', uuid).execute();
    return this.get(caller, uuid);
  }

  async setOfficial(caller: Caller, uuid: string, official: boolean): Promise<Lesson> {
    const view = await this.view(caller, uuid);
    if (!view.permissions.setOfficial) throw classroomError('moderator_only');
    await this.db
      .updateTable('lessons')
      .set({ is_official: official ? 1 : 0, updated_at: now() })
      .where('uuid', '=', uuid)
      .execute();
    return this.get(caller, uuid);
  }

  /**
   * Deletes the lesson, its place in every class and its submissions. Refused (409) while a
   * class the caller does not teach holds it: that teacher's students' work would go too.
   */
  async remove(caller: Caller, uuid: string): Promise<void> {
    await this.owned(caller, uuid);
    if (!isAdmin(caller)) {
      const foreign = await this.db
        .selectFrom('class_lessons as cl')
        .select('cl.class_uuid')
        .where('cl.lesson_uuid', '=', uuid)
        .where(
          sql<boolean>`not exists (select 1 from class_members m where m.class_uuid = cl.class_uuid and m.type = 'teacher' and ${memberOf(caller, 'm')})`,
        )
        .executeTakeFirst();
      if (foreign) throw classroomError('lesson_in_use');
    }
    await this.db.deleteFrom('lessons').where('uuid', '=', uuid).execute();
  }

  async list(
    caller: Caller,
    kind: LessonListType,
    query: LessonListQuery,
  ): Promise<{ data: Lesson[]; pagination: Pagination }> {
    let base = this.db.selectFrom('lessons as l');
    base =
      kind === 'official'
        ? base.where('l.is_official', '=', 1)
        : base.where('l.owner_id', '=', caller.id);
    return namedTablePage(
      'l',
      base,
      query,
      LESSON_SORT_FIELDS,
      (filtered) => this.detailed(caller, filtered),
      (row) => toLesson(this.toView(caller, row)),
    );
  }

  // Boards lists (the remote lab's boards for this lesson).

  async boards(caller: Caller, uuid: string, list: BoardListType | 'student'): Promise<Board[]> {
    const view = await this.view(caller, uuid);
    if (list !== 'student' && !(view.permissions.edit || view.teaches || isModerator(caller))) {
      throw classroomError('not_class_teacher');
    }
    let query = this.db
      .selectFrom('lesson_boards')
      .select(['board_id', 'list'])
      .where('lesson_uuid', '=', uuid);
    if (list !== 'student') query = query.where('list', '=', list);
    const rows = await query.orderBy('list').orderBy('position').execute();
    // The student list: official boards first, then the owner's, each board once.
    const seen = new Set<string>();
    return rows
      .filter((r) => !seen.has(r.board_id) && seen.add(r.board_id))
      .map((r) => ({ board_id: r.board_id }));
  }

  async setBoards(
    caller: Caller,
    uuid: string,
    list: BoardListType,
    boards: readonly Board[],
  ): Promise<Board[]> {
    const view = await this.view(caller, uuid);
    if (list === 'official' && !isModerator(caller)) throw classroomError('moderator_only');
    if (list === 'private' && !view.permissions.edit) throw classroomError('not_lesson_owner');
    const ids = [...new Set(boards.map((b) => b.board_id))];
    // A private list is its lesson's owner's: an admin editing it lists for them.
    if (list === 'private') await this.rights.assertListable(view.row.owner_id, ids);
    else await this.rights.assertOfficial(ids);
    await this.db.transaction().execute(async (tx) => {
      await tx
        .deleteFrom('lesson_boards')
        .where('lesson_uuid', '=', uuid)
        .where('list', '=', list)
        .execute();
      if (ids.length > 0) {
        await tx
          .insertInto('lesson_boards')
          .values(
            ids.map((board_id, position) => ({ lesson_uuid: uuid, list, board_id, position })),
          )
          .execute();
      }
    });
    return ids.map((board_id) => ({ board_id }));
  }

  /** The lesson's boards lists and owner, read without a caller (the remote lab checks each
   * board again at connect time); null when there is no such lesson. */
  async boardLists(uuid: string): Promise<LessonBoardLists | null> {
    const lesson = await this.db
      .selectFrom('lessons')
      .select('owner_id')
      .where('uuid', '=', uuid)
      .executeTakeFirst();
    if (!lesson) return null;
    const rows = await this.db
      .selectFrom('lesson_boards')
      .select(['board_id', 'list'])
      .where('lesson_uuid', '=', uuid)
      .orderBy('list')
      .orderBy('position')
      .execute();
    const of = (list: BoardListType) => rows.filter((r) => r.list === list).map((r) => r.board_id);
    return { ownerId: lesson.owner_id, official: of('official'), private: of('private') };
  }

  /** The lesson's remote-lab session limit in minutes (null: none or no such lesson). */
  async timeLimit(uuid: string): Promise<number | null> {
    const row = await this.db
      .selectFrom('lessons')
      .select('time_limit')
      .where('uuid', '=', uuid)
      .executeTakeFirst();
    return row?.time_limit ?? null;
  }

  // The remote lab's automatic check (its own format, stored as text).

  async autoCheck(uuid: string): Promise<string | null> {
    const row = await this.db
      .selectFrom('lessons')
      .select('auto_check')
      .where('uuid', '=', uuid)
      .executeTakeFirst();
    return row?.auto_check ?? null;
  }

  async setAutoCheck(caller: Caller, uuid: string, check: string | null): Promise<void> {
    await this.owned(caller, uuid);
    await this.db
      .updateTable('lessons')
      .set({ auto_check: check, updated_at: now() })
      .where('uuid', '=', uuid)
      .execute();
  }

  private detailed<O>(
    caller: Caller,
    query: SelectQueryBuilder<Database & { l: LessonsTable }, 'l', O>,
  ) {
    return query
      .innerJoin('users as u', 'u.id', 'l.owner_id')
      .selectAll('l')
      .select(['u.name as owner_name', 'u.photo_url as owner_photo'])
      .select([
        inClassAs(caller, 'teacher').as('teaches'),
        inClassAs(caller, 'student').as('studies'),
      ]);
  }

  private toView(
    caller: Caller,
    row: LessonRow & {
      owner_name: string;
      owner_photo: string;
      teaches: unknown;
      studies: unknown;
    },
  ): LessonView {
    const owner = row.owner_id === caller.id || isAdmin(caller);
    const teaches = toBool(row.teaches);
    return {
      row,
      ownerName: row.owner_name,
      ownerPhoto: row.owner_photo,
      teaches,
      studies: toBool(row.studies),
      permissions: {
        edit: owner,
        delete: owner,
        setOfficial: isModerator(caller),
        addToClass: owner || row.is_official === 1 || teaches,
      },
    };
  }
}

/** A check as stored (JSON text); 400 with the reason when it breaks a rule of its format. */
function checkText(check: LessonCheck | null | undefined): string | null {
  if (!check) return null;
  const problem = checkProblem(check);
  if (problem) throw new HttpError(400, 'bad_request', checkProblemText(problem));
  return JSON.stringify(check);
}

function toLesson(view: LessonView): Lesson {
  const { row } = view;
  const check = storedCheck(row.auto_check);
  return {
    uuid: row.uuid,
    name: row.name,
    desc: row.description,
    code: row.code,
    logo: row.logo,
    official: row.is_official === 1,
    owner: { id: row.owner_id, name: view.ownerName, photoUrl: view.ownerPhoto },
    timeLimit: row.time_limit,
    maxPoints: row.max_points,
    ...(view.permissions.edit ? { check } : {}),
    hasCheck: check !== null,
    permissions: view.permissions,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}
