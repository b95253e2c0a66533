// One running virtual board: the board (with its bootloader, ESP receive mode and legacy
// memory: SimulatedDevice) on its 1 ms-frame virtual USB link, kept in step with a clock.
// It talks to its host through one `send` callback and, during a firmware update, to the
// flash worker over a MessagePort. The pump runs every few milliseconds, but the number of
// frames comes from elapsed time, never from the number of timer ticks (worker timers clamp
// to ~4 ms). Downloaded programs run on the core-rs VM (VmProgramRunner) with the Logo
// version of the board's type and firmware, and a download's pacing (10 ms between chunks)
// is kept on the link's virtual clock.
//
// Nothing here needs a browser: the worker (board-sim-worker-api.ts) runs it with the wall
// clock, and Node can run it headless with any clock.
import type { Movable } from '../../core/transfer.ts';
import type { WasmCore } from '../../core/wasm-core.ts';
import { VmProgramRunner } from '../../core/vm-runner.ts';
import type { FakeHidIdentity } from '../../device/webhid/fake-hid.ts';
import { SimulatedDevice, type FirmwareSimState } from '../firmware/simulated-device.ts';
import type { FromSim, ToSim } from '../../device/webhid/sim-port-protocol.ts';
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

/** Sends a message to the host; `transfer` lists what it may move instead of copying. */
type SimSend = (msg: SimMessage, transfer: Movable[]) => void;

/** Where the simulation's time comes from. */
export interface SimClock {
  /** Milliseconds, never decreasing. */
  now(): number;
  /** Calls `tick` about every `ms`; returns what stops it. */
  every(ms: number, tick: () => void): () => void;
  /** Calls `tick` once, about `ms` from now (a clock without it leaves that to `every`). */
  after?(ms: number, tick: () => void): void;
}

/** The real time of the worker (or of Node). */
export const wallClock: SimClock = {
  now: () => performance.now(),
  every(ms, tick) {
    const timer = setInterval(tick, ms);
    return () => clearInterval(timer);
  },
  after(ms, tick) {
    setTimeout(tick, ms);
  },
};

interface BoardSimulationOptions {
  /** The core-rs module, loaded on the first start. */
  loadCore: () => Promise<WasmCore>;
  clock?: SimClock;
}

/** The pump's period; frames per pump follow the clock. */
export const PUMP_MS = 4;
/**
 * The pump's period while the link is quiet (no write for a while, nothing waiting, no
 * program running, no firmware update): the status stream's own period, so an idle board
 * wakes its worker 50 times a second instead of 250. A write brings the fast pump back at once.
 */
export const IDLE_PUMP_MS = 20;
/** How long after a write or a panel change the pump stays fast (replies come later). */
export const BUSY_FOR_MS = 1000;
/** At most this many frames per pump; a throttled worker lets virtual time lag instead. */
export const MAX_FRAMES_PER_PUMP = 250;
/** The panel's state at most this often. */
export const STATE_MS = 50;
/** During a firmware update the panel follows the update (firmware part) and little else,
 * so the page stays quiet while the board is written. */
const STATE_MS_UPDATING = 1000;
const FIRMWARE_MS_UPDATING = 250;
/** Progress of a paced sequence at most this often (≤ 60 messages a second). */
const PROGRESS_MS = 16;

/** A write waiting for its frame: the host's promise, or the flash port's request id. */
type Waiting = { resolve(): void; reject(e: unknown): void } | { port: number };

/** A paced write sequence (a download) whose progress the host follows. */
interface Sequence {
  ids: Set<number>;
  total: number;
  done: number;
  reportedAt: number;
  onProgress: ((done: number, total: number) => void) | undefined;
}

/** The parts that exist while the board runs. */
interface Running {
  board: SimulatedBoard;
  device: SimulatedDevice;
  link: UsbLink;
  runner: VmProgramRunner;
  stopPump: () => void;
  /** The pump's current period. */
  pumpMs: number;
}

const gone = () => new DOMException('The device was disconnected.', 'NotFoundError');

export class BoardSimulation {
  private readonly clock: SimClock;
  private running: Running | null = null;
  private send: SimSend | null = null;
  private origin = 0;
  private lastState = 0;
  private lastFirmware = 0;
  private dirty = true;
  private readonly waiting = new Map<number, Waiting>();
  private readonly sequences = new Set<Sequence>();
  private flashPort: MessagePort | null = null;
  /** Until when (clock time) the pump stays fast. */
  private busyUntil = 0;

  constructor(private readonly options: BoardSimulationOptions) {
    this.clock = options.clock ?? wallClock;
  }

  /** The board, while it runs (for a host that drives it directly, and for tests). */
  get board(): SimulatedBoard | null {
    return this.running?.board ?? null;
  }

