// The remote lab's server side (docs/remote-lab.md): session calls, the queue, expiry, the
// stations' presence, the broker grants, and the answers boards give. Framework-free; the
// routes (server/routes/sessions.ts, server/routes/labs.ts) call it.
//
// Rules:
// - one holder per board; later sessions wait in order of arrival and see their position;
// - a session ends on disconnect, after 3 missed alives, at the lesson's time limit, when
//   its station stays offline for the grace period, or when its lab is removed; the next
//   in line then gets the board;
// - the holder's broker password works only while the session is active;
// - the answer a session records is the one the board's station reports (a student's own
//   alive cannot write a grade), and a Remote Lab session's answer becomes the student's
//   grade for the lesson;
// - a lesson's or lab group's list grants a board only while whoever owns the list may list
//   it (docs/remote-lab.md "Who may list a board"): checked at connect, at every alive and
//   before an answer is recorded, so a lab whose sharing ends is out of reach at once.
import type { Kysely } from 'kysely';
import {
  allPresence,
  boardOfTopic,
  labBase,
  labTopics,
  parsePresence,
  type StationControl,
  type StationPresence,
} from '../../src/contract/lab-topics.ts';
import {
  WAITING_ALIVE_MS,
  type AliveBody,
  type BoardStatusInfo,
  type CableConnectBody,
  type CodeConnectBody,
  type EndReason,
  type LabInput,
  type SessionAnswer,
  type SessionConnectBody,
  type SessionMethod,
  type StationGrant,
} from '../../src/contract/remote-lab.ts';
import type { MqttConfig } from '../config.ts';
import type { Database, LabGroupRow, RemoteLabRow, UserRow } from '../db/schema.ts';
import { HttpError } from '../http/errors.ts';
import { Limits, type Limit } from '../http/rate-limit.ts';
import type { LabBrokers } from './brokers.ts';
import { labUsernames, sha256, type IdentityLookup } from './lab-access.ts';
import { LabStore, newSecret, pinMatches } from './lab-store.ts';
import { CABLE, SessionStore, type LabSession } from './session-store.ts';

/** A lesson's boards lists and its owner (whose right to list each board is checked). */
interface LessonBoardLists {
  ownerId: string;
  official: string[];
  private: string[];
}

/** What the remote lab needs from the classroom (lessons, their boards, grades). */
export interface ClassroomLink {
  /** The lesson's boards lists as saved, or null when the lesson does not exist or `user`
   * (when given) may not read it. */
  lessonBoards(user: UserRow | null, lessonUuid: string): Promise<LessonBoardLists | null>;
  /** The lesson's session time limit in minutes, or null. */
  lessonTimeLimit(lessonUuid: string): Promise<number | null>;
  /** Records a board's answer as the student's grade for the lesson; `source` says who
   * reported it (a lab board's station, or the student's app for a cable board). */
  recordAnswer(s: {
    sessionId: number;
    userId: string;
    lessonUuid: string;
    answer: number;
    source: 'lab' | 'cable';
  }): Promise<void>;
}

/** Without the classroom every lesson is unknown. */
const NO_CLASSROOM: ClassroomLink = {
  lessonBoards: () => Promise.resolve(null),
  lessonTimeLimit: () => Promise.resolve(null),
  recordAnswer: () => Promise.resolve(),
};

const wrongBoardOrPin = () =>
  new HttpError(404, 'wrong_board_or_pin', 'Please re-check the entered GoGo ID or Pin');
const wrongCode = () =>
  new HttpError(404, 'wrong_access_code', 'Please re-check the entered Access Code');
const offline = () => new HttpError(409, 'board_offline', 'The board is not online');
export const sessionNotFound = () =>
  new HttpError(404, 'session_not_found', 'The session does not exist or is not yours');
const lessonNotFound = () => new HttpError(404, 'lesson_not_found', 'The lesson does not exist');
const tooMany = () =>
  new HttpError(
    429,
    'too_many_sessions',
    'You have too many remote-lab sessions open; disconnect one first',
  );
const wrongStationKey = () =>
  new HttpError(403, 'wrong_station_key', 'The GoGo ID or the station key is wrong');
const tooManyTries = () =>
  new HttpError(429, 'too_many_requests', 'Too many attempts; try again in a minute');
