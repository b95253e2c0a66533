// Catalog service (spec core §7). Reading catalogs (the list, a catalog, its projects) is
// open to everyone, a token optional (publicCatalogsRoutes); a signed-out visitor sees the
// published projects in them. Every other call needs a signed-in user. Shapes and rules are
// documented in src/contract/projects.ts.
import { Type } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';
import { UuidRef } from '../../src/contract/common.ts';
import {
  Catalog,
  CatalogAdd,
  CatalogAll,
  CatalogInput,
  CatalogList,
  CatalogListQuery,
  CatalogProjectParams,
  CatalogUpdate,
  Deleted,
  ProjectList,
  ProjectListQuery,
  UuidParams,
} from '../../src/contract/projects.ts';
import { currentUser, identifyIfSignedIn } from '../http/access.ts';
import type { RouteGroup } from '../http/type-provider.ts';
import { CatalogStore } from '../projects/catalog-store.ts';
import { ANONYMOUS_VIEWER, ProjectStore } from '../projects/project-store.ts';
import { listOptions } from './projects.ts';

const NoQuery = Type.Object({}, { additionalProperties: false });

export const catalogsRoutes: RouteGroup = async (app) => {
  const projects = new ProjectStore(app.services.db.kysely);
  const catalogs = new CatalogStore(app.services.db.kysely, projects);
  const me = (request: Parameters<typeof currentUser>[0]) => currentUser(request).id;

  app.post(
    '/catalog/create',
    { schema: { body: CatalogInput, response: { 201: UuidRef } } },
    async (request, reply) => {
      const uuid = await catalogs.create(me(request), request.body);
      return reply.code(201).send({ uuid });
    },
  );

  app.put(
    '/catalog/:uuid',
    { schema: { params: UuidParams, body: CatalogUpdate, response: { 200: Catalog } } },
    async (request) => catalogs.update(me(request), request.params.uuid, request.body),
  );

  app.put(
    '/catalog/:uuid/add',
    { schema: { params: UuidParams, body: CatalogAdd, response: { 200: Catalog } } },
    async (request) => catalogs.addProject(me(request), request.params.uuid, request.body.project),
  );

  app.get(
    '/catalog/:uuid/my-added',
    {
      schema: {
        params: UuidParams,
        querystring: ProjectListQuery,
        response: { 200: ProjectList },
      },
    },
    async (request) => {
      await catalogs.assertExists(request.params.uuid);
      const page = await projects.list(
        me(request),
        { kind: 'catalog', catalog: request.params.uuid, mineOnly: true },
        listOptions(request.query),
      );
      return { data: page.data, links: { pagination: page.pagination } };
    },
  );

  app.delete(
    '/catalog/:uuid/:project',
    {
      schema: { params: CatalogProjectParams, querystring: NoQuery, response: { 200: Catalog } },
    },
    async (request) =>
      catalogs.removeProject(me(request), request.params.uuid, request.params.project),
  );

  app.delete(
    '/catalog/:uuid',
    { schema: { params: UuidParams, querystring: NoQuery, response: { 200: Deleted } } },
    async (request) => {
      await catalogs.remove(me(request), request.params.uuid);
      return { uuid: request.params.uuid };
    },
  );

  // The spec writes "my" with a trailing slash; both spellings answer.
  for (const url of ['/catalogs/my/', '/catalogs/my']) {
    app.get(
      url,
      { schema: { querystring: CatalogListQuery, response: { 200: CatalogList } } },
      async (request) => {
        const page = await catalogs.list(me(request), true, listOptions(request.query));
        return { data: page.data, links: { pagination: page.pagination } };
      },
    );
  }

  app.get(
    '/catalogs/my/all',
    { schema: { querystring: NoQuery, response: { 200: CatalogAll } } },
    async (request) => ({ data: await catalogs.allMine(me(request)) }),
  );
};

/** The reads of catalogs: anyone, with a token when signed in (their own projects too). */
export const publicCatalogsRoutes: RouteGroup = async (app) => {
  app.addHook('onRequest', identifyIfSignedIn);
  const projects = new ProjectStore(app.services.db.kysely);
  const catalogs = new CatalogStore(app.services.db.kysely, projects);
  const viewer = (request: FastifyRequest) => request.user?.id ?? ANONYMOUS_VIEWER;

  app.get(
    '/catalog/:uuid',
    { schema: { params: UuidParams, querystring: NoQuery, response: { 200: Catalog } } },
    async (request) => catalogs.get(viewer(request), request.params.uuid),
  );

  app.get(
    '/catalog/:uuid/projects',
    {
      schema: {
        params: UuidParams,
        querystring: ProjectListQuery,
        response: { 200: ProjectList },
      },
    },
    async (request) => {
      await catalogs.assertExists(request.params.uuid);
      const page = await projects.list(
        viewer(request),
        { kind: 'catalog', catalog: request.params.uuid, mineOnly: false },
        listOptions(request.query),
      );
      return { data: page.data, links: { pagination: page.pagination } };
    },
  );

  app.get(
    '/catalogs/browse',
    { schema: { querystring: CatalogListQuery, response: { 200: CatalogList } } },
    async (request) => {
      const page = await catalogs.list(viewer(request), false, listOptions(request.query));
      return { data: page.data, links: { pagination: page.pagination } };
    },
  );
};
