// What the simulated board's flash memories hold: the STM32 application pages (the
// bootloader itself is in protected pages the simulation never writes), the ESP32's
// running application, and the legacy PIC's 64 KiB program memory. It answers the
// questions a boot and our CRC queries ask (docs/firmware-update.md §2-§4).
import { FLASH_LAYOUT } from '../../core/generated/core-facts.ts';
import { crc32 } from '../../firmware/image/crc32.ts';
import {
  IdentityChip,
  isComplete,
  readIdentity,
  type FirmwareIdentity,
} from '../../firmware/image/firmware-id.ts';
import { buildTestImage } from '../../firmware/image/test-images.ts';

export const STM_PAGE_BYTES = FLASH_LAYOUT.STM_PAGE_BYTES;
export const ESP_SECTOR_BYTES = FLASH_LAYOUT.ESP_SECTOR_BYTES;
/** Legacy PIC memory map: the bootloader below 0x0800, the firmware from there. */
export const LEGACY_FIRMWARE_BASE = 0x0800;
export const LEGACY_MEMORY_BYTES = FLASH_LAYOUT.LEGACY_ADDRESS_LIMIT;

/** Erase, program and boot times (virtual ms). Defaults model an STM32F103 (20 ms page
 * erase, 52.5 µs per half-word = 27 ms per KiB) and an ESP32 SPI flash (20 ms a sector). */
export interface FirmwareTiming {
  stmEraseMs: number;
  stmProgramMsPerKiB: number;
  espSectorMs: number;
  /** Off the bus between a reboot command and the next enumeration. */
  rebootMs: number;
  /** The ESP stays in receive mode this long without data before it gives up. */
  espIdleMs: number;
}

export const DEFAULT_FIRMWARE_TIMING: FirmwareTiming = {
  stmEraseMs: 20,
  stmProgramMsPerKiB: 27,
  espSectorMs: 20,
  rebootMs: 300,
  espIdleMs: 3000,
};

export interface SimFlashOptions {
  /** STM32 application pages (default 512: room for a 256 KiB image and more). */
  stmPages?: number;
  stmImage?: Uint8Array;
  espImage?: Uint8Array;
  legacyBootloader?: Uint8Array;
  legacyFirmware?: Uint8Array;
}

/** The firmware a fresh simulated board ships with (small test images). */
export const FACTORY = {
  stm: { chip: IdentityChip.stm, version: 10, semver: '1.0.0', bytes: 12 * 1024 },
  esp: { chip: IdentityChip.esp, version: 42, semver: '1.0.2', bytes: 40 * 1024 },
  legacyBootloader: { chip: IdentityChip.legacyBootloader, version: 1, semver: '1', bytes: 2048 },
  legacyFirmware: { chip: IdentityChip.legacy, version: 40, semver: '40', bytes: 6 * 1024 },
} as const;

export class SimFlash {
  readonly stm: Uint8Array;
  readonly stmPages: number;
  /** The ESP32's running application. */
  esp: Uint8Array;
  readonly legacy = new Uint8Array(LEGACY_MEMORY_BYTES).fill(0xff);

  constructor(options: SimFlashOptions = {}) {
    this.stmPages = options.stmPages ?? 512;
    this.stm = new Uint8Array(this.stmPages * STM_PAGE_BYTES).fill(0xff);
    this.stm.set(options.stmImage ?? buildTestImage(FACTORY.stm));
    this.esp = (options.espImage ?? buildTestImage(FACTORY.esp)).slice();
    this.legacy.set(options.legacyBootloader ?? buildTestImage(FACTORY.legacyBootloader), 0);
    this.legacy.set(
      options.legacyFirmware ?? buildTestImage(FACTORY.legacyFirmware),
      LEGACY_FIRMWARE_BASE,
    );
  }

  stmPageCrc(page: number): number {
    if (page < 0 || page >= this.stmPages) return 0;
    return crc32(this.stm, page * STM_PAGE_BYTES, (page + 1) * STM_PAGE_BYTES);
  }

  /** The STM32 application's identity when the flash holds all of it. */
  stmIdentity(): FirmwareIdentity | null {
    return isComplete(this.stm) ? readIdentity(this.stm) : null;
  }

  /**
   * Whether the STM32 bootloader would start the application: an image with an identity
   * must be complete; one without must at least have a stack pointer (the first word is not
   * erased flash), as the upstream bootloader checks.
   */
  stmBootable(): boolean {
    if (readIdentity(this.stm)) return isComplete(this.stm);
    return !(this.stm[0] === 0xff && this.stm[1] === 0xff && this.stm[2] === 0xff);
  }

  espIdentity(): FirmwareIdentity | null {
    return isComplete(this.esp) ? readIdentity(this.esp) : null;
  }

  legacyFirmwareIdentity(): FirmwareIdentity | null {
    return isComplete(this.legacy, LEGACY_FIRMWARE_BASE)
      ? readIdentity(this.legacy, LEGACY_FIRMWARE_BASE)
      : null;
  }

  legacyBootloaderIdentity(): FirmwareIdentity | null {
    return isComplete(this.legacy, 0) ? readIdentity(this.legacy, 0) : null;
  }
}
