// Dialogs that outlive a page (opened from the menus and kept in shell and feature stores)
// close when the user goes to another page: a dialog left on top of the next page belongs
// to nothing there. A flow that moves on by itself (the save flow goes to the saved
// project's address and shows its share link) navigates through navigateTo(), which marks
// that one route change as the flow's own, so its dialogs stay.
type Closer = () => void;

const closers = new Set<Closer>();
/** Where the running flow is going (navigateTo's path), until the route gets there. */
let flowTarget: string | null = null;

/** Registers what closes a dialog on a route change; returns the unregistering function. */
export function closeOnRouteChange(closer: Closer): () => void {
  closers.add(closer);
  return () => closers.delete(closer);
}

/** Called by navigateTo(): the route change to `path` is the running flow's own. */
export function markFlowNavigation(path: string): void {
  flowTarget = path;
}

/**
 * Called once per route change by the app's layout, with the new path (and query): closes
 * every registered dialog, unless a flow navigated there itself.
 */
export function routeChanged(path: string): void {
  const flows = flowTarget === path;
  flowTarget = null;
  if (flows) return;
  for (const close of [...closers]) close();
}
