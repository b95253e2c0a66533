// Liveness and readiness for load balancers and the run scripts:
// - `/health/live`: the process answers (a balancer restarts a replica that does not);
// - `/health/ready`: the database, the event bus and the remote-lab broker are reachable and
//   the replica is not draining (a balancer sends requests only to ready replicas; a
//   replica told to stop answers 503 here first, while it still serves, so the balancer
//   moves away before it closes);
// - `/api/v1/health`: the database, for the app's own connectivity checks.
import { Type } from '@sinclair/typebox';
import type { RouteGroup } from '../http/type-provider.ts';
import { HttpError } from '../http/errors.ts';

const Health = Type.Object({
  status: Type.Literal('ok'),
  database: Type.String(),
  uptimeSeconds: Type.Number(),
});

const Ready = Type.Object({
  status: Type.Union([Type.Literal('ok'), Type.Literal('unavailable')]),
  database: Type.Boolean(),
  bus: Type.Boolean(),
  broker: Type.Boolean(),
  draining: Type.Boolean(),
});

declare module 'fastify' {
  interface FastifyInstance {
    /** Set when the replica was told to stop: /health/ready answers 503 from then on. */
    draining: boolean;
  }
}

export const healthRoutes: RouteGroup = async (app) => {
  app.get(
    '/health',
    {
      schema: {
        querystring: Type.Object({}),
        response: { 200: Health },
      },
    },
    async () => {
      const { db } = app.services;
      if (!(await db.ping())) throw new HttpError(503, 'unavailable', 'The database is down');
      return { status: 'ok' as const, database: db.kind, uptimeSeconds: process.uptime() };
    },
  );
};

/** Root paths for balancers (outside the API base, like `/api/compile`). */
export const probeRoutes: RouteGroup = async (app) => {
  const noQuery = { querystring: Type.Object({}) };
  app.get('/health/live', { schema: noQuery }, async () => ({ status: 'ok' }));
  app.get(
    '/health/ready',
    { schema: { ...noQuery, response: { 200: Ready, 503: Ready } } },
    async (_request, reply) => {
      const { db, bus, remoteLab } = app.services;
      const state = {
        database: await db.ping(),
        bus: bus.connected(),
        broker: remoteLab.brokerConnected(),
        draining: app.draining,
      };
      const ok = state.database && state.bus && state.broker && !state.draining;
      return reply
        .code(ok ? 200 : 503)
        .send({ status: ok ? ('ok' as const) : ('unavailable' as const), ...state });
    },
  );
};