const tooManyRegistrations = (wait: number) =>
  new HttpError(429, 'too_many_requests', 'Too many remote labs registered; try again later', wait);

/** Sessions (waiting or active) one user may have at once. */
const MAX_LIVE_SESSIONS = 3;
/** Connect attempts with a pin or code per user: 10 a minute. */
const ATTEMPTS_PER_SECOND = 10 / 60;
const ATTEMPT_BURST = 10;
/** Lab registrations per user, by default (LAB_REGISTRATIONS_PER_HOUR): whether a GoGo ID
 * is taken cannot be probed faster. */
const REGISTRATIONS_PER_HOUR = 60;
/** Ended sessions without a lesson are deleted after a day. */
const PRUNE_AFTER_MS = 24 * 3600 * 1000;

interface BoardPresence extends StationPresence {
  seenAt: number;
  /** Since when the station is offline (null while online). */
  offlineSince: number | null;
}

interface RemoteLabOptions {
  db: Kysely<Database>;
  mqtt: MqttConfig;
  classroom?: ClassroomLink;
  now?: () => number;
  /** Sweep period (expiry, time limits, stations gone); default a fifth of the alive period. */
  sweepMs?: number;
  log?: LabLog;
  /** Lab registrations one user may make an hour (all at once, or spread). */
  registrationsPerHour?: number;
  /**
   * Where the guess and registration limits keep their buckets: the server's (on
   * PostgreSQL shared by every replica, so N replicas do not allow N times the guesses).
   */
  limits?: Limits;
}

interface LabLog {
  error(obj: object, msg: string): void;
}

export class RemoteLabService {
  readonly labs: LabStore;
  readonly sessions: SessionStore;
  private brokers: LabBrokers | null = null;
  private classroom: ClassroomLink;
  private readonly presence = new Map<string, BoardPresence>();
  /** Boards whose current control message this process has published since it started. */
  private readonly controlSent = new Set<string>();
  /** Per board, the control message being published (see syncControl). */
  private readonly controlQueue = new Map<string, Promise<void>>();
  private readonly attempts: Limit;
  private readonly registrations: Limit;
  private sweepTimer: ReturnType<typeof setInterval> | null = null;
  private sweeping: Promise<void> | null = null;
  private readonly now: () => number;
  readonly timeoutMs: number;
  /** When this process began to serve: silence from before then is the server's, not the
   * student's or the station's (a restart must not end the sessions it interrupted). */
  private startedAt = 0;

  constructor(private readonly options: RemoteLabOptions) {
    this.labs = new LabStore(options.db);
    this.sessions = new SessionStore(options.db);
    this.classroom = options.classroom ?? NO_CLASSROOM;
    this.now = options.now ?? Date.now;
    this.log = options.log;
    this.timeoutMs = 3 * options.mqtt.aliveMs;
    const perHour = options.registrationsPerHour ?? REGISTRATIONS_PER_HOUR;
    const limits = options.limits ?? new Limits(null);
    this.attempts = limits.make('lab-attempts', ATTEMPTS_PER_SECOND, ATTEMPT_BURST);
    this.registrations = limits.make('lab-registrations', perHour / 3600, perHour);
  }

  private log: LabLog | undefined;

  setLog(log: LabLog): void {
    this.log = log;
  }

  /** The classroom arrives after this service is made (both are services of the app). */
  setClassroom(link: ClassroomLink): void {
    this.classroom = link;
  }

  /** Who a broker user is, for the embedded broker's login check. */
  readonly lookup: IdentityLookup = async (parsed) => {
    // Live class logins are the classroom's (server/classroom/live-class.ts).
    if (parsed.role === 'class') return null;
    if (parsed.role === 'station') {
      const lab = await this.labs.byBoard(parsed.boardId);
      return lab?.station_secret_hash
        ? { secretHash: lab.station_secret_hash, boardId: lab.board_id }
        : null;
    }
    const s = await this.sessions.get(parsed.sessionId);
    return s && s.state === 'active' && s.secretHash
      ? { secretHash: s.secretHash, boardId: s.boardId, key: s.topicKey }
      : null;
  };

