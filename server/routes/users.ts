// User management (classroom-and-labs §7 "Users"), admin only. Admins cannot delete or
// demote themselves, so a deployment never loses its last way in by accident.
import { TableQuery } from '../../src/contract/common.ts';
import { User, UserCreate, UserDelete, UserList, UserUpdate } from '../../src/contract/users.ts';
import { Type } from '@sinclair/typebox';
import { currentUser } from '../http/access.ts';
import { HttpError } from '../http/errors.ts';
import type { RouteGroup } from '../http/type-provider.ts';
import { toUserDto } from '../users/user-store.ts';

const adminOnly = { roles: ['admin'] } as const;

const ownAccount = () =>
  new HttpError(409, 'own_account', 'Admins cannot delete or demote their own account');

export const usersRoutes: RouteGroup = async (app) => {
  const { users } = app.services;

  app.get(
    '/user/browse',
    { config: adminOnly, schema: { querystring: TableQuery, response: { 200: UserList } } },
    async (request) => {
      const q = request.query;
      const { rows, pagination } = await users.browse({
        page: q.page ?? 1,
        perPage: q.per_page ?? 10,
        sort: q.sort,
        search: q.query ?? q.filter,
      });
      return { data: rows.map(toUserDto), links: { pagination } };
    },
  );

  app.post(
    '/user/create',
    { config: adminOnly, schema: { body: UserCreate, response: { 201: User } } },
    async (request, reply) => {
      const row = await users.create(request.body);
      return reply.code(201).send(toUserDto(row));
    },
  );

  app.post(
    '/user/update',
    { config: adminOnly, schema: { body: UserUpdate, response: { 200: User } } },
    async (request) => {
      const me = currentUser(request);
      if (request.body.id === me.id && request.body.role !== undefined) {
        if (request.body.role !== 'admin') throw ownAccount();
      }
      return toUserDto(await users.update(request.body));
    },
  );

  app.post(
    '/user/delete',
    {
      config: adminOnly,
      schema: { body: UserDelete, response: { 200: Type.Object({ id: Type.String() }) } },
    },
    async (request) => {
      if (request.body.id === currentUser(request).id) throw ownAccount();
      await users.remove(request.body.id);
      return { id: request.body.id };
    },
  );
};
