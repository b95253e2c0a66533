// The live classroom's calls (docs/classroom.md "Live classroom", src/contract/live-class.ts):
// the state, each member's event stream, broker logins, and what a teacher does to lead the
// class; comments on students' programs. The service (server/classroom/live-class.ts)
// checks who may do what.
import { randomUUID } from 'node:crypto';
import { Type } from '@sinclair/typebox';
import { ClassUuidParams } from '../../src/contract/classroom.ts';
import {
  Comment,
  CommentBody,
  CommentList,
  CommentParams,
  CommentQuery,
  LiveBroadcastBody,
  LiveEyesBody,
  LiveHandBody,
  LiveHandedOut,
  LiveHandoutBody,
  LiveLogin,
  LiveResolveBody,
  LiveState,
  LiveStopBody,
  LiveStopped,
  type LiveEvent,
} from '../../src/contract/live-class.ts';
import { EmptyBody } from '../../src/contract/users.ts';
import { toCaller } from '../classroom/caller.ts';
import type { LiveBusEvent, LiveMember } from '../classroom/live-class.ts';
import { currentUser } from '../http/access.ts';
import { eventStreams, streamStart } from '../http/event-stream.ts';
import type { RouteGroup } from '../http/type-provider.ts';

const NoQuery = Type.Object({}, { additionalProperties: false });