  /** Boots the board (or, when it runs, applies `config`); messages go to `send`. */
  async start(config: Partial<SimConfig>, send: SimSend): Promise<void> {
    this.send = send;
    if (this.running) {
      this.running.board.configure(config);
      return;
    }
    const core = await this.options.loadCore();
    // Another start may have finished while the core loaded.
    const started = this.running as Running | null;
    if (started) {
      started.board.configure(config);
      return;
    }
    let board: SimulatedBoard | null = null;
    const toDatalog = programDatalogEvents(() => board);
    // The Logo version follows the board's type and firmware (spec core §9) at each load.
    const runner = new VmProgramRunner(core, {
      version: () => {
        const c = board?.state().config;
        return core.pickLogoVersion(c?.boardType ?? 0, c?.firmwareVersion ?? 0);
      },
      onEvent: (e) => {
        // `record` fills the board's offline data log (docs/datalog.md); `erase` empties it.
        toDatalog(e);
        // Cloud records leave the board through its host, as with a board plugin.
        if (e.type === 'cloud-record') {
          this.emit({ type: 'cloud-record', name: e.name, value: e.value, public: e.public });
        }
      },
    });
    board = new SimulatedBoard(wasmEncoder(core), {
      config,
      runner,
      memRead: wasmMemRead(core),
      onEvent: (e) => this.emit(e),
    });
    const device = new SimulatedDevice(board, { onIdentity: (id) => this.identityChanged(id) });
    this.origin = this.clock.now();
    this.busyUntil = this.origin + BUSY_FOR_MS;
    this.running = {
      board,
      device,
      link: new UsbLink(device),
      runner,
      stopPump: this.clock.every(PUMP_MS, () => this.pump()),
      pumpMs: PUMP_MS,
    };
  }

  /** Something happens on the link: the fast pump, for a while. */
  private wake(r: Running): void {
    this.busyUntil = this.clock.now() + BUSY_FOR_MS;
    this.setPumpPeriod(r, PUMP_MS);
  }

  private setPumpPeriod(r: Running, ms: number): void {
    if (r.pumpMs === ms) return;
    r.stopPump();
    r.pumpMs = ms;
    r.stopPump = this.clock.every(ms, () => this.pump());
  }

  /** The virtual time of the frame the board took the last host write in (for tests). */
  get lastWriteAtMs(): number | null {
    return this.running?.link.lastTakenMs ?? null;
  }

  /**
   * A host → board payload; resolves in the frame the board takes it. The link first
   * catches up with the clock, so the write is taken in the next USB frame after it was
   * sent (and, when the link was already there, the frame is run a millisecond later), not
   * at the next pump: a timer-paced download's board sees the gaps its host made, and no
   * write waits up to a whole pump period on top of its pause.
   */
  write(payload: Uint8Array): Promise<void> {
    const r = this.running;
    if (!r) return Promise.reject(new Error('the simulated board is not running'));
    if (r.device.identity === null) return Promise.reject(gone());
    this.wake(r);
    this.pump();
    const taken = this.queueWrite(r.link.write(payload));
    this.runFrameInProgress(r);
    // A write behind another in that frame is taken in the next, a millisecond on.
    if (r.link.backlog > 0) {
      this.clock.after?.(1, () => {
        if (this.running !== r) return;
        this.pump();
        this.runFrameInProgress(r);
      });
    }
    return taken;
  }

