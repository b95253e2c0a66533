// What the simulated board's flash memories hold: the STM32 application pages (the
// bootloader itself is in protected pages the simulation never writes), the ESP32's
// running application, and the legacy PIC's 64 KiB program memory. It answers the
// questions a boot and our CRC queries ask (docs/firmware-update.md §2-§4).
import { FLASH_LAYOUT } from '../../core/generated/core-facts.ts';
import { crc32 } from './identity/crc32.ts';
import {
  IdentityChip,
  isComplete,
  STM_POINTER_AT,
  readIdentity,
  type FirmwareIdentity,
} from './identity/firmware-id.ts';
import { buildTestImage } from './identity/test-images.ts';

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
  /** The ESP32's application partition (default 1920 KiB, a 4 MB flash with two OTA
   * partitions): the largest image it takes. */
  espCapacity?: number;
  stmImage?: Uint8Array;
  espImage?: Uint8Array;
  legacyBootloader?: Uint8Array;
  legacyFirmware?: Uint8Array;
}

/** The firmware a fresh simulated board ships with (small test images). */
const FACTORY = {
  stm: { chip: IdentityChip.stm, version: 10, semver: '1.0.0', bytes: 12 * 1024 },
  esp: { chip: IdentityChip.esp, version: 42, semver: '1.0.2', bytes: 40 * 1024 },
  legacyBootloader: { chip: IdentityChip.legacyBootloader, version: 1, semver: '1', bytes: 2048 },
  legacyFirmware: { chip: IdentityChip.legacy, version: 40, semver: '40', bytes: 6 * 1024 },
} as const;

const DEFAULT_ESP_CAPACITY = 1920 * 1024;

/** The upstream STM32 HID bootloader's test of an application: its first word (the initial
 * stack pointer) points into SRAM. */
export function stackPointerValid(image: Uint8Array): boolean {
  if (image.length < 4) return false;
  const sp = new DataView(image.buffer, image.byteOffset, 4).getUint32(0, true);
  return (sp & 0x2ffe0000) >>> 0 === 0x20000000;
}

export class SimFlash {
  readonly stm: Uint8Array;
  readonly stmPages: number;
  readonly espCapacity: number;
  /** The ESP32's running application. */
  esp: Uint8Array;
  readonly legacy = new Uint8Array(LEGACY_MEMORY_BYTES).fill(0xff);

  constructor(options: SimFlashOptions = {}) {
    this.stmPages = options.stmPages ?? 512;
    this.espCapacity = options.espCapacity ?? DEFAULT_ESP_CAPACITY;
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
    return isComplete(this.stm, IdentityChip.stm) ? readIdentity(this.stm, IdentityChip.stm) : null;
  }

  /**
   * Whether the STM32 bootloader starts the application. The stock bootloader checks only
   * the stack pointer (upstream `check_user_code`); OUR bootloader also requires an image
   * whose vector table points at an identity block to be complete (a page 0 cut while
   * programmed keeps the pointer but loses the block or the CRC).
   */
  stmBootable(stock: boolean): boolean {
    if (!stackPointerValid(this.stm)) return false;
    if (stock) return true;
    const pointer = new DataView(this.stm.buffer, this.stm.byteOffset).getUint32(
      STM_POINTER_AT,
      true,
    );
    if (pointer === 0 || pointer === 0xffffffff) return true;
    return isComplete(this.stm, IdentityChip.stm);
  }

  espIdentity(): FirmwareIdentity | null {
    return isComplete(this.esp, IdentityChip.esp) ? readIdentity(this.esp, IdentityChip.esp) : null;
  }

  legacyFirmwareIdentity(): FirmwareIdentity | null {
    return isComplete(this.legacy, IdentityChip.legacy, LEGACY_FIRMWARE_BASE)
      ? readIdentity(this.legacy, IdentityChip.legacy, LEGACY_FIRMWARE_BASE)
      : null;
  }

  legacyBootloaderIdentity(): FirmwareIdentity | null {
    return isComplete(this.legacy, IdentityChip.legacyBootloader, 0)
      ? readIdentity(this.legacy, IdentityChip.legacyBootloader, 0)
      : null;
  }
}
