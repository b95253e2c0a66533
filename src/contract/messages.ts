// Messages (spec core §2 navbar "messages"): what a signed-in user reads under the navbar's
// messages item. Two sources: announcements an admin posts to everyone, and events the
// server addresses to one user (a grade or note posted, a lesson added to a class they take,
// an extension they use updated). Events carry their facts as `params`; the UI writes the
// sentence in the reader's language. Design: docs/extensions.md ("Messages").
//
// Calls (all under API_BASE_PATH, all with a Bearer token):
//   GET    /messages            ?page&per_page&unread  → MessageList (newest first)
//   GET    /messages/unread                            → UnreadCount
//   PUT    /messages/{id}/read  {}                     → Message   (a message of the caller)
//   PUT    /messages/read-all   {}                     → UnreadCount
//   POST   /messages/announce   AnnouncementInput      → 201 Message (admin)
//   DELETE /messages/{id}                              → MessageDeleted (admin; announcements)
import { Type, type Static } from '@sinclair/typebox';
import { IdRef, NOT_BLANK_PATTERN, Pagination, Uuid } from './common.ts';
import { Author } from './projects.ts';

const MESSAGE_KINDS = ['announcement', 'grade', 'note', 'lesson', 'extension_updated'] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];

export const ANNOUNCEMENT_TITLE_MAX = 120;
export const ANNOUNCEMENT_BODY_MAX = 5_000;
const MESSAGE_PARAM_MAX = 200;
export const MESSAGE_PAGE_SIZE = 10;
/** An app route (hash path) such as /classroom/classd/{uuid}: never a scheme or a host. */
export const MESSAGE_LINK_PATTERN = '^(/[A-Za-z0-9/_.-]*)?$';
export const MESSAGE_LINK_MAX = 200;

export const MessageParams = Type.Record(
  Type.String({ pattern: '^[a-zA-Z]{1,20}$' }),
  Type.Union([Type.String({ maxLength: MESSAGE_PARAM_MAX }), Type.Number()]),
  { maxProperties: 10 },
);
export type MessageParams = Static<typeof MessageParams>;

export const Message = Type.Object({
  id: Uuid,
  kind: Type.Union(MESSAGE_KINDS.map((k) => Type.Literal(k))),
  /** Announcements: the admin's title and Markdown body; events: ''. */
  title: Type.String(),
  body: Type.String({ description: 'Markdown (render it sanitised)' }),
  /** Events: the names and values the sentence needs (class, lesson, grade, extension…). */
  params: MessageParams,
  /** The app route of the thing it is about ('' = none). */
  link: Type.String({ pattern: MESSAGE_LINK_PATTERN }),
  read: Type.Boolean(),
  /** Who caused it (the admin, the teacher, the contributor); null when unknown. */
  from: Type.Union([Author, Type.Null()]),
  createdAt: Type.String({ description: 'ISO 8601 UTC' }),
});
export type Message = Static<typeof Message>;

export const MessageList = Type.Object({
  data: Type.Array(Message),
  unread: Type.Integer({ minimum: 0 }),
  links: Type.Object({ pagination: Pagination }),
});
export type MessageList = Static<typeof MessageList>;

export const UnreadCount = Type.Object({ unread: Type.Integer({ minimum: 0 }) });
export type UnreadCount = Static<typeof UnreadCount>;

export const MessageListQuery = Type.Object(
  {
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1 })),
    per_page: Type.Optional(Type.Integer({ minimum: 1, maximum: 50, default: MESSAGE_PAGE_SIZE })),
    /** Only unread messages. */
    unread: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type MessageListQuery = Static<typeof MessageListQuery>;

export const MessageIdParams = IdRef;

export const AnnouncementInput = Type.Object(
  {
    title: Type.String({
      minLength: 1,
      maxLength: ANNOUNCEMENT_TITLE_MAX,
      pattern: NOT_BLANK_PATTERN,
    }),
    body: Type.Optional(Type.String({ maxLength: ANNOUNCEMENT_BODY_MAX })),
    link: Type.Optional(
      Type.String({ maxLength: MESSAGE_LINK_MAX, pattern: MESSAGE_LINK_PATTERN }),
    ),
  },
  { additionalProperties: false },
);
export type AnnouncementInput = Static<typeof AnnouncementInput>;

export const MessageDeleted = IdRef;
export type MessageDeleted = Static<typeof MessageDeleted>;

export const MESSAGE_ERRORS = {
  notFound: { error: 'message_not_found', message: 'The message does not exist' },
} as const;
