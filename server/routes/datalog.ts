// Cloud datalog (classroom-and-labs §2 /datalog/public/{channel?}): channels, ingestion from
// boards and programs, fields (tags) and aggregated series. Reading and writing records is
// public with an optional token (the store decides per channel, src/contract/datalog.ts);
// creating, changing and deleting channels and tags needs a signed-in owner.
import { createHash } from 'node:crypto';
import { Type } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import { IdRef } from '../../src/contract/common.ts';
import {
  Channel,
  type ChannelEvent,
  ChannelInput,
  ChannelList,
  ChannelParams,
  ChannelUpdate,
  Field,
  FieldDeleted,
  FieldList,
  FIELD_NAME_PATTERN,
  FieldParams,
  FieldQuery,
  FieldUpdate,
  Ingested,
  ProgramRecord,
  PUBLIC_LOG_ID,
  RecordBatch,
  RecordRange,
  RecordsDeleted,
  type RecordInput,
  Series,
  SeriesQuery,
  type SeriesQuery as SeriesQueryType,
} from '../../src/contract/datalog.ts';
import { rangeSpan } from '../../src/contract/datalog-ranges.ts';
import { ChannelStore, loginRequired, type Viewer } from '../datalog/channel-store.ts';
import { querySeries } from '../datalog/series-query.ts';
import { currentUser, identifyIfSignedIn } from '../http/access.ts';
import { HttpError } from '../http/errors.ts';
import { eventStreams, streamStart } from '../http/event-stream.ts';
import { clientKey } from '../http/rate-limit.ts';
import { StreamSlots } from '../http/stream-slots.ts';
import type { App, RouteGroup } from '../http/type-provider.ts';

const FIELD_NAME = new RegExp(FIELD_NAME_PATTERN);
const NoQuery = Type.Object({}, { additionalProperties: false });
/** A full batch: 1000 records of a few dozen bytes each. */
const BATCH_BODY_LIMIT = 256 * 1024;

const badFields = () =>
  new HttpError(400, 'bad_request', 'querystring/fields must list record names, comma-separated');
const noSpan = () =>
  new HttpError(400, 'bad_range', 'Give a range, or both from and to (milliseconds)');
/** Event streams one client (a user, or an address without a sign-in) may hold at once: a
 * classroom behind one address watching the public log fits. */
export const STREAMS_PER_CLIENT = 40;
const tooManyStreams = () =>
  new HttpError(429, 'too_many_requests', 'Too many live streams open; close one first', 10);

/** Who adds names: the user, or (anonymous) a hash of the address, never the address. */
function writerKey(request: FastifyRequest): string {
  if (request.user) return `user:${request.user.id}`;
  return `ip:${createHash('sha256').update(request.ip).digest('hex').slice(0, 24)}`;
}

/** The channel store of this app: quotas from the configuration, changes to the watchers. */
function storeOf(app: App): ChannelStore {
  const { db, config, datalogEvents } = app.services;
  return new ChannelStore(db.kysely, {
    events: datalogEvents,
    namesPerWriter: config.publicLogNamesPerWriter,
  });
}

/** Records for the public log count against their writer's records per minute. */
async function limitPublicRecords(
  app: App,
  request: FastifyRequest,
  channel: string,
  n: number,
): Promise<void> {
  if (channel !== PUBLIC_LOG_ID) return;
  await app.services.limits.publicLogRecords.check(
    clientKey(request),
    n,
    'Too many records for the public log; try again shortly',
  );
}

/** [from, to) of a series query: a named range, or explicit from/to. */
function spanOf(query: SeriesQueryType, now: number): { from: number; to: number } {
  if (query.range) return rangeSpan(query.range, now, query.tz ?? 0);
  if (query.from === undefined || query.to === undefined) throw noSpan();
  return { from: query.from, to: query.to };
}

export const datalogRoutes: RouteGroup = async (app) => {
  const channels = storeOf(app);
  app.addHook('onRequest', identifyIfSignedIn);
  const viewer = (request: { user: Viewer }): Viewer => request.user;
  const ingest = async (request: FastifyRequest, channel: string, records: RecordInput[]) => {
    await limitPublicRecords(app, request, channel, records.length);
    return channels.ingest(viewer(request), channel, records, writerKey(request));
  };

  app.get(
    '/datalog/channels',
    { schema: { querystring: NoQuery, response: { 200: ChannelList } } },
    async (request) => ({ data: await channels.list(viewer(request)) }),
  );

  app.get(
    '/datalog/channels/:id',
    { schema: { params: ChannelParams, querystring: NoQuery, response: { 200: Channel } } },
    async (request) => channels.get(viewer(request), request.params.id),
  );

  app.post(
    '/datalog/channels/:id/records',
    {
      bodyLimit: BATCH_BODY_LIMIT,
      config: { ownRateLimit: true },
      schema: { params: ChannelParams, body: RecordBatch, response: { 200: Ingested } },
    },
    async (request) => ingest(request, request.params.id, request.body.records),
  );

  app.post(
    '/datalog/record',
    {
      config: { ownRateLimit: true },
      schema: { body: ProgramRecord, response: { 200: Ingested } },
    },
    async (request) => {
      const { name, value, time, public: isPublic, channel } = request.body;
      const user = viewer(request);
      let target = PUBLIC_LOG_ID;
      if (!isPublic) {
        if (!user) throw loginRequired();
        target = channel ?? (await channels.ownLog(user));
      }
      return ingest(request, target, [
        time === undefined ? { name, value } : { name, value, time },
      ]);
    },
  );

  app.get(
    '/datalog/channels/:id/fields',
    { schema: { params: ChannelParams, querystring: FieldQuery, response: { 200: FieldList } } },
    async (request) => ({
      data: await channels.fields(viewer(request), request.params.id, request.query.sort),
    }),
  );

  app.get(
    '/datalog/channels/:id/series',
    { schema: { params: ChannelParams, querystring: SeriesQuery, response: { 200: Series } } },
    async (request) => {
      const { id } = request.params;
      const query = request.query;
      await channels.readable(viewer(request), id);
      const known = await channels.fieldNames(id);
      let fields = known;
      if (query.fields !== undefined && query.fields.trim() !== '') {
        const asked = query.fields.split(',').map((f) => f.trim());
        if (asked.some((f) => !FIELD_NAME.test(f))) throw badFields();
        fields = known.filter((f) => asked.includes(f));
      }
      const { from, to } = spanOf(query, Date.now());
      const series = await querySeries(app.services.db.kysely, {
        channel: id,
        fields,
        aggregation: query.aggregation,
        period: query.period,
        from,
        to,
        tz: query.tz ?? 0,
        window: query.window ?? 5,
      });
      return { aggregation: query.aggregation, period: query.period, from, to, series };
    },
  );
};

