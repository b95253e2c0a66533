// The remote lab (classroom-and-labs §3 "Session", "Remote lab session", "Remote lab and
// lab group", §7 "Sessions", §8): boards reached through a session instead of a cable.
// Design, topics and timings: docs/remote-lab.md.
//
// Calls (all under API_BASE_PATH; all but the station's own connect need a Bearer token):
//   POST   /session/connect         SessionConnectBody → SessionAnswer   (board id, pin)
//   POST   /session/code-connect    CodeConnectBody    → SessionAnswer   (access code)
//   POST   /session/cable-connect   CableConnectBody   → SessionAnswer   (a USB board)
//   POST   /session/alive           AliveBody          → SessionAnswer
//   POST   /session/disconnect      DisconnectBody     → SessionAnswer
//   GET    /lab/browse/my                              → LabList         (the caller's labs)
//   GET    /lab/browse/listable     ?list=             → ListableBoards  (boards the caller may list)
//   POST   /lab/create              LabInput           → 201 Lab
//   GET    /lab/{uuid}                                 → Lab             (owner)
//   PUT    /lab/{uuid}              LabUpdate          → Lab             (owner)
//   DELETE /lab/{uuid}                                 → Deleted         (owner)
//   POST   /lab/{uuid}/station                         → StationGrant    (owner: the station page)
//   POST   /lab/{uuid}/station-key                     → StationKey      (owner: a new CLI key)
//   POST   /lab/station/connect     StationConnectBody → StationGrant    (public: board id + key)
//   GET    /lab-group/browse/my                        → LabGroupList
//   POST   /lab-group/create        LabGroupInput      → 201 LabGroup
//   GET    /lab-group/{uuid}                           → LabGroup        (owner)
//   PUT    /lab-group/{uuid}        LabGroupUpdate     → LabGroup        (owner)
//   DELETE /lab-group/{uuid}                           → Deleted         (owner)
import { Type, type Static } from '@sinclair/typebox';
import { Email } from './classroom.ts';
import { ListOf, NOT_BLANK_PATTERN, Uuid } from './common.ts';
import { BOARD_ID_PATTERN } from './lessons.ts';

export { BOARD_ID_PATTERN };

/** Connect methods (spec core §4): Remote Lab 12 (a lab board in a lesson, by id or code),
 * Remote Access 13 (a board by its id and pin, no lesson); USB 11 for cable sessions. */
const SESSION_METHODS = [11, 12, 13] as const;
export type SessionMethod = (typeof SESSION_METHODS)[number];

/** Alive period of a session that holds its board (ms); the server may send another. */
export const ALIVE_MS = 5000;
/** Alive period while waiting in the queue (also how often the position is refreshed). */
export const WAITING_ALIVE_MS = 2000;
/** A station publishes its presence this often (and at once when its answer changes). */
export const STATION_ALIVE_MS = 2000;
/** A board whose station was silent for this long counts as offline. */
export const STATION_SILENT_MS = 3 * STATION_ALIVE_MS;
/** A held board whose station stays offline this long ends the session ('station-offline'). */
export const STATION_GRACE_MS = 30_000;
/** Stations and apps reconnect to a lost broker every 5 s (spec core §9). */
export const BROKER_RECONNECT_MS = 5000;
/** At most one status report per holder this often (other reports go at once). */
export const STATUS_FORWARD_MS = 50;

/** A board's pin: 4 to 12 letters or digits. */
export const PIN_MIN = 4;
export const PIN_MAX = 12;
export const PIN_PATTERN = `^[0-9A-Za-z]{${PIN_MIN},${PIN_MAX}}$`;
const PIN_RULE = `${PIN_MIN} to ${PIN_MAX} letters or digits`;
/** The server's words for a pin that does not match the pattern. */
export const PIN_HINT = `must be ${PIN_RULE}`;
/** Eight characters of an unambiguous alphabet; entry ignores case, spaces and dashes. */
export { ACCESS_CODE_LENGTH, formatAccessCode, normalizeAccessCode } from './access-code.ts';
/** What a user may type: the code with any case, spaces and dashes. */
const ACCESS_CODE_INPUT_PATTERN = '^[0-9A-Za-z -]{1,32}$';

export const LAB_NAME_MAX = 100;
export const LAB_DESC_MAX = 4000;
export const KEYWORDS_MAX = 10;
export const KEYWORD_MAX = 30;
const GROUP_BOARDS_MAX = 50;
/** People one lab may be shared with. */
export const LAB_SHARES_MAX = 50;

const BoardId = Type.String({ pattern: BOARD_ID_PATTERN, description: 'The GoGo ID' });
const Pin = Type.String({ pattern: PIN_PATTERN, description: PIN_RULE });
const AccessCode = Type.String({ pattern: ACCESS_CODE_INPUT_PATTERN });
/** Session ids are positive integers; 0 means "no session" on the client (spec §3). */
const SessionId = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });
const Answer = Type.Integer({ minimum: 0, maximum: 255, description: '8-bit answer byte' });

