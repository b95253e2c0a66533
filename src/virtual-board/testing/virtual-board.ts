// A simulated board on a virtual clock, for the flash engine's tests and benchmarks: the
// SimulatedDevice on a UsbLink, seen through the fake `navigator.hid` (so the engine runs
// its real WebHID code), and a Clock that is the link's frame counter. `run` advances one
// 1 ms frame whenever the engine has nothing left to do but wait, so every flash time is
// computed frame by frame, deterministic, and independent of the machine's speed.
import type { WasmCore } from '../../core/wasm-core.ts';
import {
  FakeHid,
  type FakeHidBackend,
  type FakeHidIdentity,
} from '../../device/webhid/fake-hid.ts';
import { SimulatedDevice, type SimulatedDeviceOptions } from '../firmware/simulated-device.ts';
import { SimulatedBoard, wasmEncoder, type SimConfig } from '../board/simulated-board.ts';
import { UsbLink } from '../board/usb-link.ts';
import type { Clock } from '../../firmware/worker/clock.ts';

export interface VirtualBoardOptions {
  config?: Partial<SimConfig>;
  device?: Omit<SimulatedDeviceOptions, 'onIdentity'>;
}

interface Timer {
  at: number;
  fn: () => void;
}

/** Runs `fn` after pending promise callbacks (a macrotask). */
const macrotask: () => Promise<void> = (() => {
  const immediate = (globalThis as { setImmediate?: (fn: () => void) => void }).setImmediate;
  if (immediate) return () => new Promise<void>((r) => immediate(r));
  return () => new Promise<void>((r) => setTimeout(r, 0));
})();

export class VirtualBoard implements FakeHidBackend, Clock {
  readonly board: SimulatedBoard;
  readonly device: SimulatedDevice;
  readonly link: UsbLink;
  readonly hid: FakeHid;
  /** Called after every frame (tests inject faults from here). */
  onFrame: ((vb: VirtualBoard, reports: Uint8Array[]) => void) | null = null;
  private readonly waiting = new Map<number, { resolve(): void; reject(e: unknown): void }>();
  private readonly reportListeners = new Set<(reports: Uint8Array[]) => void>();
  private readonly identityListeners = new Set<(id: FakeHidIdentity | null) => void>();
  private timers: Timer[] = [];
  /** The USB data connection (false: pulled while the board kept power). */
  private attached = true;

  constructor(core: WasmCore, options: VirtualBoardOptions = {}) {
    this.board = new SimulatedBoard(wasmEncoder(core), { config: options.config ?? {} });
    this.device = new SimulatedDevice(this.board, {
      ...options.device,
      onIdentity: (id) => this.identityChanged(id),
    });
    this.link = new UsbLink(this.device);
    this.hid = new FakeHid(this);
    // The user granted the board and its bootloader in earlier sessions.
    this.hid.grantAll();
  }

  // ---- FakeHidBackend ---------------------------------------------------------------------

  start(): Promise<void> {
    return Promise.resolve();
  }

  write(payload: Uint8Array): Promise<void> {
    if (this.device.identity === null || !this.attached) {
      return Promise.reject(new DOMException('The device was disconnected.', 'NotFoundError'));
    }
    const id = this.link.write(payload);
    return new Promise((resolve, reject) => this.waiting.set(id, { resolve, reject }));
  }

  onReports(listener: (reports: Uint8Array[]) => void): () => void {
    this.reportListeners.add(listener);
    return () => this.reportListeners.delete(listener);
  }

  identity(): FakeHidIdentity | null {
    return this.attached ? this.device.identity : null;
  }

  onIdentity(listener: (id: FakeHidIdentity | null) => void): () => void {
    this.identityListeners.add(listener);
    return () => this.identityListeners.delete(listener);
  }

  // ---- Clock ------------------------------------------------------------------------------

  now(): number {
    return this.link.clockMs;
  }

  setTimer(ms: number, fn: () => void): () => void {
    const timer = { at: this.link.clockMs + Math.max(0, ms), fn };
    this.timers.push(timer);
    return () => {
      this.timers = this.timers.filter((t) => t !== timer);
    };
  }

  // ---- Driving ----------------------------------------------------------------------------

  /** One 1 ms USB frame, then due timers. */
  step(): void {
    const { reports, consumed } = this.link.run(1, this.attached);
    for (const id of consumed) {
      this.waiting.get(id)?.resolve();
      this.waiting.delete(id);
    }
    if (reports.length > 0) this.reportListeners.forEach((l) => l(reports));
    const now = this.link.clockMs;
    const due = this.timers.filter((t) => t.at <= now);
    if (due.length > 0) {
      this.timers = this.timers.filter((t) => t.at > now);
      for (const t of due) t.fn();
    }
    this.onFrame?.(this, reports);
  }

  /** Runs frames until `work` settles (or `limitMs` of virtual time pass). */
  async run<T>(work: Promise<T>, limitMs = 600_000): Promise<T> {
    let settled = false;
    work.then(
      () => (settled = true),
      () => (settled = true),
    );
    const limit = this.link.clockMs + limitMs;
    for (;;) {
      await macrotask();
      if (settled) break;
      if (this.link.clockMs >= limit) throw new Error(`still running after ${limitMs} virtual ms`);
      this.step();
    }
    return work;
  }

  /** Lets `ms` of virtual time pass (the board boots, streams…). */
  async idle(ms: number): Promise<void> {
    for (let i = 0; i < ms; i++) this.step();
    await macrotask();
  }

  /** The cable: unplugging cuts the board's power. */
  unplug(): void {
    this.hid.unplug();
    this.device.setPowered(false);
  }

  plug(): void {
    this.device.setPowered(true);
    this.attached = true;
    this.hid.plug();
  }

  /** Pulls the USB cable from a board that keeps running on an external supply: the host
   * loses it, the board carries on (a page being programmed completes). */
  detachUsb(): void {
    if (!this.attached) return;
    this.attached = false;
    this.hid.unplug();
    this.identityChanged(null);
  }

  /** Plugs the cable back in: the host enumerates the board again (a USB reset). */
  attachUsb(): void {
    if (this.attached) return;
    this.attached = true;
    this.device.usbReset();
    this.hid.plug();
    this.identityChanged(this.device.identity);
  }

  get usbAttached(): boolean {
    return this.attached;
  }

  private identityChanged(id: FakeHidIdentity | null): void {
    if (id === null) {
      // Writes still queued when the board leaves the bus fail, as in a browser.
      for (const queued of this.link.clear()) {
        this.waiting
          .get(queued)
          ?.reject(new DOMException('The device was disconnected.', 'NotFoundError'));
        this.waiting.delete(queued);
      }
    }
    this.identityListeners.forEach((l) => l(id));
  }
}
