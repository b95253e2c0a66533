// The WebHID transport: a GoGo board on a USB cable (board-protocol §1). It asks the user
// to choose a board (vendor 1121 / product 32, plus the STM32 bootloader when a firmware
// flow asks), picks the vendor-usage-page collection of a composite device, sends 63-byte
// payloads with report ID 0, retries a failed write up to 5 times, and reports an unplug.
// A Web Lock per board tells a second tab that the board is in use.
import { DeviceError } from '../device.ts';
import { toDeviceError, withDeviceErrors } from '../errors.ts';
import { TransportEvents, type Transport } from '../transport.ts';
import {
  browserHid,
  closeQuietly,
  type HIDConnectionEventLike,
  type HIDDeviceFilterLike,
  type HIDDeviceLike,
  type HIDInputReportEventLike,
  type HIDLike,
} from './hid-types.ts';

/** §1: every HID GoGo board enumerates as 0x0461 / 0x0020. */
export const GOGO_VENDOR_ID = 0x0461;
export const GOGO_PRODUCT_ID = 0x0020;
/** §1: the STM32 HID bootloader of the GoGo 6 communication CPU, 0x1209 / 0xBEBA. */
export const BOOTLOADER_VENDOR_ID = 0x1209;
export const BOOTLOADER_PRODUCT_ID = 0xbeba;
/** §1: no report IDs are used; clients send with report ID 0. */
export const REPORT_ID = 0;
/** Spec core §7: "64-byte reports both ways, 5 retries". */
export const WRITE_RETRIES = 5;
/** §1: the GoGo raw-HID collection uses a vendor usage page (≥ 0xFF00). */
const VENDOR_USAGE_PAGE = 0xff00;

const GOGO_FILTER: HIDDeviceFilterLike = {
  vendorId: GOGO_VENDOR_ID,
  productId: GOGO_PRODUCT_ID,
};
export const BOOTLOADER_FILTER: HIDDeviceFilterLike = {
  vendorId: BOOTLOADER_VENDOR_ID,
  productId: BOOTLOADER_PRODUCT_ID,
};

interface WebHidOptions {
  /** Defaults to `navigator.hid`. */
  hid?: HIDLike;
  /** Defaults to `navigator.locks`; null turns tab coordination off. */
  locks?: LockManager | null;
  /** Also accept the STM32 bootloader (a firmware flow). */
  bootloader?: boolean;
  /** Pause between write retries. */
  retryDelayMs?: number;
}

function matches(d: HIDDeviceLike, filters: HIDDeviceFilterLike[]): boolean {
  return filters.some(
    (f) =>
      (f.vendorId === undefined || f.vendorId === d.vendorId) &&
      (f.productId === undefined || f.productId === d.productId),
  );
}

/**
 * A composite board shows up as several HIDDevice objects, one per interface. Take the one
 * with a vendor-usage-page collection, else one with any collection, else the first.
 */
export function pickGoGoInterface(devices: readonly HIDDeviceLike[]): HIDDeviceLike | undefined {
  return (
    devices.find((d) => d.collections.some((c) => (c.usagePage ?? 0) >= VENDOR_USAGE_PAGE)) ??
    devices.find((d) => d.collections.length > 0) ??
    devices[0]
  );
}

export class WebHidTransport extends TransportEvents implements Transport {
  readonly kind = 'webhid' as const;
  private device: HIDDeviceLike | null = null;
  private releaseLock: (() => void) | null = null;
  private writing: Promise<void> = Promise.resolve();
  private readonly filters: HIDDeviceFilterLike[];

  constructor(private readonly options: WebHidOptions = {}) {
    super();
    this.filters = options.bootloader ? [GOGO_FILTER, BOOTLOADER_FILTER] : [GOGO_FILTER];
  }

  /** The opened interface (for diagnostics and firmware flows). */
  get hidDevice(): HIDDeviceLike | null {
    return this.device;
  }

  async open(): Promise<void> {
    const hid = this.hid();
    const devices = await withDeviceErrors('request', () =>
      hid.requestDevice({ filters: this.filters }),
    );
    // WebHID resolves with an empty list when the user closes the chooser.
    const device = pickGoGoInterface(devices.filter((d) => matches(d, this.filters)));
    if (!device) throw new DeviceError('no-device-selected', 'no board was chosen');
    await this.openDevice(device);
  }

