// What every flash path shares: the port, the clock, progress reporting, the spec's waits,
// and OUR firmware queries on the running application (docs/firmware-update.md §3).
import type { HidCommandRequest } from '../../device/device.ts';
import type { HIDLike } from '../../device/webhid/hid-types.ts';
import { beep, FirmwareChip, firmwareCrcs, firmwareInfo } from '../../device/protocol/commands.ts';
import {
  firmwareVersionText,
  readFirmwareInfo,
  type FirmwareVersion,
} from '../../device/firmware-version.ts';
import { compareVersions } from '../../contract/firmware.ts';
import type { FlashChip } from '../../core/wasm-core.ts';
import { sleep, type Clock } from './clock.ts';
import { FlashError } from './flash-error.ts';
import { HidPort, PortFailure } from './hid-port.ts';
import type { ImageCheck } from './image-check.ts';

/** Status packet byte 17: the board type. */
export const STATUS_BOARD_TYPE = 17;
/** The board type of a GoGo 6, the only board with the STM32 HID bootloader. */
export const GOGO6_BOARD_TYPE = 4;

/** Spec core §4, §9 waits (ms) and tries. */
export const SPEC = {
  /** After the beep that opens an update. */
  beepPauseMs: 500,
  /** After the reboot-to-bootloader / receive-mode command. */
  modeSwitchMs: 1000,
  /** Bootloader reconnect: up to 50 tries 100 ms apart. */
  connectTries: 50,
  connectIntervalMs: 100,
  /** Sector-complete reply: up to 50 tries of 100 ms. */
  ackTries: 50,
  ackIntervalMs: 100,
  /** After the start marker, before the reboot command and after it (STM). */
  startMarkerMs: 500,
  beforeRebootMs: 1000,
  afterRebootMs: 1000,
  /** ESP: the wait at the end. */
  espFinalWaitMs: 3000,
  /** Legacy: pause after each write, and the board-ready poll. */
  legacyChunkPauseMs: 15,
  readyPolls: 60,
  readyPollMs: 500,
} as const;

/** Status packet bytes 20 and 21: the version byte of the main firmware (the ESP32 of a
 * GoGo 6, the PIC of a legacy board) and of a GoGo 6's STM32. */
const STATUS_FIRMWARE = 20;
const STATUS_STM_FIRMWARE = 21;

/** How long our queries wait for a first answer before deciding the board lacks them. */
export const QUERY_TIMEOUT_MS = 300;
/** How long a step waits for the application's status stream (it streams every ~20 ms). */
const STATUS_TIMEOUT_MS = 3000;

export type FlashStage =
  | 'connecting'
  | 'checking'
  | 'entering-bootloader'
  | 'writing'
  | 'verifying'
  | 'rebooting'
  | 'waiting-board'
  | 'done';

export interface FlashProgress {
  stage: FlashStage;
  /** 0..100 over the whole update. */
  percent: number;
}

/**
 * 'auto': use OUR extension when the board answers it (skip unchanged units, overlap
 * transfer and programming, verify); 'serial': a stock board's protocol (send a unit, wait
 * for its acknowledgement); 'per-packet': the negative control of the benchmarks (wait for
 * the board's answer after every single report).
 */
export type FlashMode = 'auto' | 'serial' | 'per-packet';

/** Asked before an older image replaces the board's firmware: true installs it. */
export type ConfirmDowngrade = (
  chip: FlashChip,
  board: FirmwareVersion,
  image: FirmwareVersion,
) => Promise<boolean>;

export interface EngineDeps {
  hid: HIDLike;
  /** Without it an older image is written without asking (benchmarks, tests). */
  confirmDowngrade?: ConfirmDowngrade;
  clock: Clock;
  /** Frames a GoGo command as its 63-byte payload (core-rs via WasmCore). */
  frame(req: HidCommandRequest): Uint8Array;
  locks?: LockManager | null;
  onProgress?(progress: FlashProgress): void;
  mode?: FlashMode;
}