  /** Starts following presence and sweeping; ends broker access of sessions that ended. */
  async start(brokers: LabBrokers): Promise<void> {
    this.brokers = brokers;
    this.startedAt = this.now();
    await brokers.bus.subscribe(allPresence(this.options.mqtt.prefix), (topic, payload) =>
      this.onPresence(topic, payload),
    );
    const active = await this.sessions.activeLab();
    await brokers.access.reconcile(new Set(active.map((s) => s.id)));
    const period = this.options.sweepMs ?? Math.max(50, Math.floor(this.options.mqtt.aliveMs / 5));
    this.sweepTimer = setInterval(() => void this.sweep(), period);
  }

  async stop(): Promise<void> {
    if (this.sweepTimer) clearInterval(this.sweepTimer);
    this.sweepTimer = null;
    await this.sweeping;
  }

  /** True while the server reaches the remote-lab broker (readiness). */
  brokerConnected(): boolean {
    return this.brokers?.bus.connected() ?? false;
  }

  get labUrl(): string {
    return this.brokers?.labUrl ?? '';
  }

  get publicUrl(): string {
    return this.brokers?.publicUrl ?? '';
  }

  // ---- Presence -------------------------------------------------------------------------

  private onPresence(topic: string, payload: Buffer): void {
    const board = boardOfTopic(this.options.mqtt.prefix, topic);
    const p = parsePresence(payload);
    if (!board || !p) return;
    const t = this.now();
    const before = this.presence.get(board);
    const wasOnline = before ? this.online(before, t) : false;
    this.presence.set(board, {
      ...p,
      seenAt: t,
      offlineSince: p.online ? null : (before?.offlineSince ?? t),
    });
    if (p.online && (!wasOnline || !this.controlSent.has(board))) {
      // A station that (re)appears learns who holds its board; a waiting queue may start.
      void this.afterStationOnline(board);
    }
    if (p.online && p.session) void this.recordAnswer(board, p.session, p.answer);
  }

  private online(p: BoardPresence | undefined, t = this.now()): boolean {
    // Online means a station that reports a board (a station without its board cannot serve).
    return !!p && p.online && p.board !== null && t - p.seenAt <= this.options.mqtt.stationSilentMs;
  }

  isOnline(boardId: string): boolean {
    return this.online(this.presence.get(boardId));
  }

  private async afterStationOnline(board: string): Promise<void> {
    try {
      const holder = await this.sessions.holder(board);
      await this.syncControl(board);
      if (!holder) await this.promoteNext(board);
    } catch (e) {
      this.log?.error({ err: e, board }, 'remote lab: station came online');
    }
  }

  /** A station's report of its board's answer, for the session it serves. */
  private async recordAnswer(board: string, key: string, answer: number): Promise<void> {
    try {
      const holder = await this.sessions.holder(board);
      if (!holder || holder.topicKey !== key || holder.answer === answer) return;
      // A grade comes only from the station of a lab its lesson may still use: the lab of
      // someone the lesson's owner may list, never one a student registered themselves.
      if (!(await this.stillGranted(holder))) return;
      await this.sessions.setAnswer(holder.id, answer);
      if (answer > 0 && holder.lessonUuid && holder.method === 12) {
        await this.classroom.recordAnswer({
          sessionId: holder.id,
          userId: holder.userId,
          lessonUuid: holder.lessonUuid,
          answer,
          source: 'lab',
        });
      }
    } catch (e) {
      this.log?.error({ err: e, board }, 'remote lab: recording an answer failed');
    }
  }

  /** What the labs page shows about a board. */
  async boardStatus(boardId: string): Promise<BoardStatusInfo> {
    const p = this.presence.get(boardId);
    const holder = await this.sessions.holder(boardId);
    return {
      online: this.online(p),
      board_type: p?.board?.type ?? 0,
      board_version: p?.board?.version ?? 0,
      firmware_version: p?.board?.firmware ?? 0,
      session_id: holder?.id ?? null,
      queue: await this.sessions.queueLength(boardId),
    };
  }

  // ---- Stations -------------------------------------------------------------------------

  /** A CLI station: GoGo ID and station key (public call). */
  async stationConnect(boardId: string, key: string, ip: string): Promise<StationGrant> {
    // Only wrong keys count: a school's stations behind one address all reconnect after a
    // broker loss, and guessing is what the limit is for.
    const attempts = `station:${ip}`;
    if ((await this.attempts.wait(attempts)) > 0) throw tooManyTries();
    const lab = await this.labs.byBoard(boardId);
    if (!lab?.station_key_hash || lab.station_key_hash !== sha256(key)) {
      await this.attempts.take(attempts);
      throw wrongStationKey();
    }
    return this.grantStation(lab);
  }

