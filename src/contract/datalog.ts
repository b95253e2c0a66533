// Cloud datalog (classroom-and-labs §2 /datalog/public/{channel?}, §3 "Datalog settings",
// §6, §8). The spec names the settings and messages but not the calls; this file is the one
// definition of every request and answer shape. The server validates requests and
// serialises answers with these schemas; the UI imports the static types and constants.
//
// Calls (all under API_BASE_PATH). A Bearer token is optional on every call: without one the
// caller sees and writes only the public log and public channels.
//   GET    /datalog/channels                         → ChannelList (public + mine)
//   POST   /datalog/channels       ChannelInput      → 201 Channel                 (login)
//   GET    /datalog/channels/{id}                    → Channel (private: owner only)
//   PUT    /datalog/channels/{id}  ChannelUpdate     → Channel                     (owner)
//   DELETE /datalog/channels/{id}                    → IdRef                       (owner)
//   POST   /datalog/channels/{id}/records  RecordBatch → Ingested  (owner; the public log: anyone)
//   GET    /datalog/channels/{id}/fields   FieldQuery  → FieldList
//   PUT    /datalog/channels/{id}/fields/{name} FieldUpdate → Field   (owner; tag name, colour)
//   DELETE /datalog/channels/{id}/fields/{name}       → Deleted field  (owner; the public
//          log: a moderator) the field and all its records
//   DELETE /datalog/channels/{id}/fields/{name}/records  RecordRange → RecordsDeleted
//          (owner; the public log: a moderator) the field's records in [from, to)
//   GET    /datalog/channels/{id}/series   SeriesQuery → Series  (aggregated in the database)
//   GET    /datalog/channels/{id}/events              → text/event-stream of ChannelEvent
//          (server push for live refresh: an event at once, then one per change)
//   POST   /datalog/record         ProgramRecord     → Ingested
//          what `cloud record "name" v` (private: the caller's own log, needs login) and
//          `public cloud record "name" v` (the public log, anyone) send.
//
// Visibility: the public log and public channels are readable by anyone; a private channel
// only by its owner. Anonymous callers asking for private data get 401 `login_required`
// with LOGIN_REQUIRED.message (spec §8); other users get 404 (private channels do not leak).
import { Type, type Static } from '@sinclair/typebox';
import { ListOf, NOT_BLANK_PATTERN, Uuid } from './common.ts';

/** The shared public log every board and program may write to (the "public log" of §6). */
export const PUBLIC_LOG_ID = '00000000-0000-4000-8000-00000000d47a';

/** The spec's message for private data without login (classroom-and-labs §8). */
export const LOGIN_REQUIRED = {
  error: 'login_required',
  message: 'please login to see private data or switch to public log',
} as const;

export const CHANNEL_NAME_MAX = 60;
/** Field (record) names follow the `cloud record` filter: letters, digits, underscore. */
export const FIELD_NAME_PATTERN = '^[A-Za-z_][A-Za-z0-9_]{0,31}$';
export const TAG_NAME_MAX = 40;
/** Chart colours cycle through ten (spec §3, §9). */
export const TAG_COLOURS = 10;
export const FIELDS_PER_CHANNEL_MAX = 100;
/** The shared public log holds more names; each writer may add only a few of them. */
export const PUBLIC_LOG_FIELDS_MAX = 1000;
export const RECORDS_PER_BATCH_MAX = 1000;
/** Buckets one series answer may hold (per field). */
export const SERIES_BUCKETS_MAX = 100_000;
/** The UI asks before drawing more points than this (spec §5, §9). */
export const POINTS_WARNING = 10_000;
export const MOVING_AVERAGE_MAX = 100;
/** The median sorts every record; a chart of it may read at most this many. */
export const MEDIAN_RECORDS_MAX = 200_000;

export const AGGREGATIONS = [
  'count',
  'mean',
  'median',
  'sum',
  'first',
  'last',
  'max',
  'min',
  'moving_average',
] as const;
export type Aggregation = (typeof AGGREGATIONS)[number];

/** Bucket lengths in milliseconds, seconds to week (spec §3). Weeks start on Monday. */
export const PERIODS = {
  second: 1_000,
  ten_seconds: 10_000,
  minute: 60_000,
  five_minutes: 300_000,
  fifteen_minutes: 900_000,
  hour: 3_600_000,
  day: 86_400_000,
  week: 604_800_000,
} as const;
export type Period = keyof typeof PERIODS;

