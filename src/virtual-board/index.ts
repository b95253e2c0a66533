// What the app starts at boot: the virtual board registers itself with the board link, which
// then offers it as the 'simulated' transport, as the fake navigator.hid of e2e runs, and as
// the flash worker's port to the simulated board. The other features use the page's virtual
// board (its host) and its transport; the board model itself, which runs in Node too, has a
// face of its own (model.ts).
import { registerBoardSimulator } from '../device/board-simulator.ts';
import { fakeHidRequested, installFakeHid } from './host/install-fake-hid.ts';
import { getSimHost } from './host/sim-host.ts';
import { SimulatedTransport } from './host/simulated-transport.ts';

export { getSimHost, SimulatedTransport };

export function startVirtualBoard(): void {
  registerBoardSimulator({
    fakeHidRequested,
    installFakeHid: () => void installFakeHid(getSimHost()),
    createTransport: () => new SimulatedTransport(getSimHost()),
    openFlashPort: () => getSimHost().openFlashPort(),
  });
}
