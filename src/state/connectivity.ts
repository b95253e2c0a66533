// Offline mode (spec core §2, §7; docs/offline.md): on when the user chose to work offline
// (a setting) or when the API cannot be reached. Written by src/offline/connectivity.ts;
// `ui.offline` is the flag the top bar, the menus, the compiler choice and the API client
// read.
import { proxy } from 'valtio';
import { readStorage, STORAGE_KEYS, writeStorage } from './storage.ts';
import { ui } from './ui.ts';

interface ConnectivityState {
  /** The user's "Work offline" setting (persisted). */
  workOffline: boolean;
  /** The API answered its last health check. */
  reachable: boolean;
  /** A health check is running. */
  checking: boolean;
}

export const connectivity = proxy<ConnectivityState>({
  workOffline: readStorage(STORAGE_KEYS.workOffline) === 'true',
  reachable: true,
  checking: false,
});

function apply(): void {
  ui.offline = connectivity.workOffline || !connectivity.reachable;
}
apply();

export function setWorkOffline(on: boolean): void {
  connectivity.workOffline = on;
  writeStorage(STORAGE_KEYS.workOffline, String(on));
  apply();
}

export function setReachable(reachable: boolean): void {
  connectivity.reachable = reachable;
  apply();
}
