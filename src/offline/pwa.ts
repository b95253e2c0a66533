// The service worker (docs/offline.md). It precaches the app; when a new version has been
// downloaded it waits, and the app announces it (UpdateNotice). "Reload" lets the new
// version take over and reloads the page, but only once no download or firmware update
// runs, so a new version never takes over a board mid-write.
import i18next from 'i18next';
import { registerSW } from 'virtual:pwa-register';
import { showToast } from '../state/ui.ts';
import { prepareCodeCache } from './code-cache.ts';
import { pwa, reloadWhenIdle, setReloader } from './pwa-state.ts';

let update: ((reload?: boolean) => Promise<void>) | null = null;

export function startServiceWorker(): void {
  if (!('serviceWorker' in navigator) || update) return;
  setReloader(reloadWhenIdle(() => update?.(true) ?? Promise.resolve()));
  update = registerSW({
    immediate: true,
    onNeedRefresh() {
      pwa.updateReady = true;
    },
    onOfflineReady() {
      pwa.offlineReady = true;
      showToast('success', i18next.t('offline:ready'));
      // The first visit, with the whole app now in the cache.
      void prepareCodeCache();
    },
    onRegisteredSW(_url, registration) {
      // Look for a new version every hour while the app stays open.
      if (registration) setInterval(() => void registration.update().catch(() => {}), 3_600_000);
    },
  });
}
