// What the page asks the flash worker and what it answers (plain, cloneable data).
import type { FlashChip } from '../../core/wasm-core.ts';
import type { FlashResult, FlashProgress } from './engine-context.ts';
import type { FlashErrorCode, FlashErrorDetail } from './flash-error.ts';

export interface FlashFile {
  /** The file name: `.hex` files are Intel HEX, anything else raw bytes. */
  name: string;
  bytes: Uint8Array;
}

export interface FlashRequest {
  chip: FlashChip;
  file: FlashFile;
  /** Legacy: the bootloader image of the first download. */
  bootloader?: FlashFile | null;
  /** The version byte the new firmware reports, when known. */
  expectedVersion?: number;
  /** 'webhid': the worker's own navigator.hid; 'sim': the simulated board's worker;
   * 'plugin': the page's relay to the local plugin's socket (plugin-flash-port.ts). */
  link: { kind: 'webhid' } | { kind: 'sim' | 'plugin'; port: MessagePort };
}

/** Failures before the engine starts, besides the engine's own codes. */
export type FlashFailureCode =
  | FlashErrorCode
  /** Empty file: 'The firmware file is invalid'. */
  | 'invalid-file'
  /** Fewer than 4 items, or malformed HEX: 'file content is invalid'. */
  | 'file-content-invalid'
  /** No WebHID in this worker (Chrome before 131). */
  | 'unsupported-browser';

export type FlashOutcome =
  | { ok: true; result: FlashResult }
  | {
      ok: false;
      error: { code: FlashFailureCode; message: string; line?: number; detail?: FlashErrorDetail };
    };

export type { FlashProgress };
