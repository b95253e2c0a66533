// Storage service (spec core §7): shares a workspace by link without signing in. GET
// `?action=get&key&uid` answers the XML; a form-encoded POST `action=link&xml&uid` stores
// it and answers the 36-character key as text. Both answer text/plain, never markup: the
// XML is the user's, and served as XML or HTML it could run script on this origin.
import formbody from '@fastify/formbody';
import { StorageGetQuery, StorageLinkBody } from '../../src/contract/projects.ts';
import type { RouteGroup } from '../http/type-provider.ts';
import { WorkspaceStore } from '../storage/workspace-store.ts';

/** Form-encoding can triple a program's size (%XX); CODE_MAX characters still fit. */
const LINK_BODY_LIMIT = 4 * 1024 * 1024;
const TEXT = 'text/plain; charset=utf-8';

export const storageRoutes: RouteGroup = async (app) => {
  await app.register(formbody, { bodyLimit: LINK_BODY_LIMIT });
  const workspaces = new WorkspaceStore(app.services.db.kysely);

  app.get('/storage', { schema: { querystring: StorageGetQuery } }, async (request, reply) => {
    const xml = await workspaces.get(request.query.key);
    return reply.header('cache-control', 'no-store').type(TEXT).send(xml);
  });

  app.post(
    '/storage',
    { bodyLimit: LINK_BODY_LIMIT, schema: { body: StorageLinkBody } },
    async (request, reply) => {
      const key = await workspaces.link(request.body.xml, request.body.uid ?? '');
      return reply.type(TEXT).send(key);
    },
  );
};
