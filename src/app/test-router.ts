// Test helper: runs a route table in a hash router on the test window (loaders, redirects
// and lazy screen code included, no rendering) and waits until navigation settles.
import type { ReactElement } from 'react';
import { createHashRouter, type RouteObject } from 'react-router-dom';
import AfterFrame from './layout/AfterFrame.tsx';
import { routes } from './routes.tsx';

export type TestRouter = ReturnType<typeof createHashRouter>;

const open: TestRouter[] = [];

export function settled(router: TestRouter): Promise<void> {
  const done = () => router.state.initialized && router.state.navigation.state === 'idle';
  return new Promise((resolve) => {
    if (done()) return resolve();
    const unsubscribe = router.subscribe(() => {
      if (done()) {
        unsubscribe();
        resolve();
      }
    });
  });
}

/** Opens `path` as if typed into the address bar (a new history entry, then a load). */
export async function openPath(path: string, table: RouteObject[] = routes): Promise<TestRouter> {
  window.history.pushState(null, '', `#${path}`);
  const router = createHashRouter(table);
  open.push(router);
  await settled(router);
  return router;
}

/** Stops the routers the test opened listening to the window. */
export function closeRouters(): void {
  for (const router of open.splice(0)) router.dispose();
}

/**
 * What the deepest matched route shows: a screen id, a component's name, or
 * `Component:variant` for a screen shown in a variant (the program editor).
 */
export function shownScreen(router: TestRouter): string | undefined {
  const route = router.state.matches.at(-1)?.route;
  if (!route) return undefined;
  // Lazy `Component`s end up as `element`s made from them; a page that waits for the
  // frame's commit is the child of AfterFrame.
  type Shown = ReactElement<{ screen?: string; variant?: string; children?: unknown }>;
  let element = route.element as Shown | null | undefined;
  if (element?.type === AfterFrame) element = element.props.children as Shown;
  if (element?.props.screen) return element.props.screen;
  const type = element?.type ?? route.Component;
  const name = typeof type === 'function' ? type.name : undefined;
  return element?.props.variant ? `${name}:${element.props.variant}` : name;
}
