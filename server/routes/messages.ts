// Messages (core §2 navbar): every call needs a signed-in user; announcements are posted
// and deleted by admins. Shapes and rules are documented in src/contract/messages.ts.
import { Type } from '@sinclair/typebox';
import {
  AnnouncementInput,
  Message,
  MessageDeleted,
  MessageIdParams,
  MessageList,
  MessageListQuery,
  MESSAGE_PAGE_SIZE,
  UnreadCount,
} from '../../src/contract/messages.ts';
import { EmptyBody } from '../../src/contract/users.ts';
import { currentUser } from '../http/access.ts';
import type { RouteGroup } from '../http/type-provider.ts';

const NoQuery = Type.Object({}, { additionalProperties: false });

export const messagesRoutes: RouteGroup = async (app) => {
  const messages = app.services.messages;
  const me = (request: Parameters<typeof currentUser>[0]) => currentUser(request).id;

  app.get(
    '/messages',
    { schema: { querystring: MessageListQuery, response: { 200: MessageList } } },
    async (request) => {
      const q = request.query;
      const page = await messages.list(me(request), {
        page: q.page ?? 1,
        perPage: q.per_page ?? MESSAGE_PAGE_SIZE,
        unreadOnly: q.unread,
      });
      return { data: page.data, unread: page.unread, links: { pagination: page.pagination } };
    },
  );

  app.get(
    '/messages/unread',
    { schema: { querystring: NoQuery, response: { 200: UnreadCount } } },
    async (request) => ({ unread: await messages.unread(me(request)) }),
  );

  app.put(
    '/messages/read-all',
    { schema: { body: EmptyBody, response: { 200: UnreadCount } } },
    async (request) => ({ unread: await messages.markAllRead(me(request)) }),
  );

  app.put(
    '/messages/:id/read',
    { schema: { params: MessageIdParams, body: EmptyBody, response: { 200: Message } } },
    async (request) => messages.markRead(me(request), request.params.id),
  );

  app.post(
    '/messages/announce',
    {
      config: { roles: ['admin'] },
      schema: { body: AnnouncementInput, response: { 201: Message } },
    },
    async (request, reply) =>
      reply.code(201).send(await messages.announce(me(request), request.body)),
  );

  app.delete(
    '/messages/:id',
    {
      config: { roles: ['admin'] },
      schema: { params: MessageIdParams, querystring: NoQuery, response: { 200: MessageDeleted } },
    },
    async (request) => {
      await messages.removeAnnouncement(request.params.id);
      return { id: request.params.id };
    },
  );
};