export const liveClassRoutes: RouteGroup = async (app) => {
  const { live } = app.services.classroom;
  const bus = app.services.bus;
  const me = (request: Parameters<typeof currentUser>[0]) => toCaller(currentUser(request));
  const streams = eventStreams(app);

  app.get(
    '/class/:uuid/live',
    { schema: { params: ClassUuidParams, querystring: NoQuery, response: { 200: LiveState } } },
    async (request) => live.state(me(request), request.params.uuid),
  );

  /**
   * A member's events (server-sent): the state at once (after a reconnecting stream's
   * missed events), then every change that concerns
   * them from any replica, with the bus's id; Last-Event-ID replays what a reconnecting
   * stream missed. A teacher's open stream is their live view: the class counts as watched
   * while it is open, and an idle session ends LIVE_IDLE_END_MS after the last one closed.
   */
  app.get(
    '/class/:uuid/live/events',
    {
      schema: {
        params: ClassUuidParams,
        querystring: NoQuery,
        headers: Type.Object({ 'last-event-id': Type.Optional(Type.String({ maxLength: 20 })) }),
      },
    },
    async (request, reply) => {
      const classUuid = request.params.uuid;
      const member = await live.member(me(request), classUuid);
      const { since } = await streamStart(bus, request.headers['last-event-id']);
      const streamId = randomUUID();
      const teacher = member.role === 'teacher';
      let subscription: { close(): void } | null = null;
      const stream = streams.open(request, reply, {
        // A teacher's open stream keeps the class watched.
        ...(teacher ? { onPing: () => void live.watcherSeen(streamId).catch(() => {}) } : {}),
        onEnd: () => {
          subscription?.close();
          if (!teacher) return;
          void live.watcherClosed(classUuid, streamId).catch((error: unknown) => {
            request.log.warn({ err: error }, 'live watcher not closed');
          });
        },
      });
      const send = (event: LiveEvent, id: number) => {
        stream.send(event, id);
      };
      // Events go out in bus order, though a state needs a read first.
      let queue: Promise<unknown> = Promise.resolve();
      const inOrder = (work: () => Promise<void> | void) => {
        queue = queue.then(work).catch((error: unknown) => {
          request.log.warn({ err: error }, 'live event not sent');
        });
      };
      let lastId = since;
      const forward = (event: LiveBusEvent, id: number) =>
        inOrder(async () => {
          lastId = id;
          const out = await eventFor(member, event);
          for (const e of out) send(e, id);
          if (out.some((e) => e.type === 'removed')) stream.end();
        });
      const eventFor = async (m: LiveMember, e: LiveBusEvent): Promise<LiveEvent[]> => {
        const student = m.role === 'student';
        const mine = (emails: string[] | null) => emails === null || emails.includes(m.email);
        switch (e.type) {
          case 'state':
            return [{ type: 'state', state: await live.view(m, e.state) }];
          case 'stop':
            return !student || mine(e.emails) ? [{ type: 'stop', id: e.id, at: e.at }] : [];
          case 'handout':
            return student && mine(e.emails)
              ? [{ type: 'handout', id: e.id, code: e.code, name: e.name, by: e.by }]
              : [];
          case 'comment':
            return !student || e.comment.user_email === m.email
              ? [{ type: 'comment', comment: e.comment }]
              : [];
          case 'removed':
            if (student) return e.emails.includes(m.email) ? [{ type: 'removed' }] : [];
            return [{ type: 'roster' }];
          case 'roster':
            return student ? [] : [{ type: 'roster' }];
        }
      };
      const watching = live.watch(classUuid, forward, since);
      subscription = watching;
      // The state now, after what a reconnecting stream missed (so it is the newest). A
      // catch-up read that failed (the database away for a moment) ends the stream: the
      // member's reconnect asks again.
      watching.ready.then(
        () =>
          inOrder(async () => {
            send({ type: 'state', state: await live.state(me(request), classUuid) }, lastId);
          }),
        (error: unknown) => {
          request.log.warn({ err: error }, 'live events: catch-up failed');
          stream.end();
        },
      );
      if (teacher) inOrder(() => live.watcherOpened(member, streamId));
    },
  );

  app.put(
    '/class/:uuid/live/start',
    { schema: { params: ClassUuidParams, body: EmptyBody, response: { 200: LiveState } } },
    async (request) => live.start(me(request), request.params.uuid),
  );

  app.post(
    '/class/:uuid/live/join',
    { schema: { params: ClassUuidParams, body: EmptyBody, response: { 200: LiveLogin } } },
    async (request) => live.join(me(request), request.params.uuid),
  );

  app.put(
    '/class/:uuid/live/end',
    { schema: { params: ClassUuidParams, body: EmptyBody, response: { 200: LiveState } } },
    async (request) => live.end(me(request), request.params.uuid),
  );

  app.put(
    '/class/:uuid/live/stop',
    { schema: { params: ClassUuidParams, body: LiveStopBody, response: { 200: LiveStopped } } },
    async (request) => live.stop(me(request), request.params.uuid, request.body.emails),
  );

  app.put(
    '/class/:uuid/live/eyes',
    { schema: { params: ClassUuidParams, body: LiveEyesBody, response: { 200: LiveState } } },
    async (request) => live.eyes(me(request), request.params.uuid, request.body),
  );

  app.put(
    '/class/:uuid/live/broadcast',
    { schema: { params: ClassUuidParams, body: LiveBroadcastBody, response: { 200: LiveState } } },
    async (request) => live.broadcast(me(request), request.params.uuid, request.body),
  );

  app.put(
    '/class/:uuid/live/handout',
    {
      schema: { params: ClassUuidParams, body: LiveHandoutBody, response: { 200: LiveHandedOut } },
    },
    async (request) => live.handout(me(request), request.params.uuid, request.body),
  );

  app.put(
    '/class/:uuid/live/hand',
    { schema: { params: ClassUuidParams, body: LiveHandBody, response: { 200: LiveState } } },
    async (request) => live.hand(me(request), request.params.uuid, request.body),
  );

  app.put(
    '/class/:uuid/live/hand/resolve',
    { schema: { params: ClassUuidParams, body: LiveResolveBody, response: { 200: LiveState } } },
    async (request) => live.resolveHand(me(request), request.params.uuid, request.body.email),
  );

  app.get(
    '/class/:uuid/comments',
    {
      schema: {
        params: ClassUuidParams,
        querystring: CommentQuery,
        response: { 200: CommentList },
      },
    },
    async (request) => ({
      data: await live.comments(
        me(request),
        request.params.uuid,
        request.query.luuid,
        request.query.user_email,
      ),
    }),
  );

  app.post(
    '/class/:uuid/comments',
    { schema: { params: ClassUuidParams, body: CommentBody, response: { 201: Comment } } },
    async (request, reply) =>
      reply.code(201).send(await live.addComment(me(request), request.params.uuid, request.body)),
  );

  app.put(
    '/class/:uuid/comments/:id/resolve',
    { schema: { params: CommentParams, body: EmptyBody, response: { 200: Comment } } },
    async (request) => live.resolveComment(me(request), request.params.uuid, request.params.id),
  );
};