export const RANGES = [
  'last_5_minutes',
  'last_15_minutes',
  'last_30_minutes',
  'last_hour',
  'last_6_hours',
  'last_12_hours',
  'last_24_hours',
  'today',
  'yesterday',
  'this_week',
  'last_week',
  'this_month',
  'last_month',
  'this_year',
  'last_year',
] as const;
export type Range = (typeof RANGES)[number];

export const FIELD_SORTS = [
  'newest_point',
  'newest_field',
  'oldest_field',
  'name_asc',
  'name_desc',
] as const;
export type FieldSort = (typeof FIELD_SORTS)[number];

/** One of `values`: a string enum the validator checks, typed as the literal union. */
const oneOf = <T extends readonly string[]>(values: T) =>
  Type.Unsafe<T[number]>(Type.String({ enum: [...values] }));

const ChannelName = Type.String({
  minLength: 1,
  maxLength: CHANNEL_NAME_MAX,
  pattern: NOT_BLANK_PATTERN,
  description: 'Required; stored trimmed',
});
const FieldName = Type.String({
  pattern: FIELD_NAME_PATTERN,
  description: 'The record name: a letter or underscore, then letters, digits, underscores',
});
/** Milliseconds since 1970 UTC. */
const Millis = Type.Integer({ minimum: 0, maximum: 8_640_000_000_000 });

// Params

export const ChannelParams = Type.Object({ id: Uuid }, { additionalProperties: false });
export type ChannelParams = Static<typeof ChannelParams>;
export const FieldParams = Type.Object(
  { id: Uuid, name: FieldName },
  { additionalProperties: false },
);
export type FieldParams = Static<typeof FieldParams>;

// Requests

export const ChannelInput = Type.Object(
  { name: ChannelName, isPublic: Type.Optional(Type.Boolean({ default: false })) },
  { additionalProperties: false },
);
export type ChannelInput = Static<typeof ChannelInput>;

export const ChannelUpdate = Type.Object(
  { name: Type.Optional(ChannelName), isPublic: Type.Optional(Type.Boolean()) },
  { additionalProperties: false },
);
export type ChannelUpdate = Static<typeof ChannelUpdate>;

export const RecordInput = Type.Object(
  {
    name: FieldName,
    value: Type.Number({ description: 'Finite number' }),
    /** Omitted: the server's clock. At most a day ahead of it. */
    time: Type.Optional(Millis),
  },
  { additionalProperties: false },
);
export type RecordInput = Static<typeof RecordInput>;

export const RecordBatch = Type.Object(
  { records: Type.Array(RecordInput, { minItems: 1, maxItems: RECORDS_PER_BATCH_MAX }) },
  { additionalProperties: false },
);
export type RecordBatch = Static<typeof RecordBatch>;

export const ProgramRecord = Type.Object(
  {
    name: FieldName,
    value: Type.Number(),
    /** true for `public cloud record` (the public log). */
    public: Type.Boolean(),
    /** Private records: the caller's channel to write to; omitted: their own log. */
    channel: Type.Optional(Uuid),
    /** When the program recorded it; omitted: the server's clock. */
    time: Type.Optional(Millis),
  },
  { additionalProperties: false },
);
export type ProgramRecord = Static<typeof ProgramRecord>;

export const FieldUpdate = Type.Object(
  {
    tag: Type.Optional(
      Type.String({ maxLength: TAG_NAME_MAX, description: "'' or blank: 'The tag is empty!'" }),
    ),
    colour: Type.Optional(Type.Integer({ minimum: 0, maximum: TAG_COLOURS - 1 })),
  },
  { additionalProperties: false },
);
export type FieldUpdate = Static<typeof FieldUpdate>;

/** A span of record times, [from, to) in milliseconds. */
export const RecordRange = Type.Object(
  { from: Millis, to: Millis },
  { additionalProperties: false },
);
export type RecordRange = Static<typeof RecordRange>;

export const FieldQuery = Type.Object(
  { sort: Type.Optional(oneOf(FIELD_SORTS)) },
  { additionalProperties: false },
);
export type FieldQuery = Static<typeof FieldQuery>;