  /** The station page: the lab's owner signed in (not an admin: a station is its owner's). */
  async stationForOwner(user: UserRow, uuid: string): Promise<StationGrant> {
    const lab = await this.labs.ownedStrictly(user, uuid);
    return this.grantStation(lab);
  }

  private async grantStation(lab: RemoteLabRow): Promise<StationGrant> {
    const brokers = this.need();
    const boardId = lab.board_id;
    // The same password for every grant of this lab and station key: a station logging in
    // again keeps its link (and the session it serves); a new key or a new lab changes it.
    const password = brokers.access.stationPassword(
      boardId,
      `${lab.uuid}:${lab.station_key_hash ?? ''}`,
    );
    if (lab.station_secret_hash !== sha256(password)) {
      await this.labs.setStationSecret(boardId, password);
    }
    await brokers.access.grantStation(boardId, password);
    // The new station must learn the holder even if presence looks unchanged.
    this.controlSent.delete(boardId);
    return {
      board_id: boardId,
      url: brokers.labUrl,
      username: labUsernames.station(this.options.mqtt.prefix, boardId),
      password,
      base: labBase(this.options.mqtt.prefix, boardId),
    };
  }

  /** A lab was deleted: its sessions end and its station loses access. */
  async labRemoved(boardId: string): Promise<void> {
    for (const s of await this.sessions.liveOnBoard(boardId)) await this.end(s, 'lab-removed');
    await this.need().access.revokeStation(boardId);
    this.presence.delete(boardId);
  }

  // ---- Labs ---------------------------------------------------------------------------

  /** Registers a lab; attempts per user are limited, so taken GoGo IDs cannot be listed by
   * trying them. */
  async createLab(user: UserRow, input: LabInput): Promise<RemoteLabRow> {
    const wait = await this.registrations.take(`user:${user.id}`);
    if (wait > 0) throw tooManyRegistrations(wait);
    return this.labs.create(user, input);
  }

  // ---- Who may use a board --------------------------------------------------------------

  /**
   * The boards a lesson's lists grant now: the official list's boards whose labs are still
   * official, and the private list's boards its owner may still list (own or shared labs).
   * Null when the lesson does not exist or `user` (when given) may not read it.
   */
  private async lessonGrants(user: UserRow | null, lessonUuid: string): Promise<string[] | null> {
    const lists = await this.classroom.lessonBoards(user, lessonUuid);
    if (!lists) return null;
    const official = await this.labs.officialOf(lists.official);
    const listable = await this.labs.listableBy(lists.ownerId, lists.private);
    return [
      ...new Set([
        ...lists.official.filter((b) => official.has(b)),
        ...lists.private.filter((b) => listable.has(b)),
      ]),
    ];
  }

  /** A group's boards its owner may still list. */
  private async groupGrants(group: LabGroupRow, boards: string[]): Promise<string[]> {
    const listable = await this.labs.listableBy(group.owner_id, boards);
    return boards.filter((b) => listable.has(b));
  }

  /** Whether what made a live session (its lesson's list, its group) still grants its board. */
  private async stillGranted(s: LabSession): Promise<boolean> {
    if (s.method === CABLE) return true;
    if (s.lessonUuid && s.method === 12) {
      const granted = await this.lessonGrants(null, s.lessonUuid);
      if (!granted?.includes(s.boardId)) return false;
    }
    if (s.groupUuid) {
      const group = await this.labs.group(s.groupUuid);
      if (!group) return false;
      const granted = await this.groupGrants(group, await this.labs.groupBoards(group.uuid));
      if (!granted.includes(s.boardId)) return false;
    }
    return true;
  }

  // ---- Session calls ---------------------------------------------------------------------

  private async checkAttempts(user: UserRow): Promise<void> {
    if ((await this.attempts.take(`user:${user.id}`)) > 0) throw tooManyTries();
  }

