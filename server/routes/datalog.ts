// Cloud datalog (classroom-and-labs §2 /datalog/public/{channel?}): channels, ingestion from
// boards and programs, fields (tags) and aggregated series. Reading and writing records is
// public with an optional token (the store decides per channel, src/contract/datalog.ts);
// creating, changing and deleting channels and tags needs a signed-in owner.
import { Type } from '@sinclair/typebox';
import {
  Channel,
  ChannelInput,
  ChannelList,
  ChannelParams,
  ChannelUpdate,
  Deleted,
  Field,
  FieldList,
  FIELD_NAME_PATTERN,
  FieldParams,
  FieldQuery,
  FieldUpdate,
  Ingested,
  ProgramRecord,
  PUBLIC_LOG_ID,
  RecordBatch,
  Series,
  SeriesQuery,
  type SeriesQuery as SeriesQueryType,
} from '../../src/contract/datalog.ts';
import { rangeSpan } from '../../src/contract/datalog-ranges.ts';
import { ChannelStore, loginRequired, type Viewer } from '../datalog/channel-store.ts';
import { querySeries } from '../datalog/series-query.ts';
import { currentUser, identifyIfSignedIn } from '../http/access.ts';
import { HttpError } from '../http/errors.ts';
import type { RouteGroup } from '../http/type-provider.ts';

const FIELD_NAME = new RegExp(FIELD_NAME_PATTERN);
const NoQuery = Type.Object({}, { additionalProperties: false });
/** A full batch: 1000 records of a few dozen bytes each. */
const BATCH_BODY_LIMIT = 256 * 1024;

const badFields = () =>
  new HttpError(400, 'bad_request', 'querystring/fields must list record names, comma-separated');
const noSpan = () =>
  new HttpError(400, 'bad_range', 'Give a range, or both from and to (milliseconds)');

/** [from, to) of a series query: a named range, or explicit from/to. */
export function spanOf(query: SeriesQueryType, now: number): { from: number; to: number } {
  if (query.range) return rangeSpan(query.range, now, query.tz ?? 0);
  if (query.from === undefined || query.to === undefined) throw noSpan();
  return { from: query.from, to: query.to };
}

export const datalogRoutes: RouteGroup = async (app) => {
  const channels = new ChannelStore(app.services.db.kysely);
  app.addHook('onRequest', identifyIfSignedIn);
  const viewer = (request: { user: Viewer }): Viewer => request.user;

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
      schema: { params: ChannelParams, body: RecordBatch, response: { 200: Ingested } },
    },
    async (request) => channels.ingest(viewer(request), request.params.id, request.body.records),
  );

  app.post(
    '/datalog/record',
    { schema: { body: ProgramRecord, response: { 200: Ingested } } },
    async (request) => {
      const { name, value, time, public: isPublic, channel } = request.body;
      const user = viewer(request);
      let target = PUBLIC_LOG_ID;
      if (!isPublic) {
        if (!user) throw loginRequired();
        target = channel ?? (await channels.ownLog(user));
      }
      return channels.ingest(user, target, [
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

/** Owner actions: a signed-in user only (401 without a token), then the owner checks. */
export const datalogOwnerRoutes: RouteGroup = async (app) => {
  const channels = new ChannelStore(app.services.db.kysely);
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
    { schema: { params: ChannelParams, querystring: NoQuery, response: { 200: Deleted } } },
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
};
