// What the firmware updater shows (spec core §2 "Firmware updater modal", §4 "Firmware
// update"): the latest release against the board's version, and the update in progress.
// The FirmwareService writes it; the modal and the update-firmware page read it.
import { proxy } from 'valtio';
import type { FirmwareSource } from '../contract/firmware.ts';
import type { FlashChip } from '../core/wasm-core.ts';
import type { FirmwareVersion } from '../device/firmware-version.ts';
import type { FlashStage } from './worker/engine-context.ts';

/** What one chip of the board runs (a GoGo 6 has two: its ESP32 and its STM32). */
export interface ChipFirmware {
  chip: FlashChip;
  version: FirmwareVersion;
}

type UpdatePhase = 'idle' | 'preparing' | 'updating' | 'success' | 'error';

export interface FirmwareState {
  check: {
    loading: boolean;
    /** The latest release's version (three dotted numbers, or a legacy number). */
    latest: string | null;
    /** The release's description. */
    notes: string;
    /** The board's firmware version, when known (compared with `latest`). */
    current: string | null;
    /** What the board's chips run, as far as the board says (the board line). */
    firmware: ChipFirmware[];
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
    chip: FlashChip;
    /** The version the chip runs after the update, read back from the board. */
    firmware: FirmwareVersion | null;
    upToDate: boolean;
    verified: boolean | null;
    unitsWritten: number;
    unitsSkipped: number;
  } | null;
  /** The same update can run again (its files are kept). */
  canRetry: boolean;
  /** The file is older than what the chip runs: the update waits for the user's answer
   * (versions as the board gives them). */
  downgrade: { chip: FlashChip; board: string; image: string } | null;
  /** A translated note that is no error (the user kept the newer firmware). */
  info: string | null;
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
  firmware: [],
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
  downgrade: null,
  info: null,
  needsBootloaderPermission: false,
  promptsPostponed: false,
});

export const firmware = proxy<FirmwareState>(initialFirmwareState());
