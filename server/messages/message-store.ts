// Messages (src/contract/messages.ts): announcements an admin posts to everyone and events
// the server addresses to one user. One read mark per reader and message, so an
// announcement is read or unread for each user on its own.
//
// Other services tell users about things through `notify` (the event hook): the extension
// service when an extension someone added is updated, the classroom when a grade or note
// is posted or a lesson added.
import { randomUUID } from 'node:crypto';
import type { ExpressionBuilder, Kysely } from 'kysely';
import type { Pagination } from '../../src/contract/common.ts';
import {
  MESSAGE_ERRORS,
  type AnnouncementInput,
  type Message,
  type MessageKind,
  type MessageParams,
} from '../../src/contract/messages.ts';
import { now } from '../db/clock.ts';
import { readPage, toCount, type PageRequest } from '../db/paging.ts';
import type { Database, MessagesTable } from '../db/schema.ts';
import { HttpError } from '../http/errors.ts';

const messageNotFound = () =>
  new HttpError(404, MESSAGE_ERRORS.notFound.error, MESSAGE_ERRORS.notFound.message);

/** An event for some users (the hook other services call). */
interface MessageEvent {
  /** User ids; duplicates and the sender are left out. */
  to: readonly string[];
  kind: Exclude<MessageKind, 'announcement'>;
  params: MessageParams;
  /** App route of the thing it is about ('' = none). */
  link: string;
  /** Who caused it. */
  from?: string | null;
}

type M = ExpressionBuilder<Database & { m: MessagesTable }, 'm'>;

/** Messages `viewer` receives: theirs and every announcement. */
const forViewer = (viewer: string) => (eb: M) =>
  eb.or([eb('m.recipient_id', '=', viewer), eb('m.recipient_id', 'is', null)]);

export class MessageStore {
  constructor(private readonly db: Kysely<Database>) {}

  /** The event hook: one message per recipient. Returns how many were written. */
  async notify(event: MessageEvent): Promise<number> {
    const recipients = [...new Set(event.to)].filter((id) => id !== event.from);
    if (recipients.length === 0) return 0;
    const time = now();
    const rows = recipients.map((recipient) => ({
      id: randomUUID(),
      recipient_id: recipient,
      sender_id: event.from ?? null,
      kind: event.kind,
      title: '',
      body: '',
      params: JSON.stringify(event.params),
      link: event.link,
      created_at: time,
    }));
    // Bounded batches keep each statement's parameter count small on both engines.
    for (let i = 0; i < rows.length; i += 200) {
      await this.db
        .insertInto('messages')
        .values(rows.slice(i, i + 200))
        .execute();
    }
    return rows.length;
  }

  async announce(sender: string, input: AnnouncementInput): Promise<Message> {
    const id = randomUUID();
    await this.db
      .insertInto('messages')
      .values({
        id,
        recipient_id: null,
        sender_id: sender,
        kind: 'announcement',
        title: input.title.trim(),
        body: input.body ?? '',
        params: '{}',
        link: input.link ?? '',
        created_at: now(),
      })
      .execute();
    return this.get(sender, id);
  }

  private select(viewer: string) {
    return this.db
      .selectFrom('messages as m')
      .leftJoin('users as u', 'u.id', 'm.sender_id')
      .where(forViewer(viewer))
      .select([
        'm.id',
        'm.kind',
        'm.title',
        'm.body',
        'm.params',
        'm.link',
        'm.created_at',
        'm.sender_id',
        'u.name as sender_name',
        'u.photo_url as sender_photo',
      ])
      .select((eb) =>
        eb
          .exists(
            eb
              .selectFrom('message_reads as r')
              .select('r.message_id')
              .whereRef('r.message_id', '=', 'm.id')
              .where('r.user_id', '=', viewer),
          )
          .as('is_read'),
      );
  }

  async get(viewer: string, id: string): Promise<Message> {
    const row = await this.select(viewer).where('m.id', '=', id).executeTakeFirst();
    if (!row) throw messageNotFound();
    return toMessage(row);
  }

  async list(
    viewer: string,
    options: PageRequest & { unreadOnly?: boolean | undefined },
  ): Promise<{ data: Message[]; unread: number; pagination: Pagination }> {
    let base = this.db.selectFrom('messages as m').where(forViewer(viewer));
    if (options.unreadOnly) base = base.where(unreadBy(viewer));
    const { total } = await base
      .select((eb) => eb.fn.countAll().as('total'))
      .executeTakeFirstOrThrow();
    let rows = this.select(viewer);
    if (options.unreadOnly) rows = rows.where(unreadBy(viewer));
    const page = await readPage(
      options,
      total,
      rows.orderBy('m.created_at', 'desc').orderBy('m.id'),
      toMessage,
    );
    return { data: page.data, unread: await this.unread(viewer), pagination: page.pagination };
  }

  async unread(viewer: string): Promise<number> {
    const { n } = await this.db
      .selectFrom('messages as m')
      .where(forViewer(viewer))
      .where(unreadBy(viewer))
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    return toCount(n);
  }

  async markRead(viewer: string, id: string): Promise<Message> {
    await this.get(viewer, id);
    await this.db
      .insertInto('message_reads')
      .values({ message_id: id, user_id: viewer, read_at: now() })
      .onConflict((oc) => oc.columns(['message_id', 'user_id']).doNothing())
      .execute();
    return this.get(viewer, id);
  }

  async markAllRead(viewer: string): Promise<number> {
    const time = now();
    await this.db
      .insertInto('message_reads')
      .columns(['message_id', 'user_id', 'read_at'])
      .expression((eb) =>
        eb
          .selectFrom('messages as m')
          .where(forViewer(viewer))
          .where(unreadBy(viewer))
          .select((s) => ['m.id', s.val(viewer).as('user_id'), s.val(time).as('read_at')]),
      )
      .onConflict((oc) => oc.columns(['message_id', 'user_id']).doNothing())
      .execute();
    return this.unread(viewer);
  }

  /** Deletes an announcement (admins; events belong to their reader). */
  async removeAnnouncement(id: string): Promise<void> {
    const result = await this.db
      .deleteFrom('messages')
      .where('id', '=', id)
      .where('recipient_id', 'is', null)
      .executeTakeFirst();
    if (result.numDeletedRows === 0n) throw messageNotFound();
  }
}

const unreadBy = (viewer: string) => (eb: M) =>
  eb.not(
    eb.exists(
      eb
        .selectFrom('message_reads as r')
        .select('r.message_id')
        .whereRef('r.message_id', '=', 'm.id')
        .where('r.user_id', '=', viewer),
    ),
  );

/** A message row with its sender's name and photo and whether the viewer has read it. */
type MessageDetailRow = Omit<MessagesTable, 'recipient_id'> & {
  sender_name: string | null;
  sender_photo: string | null;
  is_read: unknown;
};

function parseParams(text: string): MessageParams {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as MessageParams)
      : {};
  } catch {
    return {};
  }
}

function toMessage(row: MessageDetailRow): Message {
  return {
    id: row.id,
    kind: row.kind as MessageKind,
    title: row.title,
    body: row.body,
    params: parseParams(row.params),
    link: row.link,
    read: row.is_read === true || Number(row.is_read) === 1,
    from:
      row.sender_id === null
        ? null
        : { id: row.sender_id, name: row.sender_name ?? '', photoUrl: row.sender_photo ?? '' },
    createdAt: row.created_at,
  };
}
