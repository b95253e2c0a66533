// The virtual board's worker API: one BoardSimulation (board-simulation.ts) on the worker's
// wall clock, exposed with Comlink to the page (src/virtual-board/host/sim-host.ts).
import { fetchCore } from '../../core/fetch-core.ts';
import { transfer } from '../../core/transfer.ts';
import type { HidBuiltinSensors } from '../../core/hid-layout.ts';
import type { SimConfig } from '../board/simulated-board.ts';
import type { FakeHidIdentity } from '../../device/webhid/fake-hid.ts';
import { BoardSimulation, type SimMessage } from './board-simulation.ts';

export type { SimMessage } from './board-simulation.ts';

const sim = new BoardSimulation({ loadCore: fetchCore });

export const boardSimWorkerApi = {
  start(config: Partial<SimConfig>, onMessage: (msg: SimMessage) => void): Promise<void> {
    return sim.start(config, (msg, parts) =>
      onMessage(parts.length > 0 ? transfer(msg, ...parts) : msg),
    );
  },

  /** A host → board payload; resolves in the frame the board takes it. */
  write(payload: Uint8Array): Promise<void> {
    return sim.write(payload);
  },

  /** Payloads paced on the virtual clock (see BoardSimulation.writeSequence). */
  writeSequence(
    payloads: Uint8Array[],
    gapsMs: number[],
    onProgress?: (done: number, total: number) => void,
  ): Promise<void> {
    return sim.writeSequence(payloads, gapsMs, onProgress);
  },

  /** The cable: off cuts the board's power mid-whatever, on boots it. */
  setPowered(on: boolean): void {
    sim.setPowered(on);
  },

  /** What the board enumerates as now (null: off the bus or unpowered). */
  identity(): FakeHidIdentity | null {
    return sim.identity();
  },

  /** The flash worker's line to the board (the other end of `port` lives there). */
  attachFlashPort(port: MessagePort): void {
    sim.attachFlashPort(port);
  },

  configure(config: Partial<SimConfig>): void {
    sim.control((b) => b.configure(config));
  },
  setSensor(port: number, value: number): void {
    sim.control((b) => b.setSensor(port, value));
  },
  setBuiltin(values: Partial<HidBuiltinSensors>): void {
    sim.control((b) => b.setBuiltin(values));
  },
  setIr(code: number): void {
    sim.control((b) => b.setIr(code));
  },
  setAnswer(value: number): void {
    sim.control((b) => b.setAnswer(value));
  },
  sendKeyValue(key: string, value: string): void {
    sim.control((b) => b.sendKeyValue(key, value));
  },
  sendDebug(text: string): void {
    sim.control((b) => b.sendDebug(text));
  },
  tapPiScreen(x: number, y: number): void {
    sim.control((b) => b.tapPiScreen(x, y));
  },
  powerOnPi(): void {
    sim.control((b) => b.powerOnPi());
  },
  /** Adds `n` generated records to the board's data log (panel control, tests, demos). */
  fillDatalog(n: number): void {
    sim.control((b) => b.datalog.fill(n));
  },
  /** The next data-log read leaves out these records packets (tests: a lossy host). */
  loseDatalogPackets(packets: number[]): void {
    sim.control((b) => b.datalog.loseOnNextRead(packets));
  },
  /** Empties the data log, as the board's own clear command does. */
  clearDatalog(): void {
    sim.control((b) => b.datalog.clear());
  },
  /** The board's reset button: outputs cleared, an autorun program starts again. */
  reset(): void {
    sim.control((b) => b.reset());
  },
  /** The board's run button (run, or stop when running). */
  pressRun(): void {
    sim.control((b) => b.pressRunButton());
  },

  stop(): void {
    sim.stop();
  },
};

export type BoardSimWorkerApi = typeof boardSimWorkerApi;
