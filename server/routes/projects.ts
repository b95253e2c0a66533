// Project service (spec core §7). Reading published projects (the list, a project, its code
// and remixes) is open to everyone, a token optional (publicProjectsRoutes): a signed-out
// visitor browses and opens published projects read-only and signs in to like, remix or
// save. Every other call needs a signed-in user. Shapes and rules are documented in
// src/contract/projects.ts.
import { Type } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import type { CatalogListQuery } from '../../src/contract/projects.ts';
import {
  Deleted,
  LikeState,
  MyProjectsParams,
  Project,
  ProjectCode,
  ProjectCodeBody,
  ProjectCodeSaved,
  ProjectCreated,
  RemixBody,
  ProjectInput,
  ProjectList,
  ProjectListQuery,
  ProjectNameBody,
  ProjectUpdate,
  UuidParams,
  CatalogAll,
  DEFAULT_PAGE_SIZE,
} from '../../src/contract/projects.ts';
import { EmptyBody } from '../../src/contract/users.ts';
import { currentUser, identifyIfSignedIn } from '../http/access.ts';
import type { RouteGroup } from '../http/type-provider.ts';
import { CatalogStore } from '../projects/catalog-store.ts';
import { ANONYMOUS_VIEWER, ProjectStore } from '../projects/project-store.ts';

const NoQuery = Type.Object({}, { additionalProperties: false });
/** Project bodies carry whole programs: room for CODE_MAX characters, JSON-escaped. */
const CODE_BODY_LIMIT = 4 * 1024 * 1024;

/** The store's paging options from a list query (projects and catalogs share its fields). */
export const listOptions = <Q extends ProjectListQuery | CatalogListQuery>(q: Q) => ({
  page: q.page ?? 1,
  perPage: q.per_page ?? DEFAULT_PAGE_SIZE,
  query: q.query,
  order: q.order as Q['order'],
});

export const projectsRoutes: RouteGroup = async (app) => {
  const projects = new ProjectStore(app.services.db.kysely);
  const catalogs = new CatalogStore(app.services.db.kysely, projects);
  const me = (request: Parameters<typeof currentUser>[0]) => currentUser(request).id;

  for (const url of ['/project/create', '/project/saveas']) {
    app.post(
      url,
      {
        bodyLimit: CODE_BODY_LIMIT,
        schema: { body: ProjectInput, response: { 201: ProjectCreated } },
      },
      async (request, reply) => {
        const uuid = await projects.create(me(request), request.body);
        return reply.code(201).send({ uuid });
      },
    );
  }

  app.put(
    '/project/:uuid',
    { schema: { params: UuidParams, body: ProjectUpdate, response: { 200: Project } } },
    async (request) => projects.update(me(request), request.params.uuid, request.body),
  );

  app.put(
    '/project/:uuid/name',
    { schema: { params: UuidParams, body: ProjectNameBody, response: { 200: ProjectNameBody } } },
    async (request) => ({
      name: await projects.rename(me(request), request.params.uuid, request.body.name),
    }),
  );

  app.put(
    '/project/:uuid/code',
    {
      bodyLimit: CODE_BODY_LIMIT,
      schema: { params: UuidParams, body: ProjectCodeBody, response: { 200: ProjectCodeSaved } },
    },
    async (request) => {
      const { uuid } = request.params;
      return { uuid, updatedAt: await projects.saveCode(me(request), uuid, request.body.code) };
    },
  );

  for (const [action, published] of [
    ['publish', true],
    ['unpublish', false],
  ] as const) {
    app.put(
      `/project/:uuid/${action}`,
      { schema: { params: UuidParams, body: EmptyBody, response: { 200: Project } } },
      async (request) => projects.setPublished(me(request), request.params.uuid, published),
    );
  }

  for (const [action, liked] of [
    ['like', true],
    ['unlike', false],
  ] as const) {
    app.post(
      `/project/:uuid/${action}`,
      { schema: { params: UuidParams, body: EmptyBody, response: { 200: LikeState } } },
      async (request) => projects.like(me(request), request.params.uuid, liked),
    );
  }

  app.post(
    '/project/:uuid/remix',
    { schema: { params: UuidParams, body: RemixBody, response: { 201: ProjectCreated } } },
    async (request, reply) => {
      const uuid = await projects.remix(me(request), request.params.uuid, request.body.name);
      return reply.code(201).send({ uuid });
    },
  );

  app.delete(
    '/project/:uuid',
    { schema: { params: UuidParams, querystring: NoQuery, response: { 200: Deleted } } },
    async (request) => {
      await projects.remove(me(request), request.params.uuid);
      return { uuid: request.params.uuid };
    },
  );

  app.get(
    '/project/:uuid/my-added',
    { schema: { params: UuidParams, querystring: NoQuery, response: { 200: CatalogAll } } },
    async (request) => ({ data: await catalogs.holding(me(request), request.params.uuid) }),
  );

  app.get(
    '/projects/my/:type?',
    {
      schema: {
        params: MyProjectsParams,
        querystring: ProjectListQuery,
        response: { 200: ProjectList },
      },
    },
    async (request) => {
      const page = await projects.list(
        me(request),
        { kind: 'mine', type: request.params.type ?? 'all' },
        listOptions(request.query),
      );
      return { data: page.data, links: { pagination: page.pagination } };
    },
  );

  app.get(
    '/projects/my-published',
    { schema: { querystring: ProjectListQuery, response: { 200: ProjectList } } },
    async (request) => {
      const page = await projects.list(
        me(request),
        { kind: 'mine', type: 'published' },
        listOptions(request.query),
      );
      return { data: page.data, links: { pagination: page.pagination } };
    },
  );
};

/** The reads of published projects: anyone, with a token when signed in (their own too). */
export const publicProjectsRoutes: RouteGroup = async (app) => {
  app.addHook('onRequest', identifyIfSignedIn);
  const projects = new ProjectStore(app.services.db.kysely);
  const viewer = (request: FastifyRequest) => request.user?.id ?? ANONYMOUS_VIEWER;

  app.get(
    '/project/:uuid',
    { schema: { params: UuidParams, querystring: NoQuery, response: { 200: Project } } },
    async (request) => projects.get(viewer(request), request.params.uuid),
  );

  app.get(
    '/project/:uuid/code',
    { schema: { params: UuidParams, querystring: NoQuery, response: { 200: ProjectCode } } },
    async (request) => projects.code(viewer(request), request.params.uuid),
  );

  app.get(
    '/project/:uuid/remixes',
    {
      schema: { params: UuidParams, querystring: ProjectListQuery, response: { 200: ProjectList } },
    },
    async (request) => {
      const who = viewer(request);
      await projects.visible(who, request.params.uuid);
      const page = await projects.list(
        who,
        { kind: 'remixes', parent: request.params.uuid },
        listOptions(request.query),
      );
      return { data: page.data, links: { pagination: page.pagination } };
    },
  );

  app.get(
    '/projects/browse',
    { schema: { querystring: ProjectListQuery, response: { 200: ProjectList } } },
    async (request) => {
      const page = await projects.list(
        viewer(request),
        { kind: 'published' },
        listOptions(request.query),
      );
      return { data: page.data, links: { pagination: page.pagination } };
    },
  );
};
