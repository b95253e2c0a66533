// The live classroom on the server (docs/classroom.md "Live classroom"): a class's live
// session, its low-rate state (eyes on me, broadcast, hands up, who watches), the commands a
// teacher sends (stop the boards, hand out a program), comments on students' programs, and
// the broker logins through which students' programs and boards reach the teachers.
//
// Every change is stored first and then published on the event bus (topic `live/{class}`),
// so each member's event stream, on whichever replica it is open, hears it once and in order;
// the high-rate program and board updates never touch the server: they go from student to
// teachers over the broker, on topics only those logins may use (lab-access.ts).
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import {
  COMMENTS_MAX,
  LIVE_IDLE_END_MS,
  LIVE_WATCHER_STALE_MS,
  liveBase,
  type Comment,
  type CommentAnchor,
  type CommentBody,
  type LiveBroadcastBody,
  type LiveEyesBody,
  type LiveHand,
  type LiveHandBody,
  type LiveHandedOut,
  type LiveHandoutBody,
  type LiveLogin,
  type LiveState,
  type LiveStopped,
} from '../../src/contract/live-class.ts';
import { now as isoNow } from '../db/clock.ts';
import type { Database, ProgramCommentsTable } from '../db/schema.ts';
import type { BusEvent, EventBus, Subscription } from '../events/event-bus.ts';
import type { ClassLogin, LabAccess } from '../remote-lab/lab-access.ts';
import { sha256 } from '../remote-lab/lab-access.ts';
import { memberOf, type Caller } from './caller.ts';
import type { ClassStore } from './class-store.ts';
import { classroomError } from './errors.ts';
import type { ClassroomEvents } from './events.ts';

/** The class-wide part of the live state, as the bus carries it. */
interface SharedLiveState {
  active: boolean;
  startedAt: number | null;
  watching: boolean;
  eyes: LiveState['eyes'];
  broadcast: LiveState['broadcast'];
  hands: LiveHand[];
}

/** What the bus carries on `live/{class}`. */
export type LiveBusEvent =
  | { type: 'state'; state: SharedLiveState }
  | { type: 'stop'; id: string; at: number; emails: string[] | null }
  | { type: 'handout'; id: string; code: string; name: string; by: string; emails: string[] | null }
  | { type: 'comment'; comment: Comment }
  | { type: 'removed'; emails: string[] }
  | { type: 'roster' };

const liveTopic = (classUuid: string) => `live/${classUuid}`;

/** Who is asking, inside the class. */
export interface LiveMember {
  classUuid: string;
  role: 'teacher' | 'student';
  userId: string;
  /** The student's e-mail in the class ('' for a teacher). */
  email: string;
  name: string;
}

interface LiveBroker {
  /** Where browsers connect. */
  url: string;
  prefix: string;
  access: LabAccess;
}

const SWEEP_MS = 15_000;
const num = (v: number | string | null): number | null => (v === null ? null : Number(v));

