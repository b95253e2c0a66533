// The simulated USB link: time advances in 1 ms USB frames on a virtual clock, and each
// frame carries at most one report host → board and one report board → host (full-speed
// interrupt endpoints; the rule that keeps later firmware and datalog benchmarks honest).
// Nothing here reads the wall clock or uses timers: the host decides how many frames to
// run (real time in the app, as fast as possible in a benchmark).

/** The board side of the link. */
export interface LinkDevice {
  /**
   * One host → board report (a 63-byte command payload). Returning false refuses it for
   * this frame (a USB NAK: the device's buffers are full); the link offers it again in the
   * next frame.
   */
  receive(payload: Uint8Array): boolean;
  /** The virtual clock reached `nowMs` (called once per frame, before reports move). */
  tick(nowMs: number): void;
  /** The next board → host report, or null when the board has nothing to send. */
  nextReport(): Uint8Array | null;
}

interface FrameResult {
  /** Board → host reports, in order. */
  reports: Uint8Array[];
  /** Ids of host writes the board took, in order. */
  consumed: number[];
}

const FRAME_MS = 1;

/** One write of a paced sequence: taken at least `gapMs` after the write before it. */
export interface PacedWrite {
  payload: Uint8Array;
  /** Virtual ms to wait after the previous write was taken (0: the next free frame). */
  gapMs: number;
}

export class UsbLink {
  /** Virtual milliseconds since the link started (= frames run). */
  private now = 0;
  private readonly outbox: { id: number; payload: Uint8Array; gapMs: number }[] = [];
  private nextId = 1;
  /** The frame the last host write was taken in. */
  private lastTakenAt = -Infinity;

  constructor(private readonly device: LinkDevice) {}

  get clockMs(): number {
    return this.now;
  }

  /** The frame the last host write was taken in (null: none yet). */
  get lastTakenMs(): number | null {
    return Number.isFinite(this.lastTakenAt) ? this.lastTakenAt : null;
  }

  /** Host writes waiting for a frame. */
  get backlog(): number {
    return this.outbox.length;
  }

  /** Queues a host → board report; returns its id (reported in `consumed` when taken). */
  write(payload: Uint8Array): number {
    const id = this.nextId++;
    this.outbox.push({ id, payload, gapMs: 0 });
    return id;
  }

  /**
   * Queues writes paced on the virtual clock, as a host would pace them with a timer (a
   * download's 10 ms between chunks): each is taken no sooner than its `gapMs` after the
   * one before. Returns their ids, in order.
   */
  writeSequence(writes: readonly PacedWrite[]): number[] {
    return writes.map((w) => {
      const id = this.nextId++;
      this.outbox.push({ id, payload: w.payload, gapMs: Math.max(0, w.gapMs) });
      return id;
    });
  }

  /** Drops every host write not yet taken (the device left the bus); returns their ids. */
  clear(): number[] {
    return this.outbox.splice(0).map((w) => w.id);
  }

  /** Runs `frames` USB frames; with `bus` false the device runs but nothing moves on the
   * bus (the cable's data lines are out while the board keeps power). */
  run(frames: number, bus = true): FrameResult {
    const result: FrameResult = { reports: [], consumed: [] };
    for (let i = 0; i < frames; i++) {
      this.now += FRAME_MS;
      this.device.tick(this.now);
      if (!bus) continue;
      // IN before OUT: an answer to this frame's report can leave in the next frame at the
      // earliest, so a request/response exchange costs at least 2 frames, as on a real bus.
      const report = this.device.nextReport();
      if (report) result.reports.push(report);
      // A paced write waits for its gap; a refused one (NAK) is offered again next frame.
      const out = this.outbox[0];
      if (out && this.now >= this.lastTakenAt + out.gapMs && this.device.receive(out.payload)) {
        this.outbox.shift();
        this.lastTakenAt = this.now;
        result.consumed.push(out.id);
      }
    }
    return result;
  }

  /** Runs frames until every queued write is taken (a benchmark's "as fast as possible"). */
  drain(maxFrames = 1_000_000): FrameResult {
    const result: FrameResult = { reports: [], consumed: [] };
    while (this.outbox.length > 0 && maxFrames-- > 0) {
      const r = this.run(1);
      result.reports.push(...r.reports);
      result.consumed.push(...r.consumed);
    }
    return result;
  }
}
