// Every way a firmware update can fail, as one error class with a code. The UI shows
// 'Update firmware error' followed by the code's message (spec core §8); the codes with a
// spec text keep it exactly (locales/en/firmware.json "errors").
export type FlashErrorCode =
  /** STM: 'failed to write data'. */
  | 'stm-write-failed'
  /** STM: 'waiting for bootloader connected timeout...'. */
  | 'stm-bootloader-timeout'
  /** STM: 'waiting for response timeout...'. */
  | 'stm-response-timeout'
  /** ESP: 'failed to write'. */
  | 'esp-write-failed'
  /** ESP: 'response timeout'. */
  | 'esp-response-timeout'
  /** Legacy: a report could not be sent: 'failed to write'. */
  | 'legacy-write-failed'
  /** Legacy: the board did not come back after 60 polls of 500 ms: 'Timeout'. */
  | 'timeout'
  /** The board was unplugged or vanished mid-update: 'GoGo Board is not connected!'. */
  | 'disconnected'
  /** No granted board to update. */
  | 'no-board'
  /** Read back after writing, the board's firmware differs from the file. */
  | 'verify-failed'
  /** After the update the board runs another version than the file's (`detail`). */
  | 'version-mismatch'
  /** The file is older than the board's firmware and the user kept the newer one. */
  | 'downgrade-declined'
  /** The image does not fit the board's flash. */
  | 'image-too-large'
  /** The update was cancelled (the worker was stopped). */
  | 'aborted'
  /** The file's identity block does not match its bytes (truncated or altered). */
  | 'image-damaged'
  /** The file is firmware for another board type. */
  | 'image-wrong-board'
  /** The file is not an image of the chip it would be written to. */
  | 'image-wrong-chip'
  /** A legacy firmware file that would rewrite the board's bootloader. */
  | 'image-overwrites-bootloader'
  /** A TEST image (for the simulated board) offered to a real board. */
  | 'image-test-only'
  /** The STM32 (through its bootloader) is reachable only over WebHID, not the plugin. */
  | 'stm-needs-webhid';

/** Which boards a wrong-board refusal is about (status byte 17 numbers; 0 unknown), or
 * which versions a version mismatch is about (as firmwareVersionText writes them). */
export interface FlashErrorDetail {
  imageBoard?: number;
  board?: number;
  expected?: string;
  reported?: string;
}

export class FlashError extends Error {
  override readonly name = 'FlashError';
  constructor(
    readonly code: FlashErrorCode,
    message: string = code,
    readonly detail?: FlashErrorDetail,
  ) {
    super(message);
  }
}
