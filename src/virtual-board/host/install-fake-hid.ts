// The app-side switch for e2e tests (the python-editor-v3 pattern): when the `gogo-fake-hid`
// cookie is set, `navigator.hid` is replaced by a fake whose only device is the simulated
// board, so the real WebHID transport runs end to end. One build serves tests and users.
import { FakeHid } from '../../device/webhid/fake-hid.ts';
import type { SimHost } from './sim-host.ts';

const FAKE_HID_COOKIE = 'gogo-fake-hid';

export function fakeHidRequested(): boolean {
  return (
    typeof document !== 'undefined' &&
    document.cookie.split(';').some((c) => c.trim() === `${FAKE_HID_COOKIE}=1`)
  );
}

declare global {
  interface Window {
    /** Present only with the fake navigator.hid: lets a test unplug or re-plug the board. */
    gogoFakeHid?: FakeHid;
    /** Present only with the fake navigator.hid: test hooks of the simulated board. */
    gogoSim?: {
      fillDatalog(n: number): Promise<void>;
      clearDatalog(): Promise<void>;
      /** The next data-log read leaves out these records packets (0-based). */
      loseDatalogPackets(packets: number[]): Promise<void>;
    };
  }
}

export function installFakeHid(host: SimHost): FakeHid {
  // The grant lives as long as the tab, as Chrome's would across reloads.
  const hid = new FakeHid(host, 'GoGo Board', window.sessionStorage);
  Object.defineProperty(navigator, 'hid', { value: hid, configurable: true });
  // The simulator panel's cable and the fake device's cable are the same cable.
  host.onPlugChange((plugged) => (plugged ? hid.plug() : hid.unplug()));
  // Only the cable: a reboot into the bootloader also disconnects and reconnects devices.
  hid.onCable = (plugged) => host.setPlugged(plugged);
  window.gogoFakeHid = hid;
  window.gogoSim = {
    fillDatalog: (n) => host.fillDatalog(n),
    clearDatalog: () => host.clearDatalog(),
    loseDatalogPackets: (packets) => host.loseDatalogPackets(packets),
  };
  return hid;
}
