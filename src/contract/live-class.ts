// The live classroom (docs/classroom.md "Live classroom"): a class's teachers see every
// student's program and board as they work and lead the class from one screen.
//
// Two carriers, each for what it does well:
// - High-rate updates (each student's program and board state, the teacher's broadcast
//   program) go over the authenticated MQTT broker (aedes in the process, or the shared
//   Mosquitto), on per-class topics with per-login credentials: only the class's teachers
//   may subscribe to a student's topics and only that student may publish on them
//   (`liveTopics` below). Nothing is retained: a teacher who joins asks for a full state.
// - Low-rate events (the session's state, eyes on me, broadcast on/off, hands up, stop the
//   boards, hand out, comments, a removed student) go through the server: a call stores
//   the change and publishes it on the event bus (server/events/), and every member's event
//   stream (server-sent events) on any replica passes on what concerns them, with replay
//   after a reconnect (Last-Event-ID).
//
// Calls (all under API_BASE_PATH, with a Bearer token; teachers: the class's teachers and
// admins; members: its teachers and students):
//   GET  /class/{uuid}/live                  → LiveState        (members)
//   GET  /class/{uuid}/live/events           → text/event-stream of LiveEvent (members)
//   PUT  /class/{uuid}/live/start            → LiveState        (teachers)
//   POST /class/{uuid}/live/join             → LiveLogin        (members, while live)
//   PUT  /class/{uuid}/live/end              → LiveState        (teachers)
//   PUT  /class/{uuid}/live/stop             LiveStopBody  → LiveStopped (teachers)
//   PUT  /class/{uuid}/live/eyes             LiveEyesBody  → LiveState (teachers)
//   PUT  /class/{uuid}/live/broadcast        LiveBroadcastBody → LiveState (teachers)
//   PUT  /class/{uuid}/live/handout          LiveHandoutBody → LiveHandedOut (teachers)
//   PUT  /class/{uuid}/live/hand             LiveHandBody  → LiveState (students: their own)
//   PUT  /class/{uuid}/live/hand/resolve     LiveResolveBody → LiveState (teachers)
//   GET  /class/{uuid}/comments              CommentQuery  → CommentList (teachers; students: their own)
//   POST /class/{uuid}/comments              CommentBody   → 201 Comment (teachers)
//   PUT  /class/{uuid}/comments/{id}/resolve               → Comment (teachers, the student)
import { Type, type Static } from '@sinclair/typebox';
import { Email } from './classroom.ts';
import { Uuid } from './common.ts';
import { LESSON_CODE_MAX } from './lessons.ts';

/** Eyes on me covers the students' editors this long unless the teacher says otherwise. */
export const EYES_DEFAULT_MINUTES = 5;
export const EYES_MAX_MINUTES = 60;
export const EYES_MESSAGE_MAX = 200;
/** A live class ends this long after the last teacher closed its live view. */
export const LIVE_IDLE_END_MS = 15 * 60_000;
/** A teacher's live view counts as open while its stream was seen this recently. */
export const LIVE_WATCHER_STALE_MS = 75_000;
/** At most this often a student sends its program, and its board state. */
export const LIVE_PROGRAM_EVERY_MS = 1000;
export const LIVE_BOARD_EVERY_MS = 500;
/** A student sends its whole state (not a delta) at least this often. */
export const LIVE_FULL_EVERY_MS = 10_000;
/** A student silent this long shows as offline on the teacher's grid. */
export const LIVE_SILENT_MS = 12_000;
/** The largest live message a student or teacher may publish. */
export const LIVE_MESSAGE_MAX = 128 * 1024;
export const COMMENT_TEXT_MAX = 1000;
/** Comments kept per student and lesson. */
export const COMMENTS_MAX = 200;

const Millis = Type.Number({ minimum: 0 });

export const LiveHand = Type.Object({
  email: Type.String(),
  name: Type.String(),
  /** The lesson the student had open, or null. */
  luuid: Type.Union([Uuid, Type.Null()]),
  /** When the hand went up (ms since the epoch); the queue is in this order. */
  at: Millis,
});
export type LiveHand = Static<typeof LiveHand>;

const LiveStudent = Type.Object({
  email: Type.String(),
  name: Type.String(),
  /** The student's topic key in this session (see liveTopics). */
  key: Type.String(),
});
type LiveStudent = Static<typeof LiveStudent>;

