// Download time of 2048 bytes (35 chunks) to the simulated board through the real GoGo
// connection, protocol and core-rs framing, against the pacing floor: 34 pauses of 10 ms
// between chunks + 15 ms before the LED and the beep = 355 ms.
//   1. the virtual clock alone (as fast as the CPU goes): the link's own time;
//   2. the virtual board in real time, paced on its link clock (the "virtual board" path);
//   3. the board in real time, paced by timers (the loop the device worker runs for a USB
//      or fake-HID board), against the board-sim worker's own simulation and pump: each
//      write starts 10 ms after the one before started, once that one was taken;
//   4. the plan's pauses as bare timers: the best any timer-paced loop can do on this
//      machine in this run.
//
// Each path's ratio to the floor is printed.
import { readFileSync } from 'node:fs';
import { loadCore, type WasmCore } from '../../src/core/wasm-core.ts';
import { DeviceError } from '../../src/device/device.ts';
import { Emitter } from '../../src/device/emitter.ts';
import { SimulatedBoard, wasmEncoder } from '../../src/virtual-board/board/simulated-board.ts';
import { BoardSimulation, wallClock } from '../../src/virtual-board/worker/board-simulation.ts';
import { testConnection } from '../../src/device/testing/test-connection.ts';
import { VirtualLinkTransport } from '../../src/device/testing/virtual-link-transport.ts';
import type { Transport, TransportEventMap } from '../../src/device/transport.ts';
import { downloadPlan, planFloorMs } from '../../src/download/download-plan.ts';
import { ms, ratio, rounds, table, wasmPath, type BenchSuite } from './lib.ts';

const BYTES = 2048;

/** The board-sim worker's simulation (its pump, write queue and sequences) in this thread,
 * on the wall clock: what the fake navigator.hid and the virtual board talk to. */
class RealtimeLinkTransport implements Transport {
  readonly kind = 'simulated' as const;
  readonly sim: BoardSimulation;
  private readonly events = new Emitter<TransportEventMap>();
  private open_ = false;
  writePaced?: Transport['writePaced'];

  constructor(core: WasmCore, linkPaced: boolean) {
    this.sim = new BoardSimulation({ loadCore: () => Promise.resolve(core), clock: wallClock });
    if (linkPaced) {
      this.writePaced = (payloads, gapsMs, onProgress) =>
        this.sim.writeSequence(payloads, gapsMs, onProgress);
    }
  }

  get board(): SimulatedBoard {
    const board = this.sim.board;
    if (!board) throw new Error('the simulated board is not running');
    return board;
  }

  on<K extends keyof TransportEventMap>(type: K, l: (e: TransportEventMap[K]) => void) {
    return this.events.on(type, l);
  }

  async open(): Promise<void> {
    await this.sim.start({}, (msg) => {
      if (msg.type === 'reports') msg.reports.forEach((r) => this.events.emit('report', r));
    });
    this.open_ = true;
  }

  async close(): Promise<void> {
    this.open_ = false;
    this.sim.stop();
  }

  write(payload: Uint8Array): Promise<void> {
    if (!this.open_) return Promise.reject(new DeviceError('disconnected'));
    return this.sim.write(payload);
  }
}

async function connected(core: WasmCore, transport: Transport, advance?: () => void) {
  const conn = testConnection(core, transport);
  await conn.connect('simulated');
  for (let i = 0; i < 50 && conn.snapshot.board.boardType === 0; i++) {
    advance?.();
    await new Promise((r) => setTimeout(r, 10));
  }
  if (conn.snapshot.board.boardType === 0) throw new Error('the board did not report');
  return conn;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[sorted.length >> 1] ?? Number.NaN;
};

const suite: BenchSuite = {
  description: '2048 bytes to the virtual board against the pacing floor (10 ms per chunk)',
  async run(ctx) {
    const runs = rounds(ctx, 10);
    const core = await loadCore(readFileSync(wasmPath));
    const data = Uint8Array.from({ length: BYTES }, (_, i) => (i * 7) % 256);
    const plan = downloadPlan(data, false);
    const floor = planFloorMs(plan);
    const chunks = plan.filter((s) => s.command.command === 3).length;
    const check = (board: SimulatedBoard) => {
      const back = board.programBytes();
      if (back.length !== BYTES || back.some((b, i) => b !== data[i])) {
        throw new Error('the board did not store the program');
      }
    };

    // 1. Virtual clock only: the link's own time, and the CPU it takes to get there.
    const virtualMs: number[] = [];
    const virtualCpu: number[] = [];
    for (let i = 0; i < runs; i++) {
      const board = new SimulatedBoard(wasmEncoder(core));
      const transport = new VirtualLinkTransport(board);
      const conn = await connected(core, transport, () => transport.advance(30));
      const v0 = transport.link.clockMs;
      const t0 = performance.now();
      await conn.sendSequence(plan);
      virtualCpu.push(performance.now() - t0);
      virtualMs.push(transport.link.clockMs - v0);
      check(board);
    }

    // 2 and 3. Wall-clock time, alternating so both see the same machine load.
    const once = async (linkPaced: boolean) => {
      const transport = new RealtimeLinkTransport(core, linkPaced);
      const conn = await connected(core, transport);
      const t0 = performance.now();
      await conn.sendSequence(plan);
      const dt = performance.now() - t0;
      check(transport.board);
      await conn.disconnect();
      return dt;
    };
    // The plan's pauses as bare timers, nothing else: what this machine's timers allow.
    const bare = async () => {
      const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
      const t0 = performance.now();
      for (const step of plan) if (step.gapMs > 0) await sleep(step.gapMs);
      return performance.now() - t0;
    };
    const linkTimes: number[] = [];
    const timerTimes: number[] = [];
    const bareTimes: number[] = [];
    for (let i = 0; i < runs; i++) {
      linkTimes.push(await once(true));
      timerTimes.push(await once(false));
      bareTimes.push(await bare());
    }
    const virtual = median(virtualMs);
    const link = median(linkTimes);
    const timer = median(timerTimes);
    const timersAlone = median(bareTimes);
    table(
      `Download ${BYTES} B (${chunks} chunks of 60 B); floor ${floor} ms = ${chunks - 1} gaps × 10 ms + 15 ms before LED and beep; median of ${runs}`,
      [
        {
          path: 'virtual clock (link time; CPU time in brackets)',
          median: `${ms(virtual)} (${ms(median(virtualCpu))})`,
          best: ms(Math.min(...virtualMs)),
          'vs floor': ratio(virtual / floor),
        },
        {
          path: 'virtual board in real time, paced on its link clock',
          median: ms(link),
          best: ms(Math.min(...linkTimes)),
          'vs floor': ratio(link / floor),
        },
        {
          path: 'timer-paced (the device worker loop for USB / fake HID)',
          median: ms(timer),
          best: ms(Math.min(...timerTimes)),
          'vs floor': ratio(timer / floor),
        },
        {
          path: 'the same pauses as bare timers (this machine, this run)',
          median: ms(timersAlone),
          best: ms(Math.min(...bareTimes)),
          'vs floor': ratio(timersAlone / floor),
        },
      ],
    );
    ctx.record('download', {
      bytes: BYTES,
      chunks,
      floorMs: floor,
      virtualClockMs: virtual,
      linkPacedMs: link,
      timerPacedMs: timer,
      linkPacedPerFloor: link / floor,
      timerPacedPerFloor: timer / floor,
      bareTimersMs: timersAlone,
    });
  },
};

export default suite;