export const SeriesQuery = Type.Object(
  {
    aggregation: oneOf(AGGREGATIONS),
    period: oneOf(Object.keys(PERIODS) as Period[]),
    /** A named range, or from/to. */
    range: Type.Optional(oneOf(RANGES)),
    from: Type.Optional(Millis),
    to: Type.Optional(Millis),
    /** Comma-separated field names; omitted: every field. */
    fields: Type.Optional(Type.String({ maxLength: 4000 })),
    /** Minutes to add to UTC for local days and weeks (UTC+7: 420). */
    tz: Type.Optional(Type.Integer({ minimum: -840, maximum: 840, default: 0 })),
    /** Buckets in a moving average. */
    window: Type.Optional(Type.Integer({ minimum: 2, maximum: MOVING_AVERAGE_MAX, default: 5 })),
  },
  { additionalProperties: false },
);
export type SeriesQuery = Static<typeof SeriesQuery>;

// Answers

export const Channel = Type.Object({
  id: Uuid,
  name: Type.String(),
  isPublic: Type.Boolean(),
  /** The public log: anyone writes to it, no one owns it. */
  isPublicLog: Type.Boolean(),
  /** True when the caller owns it (may write, rename, delete, tag). */
  isMine: Type.Boolean(),
  ownerName: Type.String(),
  records: Type.Integer(),
  /** Milliseconds; null before the first record. Polled for live refresh. */
  lastRecordAt: Type.Union([Type.Integer(), Type.Null()]),
  createdAt: Type.String(),
});
export type Channel = Static<typeof Channel>;

export const ChannelList = ListOf(Channel);
export type ChannelList = Static<typeof ChannelList>;

export const Ingested = Type.Object({
  channel: Uuid,
  accepted: Type.Integer(),
  lastRecordAt: Type.Integer(),
});
export type Ingested = Static<typeof Ingested>;

export const Field = Type.Object({
  name: Type.String(),
  /** The tag name shown in the list and legend; the record name until renamed. */
  tag: Type.String(),
  /** 0..9, an index into the ten chart colours. */
  colour: Type.Integer(),
  records: Type.Integer(),
  firstAt: Type.Integer(),
  lastAt: Type.Integer(),
  lastValue: Type.Number(),
});
export type Field = Static<typeof Field>;

export const FieldList = ListOf(Field);
export type FieldList = Static<typeof FieldList>;

export const FieldDeleted = Type.Object({ channel: Uuid, name: Type.String() });
export type FieldDeleted = Static<typeof FieldDeleted>;

export const RecordsDeleted = Type.Object({
  deleted: Type.Integer(),
  /** The field as it is now; null when no record was left and the name is retired. */
  field: Type.Union([Field, Type.Null()]),
});
export type RecordsDeleted = Static<typeof RecordsDeleted>;

/** Path of a channel's event stream (live refresh). */
export const channelEventsPath = (id: string) => `/datalog/channels/${id}/events`;

/**
 * One event of a channel's stream (`data:` line, JSON): the channel's counters now, and
 * whether its fields changed (added, deleted). Sent once on connecting, then per change.
 */
export const ChannelEvent = Type.Object({
  channel: Uuid,
  records: Type.Integer(),
  lastRecordAt: Type.Union([Type.Integer(), Type.Null()]),
  fields: Type.Boolean(),
});
export type ChannelEvent = Static<typeof ChannelEvent>;

export const SeriesPoints = Type.Object({
  name: Type.String(),
  /** Bucket start times (ms) and values, in time order. */
  t: Type.Array(Type.Number()),
  v: Type.Array(Type.Number()),
});
export type SeriesPoints = Static<typeof SeriesPoints>;

export const Series = Type.Object({
  aggregation: Type.String(),
  period: Type.String(),
  from: Type.Integer(),
  to: Type.Integer(),
  series: Type.Array(SeriesPoints),
});
export type Series = Static<typeof Series>;

/** Tag errors (spec §5). */
export const TAG_EMPTY = { error: 'tag_empty', message: 'The tag is empty!' } as const;
export const TAG_EXISTS = { error: 'tag_exists', message: 'The tag has exists!' } as const;
