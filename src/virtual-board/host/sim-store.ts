// The simulator panel's store, and how a state message from the board's worker goes in: the
// worker sends the board's state several times a second even when only its clock moved, so
// the store keeps the state it has when nothing else changed and moves only `clockMs`
// (the one figure the panel shows ticking). The panel then redraws only its clock.
import { ref } from 'valtio';
import { sameData } from '../../state/same-data.ts';
import type { FirmwareSimState } from '../firmware/simulated-device.ts';
import type { SimState } from '../board/simulated-board.ts';

export interface SimStore {
  /** The board's latest state (its `clockMs` may lag: `clockMs` below is the clock). */
  state: SimState | null;
  /** The board's clock, ms since it booted. */
  clockMs: number;
  running: boolean;
  /** The virtual cable: unplugging drops the link like a real unplug. */
  plugged: boolean;
  /** Its firmware: bootloader, update modes, flash contents (for the panel). */
  firmware: FirmwareSimState | null;
}

/** Takes a state message into `store` (a Valtio proxy), replacing only what changed. */
export function takeState(store: SimStore, state: SimState, firmware: FirmwareSimState): void {
  const shown = store.state;
  store.clockMs = state.clockMs;
  if (shown === null || !sameData({ ...state, clockMs: 0 }, { ...shown, clockMs: 0 })) {
    // ref(): the snapshot is replaced whole, Valtio need not track inside it.
    store.state = ref(state);
  }
  takeFirmware(store, firmware);
}

/** Takes the firmware part of a message into `store` when it changed. */
export function takeFirmware(store: SimStore, firmware: FirmwareSimState): void {
  if (store.firmware === null || !sameData(firmware, store.firmware)) {
    store.firmware = ref(firmware);
  }
}