/** What every member's view of the live class shows. */
export const LiveState = Type.Object({
  class_uuid: Uuid,
  role: Type.Union([Type.Literal('teacher'), Type.Literal('student')]),
  /** A live session is on (a teacher opened the live view and has not ended it). */
  active: Type.Boolean(),
  startedAt: Type.Union([Millis, Type.Null()]),
  /** A teacher has the live view open now (the student's "watching" indicator). */
  watching: Type.Boolean(),
  eyes: Type.Union([
    Type.Object({ message: Type.String(), until: Millis, by: Type.String() }),
    Type.Null(),
  ]),
  /** A teacher is broadcasting their program (its name). */
  broadcast: Type.Union([Type.Object({ by: Type.String(), name: Type.String() }), Type.Null()]),
  /** Teachers: the whole queue, oldest first; a student: their own hand only. */
  hands: Type.Array(LiveHand),
  /** Teachers: the class's students with their topic keys; a student: none. */
  students: Type.Array(LiveStudent),
  /** A student: their own e-mail and topic key while live. */
  me: Type.Union([Type.Object({ email: Type.String(), key: Type.String() }), Type.Null()]),
});
export type LiveState = Static<typeof LiveState>;

/** Broker credentials for one live session of one member. */
export const LiveLogin = Type.Object({
  /** Where the browser connects (a path on the API's origin, or a ws(s) URL). */
  url: Type.String(),
  username: Type.String(),
  password: Type.String(),
  /** The class's topic base (see liveTopics). */
  base: Type.String(),
  role: Type.Union([Type.Literal('teacher'), Type.Literal('student')]),
  /** The student's own key ('' for a teacher). */
  key: Type.String(),
});
export type LiveLogin = Static<typeof LiveLogin>;

export const LiveStopBody = Type.Object(
  {
    /** Only these students (their e-mails); all of the class when absent. */
    emails: Type.Optional(Type.Array(Email, { minItems: 1, maxItems: 2000 })),
  },
  { additionalProperties: false },
);
export type LiveStopBody = Static<typeof LiveStopBody>;

export const LiveStopped = Type.Object({
  /** The stop's id (the students' boards answer nothing; the bench times it). */
  id: Type.String(),
  at: Millis,
  emails: Type.Union([Type.Array(Type.String()), Type.Null()]),
});
export type LiveStopped = Static<typeof LiveStopped>;

export const LiveEyesBody = Type.Object(
  {
    message: Type.String({ maxLength: EYES_MESSAGE_MAX }),
    /** 0 ends it; otherwise it runs this many minutes from now. */
    minutes: Type.Integer({ minimum: 0, maximum: EYES_MAX_MINUTES }),
  },
  { additionalProperties: false },
);
export type LiveEyesBody = Static<typeof LiveEyesBody>;

export const LiveBroadcastBody = Type.Object(
  { on: Type.Boolean(), name: Type.Optional(Type.String({ maxLength: 200 })) },
  { additionalProperties: false },
);
export type LiveBroadcastBody = Static<typeof LiveBroadcastBody>;

export const LiveHandoutBody = Type.Object(
  {
    /** The program file to hand out. */
    code: Type.String({ minLength: 1, maxLength: LESSON_CODE_MAX }),
    name: Type.String({ maxLength: 200 }),
    /** Only these students; all of the class when absent. */
    emails: Type.Optional(Type.Array(Email, { minItems: 1, maxItems: 2000 })),
  },
  { additionalProperties: false },
);
export type LiveHandoutBody = Static<typeof LiveHandoutBody>;

export const LiveHandedOut = Type.Object({
  id: Type.String(),
  emails: Type.Union([Type.Array(Type.String()), Type.Null()]),
});
export type LiveHandedOut = Static<typeof LiveHandedOut>;

export const LiveHandBody = Type.Object(
  { up: Type.Boolean(), luuid: Type.Optional(Type.Union([Uuid, Type.Null()])) },
  { additionalProperties: false },
);
export type LiveHandBody = Static<typeof LiveHandBody>;

export const LiveResolveBody = Type.Object({ email: Email }, { additionalProperties: false });
export type LiveResolveBody = Static<typeof LiveResolveBody>;

// Comments

export const CommentAnchor = Type.Union([
  /** A block of the workspace, by its Blockly id. */
  Type.Object({
    kind: Type.Literal('block'),
    block: Type.String({ minLength: 1, maxLength: 100 }),
  }),
  /** A line of the Logo text (1-based). */
  Type.Object({ kind: Type.Literal('line'), line: Type.Integer({ minimum: 1, maximum: 100000 }) }),
]);
export type CommentAnchor = Static<typeof CommentAnchor>;

