// The flash worker's end of the line to the simulated board's worker: a FakeHidBackend
// over a MessagePort, so the engine drives the virtual board through the same WebHID-shaped
// API as a real one, worker to worker.
import type { FakeHidBackend, FakeHidIdentity } from '../../device/webhid/fake-hid.ts';
import type { FromSim, ToSim } from '../../device/webhid/sim-port-protocol.ts';

export class SimPortBackend implements FakeHidBackend {
  private nextId = 1;
  private readonly pending = new Map<number, { resolve(): void; reject(e: unknown): void }>();
  private readonly reportListeners = new Set<(reports: Uint8Array[]) => void>();
  private readonly identityListeners = new Set<(id: FakeHidIdentity | null) => void>();
  private readonly powerListeners = new Set<(on: boolean) => void>();
  private enumeration: FakeHidIdentity | null = null;
  private poweredNow = false;
  /** Resolves once the board's worker said hello (with its enumeration and power). */
  readonly ready: Promise<void>;

  constructor(private readonly port: MessagePort) {
    let hello: () => void = () => {};
    this.ready = new Promise((resolve) => (hello = resolve));
    port.onmessage = (e: MessageEvent<FromSim>) => {
      const msg = e.data;
      switch (msg.t) {
        case 'hello':
          this.enumeration = msg.identity;
          this.poweredNow = msg.powered;
          hello();
          return;
        case 'written':
          this.pending.get(msg.id)?.resolve();
          this.pending.delete(msg.id);
          return;
        case 'write-failed':
          this.pending
            .get(msg.id)
            ?.reject(new DOMException('The device was disconnected.', 'NotFoundError'));
          this.pending.delete(msg.id);
          return;
        case 'reports':
          this.reportListeners.forEach((l) => l(msg.reports));
          return;
        case 'identity':
          this.enumeration = msg.identity;
          this.identityListeners.forEach((l) => l(msg.identity));
          return;
        case 'power':
          this.poweredNow = msg.on;
          this.powerListeners.forEach((l) => l(msg.on));
          return;
      }
    };
  }

  get powered(): boolean {
    return this.poweredNow;
  }

  start(): Promise<void> {
    return this.ready;
  }

  write(payload: Uint8Array): Promise<void> {
    const id = this.nextId++;
    const copy = payload.slice();
    const msg: ToSim = { t: 'write', id, payload: copy };
    this.port.postMessage(msg, [copy.buffer]);
    return new Promise((resolve, reject) => this.pending.set(id, { resolve, reject }));
  }

  onReports(listener: (reports: Uint8Array[]) => void): () => void {
    this.reportListeners.add(listener);
    return () => this.reportListeners.delete(listener);
  }

  identity(): FakeHidIdentity | null {
    return this.enumeration;
  }

  onIdentity(listener: (id: FakeHidIdentity | null) => void): () => void {
    this.identityListeners.add(listener);
    return () => this.identityListeners.delete(listener);
  }

  onPower(listener: (on: boolean) => void): () => void {
    this.powerListeners.add(listener);
    return () => this.powerListeners.delete(listener);
  }

  /** Gives the board back to the page. */
  close(): void {
    const msg: ToSim = { t: 'close' };
    this.port.postMessage(msg);
    this.port.close();
    for (const p of this.pending.values()) {
      p.reject(new DOMException('The device was closed.', 'InvalidStateError'));
    }
    this.pending.clear();
  }
}
