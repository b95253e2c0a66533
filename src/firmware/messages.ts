// A failed update's code → the cause shown after 'Update firmware error' (spec core §8),
// as a key of the `firmware` namespace.
import type { FlashChip } from '../core/wasm-core.ts';
import { firmwareVersionText, type FirmwareVersion } from '../device/firmware-version.ts';
import type { FirmwareState } from './firmware-state.ts';
import type { FlashFailureCode } from './worker/flash-protocol.ts';

type T = (key: string, values?: Record<string, string | number>) => string;

/** Chip names as messages name them (proper names, the same in every language). */
export const CHIP_NAMES: Record<FlashChip, string> = { stm: 'STM32', esp: 'ESP32', legacy: 'PIC' };

const KEYS: Record<FlashFailureCode, string> = {
  'stm-write-failed': 'errors.stmWriteFailed',
  'stm-bootloader-timeout': 'errors.stmBootloaderTimeout',
  'stm-response-timeout': 'errors.stmResponseTimeout',
  'esp-write-failed': 'errors.espWriteFailed',
  'esp-response-timeout': 'errors.espResponseTimeout',
  'legacy-write-failed': 'errors.espWriteFailed',
  timeout: 'errors.timeout',
  disconnected: 'errors.disconnected',
  'no-board': 'errors.disconnected',
  'verify-failed': 'errors.verifyFailed',
  'version-mismatch': 'errors.versionMismatch',
  'downgrade-declined': 'downgrade.kept',
  'image-too-large': 'errors.imageTooLarge',
  aborted: 'errors.aborted',
  'invalid-file': 'errors.invalidFile',
  'file-content-invalid': 'errors.fileContentInvalid',
  'unsupported-browser': 'errors.unsupportedBrowser',
  'image-damaged': 'errors.imageDamaged',
  'image-wrong-board': 'errors.imageWrongBoard',
  'image-wrong-chip': 'errors.imageWrongChip',
  'image-overwrites-bootloader': 'errors.imageOverwritesBootloader',
  'image-test-only': 'errors.imageTestOnly',
  'stm-needs-webhid': 'errors.stmNeedsWebhid',
};

export function causeKey(code: FlashFailureCode): string {
  return `firmware:${KEYS[code]}`;
}

/** What a successful update says: up to date, or the version the board reports now (a
 * GoGo 6 names the chip, since it has two). */
export function updatedText(t: T, r: NonNullable<FirmwareState['result']>): string {
  if (r.upToDate) return t('firmware:latest.upToDate');
  if (!r.firmware) return t('firmware:done.updated');
  const version = firmwareVersionText(r.firmware);
  return r.chip === 'legacy'
    ? t('firmware:done.updatedTo', { version })
    : t('firmware:done.updatedChip', { chip: CHIP_NAMES[r.chip], version });
}

/** The board line's firmware: one version, or each chip's ("ESP32 1.0.3, STM32 1.0.1"). */
export function boardFirmwareText(
  t: T,
  firmware: readonly { chip: FlashChip; version: FirmwareVersion }[],
): string {
  if (firmware.length === 1 && firmware[0]?.chip === 'legacy') {
    return firmwareVersionText(firmware[0].version);
  }
  return firmware
    .map((f) =>
      t('firmware:chipVersion', {
        chip: CHIP_NAMES[f.chip],
        version: firmwareVersionText(f.version),
      }),
    )
    .join(', ');
}