export const Comment = Type.Object({
  id: Uuid,
  class_uuid: Uuid,
  luuid: Uuid,
  user_email: Type.String(),
  /** The submission it was written on, or null for a live program. */
  suuid: Type.Union([Uuid, Type.Null()]),
  anchor: CommentAnchor,
  text: Type.String(),
  author: Type.String(),
  createdAt: Type.String(),
  resolvedAt: Type.Union([Type.String(), Type.Null()]),
});
export type Comment = Static<typeof Comment>;

export const CommentBody = Type.Object(
  {
    luuid: Uuid,
    user_email: Email,
    suuid: Type.Optional(Type.Union([Uuid, Type.Null()])),
    anchor: CommentAnchor,
    text: Type.String({ minLength: 1, maxLength: COMMENT_TEXT_MAX }),
  },
  { additionalProperties: false },
);
export type CommentBody = Static<typeof CommentBody>;

export const CommentQuery = Type.Object(
  {
    luuid: Uuid,
    /** Teachers name the student; a student reads their own. */
    user_email: Type.Optional(Email),
  },
  { additionalProperties: false },
);
export type CommentQuery = Static<typeof CommentQuery>;

export const CommentList = Type.Object({ data: Type.Array(Comment) });
export type CommentList = Static<typeof CommentList>;

export const CommentParams = Type.Object({ uuid: Uuid, id: Uuid });
export type CommentParams = Static<typeof CommentParams>;

/** What a member's event stream carries (each with the bus's event id). */
export type LiveEvent =
  | { type: 'state'; state: LiveState }
  /** Stop the board now (a student's stream only carries stops that name them). */
  | { type: 'stop'; id: string; at: number }
  /** A program handed out to this student. */
  | { type: 'handout'; id: string; code: string; name: string; by: string }
  | { type: 'comment'; comment: Comment }
  /** The student was removed from the class: the stream ends after this. */
  | { type: 'removed' }
  /** Teachers: the class's students changed; read the state again. */
  | { type: 'roster' };

// Broker topics of a live class: `{prefix}/class/{classUuid}`
//   s/{key}/p    student → teachers: program (LiveProgramMessage)
//   s/{key}/b    student → teachers: board (LiveBoardMessage); the will says offline
//   t/sync       teachers → students: send your whole state now
//   t/program    teacher → students: the broadcast program (LiveProgramMessage)
export const liveBase = (prefix: string, classUuid: string) => `${prefix}/class/${classUuid}`;

export const liveTopics = (base: string) => ({
  program: (key: string) => `${base}/s/${key}/p`,
  board: (key: string) => `${base}/s/${key}/b`,
  anyStudent: `${base}/s/+/+`,
  sync: `${base}/t/sync`,
  broadcast: `${base}/t/program`,
});

/** The student key and kind of a student topic, or null. */
export function parseStudentTopic(
  base: string,
  topic: string,
): { key: string; kind: 'p' | 'b' } | null {
  if (!topic.startsWith(`${base}/s/`)) return null;
  const [key, kind, ...rest] = topic.slice(base.length + 3).split('/');
  if (!key || rest.length > 0 || (kind !== 'p' && kind !== 'b')) return null;
  return { key, kind };
}

/** A text edit: replace `n` characters at `i` with `s`. */
export interface Splice {
  i: number;
  n: number;
  s: string;
}

/** The compile result the student's app found for its program. */
export interface LiveCompile {
  ok: boolean;
  /** The first error (line in the Logo text, 0 when unknown). */
  error: { line: number; message: string } | null;
}

/**
 * A program update: `full` the whole program, or `d` the edits from the message `base`
 * (its seq) to this one. A receiver that lacks `base` asks for a sync.
 */
export interface LiveProgramMessage {
  seq: number;
  /** When the program last changed (ms since the epoch). */
  at: number;
  /** The lesson the student has open. */
  luuid: string | null;
  mode: 'blocks' | 'logo';
  full?: { xml: string; logo: string };
  base?: number;
  d?: { xml: Splice | null; logo: Splice | null };
  compile: LiveCompile | null;
  name?: string;
}

/** Motor as the grid shows it. */
interface LiveMotor {
  on: boolean;
  dir: 'cw' | 'ccw';
  power: number;
}

/** The board: whole (`full`) or the fields that changed since the message before. */
export interface LiveBoardState {
  /** 'none': no board connected. */
  link: 'none' | 'usb' | 'virtual' | 'remote' | 'plugin';
  type: number | null;
  running: boolean;
  motors: LiveMotor[];
  sensors: number[];
}

export interface LiveBoardMessage {
  seq: number;
  at: number;
  full?: LiveBoardState;
  d?: Partial<LiveBoardState>;
  /** The student's app closed or lost its connection (the MQTT will). */
  gone?: boolean;
}
