// Redirects from route loaders that never leave the redirecting address in history, so Back
// never bounces into a redirect. After a link click (PUSH) the router has not yet written
// the address, so the target is pushed; on load and on Back/Forward (POP) the address bar
// already shows it, so the target replaces it. React Router pushes in both cases unless told.
import { redirect, replace } from 'react-router-dom';

function normalise(path: string): string {
  try {
    return decodeURI(path);
  } catch {
    return path;
  }
}

/** The route the address bar shows (routing is hash based). */
function addressBarRoute(): string {
  const hash = window.location.hash.replace(/^#/, '');
  return normalise(hash.startsWith('/') ? hash : `/${hash}`);
}

export function redirectFrom(request: Request, target: string): Response {
  const { pathname, search } = new URL(request.url);
  const shown = addressBarRoute() === normalise(pathname + search);
  return shown ? replace(target) : redirect(target);
}
