// The web UI feature's boot entry: a board bridge the user left on in this browser starts
// with the app, so the board publishes from every screen once it is connected.
import { readStorage, STORAGE_KEYS } from '../state/storage.ts';
import { inBackground } from '../api/report-failure.ts';

export function startWebui(): void {
  if (readStorage(STORAGE_KEYS.webuiBridge) === 'on') {
    inBackground(import('./runtime.ts').then((m) => m.getBoardBridge()));
  }
}
