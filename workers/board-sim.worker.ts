// The simulated GoGo board's worker: runs the board on its 1 ms-frame virtual USB link in
// step with the wall clock, and talks to the page (src/device/simulated/sim-host.ts). The
// pump runs every few milliseconds, but the number of frames comes from elapsed time, never
// from the number of timer ticks (worker timers clamp to ~4 ms). Downloaded programs run on
// the core-rs VM (VmProgramRunner) with the Logo version of the board's type and firmware,
// and a download's pacing (10 ms between chunks) is kept on the link's virtual clock.
import * as Comlink from 'comlink';
import type { HidBuiltinSensors } from './core/hid-layout.ts';
import { fetchCore } from './core/fetch-core.ts';
import { VmProgramRunner } from './core/vm-runner.ts';
import {
  SimulatedBoard,
  wasmEncoder,
  wasmMemRead,
  type SimConfig,
  type SimState,
} from '../src/device/simulated/simulated-board.ts';
import { UsbLink, type PacedWrite } from '../src/device/simulated/usb-link.ts';

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
/** Progress of a paced sequence at most this often (≤ 60 messages a second). */
const PROGRESS_MS = 16;

let board: SimulatedBoard | null = null;
let runner: VmProgramRunner | null = null;
let link: UsbLink | null = null;
let listener: ((msg: SimMessage) => void) | null = null;
let timer: ReturnType<typeof setInterval> | undefined;
let origin = 0;
let lastState = 0;
let dirty = true;
const waiting = new Map<number, { resolve: () => void; reject: (e: Error) => void }>();

interface Sequence {
  ids: Set<number>;
  total: number;
  done: number;
  reportedAt: number;
  onProgress: ((done: number, total: number) => void) | undefined;
}
const sequences = new Set<Sequence>();

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
    waiting.get(id)?.resolve();
    waiting.delete(id);
  }
  if (consumed.length > 0) {
    dirty = true;
    reportProgress(consumed);
  }
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

function reportProgress(consumed: number[]): void {
  const now = performance.now();
  for (const seq of sequences) {
    const before = seq.done;
    for (const id of consumed) if (seq.ids.has(id)) seq.done++;
    if (seq.done === before) continue;
    const finished = seq.done === seq.total;
    if (finished || now - seq.reportedAt >= PROGRESS_MS) {
      seq.reportedAt = now;
      seq.onProgress?.(seq.done, seq.total);
    }
    if (finished) sequences.delete(seq);
  }
}

function touch<T>(f: (b: SimulatedBoard) => T): T | undefined {
  if (!board) return undefined;
  dirty = true;
  return f(board);
}

function queueWrite(id: number): Promise<void> {
  return new Promise((resolve, reject) => waiting.set(id, { resolve, reject }));
}

const api = {
  async start(config: Partial<SimConfig>, onMessage: (msg: SimMessage) => void): Promise<void> {
    listener = onMessage;
    if (board) {
      board.configure(config);
      return;
    }
    const core = await fetchCore();
    // The Logo version follows the board's type and firmware (spec core §9) at each load.
    const vm = new VmProgramRunner(core, {
      version: () => {
        const c = board?.state().config;
        return core.pickLogoVersion(c?.boardType ?? 0, c?.firmwareVersion ?? 0);
      },
    });
    runner = vm;
    board = new SimulatedBoard(wasmEncoder(core), {
      config,
      runner: vm,
      memRead: wasmMemRead(core),
      onEvent: (e) => listener?.(e),
    });
    link = new UsbLink(board);
    origin = performance.now();
    timer = setInterval(pump, PUMP_MS);
  },

  /** A host → board payload; resolves in the frame the board takes it. */
  write(payload: Uint8Array): Promise<void> {
    if (!link) return Promise.reject(new Error('the simulated board is not running'));
    return queueWrite(link.write(payload));
  },

  /**
   * Host → board payloads paced on the virtual clock: payload i is taken `gapsMs[i]` after
   * payload i − 1. Resolves when the board took the last; `onProgress` hears how many it
   * took, at most every 16 ms and once at the end.
   */
  async writeSequence(
    payloads: Uint8Array[],
    gapsMs: number[],
    onProgress?: (done: number, total: number) => void,
  ): Promise<void> {
    if (!link) throw new Error('the simulated board is not running');
    const writes: PacedWrite[] = payloads.map((payload, i) => ({
      payload,
      gapMs: gapsMs[i] ?? 0,
    }));
    const ids = link.writeSequence(writes);
    sequences.add({ ids: new Set(ids), total: ids.length, done: 0, reportedAt: 0, onProgress });
    await Promise.all(ids.map(queueWrite));
  },

  /** The cable was pulled: writes not yet taken fail. */
  unplug(): void {
    const dropped = link?.cancelWrites() ?? [];
    for (const id of dropped) {
      waiting.get(id)?.reject(new Error('the virtual board was unplugged'));
      waiting.delete(id);
    }
    sequences.clear();
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
  /** The board's reset button: outputs cleared, an autorun program starts again. */
  reset(): void {
    touch((b) => b.reset());
  },
  /** The board's run button (run, or stop when running). */
  pressRun(): void {
    touch((b) => b.pressRunButton());
  },

  stop(): void {
    clearInterval(timer);
    api.unplug();
    runner?.destroy();
    runner = null;
    board = null;
    link = null;
    waiting.clear();
  },
};

export type BoardSimWorkerApi = typeof api;

Comlink.expose(api);
