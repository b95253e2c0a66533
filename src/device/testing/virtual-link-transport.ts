// A Transport over a simulated board on a UsbLink in this thread, for tests and benchmarks:
// no worker and no timers. Virtual time moves only as far as the writes need (one frame per
// write, a paced sequence's pauses on the virtual clock), or when the caller advances it.
import { DeviceError } from '../device.ts';
import type { WasmCore } from '../../core/wasm-core.ts';
import type { ProgramRunner } from '../../virtual-board/board/program-runner.ts';
import {
  SimulatedBoard,
  wasmEncoder,
  wasmMemRead,
  type SimConfig,
} from '../../virtual-board/board/simulated-board.ts';
import { UsbLink } from '../../virtual-board/board/usb-link.ts';
import { TransportEvents, type Transport } from '../transport.ts';

export class VirtualLinkTransport extends TransportEvents implements Transport {
  readonly kind = 'simulated' as const;
  readonly link: UsbLink;
  private opened = false;
  /** Set to make the next writes fail (a pulled cable). */
  unplugged = false;
  /** Virtual ms run after each single write, so the board's replies come out. */
  afterWriteMs = 0;

  constructor(readonly board: SimulatedBoard) {
    super();
    this.link = new UsbLink(board);
  }

  async open(): Promise<void> {
    this.opened = true;
  }

  async close(): Promise<void> {
    this.opened = false;
  }

  /** Runs `ms` frames of virtual time and delivers the board's reports. */
  advance(ms: number): void {
    this.deliver(this.link.run(ms).reports);
  }

  async write(payload: Uint8Array): Promise<void> {
    this.check();
    this.link.write(payload.slice());
    this.deliver(this.link.drain().reports);
    if (this.afterWriteMs > 0) this.advance(this.afterWriteMs);
  }

  async writePaced(
    payloads: Uint8Array[],
    gapsMs: number[],
    onProgress?: (done: number, total: number) => void,
  ): Promise<void> {
    this.check();
    const ids = new Set(
      this.link.writeSequence(
        payloads.map((p, i) => ({ payload: p.slice(), gapMs: gapsMs[i] ?? 0 })),
      ),
    );
    let done = 0;
    while (done < ids.size) {
      const r = this.link.run(1);
      done += r.consumed.filter((id) => ids.has(id)).length;
      if (r.consumed.length > 0) onProgress?.(done, ids.size);
      this.deliver(r.reports);
    }
  }

  private check(): void {
    if (!this.opened || this.unplugged) throw new DeviceError('disconnected');
  }

  private deliver(reports: Uint8Array[]): void {
    if (this.opened) reports.forEach((r) => this.events.emit('report', r));
  }
}

/** A simulated board that runs programs with `runner` (and, unless `memRead` is false,
 * answers MEM_READ through core-rs), behind a virtual link. */
export function vmBoardLink(
  core: WasmCore,
  config: Partial<SimConfig>,
  runner: ProgramRunner,
  memRead = true,
): VirtualLinkTransport {
  const board = new SimulatedBoard(wasmEncoder(core), {
    config,
    runner,
    ...(memRead ? { memRead: wasmMemRead(core) } : {}),
  });
  return new VirtualLinkTransport(board);
}
