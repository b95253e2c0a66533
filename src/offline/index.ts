// Offline and installable (docs/offline.md), started once from main.tsx: the program kept
// in browser storage, the connectivity service (built in runtime.ts; it runs from boot, so
// it is imported here, not loaded on first use) and the service worker. The other features
// use the kept draft (an extension's edit keeps the program it interrupts).
import { keepProgramDraft, restoreDraft } from './program-draft.ts';
import { startServiceWorker } from './pwa.ts';
import { startConnectivity } from './runtime.ts';

export { currentDraft, restoreDraft, type ProgramDraft } from './program-draft.ts';

/** Restores the kept program; call before the first render. */
export function restoreProgram(): boolean {
  return restoreDraft();
}

let started = false;

export function startOffline(): void {
  if (started) return;
  started = true;
  keepProgramDraft();
  startConnectivity();
  startServiceWorker();
}
