// Remote-lab sessions in the database (classroom-and-labs §3 "Session", "Remote lab
// session"): one row per session, `waiting` → `active` → `ended`. The queue of a board is
// its waiting rows in creation order; a partial unique index keeps one active (lab) session
// per board, so two servers promoting at once cannot both win. Plain Kysely, identical on
// SQLite and PostgreSQL; times are integer milliseconds.
import { randomBytes, randomInt } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { EndReason, SessionMethod } from '../../src/contract/remote-lab.ts';
import type { Database, LabSessionRow } from '../db/schema.ts';

export const CABLE: SessionMethod = 11;

/** A session row with its times as numbers. */
export interface LabSession {
  id: number;
  userId: string;
  boardId: string;
  lessonUuid: string | null;
  /** The lab group whose code made the session (its grant is checked again while it lasts). */
  groupUuid: string | null;
  method: SessionMethod;
  state: 'waiting' | 'active' | 'ended';
  topicKey: string;
  secretHash: string | null;
  answer: number;
  reportedAnswer: number;
  createdAt: number;
  startedAt: number | null;
  lastAliveAt: number;
  endsAt: number | null;
  endedAt: number | null;
  endReason: EndReason | null;
}

const num = (v: number | string | null): number | null => (v === null ? null : Number(v));

function toSession(r: LabSessionRow): LabSession {
  return {
    id: Number(r.id),
    userId: r.user_id,
    boardId: r.board_id,
    lessonUuid: r.lesson_uuid,
    groupUuid: r.group_uuid,
    method: Number(r.method) as SessionMethod,
    state: r.state as LabSession['state'],
    topicKey: r.topic_key,
    secretHash: r.secret_hash,
    answer: Number(r.answer),
    reportedAnswer: Number(r.reported_answer),
    createdAt: Number(r.created_at),
    startedAt: num(r.started_at),
    lastAliveAt: Number(r.last_alive_at),
    endsAt: num(r.ends_at),
    endedAt: num(r.ended_at),
    endReason: r.end_reason as EndReason | null,
  };
}

const isUnique = (e: unknown) =>
  /unique|duplicate/i.test(e instanceof Error ? e.message : String(e));

const MAX_ID = 2_147_483_647;

export class SessionStore {
  constructor(private readonly db: Kysely<Database>) {}

  async create(s: {
    userId: string;
    boardId: string;
    lessonUuid: string | null;
    groupUuid?: string | null;
    method: SessionMethod;
    state: 'waiting' | 'active';
    at: number;
  }): Promise<LabSession> {
    for (;;) {
      const row: LabSessionRow = {
        id: randomInt(1, MAX_ID),
        user_id: s.userId,
        board_id: s.boardId,
        lesson_uuid: s.lessonUuid,
        group_uuid: s.groupUuid ?? null,
        method: s.method,
        state: s.state,
        topic_key: randomBytes(16).toString('hex'),
        secret_hash: null,
        answer: 0,
        reported_answer: 0,
        created_at: s.at,
        started_at: s.state === 'active' ? s.at : null,
        last_alive_at: s.at,
        ends_at: null,
        ended_at: null,
        end_reason: null,
      };
      try {
        await this.db.insertInto('lab_sessions').values(row).execute();
        return toSession(row);
      } catch (e) {
        // A drawn id that exists already: draw again.
        if (!isUnique(e)) throw e;
      }
    }
  }

  async get(id: number): Promise<LabSession | null> {
    const r = await this.db
      .selectFrom('lab_sessions')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
    return r ? toSession(r) : null;
  }

  /** The user's sessions that have not ended. */
  async liveOf(userId: string): Promise<LabSession[]> {
    const rows = await this.db
      .selectFrom('lab_sessions')
      .selectAll()
      .where('user_id', '=', userId)
      .where('state', 'in', ['waiting', 'active'])
      .execute();
    return rows.map(toSession);
  }

  async holder(boardId: string): Promise<LabSession | null> {
    const r = await this.db
      .selectFrom('lab_sessions')
      .selectAll()
      .where('board_id', '=', boardId)
      .where('state', '=', 'active')
      .where('method', '<>', 11)
      .executeTakeFirst();
    return r ? toSession(r) : null;
  }

  async activeLab(): Promise<LabSession[]> {
    const rows = await this.db
      .selectFrom('lab_sessions')
      .selectAll()
      .where('state', '=', 'active')
      .where('method', '<>', 11)
      .execute();
    return rows.map(toSession);
  }

