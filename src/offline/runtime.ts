// The offline feature's singleton: the connectivity service (health checks that switch offline
// mode on and off, sign-in catching up when the server is back). Built at boot by index.ts.
import { onApiUnreachable } from '../api/client.ts';
import { connectivity, setReachable } from '../state/connectivity.ts';
import { sessionWanted } from '../state/session-start.ts';
import { ConnectivityService, healthUrl } from './connectivity.ts';

let service: ConnectivityService | null = null;

/** Checks the API now (the offline badge's "Try again"). */
export function checkConnection(): Promise<boolean> {
  return service?.check() ?? Promise.resolve(connectivity.reachable);
}

/** Builds the service once and starts its checks. */
export function startConnectivity(): void {
  if (service) return;
  service = new ConnectivityService({
    fetch: (...args) => fetch(...args),
    healthUrl: healthUrl(import.meta.env.VITE_API_BASE_URL ?? ''),
    online: () => navigator.onLine,
    report: (reachable) => {
      const back = reachable && !connectivity.reachable;
      setReachable(reachable);
      // Back online: sign-in gets a fresh token and the server checks the session again (or
      // sign-in starts, if it could not before).
      if (back) {
        void sessionWanted()
          .then(() => import('../auth/index.ts'))
          .then((auth) => auth.startAuth())
          .then((auth) => auth.reconnected())
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
}
