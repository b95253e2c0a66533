// The firmware feature's entry: registers the shell's Update Firmware action. The service,
// its worker and the updater's code load when the action first runs.
import { registerActions } from '../app/actions.ts';

export function startFirmware(): void {
  registerActions({
    async updateFirmware() {
      const { getFirmwareService } = await import('./firmware-module.ts');
      getFirmwareService().open();
    },
  });
}