// ---- Sessions ------------------------------------------------------------------------------

export const SessionConnectBody = Type.Object(
  {
    board_id: BoardId,
    /** The lesson the session is for (Remote Lab); absent: Remote Access with a pin. */
    lesson_uuid: Type.Optional(Uuid),
    /** Needed without a lesson; ignored when the lesson lists the board. */
    pin: Type.Optional(Pin),
  },
  { additionalProperties: false },
);
export type SessionConnectBody = Static<typeof SessionConnectBody>;

export const CodeConnectBody = Type.Object(
  { access_code: AccessCode, lesson_uuid: Type.Optional(Uuid) },
  { additionalProperties: false },
);
export type CodeConnectBody = Static<typeof CodeConnectBody>;

export const CableConnectBody = Type.Object(
  { board_id: BoardId, lesson_uuid: Uuid },
  { additionalProperties: false },
);
export type CableConnectBody = Static<typeof CableConnectBody>;

export const AliveBody = Type.Object(
  {
    session_id: SessionId,
    session_ans: Answer,
    /** The app holds no broker password for this session: send one if it is active. */
    renew: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type AliveBody = Static<typeof AliveBody>;

export const DisconnectBody = Type.Object(
  { session_id: SessionId },
  { additionalProperties: false },
);
export type DisconnectBody = Static<typeof DisconnectBody>;

const SESSION_STATES = ['waiting', 'active', 'ended'] as const;

const END_REASONS = [
  'disconnected',
  'expired',
  'time-limit',
  'station-offline',
  'lab-removed',
  /** The lesson or group no longer may use the board (its owner stopped sharing it). */
  'access-ended',
] as const;
export type EndReason = (typeof END_REASONS)[number];

/** What the holder's app needs to reach its board through the remote-lab broker. */
const BrokerGrant = Type.Object({
  /** ws(s):// URL, or a path on the API's origin (`/mqtt/lab`) for the embedded broker. */
  url: Type.String(),
  username: Type.String(),
  password: Type.String(),
  /** Board → holder: report frames (docs/remote-lab.md "Frames"). */
  up: Type.String(),
  /** Holder → board: command and sequence frames. */
  down: Type.String(),
  /** The station's retained presence (online, board info). */
  presence: Type.String(),
});
type BrokerGrant = Static<typeof BrokerGrant>;

export const SessionAnswer = Type.Object({
  session_id: Type.Integer(),
  state: Type.Union(SESSION_STATES.map((s) => Type.Literal(s))),
  connect_method: Type.Union(SESSION_METHODS.map((m) => Type.Literal(m))),
  board_id: Type.String(),
  lesson_uuid: Type.Union([Uuid, Type.Null()]),
  /** 1 = next in line; 0 when holding the board or ended. */
  position: Type.Integer({ minimum: 0 }),
  /** When the next alive is due (ms). */
  alive_ms: Type.Integer(),
  /** When the lesson's time limit ends the session (ISO 8601), or null. */
  ends_at: Type.Union([Type.String(), Type.Null()]),
  /** The answer byte the server recorded for this session (from the station's report). */
  answer: Answer,
  /** Whether the board's station is online now. */
  board_online: Type.Boolean(),
  end_reason: Type.Union([...END_REASONS.map((r) => Type.Literal(r)), Type.Null()]),
  /** Only to the holder, only while active. */
  broker: Type.Union([BrokerGrant, Type.Null()]),
});
export type SessionAnswer = Static<typeof SessionAnswer>;

// ---- Labs and lab groups -------------------------------------------------------------------

const Name = Type.String({ minLength: 1, maxLength: LAB_NAME_MAX, pattern: NOT_BLANK_PATTERN });
const Desc = Type.String({ maxLength: LAB_DESC_MAX, description: 'Markdown' });
const Keywords = Type.Array(Type.String({ minLength: 1, maxLength: KEYWORD_MAX }), {
  maxItems: KEYWORDS_MAX,
});

export const LabInput = Type.Object(
  {
    name: Name,
    description: Type.Optional(Desc),
    keywords: Type.Optional(Keywords),
    board_id: BoardId,
    pin: Pin,
  },
  { additionalProperties: false },
);
export type LabInput = Static<typeof LabInput>;

export const LabUpdate = Type.Composite(
  [
    Type.Partial(Type.Pick(LabInput, ['name', 'description', 'keywords', 'pin'])),
    Type.Object({
      /** True: a new access code (the old one stops working at once). */
      rotate_code: Type.Optional(Type.Boolean()),
      /** The owner offers the board to official lessons (moderators list it there). */
      official: Type.Optional(Type.Boolean()),
      /** Who else may list the board in their lessons and lab groups (verified e-mails);
       * replaces the list: a person left out loses the board at their next connect. */
      shared_with: Type.Optional(Type.Array(Email, { maxItems: LAB_SHARES_MAX })),
    }),
  ],
  { additionalProperties: false },
);
export type LabUpdate = Static<typeof LabUpdate>;

export const BoardStatusInfo = Type.Object({
  online: Type.Boolean(),
  board_type: Type.Integer(),
  board_version: Type.Integer(),
  firmware_version: Type.Integer(),
  /** The session holding the board (id), or null. */
  session_id: Type.Union([Type.Integer(), Type.Null()]),
  /** Sessions waiting for the board. */
  queue: Type.Integer(),
});
export type BoardStatusInfo = Static<typeof BoardStatusInfo>;

export const Lab = Type.Object({
  uuid: Uuid,
  name: Type.String(),
  description: Type.String(),
  keywords: Type.Array(Type.String()),
  board_id: Type.String(),
  /** Shown as ABCD-EFGH; students connect with it instead of the GoGo ID and pin. */
  access_code: Type.String(),
  /** A CLI station key exists (its value is shown once, when made). */
  has_station_key: Type.Boolean(),
  /** Offered to official lessons' lists. */
  official: Type.Boolean(),
  /** E-mails of the people who may list the board too. */
  shared_with: Type.Array(Type.String()),
  status: BoardStatusInfo,
  createdAt: Type.String(),
  updatedAt: Type.String(),
});
export type Lab = Static<typeof Lab>;

export const LabList = ListOf(Lab);
export type LabList = Static<typeof LabList>;

/** Which list the boards are for: a private list or lab group (own and shared labs), or an
 * official lesson's list (labs their owners made official; moderators). */
const LISTABLE_FOR = ['private', 'official'] as const;
export const ListableQuery = Type.Object(
  { list: Type.Optional(Type.Union(LISTABLE_FOR.map((l) => Type.Literal(l)))) },
  { additionalProperties: false },
);
export type ListableQuery = Static<typeof ListableQuery>;

const ListableBoard = Type.Object({
  board_id: Type.String(),
  /** The lab's name. */
  name: Type.String(),
  /** The caller owns the lab (otherwise it is shared with them, or official). */
  mine: Type.Boolean(),
});
type ListableBoard = Static<typeof ListableBoard>;

export const ListableBoards = ListOf(ListableBoard);
export type ListableBoards = Static<typeof ListableBoards>;

export const LabGroupInput = Type.Object(
  {
    name: Name,
    description: Type.Optional(Desc),
    keywords: Type.Optional(Keywords),
    board_ids: Type.Array(BoardId, { minItems: 1, maxItems: GROUP_BOARDS_MAX }),
  },
  { additionalProperties: false },
);
export type LabGroupInput = Static<typeof LabGroupInput>;

export const LabGroupUpdate = Type.Object(
  {
    name: Type.Optional(Name),
    description: Type.Optional(Desc),
    keywords: Type.Optional(Keywords),
    board_ids: Type.Optional(Type.Array(BoardId, { minItems: 1, maxItems: GROUP_BOARDS_MAX })),
    rotate_code: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type LabGroupUpdate = Static<typeof LabGroupUpdate>;

export const LabGroup = Type.Object({
  uuid: Uuid,
  name: Type.String(),
  description: Type.String(),
  keywords: Type.Array(Type.String()),
  board_ids: Type.Array(Type.String()),
  access_code: Type.String(),
  createdAt: Type.String(),
  updatedAt: Type.String(),
});
export type LabGroup = Static<typeof LabGroup>;

export const LabGroupList = ListOf(LabGroup);
export type LabGroupList = Static<typeof LabGroupList>;

export const StationConnectBody = Type.Object(
  { board_id: BoardId, key: Type.String({ minLength: 20, maxLength: 100 }) },
  { additionalProperties: false },
);
export type StationConnectBody = Static<typeof StationConnectBody>;

/** What a station needs to serve its board (docs/remote-lab.md "Topics"). */
export const StationGrant = Type.Object({
  board_id: Type.String(),
  url: Type.String(),
  username: Type.String(),
  password: Type.String(),
  /** `{prefix}/lab/{board}`: the station's topics are below it. */
  base: Type.String(),
});
export type StationGrant = Static<typeof StationGrant>;

export const StationKey = Type.Object({
  /** Shown once; `npm run lab-station -- --board-id … --key …`. */
  key: Type.String(),
});
export type StationKey = Static<typeof StationKey>;

/** Error codes of the remote lab (their texts: `global.mapping.{code}` in every locale). */
export const REMOTE_LAB_ERRORS = [
  'wrong_board_or_pin',
  'wrong_access_code',
  'board_offline',
  'session_not_found',
  'lab_not_found',
  'lab_group_not_found',
  'board_id_taken',
  'board_not_allowed',
  'board_not_official',
  'wrong_station_key',
  'lesson_not_found',
  'too_many_sessions',
] as const;