  async restore(opening?: () => void): Promise<boolean> {
    const hid = this.options.hid ?? browserHid();
    if (!hid) return false;
    const granted = await withDeviceErrors('request', () => hid.getDevices());
    const device = pickGoGoInterface(granted.filter((d) => matches(d, this.filters)));
    if (!device) return false;
    opening?.();
    await this.openDevice(device);
    return true;
  }

  write(payload: Uint8Array): Promise<void> {
    // One write at a time, so retries cannot reorder commands.
    const next = this.writing.then(() => this.writeWithRetries(payload));
    this.writing = next.catch(() => {});
    return next;
  }

  async close(): Promise<void> {
    await closeQuietly(this.detach());
  }

  private hid(): HIDLike {
    const hid = this.options.hid ?? browserHid();
    if (!hid) throw new DeviceError('unsupported-browser', 'this browser has no WebHID');
    return hid;
  }

  private async openDevice(device: HIDDeviceLike): Promise<void> {
    await this.lock(device);
    try {
      if (!device.opened) await withDeviceErrors('open', () => device.open());
    } catch (e) {
      this.unlock();
      throw toDeviceError(e, 'open');
    }
    this.device = device;
    device.addEventListener('inputreport', this.onInputReport);
    this.hid().addEventListener('disconnect', this.onDisconnect);
  }

  private readonly onInputReport = (event: Event): void => {
    const { data } = event as HIDInputReportEventLike;
    // Copy: the browser may reuse the buffer, and the report crosses to a worker later.
    this.events.emit(
      'report',
      new Uint8Array(data.buffer, data.byteOffset, data.byteLength).slice(),
    );
  };

  private readonly onDisconnect = (event: Event): void => {
    const { device } = event as HIDConnectionEventLike;
    if (device !== this.device) return;
    this.detach();
    this.events.emit('close', new DeviceError('disconnected', 'the board was unplugged'));
  };

  private detach(): HIDDeviceLike | null {
    const device = this.device;
    this.device = null;
    device?.removeEventListener('inputreport', this.onInputReport);
    (this.options.hid ?? browserHid())?.removeEventListener('disconnect', this.onDisconnect);
    this.unlock();
    return device;
  }

  private async writeWithRetries(payload: Uint8Array): Promise<void> {
    let last: unknown;
    for (let attempt = 0; attempt <= WRITE_RETRIES; attempt++) {
      const device = this.device;
      if (!device?.opened) throw new DeviceError('disconnected', 'the board is not open');
      try {
        await device.sendReport(REPORT_ID, new Uint8Array(payload));
        return;
      } catch (e) {
        last = e;
        if (attempt < WRITE_RETRIES) await delay(this.options.retryDelayMs ?? 10);
      }
    }
    const err = toDeviceError(last, 'write');
    throw err.code === 'disconnected'
      ? err
      : new DeviceError('write-failed', err.message, {}, { cause: last });
  }

  /** Holds a Web Lock named after the board for as long as it is open. */
  private async lock(device: HIDDeviceLike): Promise<void> {
    const locks =
      this.options.locks === undefined
        ? typeof navigator !== 'undefined'
          ? navigator.locks
          : undefined
        : this.options.locks;
    if (!locks) return;
    const name = `gogo-board:${device.vendorId}:${device.productId}:${device.productName}`;
    const granted = await withDeviceErrors(
      'lock',
      () =>
        new Promise<boolean>((resolve, reject) => {
          locks
            .request(name, { ifAvailable: true }, (lock) => {
              if (!lock) {
                resolve(false);
                return undefined;
              }
              resolve(true);
              // Held until unlock() resolves this promise.
              return new Promise<void>((release) => (this.releaseLock = release));
            })
            .catch(reject);
        }),
    );
    if (!granted) {
      throw new DeviceError('device-in-use', `${name} is open in another tab`);
    }
  }

  private unlock(): void {
    this.releaseLock?.();
    this.releaseLock = null;
  }
}

const delay = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
