// Download time of 2048 bytes (35 chunks) to the simulated board through the real GoGo
// connection, protocol and core-rs framing, against the pacing floor: 34 pauses of 10 ms
// between chunks + 15 ms before the LED and the beep = 355 ms.
//   1. the virtual clock alone (as fast as the CPU goes): the link's own time;
//   2. the virtual board in real time, paced on its link clock (the "virtual board" path);
//   3. the board in real time, paced by timers (the loop the device worker runs for a USB
//      or fake-HID board): each write waits for the board's frame, then a 10 ms timer.
//
// Each path's ratio to the floor is printed.
import { readFileSync } from 'node:fs';
import { loadCore, type WasmCore } from '../../src/core/wasm-core.ts';
import { GoGoConnection } from '../../src/device/connection/gogo-connection.ts';
import { DeviceError } from '../../src/device/device.ts';
import { Emitter } from '../../src/device/emitter.ts';
import { WasmFramer } from '../../src/device/protocol/framer.ts';
import { SimulatedBoard, wasmEncoder } from '../../src/virtual-board/board/simulated-board.ts';
import { UsbLink } from '../../src/virtual-board/board/usb-link.ts';
import { VirtualLinkTransport } from '../../src/device/testing/virtual-link-transport.ts';
import type { Transport, TransportEventMap } from '../../src/device/transport.ts';
import { downloadPlan, planFloorMs } from '../../src/download/download-plan.ts';
import { ms, ratio, rounds, table, wasmPath, type BenchSuite } from './lib.ts';

const BYTES = 2048;

/** The board-sim worker's pump in this thread: frames follow the wall clock. */
class RealtimeLinkTransport implements Transport {
  readonly kind = 'simulated' as const;
  readonly link: UsbLink;
  private readonly events = new Emitter<TransportEventMap>();
  private readonly waiting = new Map<number, () => void>();
  private timer: ReturnType<typeof setInterval> | undefined;
  private origin = 0;
  writePaced?: Transport['writePaced'];

  constructor(board: SimulatedBoard, linkPaced: boolean) {
    this.link = new UsbLink(board);
    if (linkPaced) {
      this.writePaced = (payloads, gapsMs, onProgress) => {
        const ids = this.link.writeSequence(
          payloads.map((payload, i) => ({ payload, gapMs: gapsMs[i] ?? 0 })),
        );
        let done = 0;
        return Promise.all(
          ids.map(
            (id) =>
              new Promise<void>((resolve) =>
                this.waiting.set(id, () => {
                  onProgress?.(++done, ids.length);
                  resolve();
                }),
              ),
          ),
        ).then(() => undefined);
      };
    }
  }

  on<K extends keyof TransportEventMap>(type: K, l: (e: TransportEventMap[K]) => void) {
    return this.events.on(type, l);
  }

  async open(): Promise<void> {
    this.origin = performance.now() - this.link.clockMs;
    this.timer = setInterval(() => this.pump(), 4);
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
  }

  write(payload: Uint8Array): Promise<void> {
    if (this.timer === undefined) return Promise.reject(new DeviceError('disconnected'));
    const id = this.link.write(payload);
    return new Promise((resolve) => this.waiting.set(id, resolve));
  }

  private pump(): void {
    const frames = Math.floor(performance.now() - this.origin) - this.link.clockMs;
    if (frames <= 0) return;
    const { reports, consumed } = this.link.run(frames);
    for (const id of consumed) {
      this.waiting.get(id)?.();
      this.waiting.delete(id);
    }
    reports.forEach((r) => this.events.emit('report', r));
  }
}

async function connected(core: WasmCore, transport: Transport, advance?: () => void) {
  const conn = new GoGoConnection({
    createTransport: () => transport,
    framer: new WasmFramer(core),
    displayBoard: () => 6,
    schedule: (flush) => queueMicrotask(flush),
  });
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
      const board = new SimulatedBoard(wasmEncoder(core));
      const transport = new RealtimeLinkTransport(board, linkPaced);
      const conn = await connected(core, transport);
      const t0 = performance.now();
      await conn.sendSequence(plan);
      const dt = performance.now() - t0;
      check(board);
      await conn.disconnect();
      return dt;
    };
    const linkTimes: number[] = [];
    const timerTimes: number[] = [];
    for (let i = 0; i < runs; i++) {
      linkTimes.push(await once(true));
      timerTimes.push(await once(false));
    }
    const virtual = median(virtualMs);
    const link = median(linkTimes);
    const timer = median(timerTimes);
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
    });
  },
};

export default suite;
