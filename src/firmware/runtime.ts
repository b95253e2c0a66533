// The composition root of the firmware feature: the app's one FirmwareService, wired to the
// board link, the API client, the flash worker and the shell. Loaded on first use.
import i18next from 'i18next';
import { api } from '../api/client.ts';
import { getDevice } from '../device/runtime.ts';
import { boardSimulator } from '../device/board-simulator.ts';
import { browserHid } from '../device/webhid/hid-types.ts';
import { BOOTLOADER_FILTER } from '../device/webhid/webhid-transport.ts';
import { board } from '../device/board-store.ts';
import { connection } from '../device/connection-store.ts';
import { openModal, showToast } from '../state/ui.ts';
import { firmwareGuide } from './firmware-guide.ts';
import { FirmwareApi } from './firmware-api.ts';
import { FlashBridge } from './flash-bridge.ts';
import { openPluginFlashPort } from './plugin-flash-port.ts';
import { FirmwareService } from './firmware-service.ts';
import { firmware } from './firmware-state.ts';

let service: FirmwareService | undefined;

export function getFirmwareService(): FirmwareService {
  service ??= new FirmwareService({
    device: getDevice,
    connection,
    linkKind: () => board.link.transport,
    fakeHid: () => boardSimulator().fakeHidRequested(),
    simPort: () => boardSimulator().openFlashPort(),
    pluginPort: () => openPluginFlashPort(),
    api: new FirmwareApi({
      client: api,
      notify: (message) => showToast('warning', message),
      translate: (key) => i18next.t(key),
    }),
    runner: new FlashBridge(),
    state: firmware,
    t: (key, values) => i18next.t(key, values),
    notify: (kind, message) => showToast(kind, message),
    openModal: () => openModal('firmware'),
    showGuide(url) {
      firmwareGuide.url = url;
      openModal('firmwareGuide');
    },
    async requestBootloader() {
      await browserHid()?.requestDevice({ filters: [BOOTLOADER_FILTER] });
    },
  });
  return service;
}
