// What the firmware updater shows (spec core §2 "Firmware updater modal", §4 "Firmware
// update"): the latest release against the board's version, and the update in progress.
// The FirmwareService writes it; the modal and the update-firmware page read it.
import { proxy } from 'valtio';
import type { FirmwareSource } from '../contract/firmware.ts';
import type { FlashStage } from './worker/engine-context.ts';

export type UpdatePhase = 'idle' | 'preparing' | 'updating' | 'success' | 'error';

export interface FirmwareState {
  check: {
    loading: boolean;
    /** The latest release's version (three dotted numbers, or a legacy number). */
    latest: string | null;
    /** The release's description. */
    notes: string;
    /** The board's firmware version, when known. */
    current: string | null;
    /** True: "You're using the latest firmware."; null: unknown. */
    upToDate: boolean | null;
    /** The latest release could not be read (updating from a file still works). */
    failed: boolean;
    /** Where the server's releases come from (test images or a vendor's releases). */
    source: FirmwareSource | null;
  };
  /** The board being updated, while the page has let go of it. */
  board: { boardType: number; firmwareVersion: number } | null;
  phase: UpdatePhase;
  stage: FlashStage | null;
  /** 0..100, rendered at most once per animation frame. */
  percent: number;
  /** The translated cause shown after 'Update firmware error'. */
  error: string | null;
  result: {
    version: string | null;
    upToDate: boolean;
    verified: boolean | null;
    unitsWritten: number;
    unitsSkipped: number;
  } | null;
  /** The same update can run again (its files are kept). */
  canRetry: boolean;
  /** A real STM32 bootloader appeared that this site may not open yet. */
  needsBootloaderPermission: boolean;
  /** After a legacy update succeeded, no more "new firmware" prompts this session. */
  promptsPostponed: boolean;
}

/** No release check yet, or one `loading`. */
export const emptyCheck = (loading: boolean): FirmwareState['check'] => ({
  loading,
  latest: null,
  notes: '',
  current: null,
  upToDate: null,
  failed: false,
  source: null,
});

/** Before any check or update: idle, nothing known. */
export const initialFirmwareState = (): FirmwareState => ({
  check: emptyCheck(false),
  board: null,
  phase: 'idle',
  stage: null,
  percent: 0,
  error: null,
  result: null,
  canRetry: false,
  needsBootloaderPermission: false,
  promptsPostponed: false,
});

export const firmware = proxy<FirmwareState>(initialFirmwareState());
