// The composition root of the board link: the app's one DeviceConnection, with its
// transports (the virtual board's as registered in board-simulator.ts), the worker framer,
// the display-board preference and the store adapter.
// Created on first use; an already granted USB board is re-opened then.
import { connection } from './connection-store.ts';
import { boardSimulator } from './board-simulator.ts';
import { GoGoConnection } from './connection/gogo-connection.ts';
import { ConnectMethod, DeviceError, type DeviceConnection, type TransportKind } from './device.ts';
import { PluginTransport } from './plugin/plugin-transport.ts';
import { RemoteTransport } from './remote/remote-transport.ts';
import { WorkerFramer } from './protocol/worker-framer.ts';
import { WorkerPacer } from './protocol/worker-pacer.ts';
import { bindDeviceToStores } from './store-adapter.ts';
import type { Transport } from './transport.ts';
import { WebHidTransport } from './webhid/webhid-transport.ts';

let device: GoGoConnection | undefined;

export function getDevice(): DeviceConnection {
  if (!device) {
    const simulator = boardSimulator();
    if (simulator.fakeHidRequested()) simulator.installFakeHid();
    const framer = new WorkerFramer();
    device = new GoGoConnection({
      createTransport(kind: TransportKind, options): Transport {
        switch (kind) {
          case 'webhid':
            // Spec core §4: the chooser also offers the STM32 bootloader (4617/48826), so a
            // board an interrupted update left there can be reached.
            return new WebHidTransport({ bootloader: options.bootloader ?? true });
          case 'plugin':
            return new PluginTransport({
              ...(options.url === undefined ? {} : { url: options.url }),
              remote:
                options.method === ConnectMethod.remoteLab ||
                options.method === ConnectMethod.remoteAccess,
            });
          case 'simulated':
            return boardSimulator().createTransport();
          case 'remote':
            if (!options.remote) throw new DeviceError('not-connected', 'no remote-lab session');
            return new RemoteTransport(options.remote);
        }
      },
      framer,
      // Download pacing runs on the device worker's clock, not the page's.
      pacer: new WorkerPacer(() => framer.remote()),
      displayBoard: () => connection.displayBoard,
      identifyFirmware: true,
    });
    bindDeviceToStores(device);
    void device.restore();
  }
  return device;
}
