// The firmware feature's entry: registers the shell's Update Firmware action, and tells the
// user once per session when a connected board's firmware is older than the latest release.
// The service, its worker and the updater's code load on first use.
import { subscribe } from 'valtio/vanilla';
import { inBackground } from '../api/report-failure.ts';
import { registerActions } from '../shell/actions.ts';
import { connection } from '../device/connection-store.ts';

const service = () => import('./runtime.ts').then((m) => m.getFirmwareService());

export function startFirmware(): void {
  registerActions({
    async updateFirmware() {
      (await service()).open();
    },
  });
  let seen = '';
  subscribe(connection, () => {
    const { boardType } = connection.board;
    const key = `${boardType}/${connection.displayBoard}/${connection.connectionType}`;
    if (key === seen || boardType === 0 || connection.firmwareUpdating) return;
    seen = key;
    inBackground(service().then((s) => s.promptIfOutdated()));
  });
}
