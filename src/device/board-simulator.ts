// Where the virtual board plugs into the board link. The virtual board sits above the device
// layer (it is built from the layer's protocol and transport pieces), so it registers itself
// here at start-up (src/virtual-board/index.ts) instead of the device layer importing it.
import { DeviceError } from './device.ts';
import type { Transport } from './transport.ts';

interface BoardSimulator {
  /** True when this page runs with the fake navigator.hid (the e2e switch). */
  fakeHidRequested(): boolean;
  /** Puts the fake navigator.hid in place; called before the board link's first use. */
  installFakeHid(): void;
  /** The 'simulated' transport: the virtual board over its own link. */
  createTransport(): Transport;
  /** A port to the virtual board's worker, for the flash worker. */
  openFlashPort(): Promise<MessagePort>;
}

let registered: BoardSimulator | undefined;

export function registerBoardSimulator(simulator: BoardSimulator): void {
  registered = simulator;
}

const noSimulator = (): DeviceError => new DeviceError('not-connected', 'no virtual board');

/** The registered virtual board; without one, nothing asks for the fake HID and no
 * simulated link opens. */
export function boardSimulator(): BoardSimulator {
  return (
    registered ?? {
      fakeHidRequested: () => false,
      installFakeHid: () => {},
      createTransport: () => {
        throw noSimulator();
      },
      openFlashPort: () => Promise.reject(noSimulator()),
    }
  );
}
