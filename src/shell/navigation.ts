// Navigation for framework-free code (the save flow moves to /code/{uuid} and
// /program/{key}). The router's navigate function is registered by a mounted component;
// before that, the hash is set directly (the hash router follows it).
import { markFlowNavigation } from './route-change.ts';

type Navigate = (path: string) => void;

let navigator: Navigate | null = null;

export function setNavigator(next: Navigate | null): void {
  navigator = next;
}

export function navigateTo(path: string): void {
  markFlowNavigation(path);
  if (navigator) navigator(path);
  else window.location.hash = `#${path}`;
}
