// The virtual board without a browser: the simulated board (with the core-rs VM running its
// programs) on its 1 ms-frame USB link, pumped in step with the wall clock, behind the
// Transport interface a lab station bridges. `npm run lab-station -- --board virtual` and
// the Node tests use it; the browser's virtual board runs the same model in its worker.
import type { WasmCore } from '../../core/wasm-core.ts';
import { VmProgramRunner } from '../../core/vm-runner.ts';
import { DeviceError, type TransportKind } from '../../device/device.ts';
import { TransportEvents, type Transport } from '../../device/transport.ts';
import {
  programDatalogEvents,
  SimulatedBoard,
  wasmEncoder,
  wasmMemRead,
  type SimConfig,
  UsbLink,
} from '../../virtual-board/model.ts';

/** The pump's period; the frames it runs follow elapsed time, not the number of ticks. */
const PUMP_MS = 4;
/** A stalled process lets virtual time lag rather than run a burst of frames. */
const MAX_FRAMES_PER_PUMP = 250;

export class HeadlessVirtualBoard extends TransportEvents implements Transport {
  readonly kind: TransportKind = 'simulated';
  readonly board: SimulatedBoard;
  private readonly runner: VmProgramRunner;
  private readonly link: UsbLink;
  private readonly waiting = new Map<number, { resolve(): void; reject(e: unknown): void }>();
  private readonly sequences = new Set<{
    ids: Set<number>;
    done: number;
    total: number;
    onProgress: ((done: number, total: number) => void) | undefined;
  }>();
  private timer: ReturnType<typeof setInterval> | null = null;
  private origin = 0;

  constructor(core: WasmCore, config: Partial<SimConfig> = {}) {
    super();
    let board: SimulatedBoard | null = null;
    const toDatalog = programDatalogEvents(() => board);
    this.runner = new VmProgramRunner(core, {
      version: () => {
        const c = board?.state().config;
        return core.pickLogoVersion(c?.boardType ?? 0, c?.firmwareVersion ?? 0);
      },
      onEvent: toDatalog,
    });
    board = new SimulatedBoard(wasmEncoder(core), {
      config,
      runner: this.runner,
      memRead: wasmMemRead(core),
    });
    this.board = board;
    this.link = new UsbLink(board);
  }

  open(): Promise<void> {
    if (!this.timer) {
      this.origin = performance.now() - this.link.clockMs;
      this.timer = setInterval(() => this.pump(), PUMP_MS);
    }
    return Promise.resolve();
  }

  write(payload: Uint8Array): Promise<void> {
    if (!this.timer) return Promise.reject(new DeviceError('not-connected', 'the board is off'));
    const id = this.link.write(payload.slice());
    return new Promise((resolve, reject) => this.waiting.set(id, { resolve, reject }));
  }

  /** Paced on the link's virtual clock, like the browser's virtual board. */
  writePaced(
    payloads: Uint8Array[],
    gapsMs: number[],
    onProgress?: (done: number, total: number) => void,
  ): Promise<void> {
    if (!this.timer) return Promise.reject(new DeviceError('not-connected', 'the board is off'));
    const ids = this.link.writeSequence(
      payloads.map((p, i) => ({ payload: p.slice(), gapMs: gapsMs[i] ?? 0 })),
    );
    this.sequences.add({ ids: new Set(ids), done: 0, total: ids.length, onProgress });
    return Promise.all(
      ids.map(
        (id) => new Promise<void>((resolve, reject) => this.waiting.set(id, { resolve, reject })),
      ),
    ).then(() => undefined);
  }

  close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    for (const id of this.link.clear()) {
      this.waiting.get(id)?.reject(new DeviceError('disconnected', 'the board was switched off'));
    }
    this.waiting.clear();
    this.sequences.clear();
    return Promise.resolve();
  }

  /** Frees the VM (the board cannot be opened again). */
  destroy(): void {
    void this.close();
    this.runner.destroy();
  }

  private pump(): void {
    let frames = Math.floor(performance.now() - this.origin) - this.link.clockMs;
    if (frames > MAX_FRAMES_PER_PUMP) {
      this.origin += frames - MAX_FRAMES_PER_PUMP;
      frames = MAX_FRAMES_PER_PUMP;
    }
    if (frames <= 0) return;
    const { reports, consumed } = this.link.run(frames);
    for (const id of consumed) {
      this.waiting.get(id)?.resolve();
      this.waiting.delete(id);
    }
    if (consumed.length > 0) {
      for (const seq of this.sequences) {
        const before = seq.done;
        for (const id of consumed) if (seq.ids.has(id)) seq.done++;
        if (seq.done !== before) seq.onProgress?.(seq.done, seq.total);
        if (seq.done === seq.total) this.sequences.delete(seq);
      }
    }
    for (const r of reports) this.events.emit('report', r);
  }
}