export class LiveClass {
  private broker: LiveBroker | null = null;
  private sweeper: NodeJS.Timeout | null = null;
  private readonly now: () => number;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly classes: ClassStore,
    events: ClassroomEvents,
    private readonly bus: EventBus | null,
    options: { now?: () => number } = {},
  ) {
    this.now = options.now ?? Date.now;
    events.on('unenrolled', (e) =>
      e.type === 'student' ? this.removed(e.classUuid, e.emails) : undefined,
    );
    events.on('enrolled', (e) => this.rosterChanged(e.classUuid));
  }

  /** The broker arrives after the classroom is made; live logins need it. */
  setBroker(broker: LiveBroker): void {
    this.broker = broker;
  }

  /** Sweeps stale watchers and idle sessions every few seconds (every replica may). */
  startSweeping(): void {
    this.sweeper ??= setInterval(() => void this.sweep().catch(() => {}), SWEEP_MS);
    this.sweeper.unref();
  }

  async stopSweeping(): Promise<void> {
    if (this.sweeper) clearInterval(this.sweeper);
    this.sweeper = null;
  }

  // Who

  /** A teacher (or admin) or a student of the class; 404/403 for everyone else. */
  async member(caller: Caller, classUuid: string): Promise<LiveMember> {
    const view = await this.classes.view(caller, classUuid);
    const name = await this.nameOf(caller.id, caller.email);
    if (view.permissions.grade) {
      return { classUuid, role: 'teacher', userId: caller.id, email: '', name };
    }
    if (view.role !== 'student') throw classroomError('not_class_teacher');
    const seat = await this.db
      .selectFrom('class_members as m')
      .select('m.email')
      .where('m.class_uuid', '=', classUuid)
      .where('m.type', '=', 'student')
      .where(memberOf(caller, 'm'))
      .executeTakeFirst();
    if (!seat) throw classroomError('not_a_member');
    return { classUuid, role: 'student', userId: caller.id, email: seat.email, name };
  }

  private async nameOf(userId: string, fallback: string): Promise<string> {
    const row = await this.db
      .selectFrom('users')
      .select('name')
      .where('id', '=', userId)
      .executeTakeFirst();
    return row?.name || fallback;
  }

  // State

  private async session(classUuid: string) {
    return this.db
      .selectFrom('live_classes')
      .selectAll()
      .where('class_uuid', '=', classUuid)
      .executeTakeFirst();
  }

  /** The class-wide state now. */
  async shared(classUuid: string): Promise<SharedLiveState> {
    const [row, watchers, hands] = await Promise.all([
      this.session(classUuid),
      this.db
        .selectFrom('live_watchers')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('class_uuid', '=', classUuid)
        .where('seen_at', '>', this.now() - LIVE_WATCHER_STALE_MS)
        .executeTakeFirstOrThrow(),
      this.db
        .selectFrom('live_hands')
        .selectAll()
        .where('class_uuid', '=', classUuid)
        .orderBy('raised_at')
        .orderBy('student_email')
        .execute(),
    ]);
    if (!row) {
      return {
        active: false,
        startedAt: null,
        watching: false,
        eyes: null,
        broadcast: null,
        hands: [],
      };
    }
    const until = num(row.eyes_until);
    return {
      active: true,
      startedAt: Number(row.started_at),
      watching: Number(watchers.n) > 0,
      eyes:
        until !== null && until > this.now()
          ? { message: row.eyes_message ?? '', until, by: row.eyes_by ?? '' }
          : null,
      broadcast: row.broadcast_by ? { by: row.broadcast_by, name: row.broadcast_name ?? '' } : null,
      hands: hands.map((h) => ({
        email: h.student_email,
        name: h.name,
        luuid: h.lesson_uuid,
        at: Number(h.raised_at),
      })),
    };
  }

  /** The state as one member sees it. */
  async state(caller: Caller, classUuid: string): Promise<LiveState> {
    const member = await this.member(caller, classUuid);
    return this.view(member, await this.shared(classUuid));
  }

  /** The shared state filtered for one member (students see only their own hand). */
  async view(member: LiveMember, shared: SharedLiveState): Promise<LiveState> {
    const row = shared.active ? await this.session(member.classUuid) : undefined;
    const sessionId = row?.session_id ?? null;
    const base: LiveState = {
      class_uuid: member.classUuid,
      role: member.role,
      active: shared.active,
      startedAt: shared.startedAt,
      watching: shared.watching,
      eyes: shared.eyes,
      broadcast: shared.broadcast,
      hands: [],
      students: [],
      me: null,
    };
    if (member.role === 'student') {
      return {
        ...base,
        hands: shared.hands.filter((h) => h.email === member.email),
        me: sessionId ? { email: member.email, key: topicKey(sessionId, member.email) } : null,
      };
    }
    const students = await this.db
      .selectFrom('class_members as m')
      .leftJoin('users as u', 'u.id', 'm.user_id')
      .select(['m.email', 'u.name'])
      .where('m.class_uuid', '=', member.classUuid)
      .where('m.type', '=', 'student')
      .orderBy(sql`coalesce(lower(u.name), m.email)`)
      .orderBy('m.email')
      .execute();
    return {
      ...base,
      hands: shared.hands,
      students: students.map((s) => ({
        email: s.email,
        name: s.name || s.email,
        key: sessionId ? topicKey(sessionId, s.email) : '',
      })),
    };
  }

  private async publish(classUuid: string, event: LiveBusEvent): Promise<BusEvent | null> {
    if (!this.bus) return null;
    return this.bus.publish(liveTopic(classUuid), event);
  }

  private async publishState(classUuid: string): Promise<SharedLiveState> {
    const shared = await this.shared(classUuid);
    await this.publish(classUuid, { type: 'state', state: shared });
    return shared;
  }

  /** Hears the class's live events on every replica (after the bus id `after`). */
  watch(
    classUuid: string,
    listener: (event: LiveBusEvent, id: number) => void,
    after?: number,
  ): Subscription {
    if (!this.bus) throw new Error('the live class has no bus');
    return this.bus.subscribe(
      liveTopic(classUuid),
      (event) => listener(event.data as LiveBusEvent, event.id),
      after === undefined ? {} : { after },
    );
  }

  // A teacher's live view (its event stream) starts the session and keeps it watched.

  /** A teacher starts the live class (nothing changes when it is on already). */
  async start(caller: Caller, classUuid: string): Promise<LiveState> {
    const member = await this.teacherMember(caller, classUuid);
    const at = this.now();
    const started = await this.db
      .insertInto('live_classes')
      .values({
        class_uuid: classUuid,
        session_id: randomBytes(18).toString('base64url'),
        started_at: at,
        started_by: member.userId,
        // Idle until a teacher's live view opens its stream.
        idle_since: at,
      })
      .onConflict((oc) => oc.column('class_uuid').doNothing())
      .executeTakeFirst();
    if (Number(started.numInsertedOrUpdatedRows ?? 0) > 0) {
      await this.db
        .updateTable('live_classes')
        .set({ idle_since: null })
        .where('class_uuid', '=', classUuid)
        .where(({ exists, selectFrom }) =>
          exists(
            selectFrom('live_watchers').select('stream_id').where('class_uuid', '=', classUuid),
          ),
        )
        .execute();
      return this.view(member, await this.publishState(classUuid));
    }
    return this.view(member, await this.shared(classUuid));
  }

  /** A teacher's live view opened its stream: the class is watched. */
  async watcherOpened(member: LiveMember, streamId: string): Promise<void> {
    const at = this.now();
    await this.db
      .updateTable('live_classes')
      .set({ idle_since: null })
      .where('class_uuid', '=', member.classUuid)
      .execute();
    await this.db
      .insertInto('live_watchers')
      .values({
        stream_id: streamId,
        class_uuid: member.classUuid,
        user_id: member.userId,
        seen_at: at,
      })
      .execute();
    await this.publishState(member.classUuid);
  }

  async watcherSeen(streamId: string): Promise<void> {
    await this.db
      .updateTable('live_watchers')
      .set({ seen_at: this.now() })
      .where('stream_id', '=', streamId)
      .execute();
  }

  async watcherClosed(classUuid: string, streamId: string): Promise<void> {
    const gone = await this.db
      .deleteFrom('live_watchers')
      .where('stream_id', '=', streamId)
      .executeTakeFirst();
    if (Number(gone.numDeletedRows) === 0) return;
    await this.markIdle(classUuid);
    await this.publishState(classUuid);
  }

  private async markIdle(classUuid: string): Promise<void> {
    const left = await this.db
      .selectFrom('live_watchers')
      .select('stream_id')
      .where('class_uuid', '=', classUuid)
      .executeTakeFirst();
    if (left) return;
    await this.db
      .updateTable('live_classes')
      .set({ idle_since: this.now() })
      .where('class_uuid', '=', classUuid)
      .where('idle_since', 'is', null)
      .execute();
  }

  /** Stale watchers (a replica that died) go; sessions idle too long end. */
  async sweep(): Promise<void> {
    const stale = await this.db
      .selectFrom('live_watchers')
      .select(['stream_id', 'class_uuid'])
      .where('seen_at', '<', this.now() - LIVE_WATCHER_STALE_MS)
      .execute();
    for (const w of stale) await this.watcherClosed(w.class_uuid, w.stream_id);
    const idle = await this.db
      .selectFrom('live_classes')
      .select('class_uuid')
      .where('idle_since', '<', this.now() - LIVE_IDLE_END_MS)
      .execute();
    for (const s of idle) await this.endSession(s.class_uuid);
  }

  /** Ends the session: nothing of it is kept (comments are feedback and stay). */
  async end(caller: Caller, classUuid: string): Promise<LiveState> {
    const member = await this.teacherMember(caller, classUuid);
    await this.endSession(classUuid);
    return this.view(member, await this.shared(classUuid));
  }

  private async endSession(classUuid: string): Promise<void> {
    const logins = await this.db
      .selectFrom('live_logins')
      .select('id')
      .where('class_uuid', '=', classUuid)
      .execute();
    await this.db.transaction().execute(async (tx) => {
      await tx.deleteFrom('live_hands').where('class_uuid', '=', classUuid).execute();
      await tx.deleteFrom('live_logins').where('class_uuid', '=', classUuid).execute();
      await tx.deleteFrom('live_watchers').where('class_uuid', '=', classUuid).execute();
      await tx.deleteFrom('live_classes').where('class_uuid', '=', classUuid).execute();
    });
    await this.revoke(logins.map((l) => l.id));
    await this.publishState(classUuid);
  }

  private async revoke(ids: number[]): Promise<void> {
    const access = this.broker?.access;
    if (!access) return;
    for (const id of ids) await access.revokeClassLogin(id).catch(() => {});
  }

  private async teacherMember(caller: Caller, classUuid: string): Promise<LiveMember> {
    const member = await this.member(caller, classUuid);
    if (member.role !== 'teacher') throw classroomError('not_class_teacher');
    return member;
  }

  private async activeSession(classUuid: string) {
    const row = await this.session(classUuid);
    if (!row) throw classroomError('live_not_active');
    return row;
  }

  // Broker logins

  /** Broker credentials for the caller's part in the session. */
  async join(caller: Caller, classUuid: string): Promise<LiveLogin> {
    const member = await this.member(caller, classUuid);
    const row = await this.activeSession(classUuid);
    const broker = this.broker;
    if (!broker) throw new Error('the live class has no broker');
    const key = member.role === 'student' ? topicKey(row.session_id, member.email) : '';
    const password = randomBytes(24).toString('base64url');
    const login: ClassLogin = {
      base: liveBase(broker.prefix, classUuid),
      live: member.role,
      key,
    };
    const { id } = await this.db
      .insertInto('live_logins')
      .values({
        class_uuid: classUuid,
        role: member.role,
        student_email: member.email,
        user_id: member.userId,
        topic_key: key,
        secret_hash: sha256(password),
        created_at: this.now(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await broker.access.grantClassLogin(Number(id), login, password);
    return {
      url: broker.url,
      username: `${broker.prefix}:cl:${id}`,
      password,
      base: login.base,
      role: member.role,
      key,
    };
  }

  /** Who a broker login is (the embedded broker's check). */
  async lookup(
    loginId: number,
  ): Promise<{ secretHash: string; boardId: string; live: ClassLogin } | null> {
    const row = await this.db
      .selectFrom('live_logins')
      .selectAll()
      .where('id', '=', loginId)
      .executeTakeFirst();
    if (!row || !this.broker) return null;
    return {
      secretHash: row.secret_hash,
      boardId: '',
      live: {
        base: liveBase(this.broker.prefix, row.class_uuid),
        live: row.role === 'teacher' ? 'teacher' : 'student',
        key: row.topic_key,
      },
    };
  }

  /** After a restart: logins of sessions that ended meanwhile lose their broker access. */
  async reconcile(): Promise<void> {
    const rows = await this.db.selectFrom('live_logins').select('id').execute();
    await this.broker?.access.reconcileClassLogins(new Set(rows.map((r) => Number(r.id))));
  }

  // Leading the class

  async stop(caller: Caller, classUuid: string, emails?: string[]): Promise<LiveStopped> {
    await this.teacherMember(caller, classUuid);
    await this.activeSession(classUuid);
    const named = emails ? await this.students(classUuid, emails) : null;
    const stop = { id: randomUUID(), at: this.now(), emails: named };
    await this.publish(classUuid, { type: 'stop', ...stop });
    return stop;
  }

  /** The class's students among `emails` (404 not_a_member when one is not). */
  private async students(classUuid: string, emails: string[]): Promise<string[]> {
    const wanted = [...new Set(emails.map((e) => e.trim().toLowerCase()))];
    const rows = await this.db
      .selectFrom('class_members')
      .select('email')
      .where('class_uuid', '=', classUuid)
      .where('type', '=', 'student')
      .where('email', 'in', wanted)
      .execute();
    if (rows.length < wanted.length) throw classroomError('not_a_member');
    return rows.map((r) => r.email);
  }

  async eyes(caller: Caller, classUuid: string, body: LiveEyesBody): Promise<LiveState> {
    const member = await this.teacherMember(caller, classUuid);
    await this.activeSession(classUuid);
    const on = body.minutes > 0;
    await this.db
      .updateTable('live_classes')
      .set({
        eyes_message: on ? body.message.trim() : null,
        eyes_until: on ? this.now() + body.minutes * 60_000 : null,
        eyes_by: on ? member.name : null,
      })
      .where('class_uuid', '=', classUuid)
      .execute();
    return this.view(member, await this.publishState(classUuid));
  }

  async broadcast(caller: Caller, classUuid: string, body: LiveBroadcastBody): Promise<LiveState> {
    const member = await this.teacherMember(caller, classUuid);
    await this.activeSession(classUuid);
    await this.db
      .updateTable('live_classes')
      .set({
        broadcast_by: body.on ? member.name : null,
        broadcast_name: body.on ? (body.name ?? '').trim() : null,
      })
      .where('class_uuid', '=', classUuid)
      .execute();
    return this.view(member, await this.publishState(classUuid));
  }

  async handout(caller: Caller, classUuid: string, body: LiveHandoutBody): Promise<LiveHandedOut> {
    const member = await this.teacherMember(caller, classUuid);
    await this.activeSession(classUuid);
    const named = body.emails ? await this.students(classUuid, body.emails) : null;
    const id = randomUUID();
    await this.publish(classUuid, {
      type: 'handout',
      id,
      code: body.code,
      name: body.name.trim(),
      by: member.name,
      emails: named,
    });
    return { id, emails: named };
  }

  /** A student raises or lowers their hand. */
  async hand(caller: Caller, classUuid: string, body: LiveHandBody): Promise<LiveState> {
    const member = await this.member(caller, classUuid);
    if (member.role !== 'student') throw classroomError('not_enrolled');
    await this.activeSession(classUuid);
    if (body.up) {
      await this.db
        .insertInto('live_hands')
        .values({
          class_uuid: classUuid,
          student_email: member.email,
          name: member.name,
          lesson_uuid: await this.lessonInClass(classUuid, body.luuid ?? null),
          raised_at: this.now(),
        })
        // A hand already up keeps its place in the queue.
        .onConflict((oc) => oc.columns(['class_uuid', 'student_email']).doNothing())
        .execute();
    } else {
      await this.lowerHand(classUuid, member.email);
    }
    return this.view(member, await this.publishState(classUuid));
  }

  private async lessonInClass(classUuid: string, luuid: string | null): Promise<string | null> {
    if (!luuid) return null;
    const row = await this.db
      .selectFrom('class_lessons')
      .select('lesson_uuid')
      .where('class_uuid', '=', classUuid)
      .where('lesson_uuid', '=', luuid)
      .executeTakeFirst();
    if (!row) throw classroomError('lesson_not_in_class');
    return row.lesson_uuid;
  }

  private async lowerHand(classUuid: string, email: string): Promise<void> {
    await this.db
      .deleteFrom('live_hands')
      .where('class_uuid', '=', classUuid)
      .where('student_email', '=', email)
      .execute();
  }

  /** A teacher resolves a student's hand (it goes from the queue and the student's side). */
  async resolveHand(caller: Caller, classUuid: string, email: string): Promise<LiveState> {
    const member = await this.teacherMember(caller, classUuid);
    await this.activeSession(classUuid);
    const [student] = await this.students(classUuid, [email]);
    await this.lowerHand(classUuid, student ?? email);
    return this.view(member, await this.publishState(classUuid));
  }

  /** Students left the class: their hands, logins and streams go; the teachers are told. */
  private async removed(classUuid: string, emails: string[]): Promise<void> {
    if (emails.length === 0) return;
    const logins = await this.db
      .selectFrom('live_logins')
      .select('id')
      .where('class_uuid', '=', classUuid)
      .where('student_email', 'in', emails)
      .execute();
    await this.db
      .deleteFrom('live_logins')
      .where('class_uuid', '=', classUuid)
      .where('student_email', 'in', emails)
      .execute();
    await this.revoke(logins.map((l) => l.id));
    await this.db
      .deleteFrom('live_hands')
      .where('class_uuid', '=', classUuid)
      .where('student_email', 'in', emails)
      .execute();
    await this.publish(classUuid, { type: 'removed', emails });
    if (await this.session(classUuid)) await this.publishState(classUuid);
  }

  /** A student joined the class: the teachers' grids read the roster again. */
  async rosterChanged(classUuid: string): Promise<void> {
    if (await this.session(classUuid)) await this.publish(classUuid, { type: 'roster' });
  }

  // Comments

  async comments(
    caller: Caller,
    classUuid: string,
    luuid: string,
    email: string | undefined,
  ): Promise<Comment[]> {
    const member = await this.member(caller, classUuid);
    let student: string;
    if (member.role === 'teacher') {
      if (!email) throw classroomError('not_a_member');
      student = email.trim().toLowerCase();
      await this.knownStudent(classUuid, student);
    } else {
      // A student reads their own; naming a classmate finds nothing of theirs.
      if (email && email.trim().toLowerCase() !== member.email) {
        throw classroomError('not_class_teacher');
      }
      student = member.email;
    }
    await this.lessonInClass(classUuid, luuid);
    const rows = await this.db
      .selectFrom('program_comments')
      .selectAll()
      .where('class_uuid', '=', classUuid)
      .where('lesson_uuid', '=', luuid)
      .where('student_email', '=', student)
      .orderBy('created_at')
      .execute();
    return rows.map(toComment);
  }

  /** A student of the class, or one whose work the class keeps (a removed student). */
  private async knownStudent(classUuid: string, email: string): Promise<void> {
    const member = await this.db
      .selectFrom('class_members')
      .select('email')
      .where('class_uuid', '=', classUuid)
      .where('type', '=', 'student')
      .where('email', '=', email)
      .executeTakeFirst();
    if (member) return;
    const work = await this.db
      .selectFrom('submissions')
      .select('suuid')
      .where('class_uuid', '=', classUuid)
      .where('student_email', '=', email)
      .executeTakeFirst();
    if (!work) throw classroomError('not_a_member');
  }

  async addComment(caller: Caller, classUuid: string, body: CommentBody): Promise<Comment> {
    const member = await this.teacherMember(caller, classUuid);
    const student = body.user_email.trim().toLowerCase();
    await this.knownStudent(classUuid, student);
    await this.lessonInClass(classUuid, body.luuid);
    if (body.suuid) {
      const sub = await this.db
        .selectFrom('submissions')
        .select('suuid')
        .where('suuid', '=', body.suuid)
        .where('class_uuid', '=', classUuid)
        .where('lesson_uuid', '=', body.luuid)
        .where('student_email', '=', student)
        .executeTakeFirst();
      if (!sub) throw classroomError('submission_not_found');
    }
    const count = await this.db
      .selectFrom('program_comments')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('class_uuid', '=', classUuid)
      .where('lesson_uuid', '=', body.luuid)
      .where('student_email', '=', student)
      .executeTakeFirstOrThrow();
    if (Number(count.n) >= COMMENTS_MAX) {
      // The oldest resolved one makes room; with none resolved the newest still goes in.
      const oldest = await this.db
        .selectFrom('program_comments')
        .select('id')
        .where('class_uuid', '=', classUuid)
        .where('lesson_uuid', '=', body.luuid)
        .where('student_email', '=', student)
        .where('resolved_at', 'is not', null)
        .orderBy('created_at')
        .executeTakeFirst();
      if (oldest)
        await this.db.deleteFrom('program_comments').where('id', '=', oldest.id).execute();
    }
    const row: ProgramCommentsTable = {
      id: randomUUID(),
      class_uuid: classUuid,
      lesson_uuid: body.luuid,
      student_email: student,
      suuid: body.suuid ?? null,
      anchor: JSON.stringify(body.anchor),
      text: body.text.trim(),
      author_id: member.userId,
      author_name: member.name,
      created_at: isoNow(),
      resolved_at: null,
    };
    await this.db.insertInto('program_comments').values(row).execute();
    const comment = toComment(row);
    await this.publish(classUuid, { type: 'comment', comment });
    return comment;
  }

  /** The class's teachers or the student it was written to resolve a comment. */
  async resolveComment(caller: Caller, classUuid: string, id: string): Promise<Comment> {
    const member = await this.member(caller, classUuid);
    const row = await this.db
      .selectFrom('program_comments')
      .selectAll()
      .where('id', '=', id)
      .where('class_uuid', '=', classUuid)
      .executeTakeFirst();
    if (!row || (member.role === 'student' && row.student_email !== member.email)) {
      throw classroomError('comment_not_found');
    }
    const resolved = { ...row, resolved_at: row.resolved_at ?? isoNow() };
    await this.db
      .updateTable('program_comments')
      .set({ resolved_at: resolved.resolved_at })
      .where('id', '=', id)
      .execute();
    const comment = toComment(resolved);
    await this.publish(classUuid, { type: 'comment', comment });
    return comment;
  }
}

/** A student's topic key in a session: unguessable without the session's id. */
function topicKey(sessionId: string, email: string): string {
  return createHash('sha256').update(`${sessionId}:${email}`).digest('base64url').slice(0, 22);
}

function toComment(row: ProgramCommentsTable): Comment {
  return {
    id: row.id,
    class_uuid: row.class_uuid,
    luuid: row.lesson_uuid,
    user_email: row.student_email,
    suuid: row.suuid,
    anchor: JSON.parse(row.anchor) as CommentAnchor,
    text: row.text,
    author: row.author_name,
    createdAt: row.created_at,
    resolvedAt: row.resolved_at,
  };
}