export interface FlashResult {
  chip: FlashChip;
  /** The board already held this exact image: nothing was written. */
  upToDate: boolean;
  /** The board answered OUR extension (so units were compared and the result verified). */
  extension: boolean;
  unitsTotal: number;
  unitsWritten: number;
  unitsSkipped: number;
  /** true: read back and equal; null: the board cannot be read back (stock firmware). */
  verified: boolean | null;
  /** The version the board's chip runs once the update is over, as it reports it: the
   * status stream's byte, and OUR query 203's semantic version (null: not answered). */
  firmware: FirmwareVersion | null;
  /** Reports sent to the board (commands and image). */
  reportsSent: number;
  /** Virtual or wall ms: the whole update, and from the first image report to the last
   * acknowledgement (the part the flash floor bounds). */
  totalMs: number;
  flashMs: number;
}

export class EngineContext {
  readonly port: HidPort;
  readonly mode: FlashMode;
  private readonly startedAt: number;
  private lastPercent = -1;
  private stageNow: FlashStage = 'connecting';

  constructor(readonly deps: EngineDeps) {
    this.port = new HidPort(deps.hid, deps.clock, deps.locks ?? null);
    this.mode = deps.mode ?? 'auto';
    this.startedAt = deps.clock.now();
  }

  get now(): number {
    return this.deps.clock.now();
  }

  get elapsed(): number {
    return this.now - this.startedAt;
  }

  sleep(ms: number): Promise<void> {
    return sleep(this.deps.clock, ms);
  }

  progress(stage: FlashStage, percent: number): void {
    const p = Math.max(0, Math.min(100, percent));
    if (stage === this.stageNow && Math.floor(p) === Math.floor(this.lastPercent)) return;
    this.stageNow = stage;
    this.lastPercent = p;
    this.deps.onProgress?.({ stage, percent: p });
  }

  send(req: HidCommandRequest): void {
    this.port.send(this.deps.frame(req));
  }

  /** Opens the running application; `no-board` when no granted board is present. */
  async openApp(): Promise<void> {
    if (!(await this.port.open('app'))) throw new FlashError('no-board', 'no GoGo board found');
  }

  /** Waits for the application's status stream (proof that it runs, not an update mode). */
  async waitForStatus(timeoutMs = STATUS_TIMEOUT_MS): Promise<Uint8Array | null> {
    this.port.clearBuffer();
    return this.port.waitFor((r) => r[0] === 0 && r.length >= 21, timeoutMs);
  }

  /** The opening beep and its pause (board-protocol §6.1 step 1, §6.2 step 1). */
  async beep(): Promise<void> {
    this.send(beep());
    await this.port.flush();
    await this.sleep(SPEC.beepPauseMs);
  }

  /**
   * OUR query 204: CRC-32 of `count` STM pages, or the ESP image's [length, CRC]. Null when
   * the board does not answer (stock firmware).
   */
  async queryCrcs(chip: number, count: number): Promise<number[] | null> {
    if (this.mode !== 'auto') return null;
    this.port.clearBuffer();
    this.send(firmwareCrcs(chip, 0, count));
    const values: number[] = [];
    for (;;) {
      const r = await this.port.waitFor((x) => x[0] === 20 && x[2] === 204, QUERY_TIMEOUT_MS);
      if (!r) return null;
      const status = r[3] ?? 0;
      if (status === 4) return null;
      const len = Math.min(r[1] ?? 0, 60);
      const view = new DataView(r.buffer, r.byteOffset + 4, len);
      for (let at = 0; at + 4 <= len; at += 4) values.push(view.getUint32(at, true));
      if (status !== 1) break;
    }
    if (chip === FirmwareChip.stm && values.length !== count) return null;
    return values;
  }