  async connect(user: UserRow, body: SessionConnectBody): Promise<SessionAnswer> {
    await this.checkAttempts(user);
    const lab = await this.labs.byBoard(body.board_id);
    let method: SessionMethod;
    if (body.lesson_uuid !== undefined) {
      const granted = await this.lessonGrants(user, body.lesson_uuid);
      if (granted === null) throw lessonNotFound();
      // No lab, a board the lesson does not list, a board it may no longer use: one answer.
      if (!lab || !granted.includes(body.board_id)) throw wrongBoardOrPin();
      method = 12;
    } else {
      // The pin is checked even without a lab, so the answer's time tells nothing either.
      const matches = await pinMatches(body.pin ?? '', lab?.pin_hash);
      if (!lab || body.pin === undefined || !matches) throw wrongBoardOrPin();
      method = 13;
    }
    if (!this.isOnline(body.board_id)) throw offline();
    return this.open(user, body.board_id, body.lesson_uuid ?? null, method, null);
  }

  async codeConnect(user: UserRow, body: CodeConnectBody): Promise<SessionAnswer> {
    await this.checkAttempts(user);
    const target = await this.labs.byAccessCode(body.access_code);
    if (!target) throw wrongCode();
    let boards =
      target.kind === 'lab'
        ? [target.lab.board_id]
        : await this.groupGrants(target.group, target.boards);
    if (boards.length === 0) throw wrongCode();
    if (body.lesson_uuid !== undefined) {
      const granted = await this.lessonGrants(user, body.lesson_uuid);
      if (granted === null) throw lessonNotFound();
      boards = boards.filter((b) => granted.includes(b));
      if (boards.length === 0) throw wrongCode();
    }
    const groupUuid = target.kind === 'group' ? target.group.uuid : null;
    // A board needs a lab (and so a station) to be reachable.
    const withLab: string[] = [];
    for (const b of boards) if (await this.labs.byBoard(b)) withLab.push(b);
    const online = withLab.filter((b) => this.isOnline(b));
    if (online.length === 0) throw offline();
    // Already in line for one of them: that session.
    const mine = (await this.sessions.liveOf(user.id)).find((s) => online.includes(s.boardId));
    if (mine) return this.answer(mine, { grant: mine.state === 'active' });
    // A free board first, else the shortest queue.
    let best = online[0] as string;
    let bestScore = Infinity;
    for (const b of online) {
      const score =
        ((await this.sessions.holder(b)) ? 1 : 0) + (await this.sessions.queueLength(b));
      if (score < bestScore) [best, bestScore] = [b, score];
    }
    return this.open(user, best, body.lesson_uuid ?? null, 12, groupUuid);
  }

  /** A USB board in a lesson: a session without a broker, for the lesson's record. */
  async cableConnect(user: UserRow, body: CableConnectBody): Promise<SessionAnswer> {
    const lesson = await this.classroom.lessonBoards(user, body.lesson_uuid);
    if (lesson === null) throw lessonNotFound();
    const live = await this.sessions.liveOf(user.id);
    const same = live.find((s) => s.method === CABLE && s.lessonUuid === body.lesson_uuid);
    if (same) return this.answer(same);
    if (live.length >= MAX_LIVE_SESSIONS) throw tooMany();
    const s = await this.sessions.create({
      userId: user.id,
      boardId: body.board_id,
      lessonUuid: body.lesson_uuid,
      method: CABLE,
      state: 'active',
      at: this.now(),
    });
    return this.answer(s);
  }

  private async open(
    user: UserRow,
    boardId: string,
    lessonUuid: string | null,
    method: SessionMethod,
    groupUuid: string | null,
  ): Promise<SessionAnswer> {
    const live = await this.sessions.liveOf(user.id);
    const again = live.find((s) => s.boardId === boardId && s.method !== CABLE);
    // Connecting again (a reload, a second tab) takes the same place with new broker access.
    if (again) return this.answer(again, { grant: again.state === 'active' });
    if (live.length >= MAX_LIVE_SESSIONS) throw tooMany();
    const s = await this.sessions.create({
      userId: user.id,
      boardId,
      lessonUuid,
      groupUuid,
      method,
      state: 'waiting',
      at: this.now(),
    });
    await this.promoteNext(boardId);
    const fresh = (await this.sessions.get(s.id)) ?? s;
    return this.answer(fresh, { grant: fresh.state === 'active' });
  }