  /** 1-based place in the board's queue. */
  async position(s: LabSession): Promise<number> {
    const r = await this.db
      .selectFrom('lab_sessions')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('board_id', '=', s.boardId)
      .where('state', '=', 'waiting')
      .where((eb) =>
        eb.or([
          eb('created_at', '<', s.createdAt),
          eb.and([eb('created_at', '=', s.createdAt), eb('id', '<', s.id)]),
        ]),
      )
      .executeTakeFirstOrThrow();
    return Number(r.n) + 1;
  }

  async queueLength(boardId: string): Promise<number> {
    const r = await this.db
      .selectFrom('lab_sessions')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('board_id', '=', boardId)
      .where('state', '=', 'waiting')
      .executeTakeFirstOrThrow();
    return Number(r.n);
  }

  /** The longest-waiting session of the board. */
  async nextInLine(boardId: string): Promise<LabSession | null> {
    const r = await this.db
      .selectFrom('lab_sessions')
      .selectAll()
      .where('board_id', '=', boardId)
      .where('state', '=', 'waiting')
      .orderBy('created_at')
      .orderBy('id')
      .limit(1)
      .executeTakeFirst();
    return r ? toSession(r) : null;
  }

  /** Boards with someone waiting. */
  async boardsWithQueue(): Promise<string[]> {
    const rows = await this.db
      .selectFrom('lab_sessions')
      .select('board_id')
      .distinct()
      .where('state', '=', 'waiting')
      .execute();
    return rows.map((r) => r.board_id);
  }

  /**
   * Makes a waiting session the holder; false when it is no longer waiting or the board
   * has a holder already (another server won).
   */
  async promote(id: number, at: number, endsAt: number | null): Promise<boolean> {
    try {
      const r = await this.db
        .updateTable('lab_sessions')
        .set({ state: 'active', started_at: at, ends_at: endsAt, last_alive_at: at })
        .where('id', '=', id)
        .where('state', '=', 'waiting')
        .executeTakeFirst();
      return Number(r.numUpdatedRows) === 1;
    } catch (e) {
      if (isUnique(e)) return false;
      throw e;
    }
  }

  async alive(id: number, at: number, reportedAnswer: number): Promise<void> {
    await this.db
      .updateTable('lab_sessions')
      .set({ last_alive_at: at, reported_answer: reportedAnswer })
      .where('id', '=', id)
      .where('state', 'in', ['waiting', 'active'])
      .execute();
  }

  async setSecret(id: number, hash: string): Promise<void> {
    await this.db
      .updateTable('lab_sessions')
      .set({ secret_hash: hash })
      .where('id', '=', id)
      .execute();
  }

  async setAnswer(id: number, answer: number): Promise<void> {
    await this.db.updateTable('lab_sessions').set({ answer }).where('id', '=', id).execute();
  }

  /** Ends a live session; false when it had ended already (someone else ended it). */
  async end(id: number, at: number, reason: EndReason): Promise<LabSession | null> {
    const before = await this.get(id);
    if (!before || before.state === 'ended') return null;
    const r = await this.db
      .updateTable('lab_sessions')
      .set({ state: 'ended', ended_at: at, end_reason: reason, secret_hash: null })
      .where('id', '=', id)
      .where('state', '=', before.state)
      .executeTakeFirst();
    return Number(r.numUpdatedRows) === 1 ? { ...before, state: 'ended' } : null;
  }

  /** Live sessions whose last alive is older than `before`. */
  async silentSince(before: number): Promise<LabSession[]> {
    const rows = await this.db
      .selectFrom('lab_sessions')
      .selectAll()
      .where('state', 'in', ['waiting', 'active'])
      .where('last_alive_at', '<', before)
      .execute();
    return rows.map(toSession);
  }

  /** Active sessions whose time limit has passed. */
  async overTime(at: number): Promise<LabSession[]> {
    const rows = await this.db
      .selectFrom('lab_sessions')
      .selectAll()
      .where('state', '=', 'active')
      .where('ends_at', 'is not', null)
      .where('ends_at', '<=', at)
      .execute();
    return rows.map(toSession);
  }

  /** Live sessions on a board (a removed lab ends them). */
  async liveOnBoard(boardId: string): Promise<LabSession[]> {
    const rows = await this.db
      .selectFrom('lab_sessions')
      .selectAll()
      .where('board_id', '=', boardId)
      .where('state', 'in', ['waiting', 'active'])
      .execute();
    return rows.map(toSession);
  }

  /** Sessions that ended a while ago and hold no grade are not kept forever. */
  async prune(before: number): Promise<void> {
    await this.db
      .deleteFrom('lab_sessions')
      .where('state', '=', 'ended')
      .where('ended_at', '<', before)
      .where(sql<boolean>`lesson_uuid is null`)
      .execute();
  }
}
