// Which boards update how, and the checks a chosen file must pass before anything is read
// (spec core §4, §5).
import { BoardType } from '../device/device.ts';
import type { FlashChip } from '../core/wasm-core.ts';
import { LEGACY_FILES, LEGACY_FIRMWARE } from '../contract/firmware.ts';

/** The board families of the update menu: GoGo 6 (STM32 + ESP32), GoGo 7 (external
 * installer), the legacy PIC boards (GoGo 4 and the Pi-topping). */
type FirmwareTarget = 'gogo6' | 'gogo7' | 'legacy';

export function targetFor(boardType: number): FirmwareTarget | null {
  switch (boardType) {
    case BoardType.v6:
      return 'gogo6';
    case BoardType.v7:
      return 'gogo7';
    case BoardType.original:
    case BoardType.fifth:
      return 'legacy';
    default:
      return null;
  }
}

/** GoGo 7 firmware installs over Web Serial with the vendor's installer (board-protocol §6.4). */
export const GOGO7_UPDATE_GUIDE = 'https://github.com/LILCMU/gogo7-firmware-installer';

/** Spec core §5: the name ends in .hex or .bin and the file is not empty. */
export function isAcceptableFirmwareFile(name: string, size: number): boolean {
  return /\.(hex|bin)$/i.test(name.trim()) && size > 0;
}

/**
 * The chip a GoGo 6 file is for: the name rule (gogo-stm- / gogo-esp-, decided by core-rs),
 * else the ESP32 main CPU, the one the official updater updates by default.
 */
export function gogo6Chip(fromName: FlashChip | null): 'stm' | 'esp' {
  return fromName === 'stm' ? 'stm' : 'esp';
}

/** The legacy files of a board type: its bootloader and its latest firmware (spec core §9),
 * the default legacy version for any other type. */
export function legacyFiles(boardType: number): {
  bootloader: string;
  firmware: string;
  version: number;
} {
  if (boardType === BoardType.original) {
    return {
      bootloader: LEGACY_FILES.bootloader.gogo4,
      firmware: LEGACY_FILES.firmware('gogo4', LEGACY_FIRMWARE.gogo4.latest),
      version: LEGACY_FIRMWARE.gogo4.latest,
    };
  }
  const version =
    boardType === BoardType.fifth ? LEGACY_FIRMWARE.piTopping.latest : LEGACY_FILES.defaultVersion;
  return {
    bootloader: LEGACY_FILES.bootloader.piTopping,
    firmware: LEGACY_FILES.firmware('piTopping', version),
    version,
  };
}
