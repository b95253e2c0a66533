// The simulated GoGo board's worker: runs the board (with its bootloader, ESP receive mode
// and legacy memory: SimulatedDevice) on its 1 ms-frame virtual USB link in step with the
// wall clock, and talks to the page (src/virtual-board/host/sim-host.ts) and, during a
// firmware update, to the flash worker over a MessagePort. The pump runs every few
// milliseconds, but the number of frames comes from elapsed time, never from the number of
// timer ticks (worker timers clamp to ~4 ms). Downloaded programs run on the core-rs VM
// (VmProgramRunner) with the Logo version of the board's type and firmware, and a
// download's pacing (10 ms between chunks) is kept on the link's virtual clock.
import * as Comlink from 'comlink';
import type { HidBuiltinSensors } from '../../core/hid-layout.ts';
import { fetchCore } from '../../core/fetch-core.ts';
import { VmProgramRunner } from '../../core/vm-runner.ts';
import type { FakeHidIdentity } from '../host/fake-hid.ts';
import { SimulatedDevice, type FirmwareSimState } from '../firmware/simulated-device.ts';
import type { FromSim, ToSim } from '../board/sim-port-protocol.ts';
import {
  programDatalogEvents,
  SimulatedBoard,
  wasmEncoder,
  wasmMemRead,
  type SimConfig,
  type SimState,
} from '../board/simulated-board.ts';
import { UsbLink, type PacedWrite } from '../board/usb-link.ts';

export type SimMessage =
  | { type: 'reports'; reports: Uint8Array[] }
  | { type: 'state'; state: SimState; firmware: FirmwareSimState }
  /** During an update: the firmware part alone (the rest of the panel stays quiet). */
  | { type: 'firmware'; firmware: FirmwareSimState }
  | { type: 'identity'; identity: FakeHidIdentity | null }
  | { type: 'beep' }
  /** A running program's `cloud record` / `public cloud record` (the host posts it). */
  | { type: 'cloud-record'; name: string; value: number; public: boolean };

/** The pump's period; frames per pump follow the wall clock. */
const PUMP_MS = 4;
/** At most this many frames per pump; a throttled worker lets virtual time lag instead. */
const MAX_FRAMES_PER_PUMP = 250;
/** The panel's state at most this often. */
const STATE_MS = 50;
/** During a firmware update the panel follows the update (firmware part) and little else,
 * so the page stays quiet while the board is written. */
const STATE_MS_UPDATING = 1000;
const FIRMWARE_MS_UPDATING = 250;
/** Progress of a paced sequence at most this often (≤ 60 messages a second). */
const PROGRESS_MS = 16;

let board: SimulatedBoard | null = null;
let runner: VmProgramRunner | null = null;
let device: SimulatedDevice | null = null;
let link: UsbLink | null = null;
let listener: ((msg: SimMessage) => void) | null = null;
let timer: ReturnType<typeof setInterval> | undefined;
let origin = 0;
let lastState = 0;
let lastFirmware = 0;
let dirty = true;
/** Writes waiting for their frame: the page's promises, or the flash port's request ids. */
const waiting = new Map<number, { resolve(): void; reject(e: unknown): void } | { port: number }>();
let flashPort: MessagePort | null = null;

/** A paced write sequence (a download) whose progress the page follows. */
interface Sequence {
  ids: Set<number>;
  total: number;
  done: number;
  reportedAt: number;
  onProgress: ((done: number, total: number) => void) | undefined;
}
const sequences = new Set<Sequence>();

const gone = () => new DOMException('The device was disconnected.', 'NotFoundError');

