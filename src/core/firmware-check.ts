// Whether a firmware file fits the chip and the board it would be written to
// (core-rs/src/firmware_image.rs, ABI `gg_firmware_check` in core-rs/src/abi/flash.rs).
import type { CoreAbi } from './core-abi.ts';
import type { HexOrFlashPlanErrorCode } from './core-errors.ts';
import type { CoreResult } from './core-result.ts';
import {
  FIRMWARE_MISMATCH_CODES,
  FIRMWARE_TARGET_CODES,
  type FirmwareMismatch,
} from './generated/core-facts.ts';

export type { FirmwareMismatch };

/** What a firmware image is written as (core-rs `firmware_image::Target`; the identity
 * block's chip numbers). */
export type FirmwareImageTarget = keyof typeof FIRMWARE_TARGET_CODES;
const FIRMWARE_TARGETS = Object.fromEntries(
  Object.entries(FIRMWARE_TARGET_CODES).map(([name, code]) => [code, name]),
) as Record<number, FirmwareImageTarget>;

/** A firmware file checked against the board it would be written to. */
interface FirmwareCheck {
  /** null: the file fits. */
  mismatch: FirmwareMismatch | null;
  /** The board type (status byte 17) the file is for, when it says; 0 unknown. */
  imageBoard: number;
  /** The chip its content is for (identity block or format), when it says. */
  contentTarget: FirmwareImageTarget | null;
  identity: {
    target: FirmwareImageTarget | null;
    boardType: number;
    test: boolean;
    version: number;
    semver: string;
    length: number;
  } | null;
}

export interface FirmwareCheckRequest {
  file: Uint8Array;
  kind: 'bin' | 'hex';
  name: string;
  target: FirmwareImageTarget;
  /** Status byte 17 of the connected board; 0 while not known. */
  boardType: number;
  /** The simulated board (TEST images are written only there). */
  virtualBoard: boolean;
}

const toUtf8 = new TextEncoder();

/** Checks a file (its identity block, or its format; docs/firmware-update.md §5). A HEX that
 * does not parse is an error with the parser's code, as the plan would report. */
export function checkFirmware(
  abi: CoreAbi,
  r: FirmwareCheckRequest,
): CoreResult<FirmwareCheck, HexOrFlashPlanErrorCode> {
  const name = toUtf8.encode(r.name).subarray(0, 0xffff);
  const input = new Uint8Array(6 + name.byteLength + r.file.byteLength);
  input[0] = r.kind === 'hex' ? 1 : 0;
  input[1] = FIRMWARE_TARGET_CODES[r.target];
  input[2] = r.boardType & 0xff;
  input[3] = r.virtualBoard ? 1 : 0;
  input[4] = name.byteLength & 0xff;
  input[5] = name.byteLength >> 8;
  input.set(name, 6);
  input.set(r.file, 6 + name.byteLength);
  return abi.call<FirmwareCheck, HexOrFlashPlanErrorCode>(
    (p, n) => abi.exports.gg_firmware_check(p, n),
    input,
    decodeFirmwareCheck,
  );
}

/** Decodes `firmware_image::encode_check`. */
function decodeFirmwareCheck(out: Uint8Array): FirmwareCheck {
  const at = (i: number) => out[i] ?? 0;
  let identity: FirmwareCheck['identity'] = null;
  if (at(3) === 1) {
    const n = at(8);
    const view = new DataView(out.buffer, out.byteOffset, out.byteLength);
    identity = {
      target: FIRMWARE_TARGETS[at(4)] ?? null,
      boardType: at(5),
      test: (at(6) & 1) === 1,
      version: at(7),
      semver: String.fromCharCode(...out.subarray(9, 9 + n)),
      length: view.getUint32(9 + n, true),
    };
  }
  return {
    mismatch: at(0) === 0 ? null : (FIRMWARE_MISMATCH_CODES[at(0) - 1] ?? null),
    imageBoard: at(1),
    contentTarget: FIRMWARE_TARGETS[at(2)] ?? null,
    identity,
  };
}
