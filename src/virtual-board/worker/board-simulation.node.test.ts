// The virtual board as its worker runs it, here headless in Node on a clock the test moves.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadTestCore } from '../../core/testing/test-core.node.ts';
import type { HidPacket } from '../../core/hid-layout.ts';
import type { WasmCore } from '../../core/wasm-core.ts';
import type { HidCommandRequest } from '../../device/device.ts';
import * as cmd from '../../device/protocol/commands.ts';
import { TimerPacer, type PacerTimers } from '../../device/protocol/pacer.ts';
import type { FromSim, ToSim } from '../../device/webhid/sim-port-protocol.ts';
import { CHUNK_GAP_MS, downloadPlan } from '../../download/download-plan.ts';
import {
  BoardSimulation,
  BUSY_FOR_MS,
  IDLE_PUMP_MS,
  MAX_FRAMES_PER_PUMP,
  PUMP_MS,
  STATE_MS,
  type SimClock,
  type SimMessage,
} from './board-simulation.ts';

/** Time that moves only when the test says so; each move runs the pump once per period. */
class TestClock implements SimClock {
  private t = 1000;
  private readonly ticks = new Set<() => void>();
  private timers: { at: number; tick: () => void }[] = [];

  now(): number {
    return this.t;
  }

  /** The period of each pump started, in order. */
  readonly periods: number[] = [];

  every(ms: number, tick: () => void): () => void {
    this.periods.push(ms);
    this.ticks.add(tick);
    return () => this.ticks.delete(tick);
  }

  after(ms: number, tick: () => void): void {
    this.timers.push({ at: this.t + ms, tick });
  }

  /** Moves `ms` on in pump-sized steps, firing one-off timers on the way. */
  advance(ms: number, step = PUMP_MS): void {
    for (let done = 0; done < ms; done += step) {
      this.t += Math.min(step, ms - done);
      const due = this.timers.filter((d) => d.at <= this.t);
      this.timers = this.timers.filter((d) => d.at > this.t);
      due.forEach((d) => d.tick());
      this.ticks.forEach((tick) => tick());
    }
  }

  get pumps(): number {
    return this.ticks.size;
  }
}

let core: WasmCore;
let clock: TestClock;
let sim: BoardSimulation;
let messages: { msg: SimMessage; transfer: Transferable[] }[];

beforeAll(async () => {
  core = await loadTestCore();
});

async function boot(): Promise<void> {
  clock = new TestClock();
  sim = new BoardSimulation({ loadCore: () => Promise.resolve(core), clock });
  messages = [];
  await sim.start({}, (msg, transfer) => messages.push({ msg, transfer }));
}

afterEach(() => sim.stop());

