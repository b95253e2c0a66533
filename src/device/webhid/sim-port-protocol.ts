// Messages between the simulated board's worker and a second client on a MessagePort (the
// flash worker): it writes reports, and while it is attached it alone receives the board's
// reports, as the one program that has a USB device open would.
import type { FakeHidIdentity } from './fake-hid.ts';

export type ToSim =
  | { t: 'write'; id: number; payload: Uint8Array }
  /** The client is done: reports go back to the page. */
  | { t: 'close' };

export type FromSim =
  | { t: 'hello'; identity: FakeHidIdentity | null; powered: boolean }
  | { t: 'written'; id: number }
  /** The board left the bus before it took the report. */
  | { t: 'write-failed'; id: number }
  | { t: 'reports'; reports: Uint8Array[] }
  | { t: 'identity'; identity: FakeHidIdentity | null }
  | { t: 'power'; on: boolean };
