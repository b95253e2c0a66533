// Web UI dashboards: a signed-in user's own dashboards, and the read-only view of a shared
// one that anyone with its link may open. Shapes and rules: src/contract/webui.ts.
import { Type } from '@sinclair/typebox';
import { UuidRef } from '../../src/contract/common.ts';
import { UuidParams } from '../../src/contract/projects.ts';
import { EmptyBody } from '../../src/contract/users.ts';
import {
  WEBUI_ERRORS,
  WebuiBrokerGrant,
  webuiNamespace,
  Dashboard,
  DashboardInput,
  DashboardList,
  SharedDashboard,
  ShareBody,
  ShareParams,
} from '../../src/contract/webui.ts';
import { currentUser } from '../http/access.ts';
import { HttpError } from '../http/errors.ts';
import type { App } from '../http/type-provider.ts';
import type { RouteGroup } from '../http/type-provider.ts';
import { DashboardStore } from '../webui/dashboard-store.ts';

const NoQuery = Type.Object({}, { additionalProperties: false });

/** The dashboards, telling the broker when a link's viewers must lose access. */
const storeOf = (app: App) => {
  const access = app.services.webuiBroker.access;
  return new DashboardStore(app.services.db.kysely, (token) =>
    access ? access.revokeViewer(token) : Promise.resolve(),
  );
};

/** The broker's access control, or 503 when this server has none (external, no admin). */
const brokerOf = (app: App) => {
  const { access, url } = app.services.webuiBroker;
  if (!access) {
    throw new HttpError(503, WEBUI_ERRORS.noBroker.error, WEBUI_ERRORS.noBroker.message);
  }
  return { access, url, prefix: app.services.config.mqtt.prefix };
};

export const webuiRoutes: RouteGroup = async (app) => {
  const store = storeOf(app);
  const me = (request: Parameters<typeof currentUser>[0]) => currentUser(request).id;

  app.get(
    '/webui/dashboards',
    { schema: { querystring: NoQuery, response: { 200: DashboardList } } },
    async (request) => ({ data: await store.list(me(request)) }),
  );

  app.post(
    '/webui/dashboards',
    { schema: { body: DashboardInput, response: { 201: Dashboard } } },
    async (request, reply) => reply.code(201).send(await store.create(me(request), request.body)),
  );

  app.get(
    '/webui/dashboards/:uuid',
    { schema: { params: UuidParams, querystring: NoQuery, response: { 200: Dashboard } } },
    async (request) => store.get(me(request), request.params.uuid),
  );

  app.put(
    '/webui/dashboards/:uuid',
    { schema: { params: UuidParams, body: DashboardInput, response: { 200: Dashboard } } },
    async (request) => store.update(me(request), request.params.uuid, request.body),
  );

  app.delete(
    '/webui/dashboards/:uuid',
    {
      schema: { params: UuidParams, querystring: NoQuery, response: { 200: UuidRef } },
    },
    async (request) => {
      await store.remove(me(request), request.params.uuid);
      return { uuid: request.params.uuid };
    },
  );

  app.put(
    '/webui/dashboards/:uuid/share',
    { schema: { params: UuidParams, body: ShareBody, response: { 200: Dashboard } } },
    async (request) => store.share(me(request), request.params.uuid, request.body.shared),
  );

  app.post(
    '/webui/broker',
    { schema: { body: EmptyBody, response: { 200: WebuiBrokerGrant } } },
    async (request) => {
      const { access, url, prefix } = brokerOf(app);
      const login = await access.grantUser(me(request));
      return { url, ...login, root: webuiNamespace(prefix, me(request)) };
    },
  );
};

/** Anyone holding a live link: the dashboard without ids, owner or token. */
export const sharedDashboardRoutes: RouteGroup = async (app) => {
  const store = storeOf(app);
  app.get(
    '/webui/shared/:token',
    { schema: { params: ShareParams, querystring: NoQuery, response: { 200: SharedDashboard } } },
    async (request) => (await store.byToken(request.params.token)).dashboard,
  );

  app.post(
    '/webui/shared/:token/broker',
    { schema: { params: ShareParams, body: EmptyBody, response: { 200: WebuiBrokerGrant } } },
    async (request) => {
      const { access, url, prefix } = brokerOf(app);
      const { owner, dashboard } = await store.byToken(request.params.token);
      const root = webuiNamespace(prefix, owner);
      const topics = [...new Set(dashboard.widgets.map((w) => `${root}/${w.topic}`))];
      const login = await access.grantViewer(request.params.token, topics);
      return { url, ...login, root };
    },
  );
};
