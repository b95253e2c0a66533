// Storage service (spec core §7): shares a workspace by link without signing in. GET
// `?action=get&key&uid` answers the XML; a form-encoded POST `action=link&xml&uid` stores
// it and answers the 36-character key as text. Both answer text/plain, never markup: the
// XML is the user's, and served as XML or HTML it could run script on this origin.
// Limits: every link counts against the client's writes and its bytes per day; each share
// gets a random key; shares nobody opens for STORAGE_TTL_DAYS are deleted.
import formbody from '@fastify/formbody';
import { StorageGetQuery, StorageLinkBody } from '../../src/contract/projects.ts';
import type { RouteGroup } from '../http/type-provider.ts';
import { clientKey } from '../http/rate-limit.ts';
import { parseForm } from '../http/validation.ts';
import { WORKSPACE_BYTES_MAX, WorkspaceStore } from '../storage/workspace-store.ts';

/** Form-encoding can triple a program's size (%XX); the largest share still fits. */
const LINK_BODY_LIMIT = 3 * WORKSPACE_BYTES_MAX + 64 * 1024;
const TEXT = 'text/plain; charset=utf-8';

export const storageRoutes: RouteGroup = async (app) => {
  await app.register(formbody, { bodyLimit: LINK_BODY_LIMIT, parser: parseForm });
  const workspaces = new WorkspaceStore(app.services.db.kysely);

  app.get('/storage', { schema: { querystring: StorageGetQuery } }, async (request, reply) => {
    const xml = await workspaces.get(request.query.key);
    return reply.header('cache-control', 'no-store').type(TEXT).send(xml);
  });

  app.post(
    '/storage',
    { bodyLimit: LINK_BODY_LIMIT, schema: { body: StorageLinkBody } },
    async (request, reply) => {
      const { xml, uid } = request.body;
      // Besides the count of writes every public route has, the bytes a client stores.
      await app.services.limits.storageBytes.check(
        clientKey(request),
        Buffer.byteLength(xml, 'utf8'),
        'You have shared too much today; try again tomorrow',
      );
      const key = await workspaces.link(xml, uid ?? '');
      return reply.type(TEXT).send(key);
    },
  );
};
