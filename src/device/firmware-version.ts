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

/** What OUR query 203 answered: the chip it is about and, when the chip says it, its
 * version (null: no such chip on this board, or no complete identity block). */
interface FirmwareInfoAnswer {
  chip: number;
  version: FirmwareVersion | null;
}

/**
 * Reads a type-20 answer to query 203 (docs/firmware-update.md §3): payload [chip, version
 * byte, semantic version ASCII…] with status 2, or [chip] with status 4. The chip comes
 * first because two chips of one board answer the same command: an answer is only ever
 * taken for the chip it names. null: no chip byte, not an answer anyone can use.
 */
export function readFirmwareInfo(status: number, payload: Uint8Array): FirmwareInfoAnswer | null {
  const chip = payload[0];
  if (chip === undefined) return null;
  if (status !== 2 || payload.length < 3) return { chip, version: null };
  const semver = String.fromCharCode(...payload.subarray(2)).replace(/[^\x20-\x7e]/g, '');
  return { chip, version: { version: payload[1] ?? 0, semver: semver || null } };
}
