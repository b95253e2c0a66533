// What the app shows about its service worker (docs/offline.md); src/offline/pwa.ts writes it.
import { proxy } from 'valtio';
import { whenBoardIdle } from './busy.ts';

interface PwaState {
  /** A new version is installed and waiting. */
  updateReady: boolean;
  /** The user chose Reload; it happens when the board work ends. */
  reloadPending: boolean;
  /** Everything is precached: the app works offline. */
  offlineReady: boolean;
}

export const pwa = proxy<PwaState>({
  updateReady: false,
  reloadPending: false,
  offlineReady: false,
});

export function dismissUpdate(): void {
  pwa.updateReady = false;
}

let reloader: (() => Promise<void>) | null = null;

/** The service worker module says how the waiting version takes over. */
export function setReloader(fn: (() => Promise<void>) | null): void {
  reloader = fn;
}

/** "Reload": the new version takes over (once the board is idle). */
export function reloadToUpdate(): Promise<void> {
  return reloader?.() ?? Promise.resolve();
}

/**
 * The reloader: marks the reload pending, waits until no download, code read-back or
 * firmware update runs, then lets the waiting version take over (`takeOver` reloads).
 */
export function reloadWhenIdle(takeOver: () => Promise<void>): () => Promise<void> {
  return async () => {
    if (pwa.reloadPending) return;
    pwa.reloadPending = true;
    await whenBoardIdle();
    await takeOver();
  };
}
