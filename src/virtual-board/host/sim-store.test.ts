import { proxy, subscribe } from 'valtio';
import { beforeAll, describe, expect, it } from 'vitest';
import type { WasmCore } from '../../core/wasm-core.ts';
import { loadTestCore } from '../../device/testing/test-core.ts';
import { SimulatedBoard, wasmEncoder } from '../board/simulated-board.ts';
import { SimulatedDevice } from '../firmware/simulated-device.ts';
import { takeState, type SimStore } from './sim-store.ts';

let core: WasmCore;

beforeAll(async () => {
  core = await loadTestCore();
});

function setUp() {
  const board = new SimulatedBoard(wasmEncoder(core), { config: {} });
  const device = new SimulatedDevice(board);
  const store = proxy<SimStore>({
    state: null,
    clockMs: 0,
    running: true,
    plugged: true,
    firmware: null,
  });
  /** What the panel watches: the state, the firmware and the clock, each time they change. */
  const seen: string[] = [];
  subscribe(
    store,
    () => {
      if (store.state !== shown.state) seen.push('state');
      if (store.firmware !== shown.firmware) seen.push('firmware');
      if (store.clockMs !== shown.clockMs) seen.push('clock');
      shown = { state: store.state, firmware: store.firmware, clockMs: store.clockMs };
    },
    true,
  );
  let shown = { state: store.state, firmware: store.firmware, clockMs: store.clockMs };
  const send = (nowMs: number) => {
    board.tick(nowMs);
    // A copy, as a message from the worker is.
    takeState(store, structuredClone(board.state()), structuredClone(device.state()));
  };
  return { board, store, seen, send };
}

describe('takeState', () => {
  it('moves only the clock while nothing else on the board changes', () => {
    const { store, seen, send } = setUp();
    send(100);
    expect(seen.sort()).toEqual(['clock', 'firmware', 'state']);
    const state = store.state;
    seen.length = 0;
    send(300);
    send(500);
    expect(seen).toEqual(['clock', 'clock']);
    expect(store.state).toBe(state);
    expect(store.clockMs).toBe(500);
  });

  it('takes the new state when something the panel shows changed', () => {
    const { board, store, seen, send } = setUp();
    send(100);
    seen.length = 0;
    board.setSensor(1, 512);
    send(300);
    expect(seen.sort()).toEqual(['clock', 'state']);
    expect(store.state?.sensors[0]).toBe(512);
  });
});
