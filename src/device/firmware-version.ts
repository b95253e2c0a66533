// A board's firmware version, written one way everywhere the app shows it (the connect
// dialog, the firmware updater and its messages, the virtual board's panel): the semantic
// version when the firmware says it (OUR query 203, an image's identity block), else the
// version byte of the status stream, which is all a stock firmware says.

/** One chip's firmware: the status stream's byte and, when known, its semantic version. */
export interface FirmwareVersion {
  version: number;
  semver: string | null;
}

export function firmwareVersionText(v: { version: number; semver: string | null }): string {
  return v.semver || String(v.version);
}
