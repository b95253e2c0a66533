// Sidebar open/closed rules (spec core §2): hidden by default, toggled by a header button,
// after each navigation open on large screens and closed on small ones, and closed after a
// link click below 992 px.
import { ui } from '../../state/ui.ts';

const SIDEBAR_BREAKPOINT_PX = 992;
export const SIDEBAR_ID = 'app-sidebar';

function isLargeScreen(): boolean {
  return window.matchMedia(`(min-width: ${SIDEBAR_BREAKPOINT_PX}px)`).matches;
}

export function toggleSidebar(): void {
  ui.sidebarOpen = !ui.sidebarOpen;
}

export function sidebarAfterNavigation(): void {
  ui.sidebarOpen = isLargeScreen();
}

export function sidebarAfterLinkClick(): void {
  if (!isLargeScreen()) ui.sidebarOpen = false;
}
