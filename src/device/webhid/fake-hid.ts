// A fake `navigator.hid` whose only device is a simulated GoGo board, so the REAL WebHID
// code runs against it: the app's transport on the page (e2e tests, anyone who wants to try
// the USB path without a board) and the firmware engine in its worker. Like a real GoGo 6
// it is composite: a keyboard interface plus the vendor-page raw-HID interface the
// transport must pick (board-protocol §1). When the board reboots into its STM32 bootloader
// it re-enumerates as 1209:BEBA with one vendor interface, as the real one does; every
// enumeration makes new HIDDevice objects, as browsers do.
import type {
  HIDCollectionInfoLike,
  HIDDeviceFilterLike,
  HIDDeviceLike,
  HIDLike,
} from './hid-types.ts';
import {
  BOOTLOADER_PRODUCT_ID,
  BOOTLOADER_VENDOR_ID,
  GOGO_PRODUCT_ID,
  GOGO_VENDOR_ID,
} from './webhid-transport.ts';

/** What the board enumerates as: the GoGo application or the STM32 HID bootloader. */
export type FakeHidIdentity = 'app' | 'bootloader';

/** Where the fake device's reports come from and go to (the simulated board). */
export interface FakeHidBackend {
  /** Powers the board up (a plugged-in board streams on its own). */
  start(): Promise<void>;
  /** A host → board payload; resolves when the board took it. */
  write(payload: Uint8Array): Promise<void>;
  /** Board → host reports, in batches. */
  onReports(listener: (reports: Uint8Array[]) => void): () => void;
  /** What is enumerated now; null while the board is off the bus. Default 'app'. */
  identity?(): FakeHidIdentity | null;
  /** Enumeration changes (reboots into and out of the bootloader). */
  onIdentity?(listener: (identity: FakeHidIdentity | null) => void): () => void;
}

const fail = (name: string, message: string) => Promise.reject(new DOMException(message, name));

function connectionEvent(type: string, device: HIDDeviceLike): Event {
  const e = new Event(type);
  Object.defineProperty(e, 'device', { value: device });
  return e;
}

const IDS: Record<FakeHidIdentity, { vendorId: number; productId: number }> = {
  app: { vendorId: GOGO_VENDOR_ID, productId: GOGO_PRODUCT_ID },
  bootloader: { vendorId: BOOTLOADER_VENDOR_ID, productId: BOOTLOADER_PRODUCT_ID },
};

class FakeHidDevice extends EventTarget implements HIDDeviceLike {
  readonly vendorId: number;
  readonly productId: number;
  opened = false;
  private unsubscribe: (() => void) | null = null;
  private gone = false;

  constructor(
    private readonly hid: FakeHid,
    readonly identity: FakeHidIdentity,
    readonly productName: string,
    readonly collections: readonly HIDCollectionInfoLike[],
    /** Only the vendor interface carries GoGo reports. */
    private readonly raw: boolean,
  ) {
    super();
    ({ vendorId: this.vendorId, productId: this.productId } = IDS[identity]);
  }

  async open(): Promise<void> {
    if (this.gone || !this.hid.plugged)
      return fail('NotAllowedError', 'Failed to open the device.');
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
    if (this.gone || !this.opened || !this.hid.plugged) {
      return fail('InvalidStateError', 'The device must be opened first.');
    }
    if (!this.raw || reportId !== 0) return fail('NotAllowedError', 'Failed to write the report.');
    const bytes =
      data instanceof ArrayBuffer
        ? new Uint8Array(data)
        : new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
    if (bytes.byteLength > 64) return fail('NotAllowedError', 'Report too long.');
    this.hid.writes++;
    // A backend rejects with a DOMException when the board left the bus meanwhile.
    return this.hid.backend.write(bytes.slice());
  }

  /** The cable was pulled or the board re-enumerated: this object is dead. */
  drop(): void {
    this.unsubscribe?.();
    this.unsubscribe = null;
    this.opened = false;
    this.gone = true;
  }
}

/** Where the browser keeps the user's device permission (it outlives a page load). */
interface GrantStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

const GRANT_KEY = 'gogo-fake-hid-granted';