/**
 * A channel's event stream (server-sent events) for live refresh: the counters at once,
 * then one event per change on any replica, a comment line every 25 s so proxies keep it
 * open, and the end after 10 minutes (the page reconnects with a fresh token). Each event
 * carries the bus's event id; a client that reconnects (to this replica or another) with
 * Last-Event-ID gets the changes it missed instead of the counters, each once. When the
 * server stops, its streams end and their clients reconnect elsewhere. Anonymous callers
 * get 401 and others 404 for a private channel, as for every read.
 */
export const datalogEventRoutes: RouteGroup = async (app) => {
  const channels = storeOf(app);
  const events = app.services.datalogEvents;
  const streams = eventStreams(app);
  const slots = new StreamSlots(STREAMS_PER_CLIENT);
  app.addHook('onRequest', identifyIfSignedIn);

  app.get(
    '/datalog/channels/:id/events',
    {
      schema: {
        params: ChannelParams,
        querystring: NoQuery,
        headers: Type.Object({ 'last-event-id': Type.Optional(Type.String({ maxLength: 20 })) }),
      },
    },
    async (request, reply) => {
      const row = await channels.readable(request.user, request.params.id);
      const { since, resume } = await streamStart(events, request.headers['last-event-id']);
      const fresh = resume ? null : await channels.readable(request.user, request.params.id);
      // Taken after the last await, so a failed read never holds a slot.
      const slot = slots.take(clientKey(request));
      if (!slot) throw tooManyStreams();
      let subscription: { close(): void } | null = null;
      const stream = streams.open(request, reply, {
        onEnd: () => {
          slot();
          subscription?.close();
        },
      });
      const send = (event: ChannelEvent, id: number) => stream.send(event, id);
      if (fresh) {
        send(
          {
            channel: row.id,
            records: Number(fresh.records),
            lastRecordAt: fresh.last_record_at === null ? null : Number(fresh.last_record_at),
            fields: false,
          },
          since,
        );
      }
      subscription = events.watch(row.id, send, since);
    },
  );
};

/** Owner actions: a signed-in user only (401 without a token), then the owner checks. */
export const datalogOwnerRoutes: RouteGroup = async (app) => {
  const channels = storeOf(app);
  const viewer = (request: { user: Viewer }): Viewer => request.user;

  app.post(
    '/datalog/channels',
    { schema: { body: ChannelInput, response: { 201: Channel } } },
    async (request, reply) => {
      return reply.code(201).send(await channels.create(currentUser(request), request.body));
    },
  );

  app.put(
    '/datalog/channels/:id',
    { schema: { params: ChannelParams, body: ChannelUpdate, response: { 200: Channel } } },
    async (request) => channels.update(viewer(request), request.params.id, request.body),
  );

  app.delete(
    '/datalog/channels/:id',
    { schema: { params: ChannelParams, querystring: NoQuery, response: { 200: IdRef } } },
    async (request) => {
      await channels.remove(viewer(request), request.params.id);
      return { id: request.params.id };
    },
  );

  app.put(
    '/datalog/channels/:id/fields/:name',
    { schema: { params: FieldParams, body: FieldUpdate, response: { 200: Field } } },
    async (request) =>
      channels.updateField(viewer(request), request.params.id, request.params.name, request.body),
  );

  app.delete(
    '/datalog/channels/:id/fields/:name',
    { schema: { params: FieldParams, querystring: NoQuery, response: { 200: FieldDeleted } } },
    async (request) => {
      const { id, name } = request.params;
      await channels.deleteField(viewer(request), id, name);
      return { channel: id, name };
    },
  );

  app.delete(
    '/datalog/channels/:id/fields/:name/records',
    {
      schema: { params: FieldParams, querystring: RecordRange, response: { 200: RecordsDeleted } },
    },
    async (request) => {
      const { id, name } = request.params;
      const { from, to } = request.query;
      if (from >= to) throw new HttpError(400, 'bad_range', 'from must be before to');
      return channels.deleteRecords(viewer(request), id, name, from, to);
    },
  );
};
