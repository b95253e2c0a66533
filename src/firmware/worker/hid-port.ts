// The flash engine's hold on the board: finds an already granted device (the GoGo
// application 0461:0020 or the STM32 bootloader 1209:BEBA) through any WebHID-shaped
// `navigator.hid` — the browser's in the flash worker, or the fake one over the simulated
// board — opens it, sends reports WITHOUT waiting for each (so the link never idles), keeps
// incoming reports until a step asks for them, and turns an unplug or a failed write into
// one failure that every pending wait sees at once.
import {
  BOOTLOADER_PRODUCT_ID,
  BOOTLOADER_VENDOR_ID,
  GOGO_PRODUCT_ID,
  GOGO_VENDOR_ID,
  pickGoGoInterface,
  REPORT_ID,
} from '../../device/webhid/webhid-transport.ts';
import {
  closeQuietly,
  type HIDConnectionEventLike,
  type HIDDeviceLike,
  type HIDInputReportEventLike,
  type HIDLike,
} from '../../device/webhid/hid-types.ts';
import type { Clock } from './clock.ts';

type HidPortMode = 'app' | 'bootloader';

/** Why the port stopped: an unplug (or re-enumeration nobody expected) or a failed write. */
export class PortFailure extends Error {
  override readonly name = 'PortFailure';
  constructor(
    readonly kind: 'disconnected' | 'write',
    message: string,
  ) {
    super(message);
  }
}

const IDS: Record<HidPortMode, { vendorId: number; productId: number }> = {
  app: { vendorId: GOGO_VENDOR_ID, productId: GOGO_PRODUCT_ID },
  bootloader: { vendorId: BOOTLOADER_VENDOR_ID, productId: BOOTLOADER_PRODUCT_ID },
};
const LOCK_WAIT_MS = 2000;
/** Reports kept for a later wait; older ones are dropped (status packets, mostly). */
const BUFFER_LIMIT = 512;

interface Waiter {
  accept: (report: Uint8Array) => boolean;
  resolve: (report: Uint8Array | null) => void;
  reject: (e: PortFailure) => void;
  cancelTimer: () => void;
}

export class HidPort {
  private device: HIDDeviceLike | null = null;
  private kindNow: HidPortMode | null = null;
  private buffer: Uint8Array[] = [];
  private readonly waiters = new Set<Waiter>();
  private failure: PortFailure | null = null;
  private goneExpected = false;
  private pendingWrites = 0;
  private readonly idle = new Set<() => void>();
  private releaseLock: (() => void) | null = null;
  /** Reports sent since the port was made. */
  sent = 0;

  constructor(
    private readonly hid: HIDLike,
    private readonly clock: Clock,
    private readonly locks: LockManager | null = null,
  ) {}

  get kind(): HidPortMode | null {
    return this.kindNow;
  }

  /** A granted device of `kind` that is present now. */
  async find(kind: HidPortMode): Promise<HIDDeviceLike | undefined> {
    const { vendorId, productId } = IDS[kind];
    const devices = (await this.hid.getDevices()).filter(
      (d) => d.vendorId === vendorId && d.productId === productId,
    );
    return pickGoGoInterface(devices);
  }

  /** Opens a granted device of `kind`; false when none is present. */
  async open(kind: HidPortMode): Promise<boolean> {
    await this.close();
    const device = await this.find(kind);
    if (!device) return false;
    await this.lock(device);
    try {
      if (!device.opened) await device.open();
    } catch (e) {
      this.unlock();
      throw new PortFailure('disconnected', `open: ${String(e)}`);
    }
    this.device = device;
    this.kindNow = kind;
    this.failure = null;
    this.goneExpected = false;
    this.buffer = [];
    device.addEventListener('inputreport', this.onReport);
    this.hid.addEventListener('disconnect', this.onDisconnect);
    return true;
  }

  async close(): Promise<void> {
    await closeQuietly(this.detach());
  }

  /** The board is about to leave the bus on purpose (a reboot): not a failure. */
  expectGone(): void {
    this.goneExpected = true;
  }

