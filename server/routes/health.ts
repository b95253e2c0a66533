// Liveness and readiness for load balancers and the run scripts.
import { Type } from '@sinclair/typebox';
import type { RouteGroup } from '../http/type-provider.ts';
import { HttpError } from '../http/errors.ts';

const Health = Type.Object({
  status: Type.Literal('ok'),
  database: Type.String(),
  uptimeSeconds: Type.Number(),
});

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