function toPort(msg: FromSim, transfer: Transferable[] = []): void {
  flashPort?.postMessage(msg, transfer);
}

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
    const w = waiting.get(id);
    waiting.delete(id);
    if (!w) continue;
    if ('port' in w) toPort({ t: 'written', id: w.port });
    else w.resolve();
  }
  if (consumed.length > 0) {
    dirty = true;
    reportProgress(consumed);
  }
  if (reports.length > 0) {
    const buffers = reports.map((r) => r.buffer);
    // While the flash worker has the device open, its reports are its own.
    if (flashPort) toPort({ t: 'reports', reports }, buffers);
    else listener?.(Comlink.transfer({ type: 'reports', reports }, buffers));
  }
  const now = performance.now();
  const period = flashPort ? STATE_MS_UPDATING : STATE_MS;
  if (now - lastState >= period && (dirty || now - lastState >= 4 * period)) {
    lastState = now;
    lastFirmware = now;
    dirty = false;
    if (device) listener?.({ type: 'state', state: board.state(), firmware: device.state() });
  } else if (flashPort && device && now - lastFirmware >= FIRMWARE_MS_UPDATING) {
    lastFirmware = now;
    listener?.({ type: 'firmware', firmware: device.state() });
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

function queueWrite(id: number): Promise<void> {
  return new Promise((resolve, reject) => waiting.set(id, { resolve, reject }));
}

/** The board re-enumerated (a reboot) or left the bus: queued writes fail. */
function identityChanged(identity: FakeHidIdentity | null): void {
  dirty = true;
  if (identity === null && link) {
    for (const id of link.clear()) {
      const w = waiting.get(id);
      waiting.delete(id);
      if (!w) continue;
      if ('port' in w) toPort({ t: 'write-failed', id: w.port });
      else w.reject(gone());
    }
    sequences.clear();
  }
  listener?.({ type: 'identity', identity });
  toPort({ t: 'identity', identity });
}

function touch<T>(f: (b: SimulatedBoard) => T): T | undefined {
  if (!board) return undefined;
  dirty = true;
  return f(board);
}

export const boardSimWorkerApi = {
  async start(config: Partial<SimConfig>, onMessage: (msg: SimMessage) => void): Promise<void> {
    listener = onMessage;
    if (board) {
      board.configure(config);
      return;
    }
    const core = await fetchCore();
    const toDatalog = programDatalogEvents(() => board);
    // The Logo version follows the board's type and firmware (spec core §9) at each load.
    const vm = new VmProgramRunner(core, {
      version: () => {
        const c = board?.state().config;
        return core.pickLogoVersion(c?.boardType ?? 0, c?.firmwareVersion ?? 0);
      },
      onEvent: (e) => {
        // `record` fills the board's offline data log (docs/datalog.md); `erase` empties it.
        toDatalog(e);
        // Cloud records leave the board through its host, as with a board plugin.
        if (e.type === 'cloud-record') {
          listener?.({ type: 'cloud-record', name: e.name, value: e.value, public: e.public });
        }
      },
    });
    runner = vm;
    board = new SimulatedBoard(wasmEncoder(core), {
      config,
      runner: vm,
      memRead: wasmMemRead(core),
      onEvent: (e) => listener?.(e),
    });
    device = new SimulatedDevice(board, { onIdentity: identityChanged });
    link = new UsbLink(device);
    origin = performance.now();
    timer = setInterval(pump, PUMP_MS);
  },

  /** A host → board payload; resolves in the frame the board takes it. */
  write(payload: Uint8Array): Promise<void> {
    if (!link || !device) return Promise.reject(new Error('the simulated board is not running'));
    if (device.identity === null) return Promise.reject(gone());
    return queueWrite(link.write(payload));
  },

  /**
   * Host → board payloads paced on the virtual clock: payload i is taken `gapsMs[i]` after
   * payload i − 1. Resolves when the board took the last; `onProgress` hears how many it
   * took, at most every 16 ms and once at the end. Unplugging rejects it.
   */
  async writeSequence(
    payloads: Uint8Array[],
    gapsMs: number[],
    onProgress?: (done: number, total: number) => void,
  ): Promise<void> {
    if (!link || !device) throw new Error('the simulated board is not running');
    if (device.identity === null) throw gone();
    const writes: PacedWrite[] = payloads.map((payload, i) => ({
      payload,
      gapMs: gapsMs[i] ?? 0,
    }));
    const ids = link.writeSequence(writes);
    sequences.add({ ids: new Set(ids), total: ids.length, done: 0, reportedAt: 0, onProgress });
    await Promise.all(ids.map(queueWrite));
  },

  /** The cable: off cuts the board's power mid-whatever, on boots it. */
  setPowered(on: boolean): void {
    if (!device) return;
    toPort({ t: 'power', on });
    device.setPowered(on);
    dirty = true;
  },

  /** What the board enumerates as now (null: off the bus or unpowered). */
  identity(): FakeHidIdentity | null {
    return device?.identity ?? null;
  },

  /** The flash worker's line to the board (the other end of `port` lives there). */
  attachFlashPort(port: MessagePort): void {
    flashPort?.close();
    flashPort = port;
    port.onmessage = (e: MessageEvent<ToSim>) => {
      const msg = e.data;
      if (msg.t === 'close') {
        if (flashPort === port) flashPort = null;
        port.close();
        return;
      }
      if (!link || !device || device.identity === null) {
        toPort({ t: 'write-failed', id: msg.id });
        return;
      }
      waiting.set(link.write(msg.payload), { port: msg.id });
    };
    toPort({ t: 'hello', identity: device?.identity ?? null, powered: device?.isPowered ?? false });
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
    flashPort?.close();
    flashPort = null;
    sequences.clear();
    runner?.destroy();
    runner = null;
    board = null;
    device = null;
    link = null;
    waiting.clear();
  },
};

export type BoardSimWorkerApi = typeof boardSimWorkerApi;
