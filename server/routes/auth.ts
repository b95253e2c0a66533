// The product auth call (spec core §4, §7): the UI posts an empty JSON body with the ID
// token after every sign-in and reads `admin` and `user_role`.
import { AuthResponse, EmptyBody } from '../../src/contract/users.ts';
import { currentUser } from '../http/access.ts';
import type { RouteGroup } from '../http/type-provider.ts';
import { toUserDto } from '../users/user-store.ts';

export const authRoutes: RouteGroup = async (app) => {
  app.post(
    '/auth',
    { schema: { body: EmptyBody, response: { 200: AuthResponse } } },
    async (request) => {
      const user = currentUser(request);
      return { admin: user.role === 'admin', user_role: user.role, user: toUserDto(user) };
    },
  );
};
