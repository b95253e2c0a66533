// The GoGo protocol layer (style anchor 2): commands go out as core-rs framed payloads, and
// input reports come in, are batched, decoded by core-rs off the main thread, and emitted
// by packet type (board-protocol §3.1). Status and Pi status are coalesced to the latest
// per flush, so listeners see at most one per frame (16 ms) however fast the board
// streams; key-value, debug, tap and response packets are all delivered, in order, however
// long the page takes to flush (a busy main thread makes them later, never fewer). A status
// report byte for byte the same as the last one decoded (a board at rest streams the same
// status 50 times a second) is not sent to the worker again: its decoded status is emitted.
import type { HidPacket, HidPiStatus, HidStatus } from '../../core/hid-layout.ts';
import type { BoardResponse, HidCommandRequest, KeyValueMessage, LinkStats } from '../device.ts';
import { Emitter } from '../emitter.ts';
import type { Transport } from '../transport.ts';
import type { Framer } from './framer.ts';
import type { Pacer } from './pacer.ts';

interface ProtocolEventMap {
  /** The latest status of a flush. */
  status: HidStatus;
  /** The latest Raspberry Pi status of a flush. */
  'pi-status': HidPiStatus;
  'key-value': KeyValueMessage;
  debug: string;
  tap: { x: number; y: number };
  response: BoardResponse;
  /** Every input report as it arrives, before batching (for flows that wait on replies). */
  raw: Uint8Array;
  stats: LinkStats;
}

export type Scheduler = (flush: () => void) => void;

/** The longest a report waits for its flush. */
export const FLUSH_MS = 16;

/**
 * Runs `flush` one frame's time (16 ms) later. A timer, not an animation frame: a board
 * streams 50 statuses a second, and asking for a frame for each kept the page drawing
 * frames (renderer, compositor and GPU process) while nothing on it changed; what does
 * change is drawn in the next frame anyway. Hidden tabs slow timers down, which is fine.
 */
const frameScheduler: Scheduler = (flush) => {
  setTimeout(flush, FLUSH_MS);
};

interface ProtocolOptions {
  schedule?: Scheduler;
}

/** Packet types whose newest report replaces an older one still waiting for a flush. */
const STATUS_TYPE = 0;
const PI_STATUS_TYPE = 2;

export function emptyStats(): LinkStats {
  return {
    received: 0,
    decoded: 0,
    ignored: { short: 0, unknown: 0, malformed: 0, empty: 0 },
    coalesced: 0,
    written: 0,
  };
}

export class GoGoProtocol {
  readonly stats: LinkStats = emptyStats();
  private readonly events = new Emitter<ProtocolEventMap>();
  private pending: Uint8Array[] = [];
  /** Where the waiting status and Pi status reports sit in `pending` (-1: none). */
  private pendingStatus = -1;
  private pendingPi = -1;
  private scheduled = false;
  private decoding: Promise<void> = Promise.resolve();
  private readonly schedule: Scheduler;
  private readonly unsubscribe: () => void;
  private detached = false;
  /** Bumped by `discard`: a batch taken before it is not reported after it. */
  private generation = 0;
  /** The last status report decoded, and what it decoded to (cleared by `discard`). */
  private lastStatus: { report: Uint8Array; status: HidStatus } | null = null;

  constructor(
    private readonly transport: Transport,
    private readonly framer: Framer,
    options: ProtocolOptions = {},
  ) {
    this.schedule = options.schedule ?? frameScheduler;
    this.unsubscribe = transport.on('report', (r) => this.onReport(r));
  }

  on<K extends keyof ProtocolEventMap>(
    type: K,
    listener: (event: ProtocolEventMap[K]) => void,
  ): () => void {
    return this.events.on(type, listener);
  }

  /** Frames a command in core-rs and writes it; rejects with a DeviceError. */
  async send(request: HidCommandRequest): Promise<void> {
    const payload = await this.framer.build(request);
    await this.transport.write(payload);
    this.stats.written++;
  }

  /**
   * Frames every command first (nothing is sent if one is invalid), then writes them paced:
   * command i goes `gapsMs[i]` after command i − 1. The transport paces on its own clock
   * when it has one, else `pacer` does.
   */
  async sendSequence(
    requests: readonly HidCommandRequest[],
    gapsMs: readonly number[],
    pacer: Pacer,
    onProgress?: (done: number, total: number) => void,
  ): Promise<void> {
    const payloads: Uint8Array[] = [];
    for (const r of requests) payloads.push(await this.framer.build(r));
    const gaps = payloads.map((_, i) => gapsMs[i] ?? 0);
    const count = (done: number, total: number) => {
      this.stats.written = written + done;
      onProgress?.(done, total);
    };
    const written = this.stats.written;
    if (this.transport.writePaced) {
      await this.transport.writePaced(payloads, gaps, count);
    } else {
      await pacer.run(gaps, (i) => this.transport.write(payloads[i] ?? new Uint8Array(63)), count);
    }
    this.stats.written = written + payloads.length;
  }