  /** Runs the frame the clock is in (the link then runs at most one frame ahead of the
   * clock), so that a write waiting for the bus goes out in it. */
  private runFrameInProgress(r: Running): void {
    if (r.link.backlog > 0 && r.link.clockMs <= this.dueFrame()) this.runFrames(r, 1);
  }

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
    const r = this.running;
    if (!r) throw new Error('the simulated board is not running');
    if (r.device.identity === null) throw gone();
    this.wake(r);
    const writes: PacedWrite[] = payloads.map((payload, i) => ({
      payload,
      gapMs: gapsMs[i] ?? 0,
    }));
    const ids = r.link.writeSequence(writes);
    this.sequences.add({
      ids: new Set(ids),
      total: ids.length,
      done: 0,
      reportedAt: 0,
      onProgress,
    });
    await Promise.all(ids.map((id) => this.queueWrite(id)));
  }

  /** The cable: off cuts the board's power mid-whatever, on boots it. */
  setPowered(on: boolean): void {
    const r = this.running;
    if (!r) return;
    this.toPort({ t: 'power', on });
    r.device.setPowered(on);
    this.dirty = true;
    this.wake(r);
  }

  /** What the board enumerates as now (null: off the bus or unpowered). */
  identity(): FakeHidIdentity | null {
    return this.running?.device.identity ?? null;
  }

  /** The flash worker's line to the board (the other end of `port` lives there). */
  attachFlashPort(port: MessagePort): void {
    this.flashPort?.close();
    this.flashPort = port;
    if (this.running) this.wake(this.running);
    port.onmessage = (e: MessageEvent<ToSim>) => {
      const msg = e.data;
      if (msg.t === 'close') {
        if (this.flashPort === port) this.flashPort = null;
        port.close();
        return;
      }
      const r = this.running;
      if (!r || r.device.identity === null) {
        this.toPort({ t: 'write-failed', id: msg.id });
        return;
      }
      this.wake(r);
      this.waiting.set(r.link.write(msg.payload), { port: msg.id });
    };
    const device = this.running?.device;
    this.toPort({
      t: 'hello',
      identity: device?.identity ?? null,
      powered: device?.isPowered ?? false,
    });
  }

  /** Changes the board (a panel control); the panel hears of it with the next state. */
  control<T>(change: (board: SimulatedBoard) => T): T | undefined {
    const r = this.running;
    if (!r) return undefined;
    this.dirty = true;
    this.wake(r);
    return change(r.board);
  }

  /** Ends the board; a later start boots a new one. */
  stop(): void {
    const r = this.running;
    r?.stopPump();
    this.flashPort?.close();
    this.flashPort = null;
    this.sequences.clear();
    r?.runner.destroy();
    this.running = null;
    this.waiting.clear();
  }

  /** Runs the link up to the clock's time: reports out, writes settled, state published. */
  private pump(): void {
    const r = this.running;
    if (!r) return;
    let frames = this.dueFrame() - r.link.clockMs;
    if (frames > MAX_FRAMES_PER_PUMP) {
      this.origin += frames - MAX_FRAMES_PER_PUMP;
      frames = MAX_FRAMES_PER_PUMP;
    }
    if (frames > 0) this.runFrames(r, frames);
  }

  /** The last whole frame the clock has reached. */
  private dueFrame(): number {
    return Math.floor(this.clock.now() - this.origin);
  }

  private runFrames(r: Running, frames: number): void {
    const { board, device, link } = r;
    const { reports, consumed } = link.run(frames);
    for (const id of consumed) {
      const w = this.waiting.get(id);
      this.waiting.delete(id);
      if (!w) continue;
      if ('port' in w) this.toPort({ t: 'written', id: w.port });
      else w.resolve();
    }
    if (consumed.length > 0) {
      this.dirty = true;
      this.reportProgress(consumed);
    }
    if (reports.length > 0) {
      // While the flash worker has the device open, its reports are its own.
      if (this.flashPort)
        this.toPort(
          { t: 'reports', reports },
          reports.map((rep) => rep.buffer),
        );
      else this.send?.({ type: 'reports', reports }, reports);
    }
    const now = this.clock.now();
    const period = this.flashPort ? STATE_MS_UPDATING : STATE_MS;
    if (now - this.lastState >= period && (this.dirty || now - this.lastState >= 4 * period)) {
      this.lastState = now;
      this.lastFirmware = now;
      this.dirty = false;
      this.emit({ type: 'state', state: board.state(), firmware: device.state() });
    } else if (this.flashPort && now - this.lastFirmware >= FIRMWARE_MS_UPDATING) {
      this.lastFirmware = now;
      this.emit({ type: 'firmware', firmware: device.state() });
    }
    const busy =
      now < this.busyUntil ||
      this.waiting.size > 0 ||
      this.sequences.size > 0 ||
      this.flashPort !== null ||
      link.backlog > 0 ||
      board.programRunning;
    this.setPumpPeriod(r, busy ? PUMP_MS : IDLE_PUMP_MS);
  }

  private reportProgress(consumed: number[]): void {
    const now = this.clock.now();
    for (const seq of this.sequences) {
      const before = seq.done;
      for (const id of consumed) if (seq.ids.has(id)) seq.done++;
      if (seq.done === before) continue;
      const finished = seq.done === seq.total;
      if (finished || now - seq.reportedAt >= PROGRESS_MS) {
        seq.reportedAt = now;
        seq.onProgress?.(seq.done, seq.total);
      }
      if (finished) this.sequences.delete(seq);
    }
  }

  private queueWrite(id: number): Promise<void> {
    return new Promise((resolve, reject) => this.waiting.set(id, { resolve, reject }));
  }

  /** The board re-enumerated (a reboot) or left the bus: queued writes fail. */
  private identityChanged(identity: FakeHidIdentity | null): void {
    this.dirty = true;
    const link = this.running?.link;
    if (identity === null && link) {
      for (const id of link.clear()) {
        const w = this.waiting.get(id);
        this.waiting.delete(id);
        if (!w) continue;
        if ('port' in w) this.toPort({ t: 'write-failed', id: w.port });
        else w.reject(gone());
      }
      this.sequences.clear();
    }
    this.emit({ type: 'identity', identity });
    this.toPort({ t: 'identity', identity });
  }

  private emit(msg: SimMessage): void {
    this.send?.(msg, []);
  }

  private toPort(msg: FromSim, transfer: Transferable[] = []): void {
    this.flashPort?.postMessage(msg, transfer);
  }
}
