// The part of the WebHID API the transport uses. TypeScript's DOM library has no WebHID
// types, and the fake navigator.hid of the e2e tests implements these same shapes.

export interface HIDCollectionInfoLike {
  usagePage?: number;
  usage?: number;
}

export interface HIDDeviceLike extends EventTarget {
  readonly opened: boolean;
  readonly vendorId: number;
  readonly productId: number;
  readonly productName: string;
  readonly collections: readonly HIDCollectionInfoLike[];
  open(): Promise<void>;
  close(): Promise<void>;
  sendReport(reportId: number, data: BufferSource): Promise<void>;
}

export interface HIDInputReportEventLike extends Event {
  readonly device: HIDDeviceLike;
  readonly reportId: number;
  readonly data: DataView;
}

export interface HIDConnectionEventLike extends Event {
  readonly device: HIDDeviceLike;
}

export interface HIDDeviceFilterLike {
  vendorId?: number;
  productId?: number;
  usagePage?: number;
  usage?: number;
}

export interface HIDLike extends EventTarget {
  getDevices(): Promise<HIDDeviceLike[]>;
  requestDevice(options: { filters: HIDDeviceFilterLike[] }): Promise<HIDDeviceLike[]>;
}

/** `navigator.hid`, when the browser has WebHID. */
export function browserHid(): HIDLike | undefined {
  return typeof navigator === 'undefined'
    ? undefined
    : (navigator as unknown as { hid?: HIDLike }).hid;
}

/** Closes `device` if it is open. Closing an unplugged device fails; it is closed either way. */
export async function closeQuietly(device: HIDDeviceLike | null | undefined): Promise<void> {
  if (!device?.opened) return;
  try {
    await device.close();
  } catch {
    // Already gone with the cable.
  }
}