  /** Sends one report without waiting for it to go out; a failure surfaces in the next
   * wait or flush. */
  send(report: Uint8Array): void {
    const device = this.device;
    if (this.failure) return;
    if (!device) {
      this.fail(new PortFailure('disconnected', 'the board is not open'));
      return;
    }
    this.pendingWrites++;
    this.sent++;
    // Plans live in ordinary ArrayBuffers (never shared memory).
    device.sendReport(REPORT_ID, report as Uint8Array<ArrayBuffer>).then(
      () => this.writeDone(),
      (e: unknown) => {
        const name = e instanceof DOMException || e instanceof Error ? e.name : '';
        const gone = name === 'NotFoundError' || name === 'InvalidStateError' || !this.device;
        this.writeDone();
        if (gone && this.goneExpected) return;
        this.fail(new PortFailure(gone ? 'disconnected' : 'write', `write: ${String(e)}`));
      },
    );
  }

  /** Resolves when every report sent so far went out; rejects on a failure. */
  flush(): Promise<void> {
    if (this.failure) return Promise.reject(this.failure);
    if (this.pendingWrites === 0) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const done = () => {
        this.idle.delete(done);
        if (this.failure) reject(this.failure);
        else resolve();
      };
      this.idle.add(done);
    });
  }

  /** Reports sent but not yet taken by the board. */
  get inFlight(): number {
    return this.pendingWrites;
  }

  /**
   * The first report (buffered or new) that `accept` takes, or null after `timeoutMs`.
   * Reports it skips stay buffered for later waits.
   */
  waitFor(accept: (report: Uint8Array) => boolean, timeoutMs: number): Promise<Uint8Array | null> {
    if (this.failure) return Promise.reject(this.failure);
    const i = this.buffer.findIndex(accept);
    if (i >= 0) {
      const [r] = this.buffer.splice(i, 1);
      return Promise.resolve(r ?? null);
    }
    return new Promise((resolve, reject) => {
      const waiter: Waiter = {
        accept,
        resolve,
        reject,
        cancelTimer: () => {},
      };
      waiter.cancelTimer = this.clock.setTimer(timeoutMs, () => {
        this.waiters.delete(waiter);
        resolve(null);
      });
      this.waiters.add(waiter);
    });
  }

  /** Forgets buffered reports (before a step whose answers must be fresh). */
  clearBuffer(): void {
    this.buffer = [];
  }

  /** Rejects when the port fails (use in Promise.race with a pause). */
  get failed(): PortFailure | null {
    return this.failure;
  }

  private readonly onReport = (event: Event): void => {
    const { data } = event as HIDInputReportEventLike;
    const report = new Uint8Array(data.buffer, data.byteOffset, data.byteLength).slice();
    for (const w of this.waiters) {
      if (w.accept(report)) {
        this.waiters.delete(w);
        w.cancelTimer();
        w.resolve(report);
        return;
      }
    }
    this.buffer.push(report);
    if (this.buffer.length > BUFFER_LIMIT) this.buffer.shift();
  };

  private readonly onDisconnect = (event: Event): void => {
    const { device } = event as HIDConnectionEventLike;
    if (device !== this.device) return;
    const expected = this.goneExpected;
    this.detach();
    if (!expected) this.fail(new PortFailure('disconnected', 'the board was unplugged'));
  };

  private writeDone(): void {
    this.pendingWrites--;
    if (this.pendingWrites === 0) for (const f of [...this.idle]) f();
  }

  private fail(failure: PortFailure): void {
    if (this.failure) return;
    this.failure = failure;
    for (const w of this.waiters) {
      w.cancelTimer();
      w.reject(failure);
    }
    this.waiters.clear();
    for (const f of [...this.idle]) f();
  }

  private detach(): HIDDeviceLike | null {
    const device = this.device;
    this.device = null;
    this.kindNow = null;
    device?.removeEventListener('inputreport', this.onReport);
    this.hid.removeEventListener('disconnect', this.onDisconnect);
    this.unlock();
    return device;
  }

  /**
   * The same Web Lock the page's transport takes, so no other tab opens the board meanwhile.
   * The page releases it just before the engine starts; if it is still held after a moment
   * the engine goes on without it rather than hang.
   */
  private async lock(device: HIDDeviceLike): Promise<void> {
    const locks = this.locks;
    if (!locks) return;
    const name = `gogo-board:${device.vendorId}:${device.productId}:${device.productName}`;
    const abort = new AbortController();
    const cancel = this.clock.setTimer(LOCK_WAIT_MS, () => abort.abort());
    await new Promise<void>((resolve) => {
      locks
        .request(name, { signal: abort.signal }, () => {
          cancel();
          resolve();
          // Held until unlock() resolves this promise.
          return new Promise<void>((release) => (this.releaseLock = release));
        })
        .catch(() => resolve());
    });
  }

  private unlock(): void {
    this.releaseLock?.();
    this.releaseLock = null;
  }
}
