// The check a flash path runs before it writes anything: does the file fit the chip it
// goes to and the board that is connected (core-rs `firmware_image`, docs/firmware-update.md
// §4)? Built once per file; a path calls it before connecting (board type 0: the file
// alone) and again once the board's status stream names its type.
import type { FirmwareMismatch, FirmwareImageTarget, WasmCore } from '../../core/wasm-core.ts';
import type { FirmwareVersion } from '../../device/firmware-version.ts';

interface ImageMismatch {
  code: FirmwareMismatch;
  /** The board type the file is for (status byte 17), 0 when it does not say. */
  imageBoard: number;
}

export type ImageCheck = (boardType: number) => ImageMismatch | null;

export function imageCheck(
  core: WasmCore,
  file: { name: string; bytes: Uint8Array },
  target: FirmwareImageTarget,
  virtualBoard: boolean,
): ImageCheck {
  const kind = /\.hex$/i.test(file.name) ? 'hex' : 'bin';
  return (boardType) => {
    const r = core.checkFirmware({
      file: file.bytes,
      kind,
      name: file.name,
      target,
      boardType,
      virtualBoard,
    });
    // A HEX that does not parse never gets here: its plan failed first.
    if (!r.ok || r.value.mismatch === null) return null;
    return { code: r.value.mismatch, imageBoard: r.value.imageBoard };
  };
}

/**
 * The version a file says it is (its identity block, docs/firmware-update.md §4): what the
 * board must report once the file is installed. Undefined when the file does not say (a
 * vendor image): the board's version is then read back and shown, not compared.
 */
export function imageVersion(
  core: WasmCore,
  file: { name: string; bytes: Uint8Array },
  target: FirmwareImageTarget,
): FirmwareVersion | undefined {
  const r = core.checkFirmware({
    file: file.bytes,
    kind: /\.hex$/i.test(file.name) ? 'hex' : 'bin',
    name: file.name,
    target,
    boardType: 0,
    virtualBoard: true,
  });
  const id = r.ok ? r.value.identity : null;
  return id ? { version: id.version, semver: id.semver || null } : undefined;
}
