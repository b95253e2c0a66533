// The page's owner of the simulated board worker (workers/board-sim.worker.ts): starts it
// lazily, relays reports to whichever transport is attached (the virtual-board transport or
// the fake navigator.hid), forwards the panel's controls, plays beeps, and keeps the
// board's state in a Valtio store for the simulator panel.
import * as Comlink from 'comlink';
import { proxy, ref } from 'valtio';
import type { HidBuiltinSensors } from '../../../workers/core/hid-layout.ts';
import type { BoardSimWorkerApi, SimMessage } from '../../../workers/board-sim.worker.ts';
import { DeviceError } from '../device.ts';
import { playBeep } from './beep.ts';
import type { FakeHidBackend } from './fake-hid.ts';
import type { SimConfig, SimState } from './simulated-board.ts';

export interface SimStore {
  /** The board's latest state (about 20 times a second while it runs). */
  state: SimState | null;
  running: boolean;
  /** The virtual cable: unplugging drops the link like a real unplug. */
  plugged: boolean;
}

export class SimHost implements FakeHidBackend {
  readonly store = proxy<SimStore>({ state: null, running: false, plugged: true });
  private worker: Worker | undefined;
  private api: Comlink.Remote<BoardSimWorkerApi> | undefined;
  private starting: Promise<void> | null = null;
  private readonly reportListeners = new Set<(reports: Uint8Array[]) => void>();
  private readonly plugListeners = new Set<(plugged: boolean) => void>();

  constructor(private readonly config: Partial<SimConfig> = {}) {}

  /** Starts the board (once). */
  start(): Promise<void> {
    this.starting ??= this.boot().catch((e: unknown) => {
      this.starting = null;
      throw new DeviceError('open-failed', `simulated board: ${String(e)}`, {}, { cause: e });
    });
    return this.starting;
  }

  async write(payload: Uint8Array): Promise<void> {
    if (!this.store.plugged)
      throw new DeviceError('disconnected', 'the virtual board is unplugged');
    await this.start();
    const api = this.api;
    if (!api) throw new DeviceError('disconnected');
    await api.write(Comlink.transfer(payload, [payload.buffer]));
  }

  onReports(listener: (reports: Uint8Array[]) => void): () => void {
    this.reportListeners.add(listener);
    return () => this.reportListeners.delete(listener);
  }

  onPlugChange(listener: (plugged: boolean) => void): () => void {
    this.plugListeners.add(listener);
    return () => this.plugListeners.delete(listener);
  }

  setPlugged(plugged: boolean): void {
    if (this.store.plugged === plugged) return;
    this.store.plugged = plugged;
    this.plugListeners.forEach((l) => l(plugged));
  }

  configure(config: Partial<SimConfig>): void {
    void this.call((a) => a.configure(config));
  }
  setSensor(port: number, value: number): void {
    void this.call((a) => a.setSensor(port, value));
  }
  setBuiltin(values: Partial<HidBuiltinSensors>): void {
    void this.call((a) => a.setBuiltin(values));
  }
  setIr(code: number): void {
    void this.call((a) => a.setIr(code));
  }
  setAnswer(value: number): void {
    void this.call((a) => a.setAnswer(value));
  }
  sendKeyValue(key: string, value: string): void {
    void this.call((a) => a.sendKeyValue(key, value));
  }
  sendDebug(text: string): void {
    void this.call((a) => a.sendDebug(text));
  }
  tapPiScreen(x: number, y: number): void {
    void this.call((a) => a.tapPiScreen(x, y));
  }
  powerOnPi(): void {
    void this.call((a) => a.powerOnPi());
  }
  /** Adds `n` generated records to the virtual board's data log. */
  fillDatalog(n: number): Promise<void> {
    return this.call((a) => a.fillDatalog(n));
  }
  clearDatalog(): Promise<void> {
    return this.call((a) => a.clearDatalog());
  }

  /** Ends the worker; the next start() boots a fresh board. */
  stop(): void {
    void this.api?.stop();
    this.api?.[Comlink.releaseProxy]();
    this.worker?.terminate();
    this.api = undefined;
    this.worker = undefined;
    this.starting = null;
    this.store.running = false;
    this.store.state = null;
  }

  private async boot(): Promise<void> {
    this.worker = new Worker(new URL('../../../workers/board-sim.worker.ts', import.meta.url), {
      type: 'module',
      name: 'board-sim',
    });
    const api = Comlink.wrap<BoardSimWorkerApi>(this.worker);
    await api.start(
      this.config,
      Comlink.proxy((msg: SimMessage) => this.onMessage(msg)),
    );
    this.api = api;
    this.store.running = true;
  }

  private onMessage(msg: SimMessage): void {
    switch (msg.type) {
      case 'reports':
        if (this.store.plugged) this.reportListeners.forEach((l) => l(msg.reports));
        break;
      case 'state':
        // ref(): the snapshot is replaced whole, Valtio need not track inside it.
        this.store.state = ref(msg.state);
        break;
      case 'beep':
        playBeep();
        break;
    }
  }

  private async call(f: (api: Comlink.Remote<BoardSimWorkerApi>) => Promise<unknown>) {
    try {
      await this.start();
      if (this.api) await f(this.api);
    } catch (e) {
      console.error('simulated board:', e);
    }
  }
}

let host: SimHost | undefined;

/** The page's one simulated board. */
export function getSimHost(): SimHost {
  host ??= new SimHost();
  return host;
}
