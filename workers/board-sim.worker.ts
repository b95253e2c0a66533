// The simulated GoGo board's worker: runs the board on its 1 ms-frame virtual USB link in
// step with the wall clock, and talks to the page (src/device/simulated/sim-host.ts). The
// pump runs every few milliseconds, but the number of frames comes from elapsed time, never
// from the number of timer ticks (worker timers clamp to ~4 ms).
import * as Comlink from 'comlink';
import type { HidBuiltinSensors } from './core/hid-layout.ts';
import { fetchCore } from './core/fetch-core.ts';
import {
  SimulatedBoard,
  wasmEncoder,
  type SimConfig,
  type SimState,
} from '../src/device/simulated/simulated-board.ts';
import { UsbLink } from '../src/device/simulated/usb-link.ts';

export type SimMessage =
  | { type: 'reports'; reports: Uint8Array[] }
  | { type: 'state'; state: SimState }
  | { type: 'beep' };

/** The pump's period; frames per pump follow the wall clock. */
const PUMP_MS = 4;
/** At most this many frames per pump; a throttled worker lets virtual time lag instead. */
const MAX_FRAMES_PER_PUMP = 250;
/** The panel's state at most this often. */
const STATE_MS = 50;

let board: SimulatedBoard | null = null;
let link: UsbLink | null = null;
let listener: ((msg: SimMessage) => void) | null = null;
let timer: ReturnType<typeof setInterval> | undefined;
let origin = 0;
let lastState = 0;
let dirty = true;
const waiting = new Map<number, () => void>();

function pump(): void {
  if (!board || !link) return;
  let frames = Math.floor(performance.now() - origin) - link.clockMs;
  if (frames > MAX_FRAMES_PER_PUMP) {
    origin += frames - MAX_FRAMES_PER_PUMP;
    frames = MAX_FRAMES_PER_PUMP;
  }
  if (frames <= 0) return;
  const { reports, consumed } = link.run(frames);
  for (const id of consumed) {
    waiting.get(id)?.();
    waiting.delete(id);
  }
  if (consumed.length > 0) dirty = true;
  if (reports.length > 0) {
    listener?.(
      Comlink.transfer(
        { type: 'reports', reports },
        reports.map((r) => r.buffer),
      ),
    );
  }
  const now = performance.now();
  if (now - lastState >= STATE_MS && (dirty || now - lastState >= 4 * STATE_MS)) {
    lastState = now;
    dirty = false;
    listener?.({ type: 'state', state: board.state() });
  }
}

function touch<T>(f: (b: SimulatedBoard) => T): T | undefined {
  if (!board) return undefined;
  dirty = true;
  return f(board);
}

const api = {
  async start(config: Partial<SimConfig>, onMessage: (msg: SimMessage) => void): Promise<void> {
    listener = onMessage;
    if (board) {
      board.configure(config);
      return;
    }
    const core = await fetchCore();
    board = new SimulatedBoard(wasmEncoder(core), {
      config,
      onEvent: (e) => listener?.(e),
    });
    link = new UsbLink(board);
    origin = performance.now();
    timer = setInterval(pump, PUMP_MS);
  },

  /** A host → board payload; resolves in the frame the board takes it. */
  write(payload: Uint8Array): Promise<void> {
    if (!link) return Promise.reject(new Error('the simulated board is not running'));
    const id = link.write(payload);
    return new Promise((resolve) => waiting.set(id, resolve));
  },

  configure(config: Partial<SimConfig>): void {
    touch((b) => b.configure(config));
  },
  setSensor(port: number, value: number): void {
    touch((b) => b.setSensor(port, value));
  },
  setBuiltin(values: Partial<HidBuiltinSensors>): void {
    touch((b) => b.setBuiltin(values));
  },
  setIr(code: number): void {
    touch((b) => b.setIr(code));
  },
  setAnswer(value: number): void {
    touch((b) => b.setAnswer(value));
  },
  sendKeyValue(key: string, value: string): void {
    touch((b) => b.sendKeyValue(key, value));
  },
  sendDebug(text: string): void {
    touch((b) => b.sendDebug(text));
  },
  tapPiScreen(x: number, y: number): void {
    touch((b) => b.tapPiScreen(x, y));
  },
  powerOnPi(): void {
    touch((b) => b.powerOnPi());
  },
  /** Adds `n` generated records to the board's data log (panel control, tests, demos). */
  fillDatalog(n: number): void {
    touch((b) => b.datalog.fill(n));
  },
  /** Empties the data log, as the board's own clear command does. */
  clearDatalog(): void {
    touch((b) => b.datalog.clear());
  },

  stop(): void {
    clearInterval(timer);
    board = null;
    link = null;
    waiting.clear();
  },
};

export type BoardSimWorkerApi = typeof api;

Comlink.expose(api);
