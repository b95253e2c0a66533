// Navigation for framework-free code (the save flow moves to /code/{uuid} and
// /program/{key}; the open lesson names itself in the address). The router's navigate
// function is registered by a mounted component; before that, the hash is set directly (the
// hash router follows it).
import { markFlowNavigation } from './route-change.ts';

interface NavigateOptions {
  /** Replace the current history entry instead of adding one. */
  replace?: boolean;
}

type Navigate = (path: string, options?: NavigateOptions) => void;

let navigator: Navigate | null = null;

export function setNavigator(next: Navigate | null): void {
  navigator = next;
}

export function navigateTo(path: string, options: NavigateOptions = {}): void {
  markFlowNavigation(path);
  if (navigator) navigator(path, options);
  else if (options.replace) window.location.replace(`#${path}`);
  else window.location.hash = `#${path}`;
}
