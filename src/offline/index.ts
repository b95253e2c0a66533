// Offline and installable (docs/offline.md), started once from main.tsx: the program kept
// in browser storage, the health checks that switch offline mode on and off, sign-in
// catching up when the server is back, and the service worker.
import { onApiUnreachable } from '../api/client.ts';
import { connectivity, setReachable } from '../state/connectivity.ts';
import { ConnectivityService, healthUrl } from './connectivity.ts';
import { keepProgramDraft, restoreDraft } from './program-draft.ts';
import { startServiceWorker } from './pwa.ts';

let service: ConnectivityService | null = null;

/** Checks the API now (the offline badge's "Try again"). */
export function checkConnection(): Promise<boolean> {
  return service?.check() ?? Promise.resolve(connectivity.reachable);
}

/** Restores the kept program; call before the first render. */
export function restoreProgram(): boolean {
  return restoreDraft();
}

export function startOffline(): void {
  if (service) return;
  keepProgramDraft();
  service = new ConnectivityService({
    fetch: (...args) => fetch(...args),
    healthUrl: healthUrl(import.meta.env.VITE_API_BASE_URL ?? ''),
    online: () => navigator.onLine,
    report: (reachable) => {
      const back = reachable && !connectivity.reachable;
      setReachable(reachable);
      // Back online: sign-in gets a fresh token (or starts, if it could not before).
      if (back) {
        void import('../auth/index.ts')
          .then((auth) => auth.startAuth())
          .then((auth) => auth.refreshToken())
          .catch(() => {});
      }
    },
    checking: (busy) => {
      connectivity.checking = busy;
    },
  });
  const s = service;
  onApiUnreachable(() => void s.check());
  window.addEventListener('online', () => void s.check());
  window.addEventListener('offline', () => {
    setReachable(false);
    void s.check();
  });
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible' && !connectivity.reachable) void s.check();
  });
  void s.check();
  startServiceWorker();
}
