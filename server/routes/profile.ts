// The signed-in user's own record, for the profile page.
import { Type } from '@sinclair/typebox';
import { ProfileUpdate, User } from '../../src/contract/users.ts';
import { currentUser } from '../http/access.ts';
import type { RouteGroup } from '../http/type-provider.ts';
import { toUserDto } from '../users/user-store.ts';

export const profileRoutes: RouteGroup = async (app) => {
  app.get(
    '/user/me',
    { schema: { querystring: Type.Object({}), response: { 200: User } } },
    async (request) => toUserDto(currentUser(request)),
  );

  app.put(
    '/user/me',
    { schema: { body: ProfileUpdate, response: { 200: User } } },
    async (request) => {
      const me = currentUser(request);
      const row = await app.services.users.updateProfile(
        me.id,
        request.body.name,
        request.body.photoUrl,
      );
      return toUserDto(row);
    },
  );
};