  async alive(user: UserRow, body: AliveBody & { renew?: boolean }): Promise<SessionAnswer> {
    const s = await this.mine(user, body.session_id);
    if (s.state === 'ended') return this.answer(s);
    if (!(await this.stillGranted(s))) {
      const ended = await this.end(s, 'access-ended');
      return this.answer(ended ?? ((await this.sessions.get(s.id)) as LabSession));
    }
    await this.sessions.alive(s.id, this.now(), body.session_ans);
    // A cable board has no station: the student's app is the only witness of its answer.
    if (s.method === CABLE && s.lessonUuid && body.session_ans > 0) {
      if (body.session_ans !== s.reportedAnswer) {
        await this.recordCableAnswer(s, s.lessonUuid, body.session_ans);
      }
    }
    let current = s;
    if (s.state === 'waiting') {
      await this.promoteNext(s.boardId);
      current = (await this.sessions.get(s.id)) ?? s;
    }
    // New access only for a board that is online: while its station (or the broker) is
    // away the answer says so at once, and the page shows that the session waits.
    // (answer() grants active remote sessions only.)
    const grant = body.renew === true && this.isOnline(current.boardId);
    return this.answer({ ...current, reportedAnswer: body.session_ans }, { grant });
  }

  private async recordCableAnswer(s: LabSession, lessonUuid: string, answer: number) {
    try {
      await this.classroom.recordAnswer({
        sessionId: s.id,
        userId: s.userId,
        lessonUuid,
        answer,
        source: 'cable',
      });
    } catch (e) {
      this.log?.error({ err: e, session: s.id }, 'remote lab: recording a cable answer failed');
    }
  }

  async disconnect(user: UserRow, sessionId: number): Promise<SessionAnswer> {
    const s = await this.mine(user, sessionId);
    if (s.state === 'ended') return this.answer(s);
    const ended = await this.end(s, 'disconnected');
    return this.answer(ended ?? ((await this.sessions.get(s.id)) as LabSession));
  }

  private async mine(user: UserRow, id: number): Promise<LabSession> {
    const s = await this.sessions.get(id);
    if (!s || s.userId !== user.id) throw sessionNotFound();
    return s;
  }

  /**
   * The grade a remote-lab session's board gave, for the classroom to verify a Submit: null
   * when it gave none (or is a cable session); 404 when the session is not the student's in
   * this lesson, so a Submit cannot name someone else's.
   */
  async verifiedAnswer(
    sessionId: number,
    userId: string,
    lessonUuid: string,
  ): Promise<number | null> {
    const s = await this.sessions.get(sessionId);
    if (!s || s.userId !== userId || s.lessonUuid !== lessonUuid) throw sessionNotFound();
    if (s.method !== 12) return null;
    return s.answer > 0 ? s.answer : null;
  }

  // ---- Queue and grants -----------------------------------------------------------------

  /** Gives a free board to the longest-waiting session. */
  private async promoteNext(boardId: string): Promise<void> {
    if (!this.isOnline(boardId)) return;
    if (await this.sessions.holder(boardId)) return;
    for (;;) {
      const next = await this.sessions.nextInLine(boardId);
      if (!next) return;
      if (!(await this.stillGranted(next))) {
        await this.end(next, 'access-ended');
        continue;
      }
      const at = this.now();
      const limit = next.lessonUuid ? await this.classroom.lessonTimeLimit(next.lessonUuid) : null;
      const endsAt = limit ? at + limit * 60_000 : null;
      if (await this.sessions.promote(next.id, at, endsAt)) {
        await this.syncControl(boardId);
        return;
      }
      // Someone else holds the board now, or this one left the queue meanwhile.
      if (await this.sessions.holder(boardId)) return;
    }
  }

  /**
   * Tells the board's station who holds it now. An end and a promotion can race (a waiting
   * student's alive promotes while the end still revokes the old holder's broker access), so
   * the messages of one board go out one after another and each reads the holder as it goes:
   * the last one the station gets names the current holder, never a stale "free".
   */
  private syncControl(boardId: string): Promise<void> {
    const publish = async () => {
      const holder = await this.sessions.holder(boardId);
      const control: StationControl = {
        session: holder ? { key: holder.topicKey, id: holder.id, endsAt: holder.endsAt } : null,
      };
      const base = labBase(this.options.mqtt.prefix, boardId);
      await this.need().bus.publish(labTopics(base).control, JSON.stringify(control), true);
      this.controlSent.add(boardId);
    };
    const next = (this.controlQueue.get(boardId) ?? Promise.resolve()).then(publish, publish);
    this.controlQueue.set(boardId, next);
    const forget = () => {
      if (this.controlQueue.get(boardId) === next) this.controlQueue.delete(boardId);
    };
    next.then(forget, forget);
    return next;
  }