export class FakeHid extends EventTarget implements HIDLike {
  plugged = true;
  /** Enumerations the user has granted (browsers remember a permission per device). */
  readonly granted = new Set<FakeHidIdentity>();
  /** What the next chooser does: pick the board, or be closed by the user. */
  nextChoice: 'board' | 'cancel' = 'board';
  /** A DOMException name the next opens fail with (another program holds the board…). */
  failOpen: string | null = null;
  /** sendReport calls that reached the board. */
  writes = 0;
  /** Told when the cable is pulled or plugged (not when the board re-enumerates). */
  onCable: ((plugged: boolean) => void) | null = null;
  private identity: FakeHidIdentity | null;
  private current: FakeHidDevice[] = [];

  constructor(
    readonly backend: FakeHidBackend,
    private readonly productName = 'GoGo Board',
    /** Like Chrome's permission store: a granted board is offered again after a reload. */
    private readonly grants: GrantStore | null = null,
  ) {
    super();
    for (const id of grants?.getItem(GRANT_KEY)?.split(',') ?? []) {
      if (id === 'app' || id === 'bootloader') this.granted.add(id);
    }
    this.identity = backend.identity ? backend.identity() : 'app';
    this.current = this.enumerate();
    backend.onIdentity?.((identity) => this.setIdentity(identity));
  }

  /** The HIDDevice objects present now (none while unplugged or off the bus). */
  get devices(): readonly HIDDeviceLike[] {
    return this.plugged ? this.current : [];
  }

  /** What the board is enumerated as, if it is on the bus. */
  get enumeratedAs(): FakeHidIdentity | null {
    return this.plugged ? this.identity : null;
  }

  requestDevice(options: { filters: HIDDeviceFilterLike[] }): Promise<HIDDeviceLike[]> {
    const offered = this.devices.filter((d) =>
      options.filters.some(
        (f) =>
          (f.vendorId === undefined || f.vendorId === d.vendorId) &&
          (f.productId === undefined || f.productId === d.productId),
      ),
    );
    if (offered.length === 0 || this.nextChoice === 'cancel' || !this.identity) {
      this.nextChoice = 'board';
      return Promise.resolve([]);
    }
    this.grant(this.identity);
    return Promise.resolve(offered);
  }

  getDevices(): Promise<HIDDeviceLike[]> {
    const id = this.identity;
    return Promise.resolve(id && this.granted.has(id) ? [...this.devices] : []);
  }

  /** Grants every enumeration, as a browser does after the user allowed each once. */
  grantAll(): void {
    this.grant('app');
    this.grant('bootloader');
  }

  private grant(identity: FakeHidIdentity): void {
    this.granted.add(identity);
    this.grants?.setItem(GRANT_KEY, [...this.granted].join(','));
  }

  unplug(): void {
    if (!this.plugged) return;
    this.plugged = false;
    this.dropAll();
    this.onCable?.(false);
  }

  plug(): void {
    if (this.plugged) return;
    this.plugged = true;
    this.current = this.enumerate();
    for (const d of this.current) this.dispatchEvent(connectionEvent('connect', d));
    this.onCable?.(true);
  }

  private setIdentity(identity: FakeHidIdentity | null): void {
    if (identity === this.identity) return;
    if (this.plugged) this.dropAll();
    this.identity = identity;
    this.current = this.enumerate();
    if (this.plugged) {
      for (const d of this.current) this.dispatchEvent(connectionEvent('connect', d));
    }
  }

  private dropAll(): void {
    for (const d of this.current) {
      d.drop();
      this.dispatchEvent(connectionEvent('disconnect', d));
    }
  }

  private enumerate(): FakeHidDevice[] {
    switch (this.identity) {
      case 'app':
        return [
          new FakeHidDevice(
            this,
            'app',
            this.productName,
            [{ usagePage: 0x01, usage: 0x06 }],
            false,
          ),
          new FakeHidDevice(
            this,
            'app',
            this.productName,
            [{ usagePage: 0xffc0, usage: 0x0c00 }],
            true,
          ),
        ];
      case 'bootloader':
        return [
          new FakeHidDevice(
            this,
            'bootloader',
            'STM32 HID Bootloader',
            [{ usagePage: 0xff00, usage: 0x01 }],
            true,
          ),
        ];
      default:
        return [];
    }
  }
}
