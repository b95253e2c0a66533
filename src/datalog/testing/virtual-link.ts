// The real board link on a virtual clock, for tests and the Node benchmark: a
// SimulatedBoard behind a UsbLink (one report each way per 1 ms frame), a Transport over
// it, and the app's GoGoConnection with a same-thread core-rs framer. `run(ms)` moves the
// clock in slices and lets the host side (protocol decode, listeners) catch up between; a
// long slice is a page that could not run for that long. `lose` models reports lost on
// their way to the page (a host's full input buffer), which the app cannot prevent.
// `clock` gives the service timers on the same virtual clock, run between slices as a page
// runs its timers between tasks: a test's timeouts never wait for the wall clock.
import { GoGoConnection } from '../../device/connection/gogo-connection.ts';
import { DeviceError } from '../../device/device.ts';
import { Emitter } from '../../device/emitter.ts';
import { WasmFramer } from '../../device/protocol/framer.ts';
import {
  SimulatedBoard,
  wasmEncoder,
  type SimulatedBoardOptions,
} from '../../virtual-board/board/simulated-board.ts';
import { UsbLink } from '../../virtual-board/board/usb-link.ts';
import type { Transport, TransportEventMap } from '../../device/transport.ts';
import type { WasmCore } from '../../core/wasm-core.ts';

class LinkTransport implements Transport {
  readonly kind = 'webhid' as const;
  readonly events = new Emitter<TransportEventMap>();
  isOpen = false;

  constructor(private readonly link: UsbLink) {}

  on<K extends keyof TransportEventMap>(type: K, l: (e: TransportEventMap[K]) => void) {
    return this.events.on(type, l);
  }
  async open(): Promise<void> {
    this.isOpen = true;
  }
  async close(): Promise<void> {
    this.isOpen = false;
  }
  async write(payload: Uint8Array): Promise<void> {
    if (!this.isOpen) throw new DeviceError('disconnected');
    this.link.write(payload);
  }
}

/** Lets queued promise chains (decode, listeners, pushes) run. */
const settle = () => new Promise<void>((r) => setTimeout(r, 0));

export class VirtualBoardLink {
  readonly board: SimulatedBoard;
  readonly link: UsbLink;
  readonly connection: GoGoConnection;
  private readonly transport: LinkTransport;
  /** Reports it returns true for never reach the page. */
  lose: ((report: Uint8Array) => boolean) | null = null;
  private timers: { at: number; fn: () => void }[] = [];
  /** Time and timers on the link's clock: a timer runs after the slice it fell due in. */
  readonly clock = {
    now: (): number => this.link.clockMs,
    setTimer: (ms: number, fn: () => void): (() => void) => {
      const timer = { at: this.link.clockMs + ms, fn };
      this.timers.push(timer);
      return () => {
        this.timers = this.timers.filter((t) => t !== timer);
      };
    },
  };

  constructor(core: WasmCore, options: SimulatedBoardOptions = {}) {
    this.board = new SimulatedBoard(wasmEncoder(core), options);
    this.link = new UsbLink(this.board);
    const transport = new LinkTransport(this.link);
    this.transport = transport;
    this.connection = new GoGoConnection({
      createTransport: (): Transport => transport,
      framer: new WasmFramer(core),
      displayBoard: () => this.board.state().config.boardType,
      schedule: (flush) => queueMicrotask(flush),
    });
  }

  /** Virtual milliseconds since the link started. */
  get clockMs(): number {
    return this.link.clockMs;
  }

  /** Connects and runs until the first status packet made the board known. */
  async connect(): Promise<void> {
    await this.connection.connect('webhid');
    await this.run(60);
  }

  /** Runs `ms` frames, in slices the host drains between. */
  async run(ms: number, slice = 200): Promise<void> {
    for (let done = 0; done < ms; done += slice) {
      const { reports } = this.link.run(Math.min(slice, ms - done));
      for (const r of reports) if (!this.lose?.(r)) this.transport.events.emit('report', r);
      await settle();
      if (this.runDueTimers()) await settle();
    }
  }

  /** Runs the timers due by now, in the order they fall due; true when any ran. */
  private runDueTimers(): boolean {
    const now = this.link.clockMs;
    const due = this.timers.filter((t) => t.at <= now).sort((a, b) => a.at - b.at);
    if (due.length === 0) return false;
    this.timers = this.timers.filter((t) => t.at > now);
    for (const t of due) t.fn();
    return true;
  }

  /** Runs until `until()` holds or `maxMs` virtual ms passed; returns the ms run. */
  async runUntil(until: () => boolean, maxMs: number, slice = 200): Promise<number> {
    const start = this.link.clockMs;
    while (!until() && this.link.clockMs - start < maxMs) await this.run(slice, slice);
    return this.link.clockMs - start;
  }

  /** The cable is pulled. */
  unplug(): void {
    this.transport.isOpen = false;
    this.transport.events.emit('close', new DeviceError('disconnected', 'unplugged'));
  }

  /** What the GoGo plugin sends when its board goes away: a message without a stream. */
  boardAbsent(): void {
    this.transport.events.emit('board-absent', undefined);
  }
}