  /** Ends a live session: broker access closed, the station told, the next one promoted. */
  private async end(s: LabSession, reason: EndReason): Promise<LabSession | null> {
    const ended = await this.sessions.end(s.id, this.now(), reason);
    if (!ended) return null;
    if (s.state === 'active' && s.method !== CABLE) {
      await this.need().access.revokeSession(s.id);
      await this.syncControl(s.boardId);
      await this.promoteNext(s.boardId);
    }
    return { ...ended, endReason: reason, endedAt: this.now() };
  }

  /** Expired alives, time limits, stations gone; then queues that can move. */
  sweep(): Promise<void> {
    this.sweeping ??= this.sweepOnce()
      .catch((e: unknown) => this.log?.error({ err: e }, 'remote lab: sweep failed'))
      .finally(() => (this.sweeping = null));
    return this.sweeping;
  }

  private async sweepOnce(): Promise<void> {
    const t = this.now();
    // Alives missed while no process served count only once this one has served a time-out.
    if (t - this.startedAt >= this.timeoutMs) {
      for (const s of await this.sessions.silentSince(t - this.timeoutMs)) {
        await this.end(s, 'expired');
      }
    }
    for (const s of await this.sessions.overTime(t)) await this.end(s, 'time-limit');
    for (const s of await this.sessions.activeLab()) {
      const p = this.presence.get(s.boardId);
      // A station unheard since this process started has had no chance to report yet.
      const unheard = s.startedAt === null ? null : Math.max(s.startedAt, this.startedAt);
      const since = !p ? unheard : this.online(p, t) ? null : (p.offlineSince ?? p.seenAt);
      if (since !== null && t - since > this.options.mqtt.stationGraceMs) {
        await this.end(s, 'station-offline');
      }
    }
    for (const board of await this.sessions.boardsWithQueue()) await this.promoteNext(board);
    await this.sessions.prune(t - PRUNE_AFTER_MS);
  }

  private async answer(s: LabSession, options: { grant?: boolean } = {}): Promise<SessionAnswer> {
    const broker =
      options.grant && s.state === 'active' && s.method !== CABLE ? await this.grant(s) : null;
    return {
      session_id: s.id,
      state: s.state,
      connect_method: s.method,
      board_id: s.boardId,
      lesson_uuid: s.lessonUuid,
      position: s.state === 'waiting' ? await this.sessions.position(s) : 0,
      alive_ms:
        s.state === 'waiting'
          ? Math.min(WAITING_ALIVE_MS, this.options.mqtt.aliveMs)
          : this.options.mqtt.aliveMs,
      ends_at: s.endsAt === null ? null : new Date(s.endsAt).toISOString(),
      answer: s.method === CABLE ? s.reportedAnswer : s.answer,
      board_online: s.method === CABLE ? true : this.isOnline(s.boardId),
      end_reason: s.endReason,
      broker,
    };
  }

  /**
   * New broker access for a session's link, or null when the broker does not answer (it
   * restarts, say): the session goes on, its next alive asks again.
   */
  private async grant(s: LabSession): Promise<SessionAnswer['broker']> {
    const brokers = this.need();
    const password = newSecret();
    await this.sessions.setSecret(s.id, sha256(password));
    try {
      await brokers.access.grantSession(s.id, s.boardId, s.topicKey, password);
    } catch (e) {
      this.log?.error({ err: e, session: s.id }, 'remote lab: no broker access for now');
      return null;
    }
    const t = labTopics(labBase(this.options.mqtt.prefix, s.boardId));
    return {
      url: brokers.labUrl,
      username: labUsernames.session(this.options.mqtt.prefix, s.id),
      password,
      up: t.up(s.topicKey),
      down: t.down(s.topicKey),
      presence: t.presence,
    };
  }

  private need(): LabBrokers {
    if (!this.brokers) throw new Error('the remote lab has not started');
    return this.brokers;
  }
}
