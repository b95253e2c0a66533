// The page's owner of the simulated board worker (src/virtual-board/worker/board-sim-worker-api.ts): starts it
// lazily, relays reports to whichever transport is attached (the virtual-board transport or
// the fake navigator.hid), forwards the panel's controls, plays beeps, and keeps the
// board's state in a Valtio store for the simulator panel.
import * as Comlink from 'comlink';
import { proxy } from 'valtio';
import { createWorkerBridge, webWorker, type WorkerApi } from '../../bridge/worker-bridge.ts';
import { transfer } from '../../core/transfer.ts';
import type { HidBuiltinSensors } from '../../core/hid-layout.ts';
import type { BoardSimWorkerApi, SimMessage } from '../worker/board-sim-worker-api.ts';
import { DeviceError } from '../../device/device.ts';
import { playBeep } from './beep.ts';
import { takeFirmware, takeState, type SimStore } from './sim-store.ts';
import type { FakeHidBackend, FakeHidIdentity } from '../../device/webhid/fake-hid.ts';
import type { SimConfig } from '../board/simulated-board.ts';

/** `cloud record "name" v` (public: false) or `public cloud record "name" v`. */
interface CloudRecordEvent {
  name: string;
  value: number;
  public: boolean;
}

export class SimHost implements FakeHidBackend {
  readonly store = proxy<SimStore>({
    state: null,
    clockMs: 0,
    running: false,
    plugged: true,
    firmware: null,
  });
  private enumeration: FakeHidIdentity | null = 'app';
  private readonly identityListeners = new Set<(identity: FakeHidIdentity | null) => void>();
  private readonly bridge = createWorkerBridge<BoardSimWorkerApi>(
    () =>
      webWorker(
        new Worker(new URL('../../../workers/board-sim.worker.ts', import.meta.url), {
          type: 'module',
          name: 'board-sim',
        }),
      ),
    // A crashed board boots again on the next use.
    { onCrash: () => this.ended() },
  );
  private api: WorkerApi<BoardSimWorkerApi> | undefined;
  private starting: Promise<void> | null = null;
  private readonly reportListeners = new Set<(reports: Uint8Array[]) => void>();
  private readonly cloudListeners = new Set<(record: CloudRecordEvent) => void>();
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
    try {
      await api.write(transfer(payload, payload));
    } catch (e) {
      throw new DeviceError('disconnected', `virtual board: ${String(e)}`, {}, { cause: e });
    }
  }

  /**
   * Payloads paced on the board's virtual clock (payload i is taken `gapsMs[i]` after the
   * one before), so a download's 10 ms between chunks costs the page no timers at all.
   */
  async writeSequence(
    payloads: Uint8Array[],
    gapsMs: number[],
    onProgress?: (done: number, total: number) => void,
  ): Promise<void> {
    if (!this.store.plugged) {
      throw new DeviceError('disconnected', 'the virtual board is unplugged');
    }
    await this.start();
    const api = this.api;
    if (!api) throw new DeviceError('disconnected');
    try {
      await api.writeSequence(
        transfer(payloads, ...payloads),
        gapsMs,
        onProgress ? Comlink.proxy(onProgress) : undefined,
      );
    } catch (e) {
      throw new DeviceError('disconnected', `virtual board: ${String(e)}`, {}, { cause: e });
    }
  }

  onReports(listener: (reports: Uint8Array[]) => void): () => void {
    this.reportListeners.add(listener);
    return () => this.reportListeners.delete(listener);
  }

  /** A running program's cloud records (src/datalog/cloud/board-cloud-records.ts). */
  onCloudRecord(listener: (record: CloudRecordEvent) => void): () => void {
    this.cloudListeners.add(listener);
    return () => this.cloudListeners.delete(listener);
  }

  onPlugChange(listener: (plugged: boolean) => void): () => void {
    this.plugListeners.add(listener);
    return () => this.plugListeners.delete(listener);
  }

  setPlugged(plugged: boolean): void {
    if (this.store.plugged === plugged) return;
    this.store.plugged = plugged;
    this.plugListeners.forEach((l) => l(plugged));
    // The cable also carries the board's power: pulling it stops an update mid-way.
    this.api?.setPowered(plugged).catch((e: unknown) => console.error('simulated board:', e));
  }

  /** What the board enumerates as (the STM32 bootloader after a reboot into it). */
  identity(): FakeHidIdentity | null {
    return this.enumeration;
  }

  onIdentity(listener: (identity: FakeHidIdentity | null) => void): () => void {
    this.identityListeners.add(listener);
    return () => this.identityListeners.delete(listener);
  }

  /**
   * A line from the board's worker for the flash worker: the engine and the simulated link
   * then talk worker to worker, off the page's thread.
   */
  async openFlashPort(): Promise<MessagePort> {
    await this.start();
    const api = this.api;
    if (!api) throw new DeviceError('disconnected');
    const channel = new MessageChannel();
    await api.attachFlashPort(transfer(channel.port1, channel.port1));
    return channel.port2;
  }

  /** Changes the running board, or (before it starts) what it starts as. */
  configure(config: Partial<SimConfig>): void {
    if (!this.starting) {
      Object.assign(this.config, config);
      return;
    }
    void this.call((a) => a.configure(config));
  }

  /** The board type the board has, or starts as. */
  boardType(): number | undefined {
    return this.store.state?.config.boardType ?? this.config.boardType;
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
  /** The next data-log read leaves out these records packets (tests: a lossy host). */
  loseDatalogPackets(packets: number[]): Promise<void> {
    return this.call((a) => a.loseDatalogPackets(packets));
  }
  /** The board's reset button. */
  reset(): void {
    void this.call((a) => a.reset());
  }
  /** The board's run button. */
  pressRun(): void {
    void this.call((a) => a.pressRun());
  }

  /** Ends the worker; the next start() boots a fresh board. */
  stop(): void {
    void this.api?.stop();
    this.bridge.terminate();
    this.ended();
  }

  private ended(): void {
    this.api = undefined;
    this.starting = null;
    this.store.running = false;
    this.store.state = null;
    this.store.firmware = null;
  }

  private async boot(): Promise<void> {
    const api = this.bridge.api;
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
        takeState(this.store, msg.state, msg.firmware);
        break;
      case 'firmware':
        takeFirmware(this.store, msg.firmware);
        break;
      case 'identity':
        this.enumeration = msg.identity;
        this.identityListeners.forEach((l) => l(msg.identity));
        break;
      case 'beep':
        playBeep();
        break;
      case 'cloud-record':
        this.cloudListeners.forEach((l) =>
          l({ name: msg.name, value: msg.value, public: msg.public }),
        );
        break;
    }
  }

  private async call(f: (api: WorkerApi<BoardSimWorkerApi>) => Promise<unknown>) {
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