function frame(req: HidCommandRequest): Uint8Array {
  const r = core.buildHidCommand(req);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

function of<T extends SimMessage['type']>(type: T) {
  return messages
    .map((m) => m.msg)
    .filter((m): m is Extract<SimMessage, { type: T }> => m.type === type);
}

function decoded(): HidPacket[] {
  const reports = of('reports').flatMap((m) => m.reports);
  const r = core.decodeHidReports(reports);
  if (!r.ok) throw new Error('decode failed');
  return r.value;
}

/** Settles promise callbacks and port messages. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 10));

describe('BoardSimulation', () => {
  it('streams status reports as the clock moves, and hands their buffers over', async () => {
    await boot();
    clock.advance(100);
    const statuses = decoded().filter((p) => p.type === 'status');
    // The status stream runs every 20 ms of board time.
    expect(statuses.length).toBeGreaterThanOrEqual(4);
    expect(statuses.length).toBeLessThanOrEqual(6);
    const sent = messages.find((m) => m.msg.type === 'reports');
    expect(sent?.transfer.length).toBeGreaterThan(0);
  });

  it('takes a host write in the USB frame in progress, not at the next pump', async () => {
    await boot();
    clock.advance(100);
    clock.advance(2.5, 2.5);
    // Sent 2.5 ms after the last pump: the link runs frames 101 and 102, takes it in 103.
    await sim.write(frame(cmd.beep()));
    expect(sim.lastWriteAtMs).toBe(103);
    expect(of('beep')).toHaveLength(1);
    expect(sim.board?.state().beeps).toBe(1);
    // One write per frame: a second one sent in the same millisecond is taken in the next.
    let taken = false;
    const second = sim.write(frame(cmd.beep())).then(() => (taken = true));
    await settle();
    expect(taken).toBe(false);
    clock.advance(1, 1);
    await second;
    expect(sim.lastWriteAtMs).toBe(104);
    expect(sim.board?.state().beeps).toBe(2);
  });

  it('lets the board see the gaps its host left between writes', async () => {
    await boot();
    // Host writes 10 ms apart, sent at odd moments between pumps: the board takes them
    // 10 frames apart (taken at the pump, they were 8 to 12 frames apart).
    const taken: number[] = [];
    for (const at of [0.2, 10.2, 20.9, 30.9, 40.1]) {
      clock.advance(1000 + at - clock.now(), 4);
      await sim.write(frame(cmd.beep()));
      taken.push(sim.lastWriteAtMs ?? Number.NaN);
    }
    expect(taken.slice(1).map((t, i) => t - (taken[i] ?? 0))).toEqual([10, 10, 10, 10]);
  });

  it('takes a timer-paced download with at least 10 frames between chunks', async () => {
    await boot();
    clock.advance(100.3, 4);
    // The device worker's pacer on this clock, with timers up to 0.5 ms early or late.
    let n = 0;
    const timers: PacerTimers = {
      sleep: (ms) => {
        clock.advance(Math.max(0.01, ms + ((n++ * 37) % 10) / 10 - 0.5), 1);
        return Promise.resolve();
      },
      yieldTask: () => {
        clock.advance(0.125, 0.125);
        return Promise.resolve();
      },
    };
    const plan = downloadPlan(new Uint8Array(600).fill(7), false);
    const payloads = plan.map((s) => frame(s.command));
    const chunksTaken: number[] = [];
    await new TimerPacer(() => clock.now(), timers).run(
      plan.map((s) => s.gapMs),
      async (i) => {
        let taken = false;
        const write = sim.write(payloads[i] ?? new Uint8Array()).then(() => (taken = true));
        // A write behind another in the same frame waits for the next: let time pass.
        for (let spins = 0; !taken && spins < 100; spins++) {
          await Promise.resolve();
          if (!taken) clock.advance(0.25, 0.25);
        }
        await write;
        if (plan[i]?.command.command === cmd.writeMemory(new Uint8Array(1)).command) {
          chunksTaken.push(sim.lastWriteAtMs ?? Number.NaN);
        }
      },
    );
    expect(chunksTaken).toHaveLength(10);
    const gaps = chunksTaken.slice(1).map((t, i) => t - (chunksTaken[i] ?? 0));
    gaps.forEach((gap) => expect(gap).toBeGreaterThanOrEqual(CHUNK_GAP_MS));
    expect(Math.max(...gaps)).toBeLessThanOrEqual(CHUNK_GAP_MS + 1);
    expect(sim.board?.programBytes()).toEqual(new Uint8Array(600).fill(7));
  });

  it('publishes the panel state at most every 50 ms, and again soon after a change', async () => {
    await boot();
    clock.advance(1000);
    const states = of('state').length;
    expect(states).toBeGreaterThanOrEqual(1000 / (4 * STATE_MS) - 1);
    expect(states).toBeLessThanOrEqual(1000 / STATE_MS + 1);
    messages = [];
    sim.control((b) => b.setSensor(1, 700));
    clock.advance(STATE_MS + PUMP_MS);
    expect(of('state').at(-1)?.state.sensors[0]).toBe(700);
  });

  it('paces a write sequence on the virtual clock and reports its progress', async () => {
    await boot();
    const progress: [number, number][] = [];
    const payloads = [cmd.beep(), cmd.beep(), cmd.beep()].map(frame);
    const done = sim.writeSequence(payloads, [0, 10, 10], (n, total) => progress.push([n, total]));
    clock.advance(12);
    await settle();
    expect(sim.board?.state().beeps).toBe(2);
    clock.advance(12);
    await done;
    expect(sim.board?.state().beeps).toBe(3);
    expect(progress.at(-1)).toEqual([3, 3]);
  });

  it('pumps at the status period while the link is quiet, and fast again from a write', async () => {
    await boot();
    expect(clock.periods).toEqual([PUMP_MS]);
    clock.advance(BUSY_FOR_MS + 2 * PUMP_MS);
    expect(clock.periods).toEqual([PUMP_MS, IDLE_PUMP_MS]);
    expect(clock.pumps).toBe(1);
    // The stream goes on at its 20 ms period.
    messages = [];
    clock.advance(200, IDLE_PUMP_MS);
    const reports = of('reports').flatMap((m) => m.reports);
    expect(reports.length).toBeGreaterThanOrEqual(9);
    expect(reports.length).toBeLessThanOrEqual(11);
    // A write is taken at once and brings the fast pump back.
    await sim.write(frame(cmd.beep()));
    expect(sim.board?.state().beeps).toBe(1);
    expect(clock.periods.at(-1)).toBe(PUMP_MS);
    expect(clock.pumps).toBe(1);
  });

  it('lets board time lag behind a clock that jumps, at most 250 frames per pump', async () => {
    await boot();
    clock.advance(2000, 2000);
    expect(sim.board?.state().clockMs).toBeLessThanOrEqual(MAX_FRAMES_PER_PUMP + 1);
    clock.advance(PUMP_MS);
    expect(sim.board?.state().clockMs).toBeLessThanOrEqual(MAX_FRAMES_PER_PUMP + PUMP_MS + 1);
  });

  it('fails queued writes when the cable is pulled, and refuses new ones', async () => {
    await boot();
    const first = sim.write(frame(cmd.beep()));
    const queued = sim.write(frame(cmd.beep()));
    await first;
    sim.setPowered(false);
    await expect(queued).rejects.toMatchObject({ name: 'NotFoundError' });
    await expect(sim.write(frame(cmd.beep()))).rejects.toMatchObject({ name: 'NotFoundError' });
    expect(sim.identity()).toBeNull();
    expect(of('identity').at(-1)?.identity).toBeNull();
    sim.setPowered(true);
    expect(sim.identity()).toBe('app');
  });

  it('gives the flash port the reports while it is attached, and the host again after', async () => {
    await boot();
    const channel = new MessageChannel();
    const received: FromSim[] = [];
    channel.port2.onmessage = (e: MessageEvent<FromSim>) => received.push(e.data);
    sim.attachFlashPort(channel.port1);
    messages = [];
    const toSim = (msg: ToSim) => channel.port2.postMessage(msg);
    toSim({ t: 'write', id: 7, payload: frame(cmd.beep()) });
    // Port messages arrive when the event loop gets to them: keep the clock moving until then.
    const untilDelivered = { timeout: 5000, interval: 10 };
    await vi.waitFor(() => {
      clock.advance(40);
      expect(received).toContainEqual({ t: 'written', id: 7 });
      expect(received.some((m) => m.t === 'reports')).toBe(true);
    }, untilDelivered);
    expect(received[0]).toEqual({ t: 'hello', identity: 'app', powered: true });
    expect(of('reports')).toHaveLength(0);
    toSim({ t: 'close' });
    await vi.waitFor(() => {
      clock.advance(40);
      expect(of('reports').length).toBeGreaterThan(0);
    }, untilDelivered);
    channel.port2.close();
  });

  it('applies a second start to the running board instead of booting another', async () => {
    await boot();
    const board = sim.board;
    await sim.start({ boardType: 5 }, () => {});
    expect(sim.board).toBe(board);
    expect(sim.board?.state().config.boardType).toBe(5);
  });

  it('stops its pump when stopped; a later start boots a new board', async () => {
    await boot();
    const before = sim.board;
    sim.stop();
    expect(clock.pumps).toBe(0);
    expect(sim.board).toBeNull();
    await expect(sim.write(frame(cmd.beep()))).rejects.toThrow('not running');
    await sim.start({}, () => {});
    expect(sim.board).not.toBe(before);
    expect(clock.pumps).toBe(1);
  });
});
