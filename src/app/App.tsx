import { RouterProvider } from 'react-router-dom';
import type { AppRouter } from './router.ts';

/** The whole interface: the router's current screen inside the app's frame. */
export default function App({ router }: { router: AppRouter }) {
  return <RouterProvider router={router} />;
}
