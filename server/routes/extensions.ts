// Extension API (classroom-and-labs §7): every call needs a signed-in user. Shapes and
// rules are documented in src/contract/extensions.ts.
import { Type } from '@sinclair/typebox';
import {
  ArchiveBody,
  BrowseParams,
  BrowseQuery,
  BrowseSearchParams,
  Extension,
  ExtensionCode,
  ExtensionCreated,
  ExtensionInput,
  ExtensionList,
  ExtensionUpdate,
  ExtensionWorkspace,
  MarkAsBody,
  type BrowseType,
} from '../../src/contract/extensions.ts';
import { UuidParams } from '../../src/contract/projects.ts';
import { EmptyBody } from '../../src/contract/users.ts';
import { ExtensionStore, type Viewer } from '../extensions/extension-store.ts';
import { currentUser } from '../http/access.ts';
import type { RouteGroup } from '../http/type-provider.ts';

const NoQuery = Type.Object({}, { additionalProperties: false });
/** Publish and code saves carry a whole workspace plus its library, JSON-escaped. */
const CODE_BODY_LIMIT = 4 * 1024 * 1024;

export const extensionsRoutes: RouteGroup = async (app) => {
  const store = new ExtensionStore(app.services.db.kysely, app.services.messages);
  const viewer = (request: Parameters<typeof currentUser>[0]): Viewer => {
    const user = currentUser(request);
    return { id: user.id, moderator: user.role === 'moderator' || user.role === 'admin' };
  };

  app.post(
    '/publish',
    {
      bodyLimit: CODE_BODY_LIMIT,
      schema: { body: ExtensionInput, response: { 201: ExtensionCreated } },
    },
    async (request, reply) => {
      const uuid = await store.publish(viewer(request).id, request.body);
      return reply.code(201).send({ uuid });
    },
  );

  app.get(
    '/extension/:uuid',
    { schema: { params: UuidParams, querystring: NoQuery, response: { 200: Extension } } },
    async (request) => store.get(viewer(request), request.params.uuid),
  );

  const browse = (type: BrowseType, query: string | undefined, q: BrowseQuery, v: Viewer) =>
    store
      .browse(v, type, {
        page: q.page ?? 1,
        perPage: q.per_page ?? 10,
        query,
        order: q.order,
      })
      .then((page) => ({ data: page.data, links: { pagination: page.pagination } }));

  app.get(
    '/browse/:type',
    {
      schema: { params: BrowseParams, querystring: BrowseQuery, response: { 200: ExtensionList } },
    },
    async (request) => browse(request.params.type, undefined, request.query, viewer(request)),
  );

  app.get(
    '/browse/:type/search/:query',
    {
      schema: {
        params: BrowseSearchParams,
        querystring: BrowseQuery,
        response: { 200: ExtensionList },
      },
    },
    async (request) =>
      browse(request.params.type, request.params.query, request.query, viewer(request)),
  );

  app.get(
    '/extension/:uuid/workspace',
    {
      schema: { params: UuidParams, querystring: NoQuery, response: { 200: ExtensionWorkspace } },
    },
    async (request) => store.workspace(viewer(request), request.params.uuid),
  );

  app.put(
    '/extension/:uuid',
    { schema: { params: UuidParams, body: ExtensionUpdate, response: { 200: Extension } } },
    async (request) => store.update(viewer(request), request.params.uuid, request.body),
  );

  app.put(
    '/extension/:uuid/workspace',
    {
      bodyLimit: CODE_BODY_LIMIT,
      schema: { params: UuidParams, body: ExtensionCode, response: { 200: Extension } },
    },
    async (request) => store.saveCode(viewer(request), request.params.uuid, request.body),
  );

  app.put(
    '/extension/:uuid/archive',
    { schema: { params: UuidParams, body: ArchiveBody, response: { 200: Extension } } },
    async (request) =>
      store.archive(viewer(request), request.params.uuid, request.body.archived ?? true),
  );

  app.put(
    '/extension/:uuid/markas',
    {
      config: { roles: ['moderator'] },
      schema: { params: UuidParams, body: MarkAsBody, response: { 200: Extension } },
    },
    async (request) => store.markAs(viewer(request), request.params.uuid, request.body.official),
  );

  app.put(
    '/extension/:uuid/add',
    { schema: { params: UuidParams, body: EmptyBody, response: { 200: Extension } } },
    async (request) => store.add(viewer(request), request.params.uuid),
  );

  app.put(
    '/extension/:uuid/remove',
    { schema: { params: UuidParams, body: EmptyBody, response: { 200: Extension } } },
    async (request) => store.remove(viewer(request), request.params.uuid),
  );
};
