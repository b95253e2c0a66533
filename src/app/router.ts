// The app's hash router. Guards are loaders, so they run again whenever the signed-in user
// changes: signing out on /profile leaves it.
import { createHashRouter } from 'react-router-dom';
import { subscribeKey } from 'valtio/utils';
import { session } from '../state/session.ts';
import { routes } from './routes.tsx';

export type AppRouter = ReturnType<typeof createHashRouter>;

export function createAppRouter(): AppRouter {
  const router = createHashRouter(routes);
  subscribeKey(session, 'user', () => void router.revalidate());
  return router;
}
