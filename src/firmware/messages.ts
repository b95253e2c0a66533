// A failed update's code → the cause shown after 'Update firmware error' (spec core §8),
// as a key of the `firmware` namespace.
import type { FlashFailureCode } from './worker/flash-protocol.ts';

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
