// Shell UI state: loading flag, sidebar, toasts, modals.
import { proxy } from 'valtio';

type ToastKind = 'success' | 'warning';

interface Toast {
  id: number;
  kind: ToastKind;
  /** Already translated text. */
  message: string;
  title?: string;
}

/** Shell dialogs opened from menus (one at a time; release notes opens from About). */
type ShellModal =
  | 'about'
  | 'releaseNotes'
  | 'examples'
  | 'language'
  | 'firmware'
  | 'firmwareGuide'
  /** The board's connect dialog (the navbar's board button owns it). */
  | 'connect';

interface UiState {
  /** Set on each route change and cleared after it (spec core §2). */
  loading: boolean;
  sidebarOpen: boolean;
  toasts: Toast[];
  /** Offline mode hides most top-bar items and login/logout. */
  offline: boolean;
  /** The shell dialog on screen, if any. */
  modal: ShellModal | null;
  /** The project last saved to the cloud in this tab (the top bar says where it went). */
  savedProject: string | null;
}

export const ui = proxy<UiState>({
  loading: false,
  sidebarOpen: false,
  toasts: [],
  offline: false,
  modal: null,
  savedProject: null,
});

/** Toasts show for 2500 ms at the bottom centre (spec core §9). */
export const TOAST_MS = 2500;
let nextToastId = 1;

export function showToast(kind: ToastKind, message: string, title?: string): number {
  const id = nextToastId++;
  ui.toasts.push(title === undefined ? { id, kind, message } : { id, kind, message, title });
  return id;
}

export function dismissToast(id: number): void {
  const i = ui.toasts.findIndex((t) => t.id === id);
  if (i >= 0) ui.toasts.splice(i, 1);
}

export function openModal(modal: ShellModal): void {
  ui.modal = modal;
}

export function closeModal(): void {
  ui.modal = null;
}
