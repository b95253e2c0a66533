// A fake `navigator.hid` whose only device is a simulated GoGo board, so the REAL WebHID
// transport runs against it (e2e tests, and anyone who wants to try the USB path without
// a board). Like a real GoGo 6 it is composite: a keyboard interface plus the vendor-page
// raw-HID interface the transport must pick (board-protocol §1).
import type {
  HIDCollectionInfoLike,
  HIDDeviceFilterLike,
  HIDDeviceLike,
  HIDLike,
} from '../webhid/hid-types.ts';
import { GOGO_PRODUCT_ID, GOGO_VENDOR_ID } from '../webhid/webhid-transport.ts';

/** Where the fake device's reports come from and go to (the simulated board). */
export interface FakeHidBackend {
  /** Powers the board up (a plugged-in board streams on its own). */
  start(): Promise<void>;
  /** A host → board payload; resolves when the board took it. */
  write(payload: Uint8Array): Promise<void>;
  /** Board → host reports, in batches. */
  onReports(listener: (reports: Uint8Array[]) => void): () => void;
}

const fail = (name: string, message: string) => Promise.reject(new DOMException(message, name));

function connectionEvent(type: string, device: HIDDeviceLike): Event {
  const e = new Event(type);
  Object.defineProperty(e, 'device', { value: device });
  return e;
}

class FakeHidDevice extends EventTarget implements HIDDeviceLike {
  readonly vendorId = GOGO_VENDOR_ID;
  readonly productId = GOGO_PRODUCT_ID;
  opened = false;
  private unsubscribe: (() => void) | null = null;

  constructor(
    private readonly hid: FakeHid,
    readonly productName: string,
    readonly collections: readonly HIDCollectionInfoLike[],
    /** Only the vendor interface carries GoGo reports. */
    private readonly raw: boolean,
  ) {
    super();
  }

  async open(): Promise<void> {
    if (!this.hid.plugged) return fail('NotAllowedError', 'Failed to open the device.');
    if (this.hid.failOpen) return fail(this.hid.failOpen, 'Failed to open the device.');
    if (this.opened) return fail('InvalidStateError', 'The device is already open.');
    await this.hid.backend.start();
    this.opened = true;
    if (this.raw) {
      this.unsubscribe = this.hid.backend.onReports((reports) => {
        for (const r of reports) {
          const e = new Event('inputreport');
          Object.defineProperties(e, {
            device: { value: this },
            reportId: { value: 0 },
            data: { value: new DataView(r.buffer, r.byteOffset, r.byteLength) },
          });
          this.dispatchEvent(e);
        }
      });
    }
  }

  close(): Promise<void> {
    this.unsubscribe?.();
    this.unsubscribe = null;
    this.opened = false;
    return Promise.resolve();
  }

  sendReport(reportId: number, data: BufferSource): Promise<void> {
    if (!this.opened || !this.hid.plugged) {
      return fail('InvalidStateError', 'The device must be opened first.');
    }
    if (!this.raw || reportId !== 0) return fail('NotAllowedError', 'Failed to write the report.');
    const bytes =
      data instanceof ArrayBuffer
        ? new Uint8Array(data)
        : new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
    if (bytes.byteLength > 64) return fail('NotAllowedError', 'Report too long.');
    this.hid.writes++;
    return this.hid.backend.write(bytes.slice());
  }

  /** The cable was pulled. */
  drop(): void {
    this.unsubscribe?.();
    this.unsubscribe = null;
    this.opened = false;
  }
}

/** Where the browser keeps the user's device permission (it outlives a page load). */
export interface GrantStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

const GRANT_KEY = 'gogo-fake-hid-granted';

export class FakeHid extends EventTarget implements HIDLike {
  plugged = true;
  granted: boolean;
  /** What the next chooser does: pick the board, or be closed by the user. */
  nextChoice: 'board' | 'cancel' = 'board';
  /** A DOMException name the next opens fail with (another program holds the board…). */
  failOpen: string | null = null;
  /** sendReport calls that reached the board. */
  writes = 0;
  readonly devices: FakeHidDevice[];

  constructor(
    readonly backend: FakeHidBackend,
    productName = 'GoGo Board',
    /** Like Chrome's permission store: a granted board is offered again after a reload. */
    private readonly grants: GrantStore | null = null,
  ) {
    super();
    this.granted = grants?.getItem(GRANT_KEY) === '1';
    this.devices = [
      new FakeHidDevice(this, productName, [{ usagePage: 0x01, usage: 0x06 }], false),
      new FakeHidDevice(this, productName, [{ usagePage: 0xffc0, usage: 0x0c00 }], true),
    ];
  }

  requestDevice(options: { filters: HIDDeviceFilterLike[] }): Promise<HIDDeviceLike[]> {
    const wanted = options.filters.some(
      (f) =>
        (f.vendorId === undefined || f.vendorId === GOGO_VENDOR_ID) &&
        (f.productId === undefined || f.productId === GOGO_PRODUCT_ID),
    );
    if (!this.plugged || !wanted || this.nextChoice === 'cancel') {
      this.nextChoice = 'board';
      return Promise.resolve([]);
    }
    this.granted = true;
    this.grants?.setItem(GRANT_KEY, '1');
    return Promise.resolve([...this.devices]);
  }

  getDevices(): Promise<HIDDeviceLike[]> {
    return Promise.resolve(this.granted && this.plugged ? [...this.devices] : []);
  }

  unplug(): void {
    if (!this.plugged) return;
    this.plugged = false;
    for (const d of this.devices) {
      d.drop();
      this.dispatchEvent(connectionEvent('disconnect', d));
    }
  }

  plug(): void {
    if (this.plugged) return;
    this.plugged = true;
    for (const d of this.devices) this.dispatchEvent(connectionEvent('connect', d));
  }
}