  /**
   * The version `chip` runs now: the status byte (21 for the STM32, 20 otherwise) of
   * `status`, and the semantic version OUR query 203 answers (auto mode; stock firmware
   * does not answer it).
   */
  async readVersion(chip: FlashChip, status: Uint8Array): Promise<FirmwareVersion> {
    const version = status[chip === 'stm' ? STATUS_STM_FIRMWARE : STATUS_FIRMWARE] ?? 0;
    if (this.mode !== 'auto') return { version, semver: null };
    this.port.clearBuffer();
    const code = FirmwareChip[chip];
    this.send(firmwareInfo(code));
    // The answer about this chip (each names its own; a GoGo 6 answers for two).
    const r = await this.port.waitFor(
      (x) => x[0] === 20 && x[2] === 203 && x[4] === code,
      QUERY_TIMEOUT_MS,
    );
    const len = Math.min(r?.[1] ?? 0, 60);
    const answer = r ? readFirmwareInfo(r[3] ?? 0, r.subarray(4, 4 + len)) : null;
    return { version, semver: answer?.version?.semver ?? null };
  }

  /**
   * After an update the board must run the file's version: its version byte, and its
   * semantic version when both say one. Anything else is `version-mismatch`, not success.
   */
  expectVersion(expected: FirmwareVersion | undefined, got: FirmwareVersion): void {
    if (!expected) return;
    const same =
      got.version === expected.version &&
      (got.semver === null || expected.semver === null || got.semver === expected.semver);
    if (!same) {
      // Both in the form the board gives: a stock firmware says only its version byte.
      const text = (v: FirmwareVersion) =>
        got.semver === null ? String(v.version) : firmwareVersionText(v);
      throw new FlashError(
        'version-mismatch',
        `the board reports ${text(got)}, the file is ${text(expected)}`,
        { expected: text(expected), reported: text(got) },
      );
    }
  }

  /**
   * Before anything is written: an image older than what the board's chip runs (semantic
   * versions when both say one, else the version bytes) is written only if the user says
   * so; otherwise `downgrade-declined` and the board keeps its firmware.
   */
  async confirmIfOlder(
    chip: FlashChip,
    expected: FirmwareVersion | undefined,
    status: Uint8Array | null,
  ): Promise<void> {
    if (!expected || !status) return;
    const board = await this.readVersion(chip, status);
    const older =
      board.semver !== null && expected.semver !== null
        ? compareVersions(expected.semver, board.semver) < 0
        : expected.version < board.version;
    if (!older || !this.deps.confirmDowngrade) return;
    if (!(await this.deps.confirmDowngrade(chip, board, expected))) {
      throw new FlashError('downgrade-declined', 'the user kept the newer firmware');
    }
  }

  /** Up to 60 polls of 500 ms for the application to enumerate and stream its status
   * (progress `from` → `to`, stage waiting-board); else `timeout` ('Timeout'). */
  async waitForApp(from: number, to: number): Promise<Uint8Array> {
    for (let poll = 0; poll < SPEC.readyPolls; poll++) {
      this.progress('waiting-board', from + ((to - from) * poll) / SPEC.readyPolls);
      const started = this.now;
      if (this.port.kind === 'app' || (await this.port.open('app'))) {
        const status = await this.waitForStatus(SPEC.readyPollMs);
        if (status) {
          this.progress('waiting-board', to);
          return status;
        }
      }
      const rest = SPEC.readyPollMs - (this.now - started);
      if (rest > 0) await this.sleep(rest);
    }
    throw new FlashError('timeout', 'the board did not come back');
  }

  /**
   * Refuses a file that does not fit before anything is written: with board type 0 the
   * file alone (chip, damage, a TEST image on a real board), then the connected board.
   */
  checkImage(check: ImageCheck | undefined, boardType: number): void {
    const m = check?.(boardType);
    if (m) {
      throw new FlashError(m.code, `${m.code}: for board ${m.imageBoard}, board ${boardType}`, {
        imageBoard: m.imageBoard,
        board: boardType,
      });
    }
  }

  /** Maps a port failure to the path's codes; other errors pass through. */
  mapFailure(
    e: unknown,
    writeCode: 'stm-write-failed' | 'esp-write-failed' | 'legacy-write-failed',
  ): unknown {
    if (e instanceof PortFailure) {
      return e.kind === 'write'
        ? new FlashError(writeCode, e.message)
        : new FlashError('disconnected', e.message);
    }
    return e;
  }

  result(partial: Omit<FlashResult, 'totalMs' | 'reportsSent'>): FlashResult {
    return { ...partial, totalMs: this.elapsed, reportsSent: this.port.sent };
  }
}
