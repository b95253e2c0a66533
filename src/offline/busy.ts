// Work that must not be cut off by a new app version taking over (docs/offline.md): a
// download or code read-back on the board, or a firmware update.
import { subscribe } from 'valtio';
import { downloadStatus } from '../download/index.ts';
import { firmware } from '../firmware/index.ts';

export function boardBusy(): boolean {
  return (
    downloadStatus.phase !== null ||
    downloadStatus.extracting ||
    firmware.phase === 'preparing' ||
    firmware.phase === 'updating'
  );
}

/** Resolves once no download or firmware update runs. */
export function whenBoardIdle(): Promise<void> {
  if (!boardBusy()) return Promise.resolve();
  return new Promise((resolve) => {
    const stops: (() => void)[] = [];
    const check = () => {
      if (boardBusy()) return;
      for (const stop of stops) stop();
      resolve();
    };
    stops.push(subscribe(downloadStatus, check), subscribe(firmware, check));
  });
}