  /** Decodes every pending report now (the scheduler calls this; tests may too). */
  flush(): Promise<void> {
    this.scheduled = false;
    const batch = this.takePending();
    if (batch.length > 0) {
      // Batches decode one after another, so packets keep their order.
      const generation = this.generation;
      this.decoding = this.decoding.then(() => this.decode(batch, generation));
    }
    return this.decoding;
  }

  /**
   * Drops the reports that arrived before now, waiting or being decoded: the board behind
   * the link is gone, and a late report of it must not bring its data back.
   */
  discard(): void {
    this.generation++;
    this.lastStatus = null;
    this.takePending();
  }

  /** Stops listening to the transport and drops pending reports. */
  detach(): void {
    this.detached = true;
    this.unsubscribe();
    this.takePending();
    this.events.clear();
  }

  private takePending(): Uint8Array[] {
    const batch = this.pending;
    this.pending = [];
    this.pendingStatus = -1;
    this.pendingPi = -1;
    return batch;
  }

  private onReport(report: Uint8Array): void {
    if (this.detached) return;
    this.stats.received++;
    this.events.emit('raw', report);
    // A flush reports only the newest status anyway, so a newer status takes the waiting
    // one's place and the queue grows only by messages, which must all arrive: however
    // long the page cannot flush (a saturated CPU, a long task), none is dropped.
    const type = report.length > 1 && !allZero(report) ? report[0] : -1;
    if (type === STATUS_TYPE && this.pendingStatus >= 0) {
      this.pending[this.pendingStatus] = report;
      this.stats.coalesced++;
    } else if (type === PI_STATUS_TYPE && this.pendingPi >= 0) {
      this.pending[this.pendingPi] = report;
      this.stats.coalesced++;
    } else {
      if (type === STATUS_TYPE) this.pendingStatus = this.pending.length;
      if (type === PI_STATUS_TYPE) this.pendingPi = this.pending.length;
      this.pending.push(report);
    }
    if (!this.scheduled) {
      this.scheduled = true;
      this.schedule(() => void this.flush());
    }
  }

  private async decode(reports: Uint8Array[], generation: number): Promise<void> {
    // The status report the last batch decoded, again: its status, without the worker.
    const known = this.lastStatus;
    const repeated = known ? reports.find((r) => sameBytes(r, known.report)) : undefined;
    const batch = repeated ? reports.filter((r) => r !== repeated) : reports;
    let packets: HidPacket[] = [];
    if (batch.length > 0) {
      try {
        packets = await this.framer.decode(batch);
      } catch (e) {
        // The decoder is gone (worker ended): count the batch, keep the link alive.
        console.error('device: decoding failed', e);
        this.stats.ignored.malformed += batch.length;
        return;
      }
    }
    if (this.detached || generation !== this.generation) return;
    let status: HidStatus | undefined = repeated ? known?.status : undefined;
    if (repeated) this.stats.decoded++;
    let pi: HidPiStatus | undefined;
    packets.forEach((p, i) => {
      if (p.type === 'ignored') {
        this.stats.ignored[p.reason]++;
        return;
      }
      this.stats.decoded++;
      switch (p.type) {
        case 'status':
          status = p.status;
          this.lastStatus = { report: batch[i] ?? new Uint8Array(0), status: p.status };
          break;
        case 'pi-status':
          pi = p.pi;
          break;
        case 'key-value':
          this.events.emit('key-value', { key: p.key, value: p.value });
          break;
        case 'debug':
          this.events.emit('debug', p.text);
          break;
        case 'tap':
          this.events.emit('tap', { x: p.x, y: p.y });
          break;
        case 'response':
          this.events.emit('response', {
            command: p.command,
            status: p.status,
            payload: p.payload,
          });
          break;
      }
    });
    if (status) this.events.emit('status', status);
    if (pi) this.events.emit('pi-status', pi);
    this.events.emit('stats', this.stats);
  }
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** All-zero reports (some boards send one between statuses) are counted, never merged. */
function allZero(report: Uint8Array): boolean {
  for (const b of report) if (b !== 0) return false;
  return true;
}
