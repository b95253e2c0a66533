// The simulated board as the USB bus sees it: the GoGo application (SimulatedBoard) plus
// its firmware machinery — the GoGo 6 STM32 HID bootloader it re-enumerates as (1209:BEBA),
// the ESP32 receive-firmware mode, the legacy PIC program memory — and OUR firmware queries
// (docs/firmware-update.md §2-§4). It sits on a UsbLink like the board alone did.
//
// Power and enumeration: `setPowered(false)` is a pulled cable; a reboot takes the board
// off the bus for `rebootMs`; `identity` says what is enumerated ('app' = 0461:0020,
// 'bootloader' = 1209:BEBA, null = nothing) and `onIdentity` reports every change.
import { BoardType } from '../../device/device.ts';
import { FirmwareChip } from '../../device/protocol/commands.ts';
import type { SimulatedBoard } from '../board/simulated-board.ts';
import type { LinkDevice } from '../board/usb-link.ts';
import { EspReceiver, ESP_UPDATE_COMMAND, type EspFaults } from './esp-receiver.ts';
import {
  DEFAULT_FIRMWARE_TIMING,
  LEGACY_FIRMWARE_BASE,
  LEGACY_MEMORY_BYTES,
  SimFlash,
  type FirmwareTiming,
  type SimFlashOptions,
} from './sim-flash.ts';
import { StmBootloader, type StmFaults } from './stm-bootloader.ts';
import { crc32 } from './identity/crc32.ts';
import { IdentityChip, isComplete, type FirmwareIdentity } from './identity/firmware-id.ts';

type UsbIdentity = 'app' | 'bootloader';

/** Failures the tests inject (docs/firmware-update.md "Fault injection"). */
export interface DeviceFaults {
  stm?: StmFaults;
  esp?: EspFaults;
  /** After command 202 the bootloader never enumerates (until the next power cycle). */
  bootloaderNeverAppears?: boolean;
  /** Behave like stock firmware and a stock bootloader: no extension commands. */
  noExtension?: boolean;
}

/** A board that answers every report (the request/response negative control). */
export const ANSWER_EVERY_PACKET: DeviceFaults = {
  stm: { answerEveryPacket: true },
  esp: { answerEveryPacket: true },
  noExtension: true,
};

/** Response statuses of OUR firmware queries. */
const QueryStatus = { more: 1, last: 2, unsupported: 4 } as const;
/** CRCs per type-20 answer (60 payload bytes). */
const CRCS_PER_PACKET = 15;

export interface FirmwareSimState {
  powered: boolean;
  identity: UsbIdentity | null;
  mode: 'app' | 'bootloader' | 'esp-receive' | 'off-bus' | 'off';
  stm: {
    version: number | null;
    semver: string;
    bootable: boolean;
    pagesWritten: number;
    /** Bytes of a page the bootloader is receiving (0 between pages). */
    receiving: number;
    /** The page being erased and programmed, or null. */
    programming: number | null;
  };
  esp: { version: number | null; semver: string; received: number; total: number };
  legacy: { firmware: number | null; bootloader: number | null; bytesWritten: number };
}

export interface SimulatedDeviceOptions {
  flash?: SimFlash | SimFlashOptions;
  timing?: Partial<FirmwareTiming>;
  faults?: DeviceFaults;
  onIdentity?: (identity: UsbIdentity | null) => void;
}

const LEGACY_TYPES: ReadonlySet<number> = new Set([BoardType.original, BoardType.fifth]);

export class SimulatedDevice implements LinkDevice {
  readonly flash: SimFlash;
  readonly timing: FirmwareTiming;
  faults: DeviceFaults;
  private mode: FirmwareSimState['mode'] = 'app';
  private identityNow: UsbIdentity | null = 'app';
  private powered = true;
  private now = 0;
  /** When off the bus: the time and the mode to come back in. */
  private returnAt = 0;
  private returnTo: 'app' | 'bootloader' | null = null;
  private stm: StmBootloader;
  private esp: EspReceiver | null = null;
  /** Answers of the device itself (ESP acknowledgements, query answers), sent before the
   * application's own reports. */
  private queryReports: Uint8Array[] = [];
  /** Legacy memory pointer: absolute (flash) after cat 1 cmd 2, Logo area after cmd 1. */
  private legacyPointer = -1;
  /** Legacy bootloader bytes are staged and installed only whole (see reboot). */
  private legacyStaged: Uint8Array | null = null;
  private legacyBytes = 0;
  private readonly onIdentity: (identity: UsbIdentity | null) => void;

  constructor(
    readonly board: SimulatedBoard,
    options: SimulatedDeviceOptions = {},
  ) {
    this.flash = options.flash instanceof SimFlash ? options.flash : new SimFlash(options.flash);
    this.timing = { ...DEFAULT_FIRMWARE_TIMING, ...options.timing };
    this.faults = options.faults ?? {};
    this.onIdentity = options.onIdentity ?? (() => {});
    this.stm = this.newBootloader();
  }

  get identity(): UsbIdentity | null {
    return this.powered ? this.identityNow : null;
  }

  get isPowered(): boolean {
    return this.powered;
  }

  private get isGoGo6(): boolean {
    return this.board.state().config.boardType === BoardType.v6;
  }

  /** Whether the STM32 bootloader starts the application (its build's rule). */
  private stmBootable(): boolean {
    return this.flash.stmBootable(this.faults.noExtension ?? false);
  }

  private get isLegacy(): boolean {
    return LEGACY_TYPES.has(this.board.state().config.boardType);
  }

  // ---- Power ------------------------------------------------------------------------------

  /** The cable: unplugging cuts power mid-whatever; plugging boots the board. */
  setPowered(on: boolean): void {
    if (on === this.powered) return;
    if (!on) {
      this.stm.powerOff();
      this.esp = null;
      this.queryReports = [];
      this.legacyStaged = null;
      this.board.clearReports();
      this.powered = false;
      this.mode = 'off';
      this.returnTo = null;
      this.onIdentity(null);
      return;
    }
    this.powered = true;
    this.stm = this.newBootloader();
    this.boot(this.isGoGo6 && !this.stmBootable() ? 'bootloader' : 'app');
    this.onIdentity(this.identityNow);
  }

  /** The USB data lines came back while the board kept power (an external supply): the
   * host re-enumerates it, which resets the bootloader's USB state. */
  usbReset(): void {
    if (this.mode === 'bootloader') this.stm.usbReset();
  }

  // ---- LinkDevice -------------------------------------------------------------------------

  receive(payload: Uint8Array): boolean {
    if (!this.powered) return true;
    switch (this.mode) {
      case 'bootloader':
        return this.stm.receive(payload, this.now);
      case 'esp-receive':
        return this.esp?.receive(payload, this.now) ?? true;
      case 'app':
        this.appCommand(payload);
        return true;
      default:
        // Off the bus: the report goes nowhere (the host side fails such writes).
        return true;
    }
  }

  tick(nowMs: number): void {
    this.now = nowMs;
    if (!this.powered) return;
    switch (this.mode) {
      case 'app':
        this.board.tick(nowMs);
        return;
      case 'bootloader':
        this.stm.tick(nowMs);
        return;
      case 'esp-receive': {
        const esp = this.esp;
        if (!esp) return;
        esp.tick(nowMs);
        // The last acknowledgement may come with the switch back to the application.
        for (let a = esp.nextAck(); a; a = esp.nextAck()) {
          this.queryReports.push(this.board.encodeResponse(a.command, a.status));
        }
        return;
      }
      case 'off-bus':
        if (this.returnTo && nowMs >= this.returnAt) {
          const to = this.returnTo;
          this.returnTo = null;
          this.boot(to);
          this.onIdentity(this.identityNow);
        }
        return;
      default:
        return;
    }
  }

  nextReport(): Uint8Array | null {
    if (!this.powered) return null;
    switch (this.mode) {
      case 'bootloader':
        return this.stm.nextReport();
      case 'esp-receive':
        return this.queryReports.shift() ?? null;
      case 'app':
        return this.queryReports.shift() ?? this.board.nextReport();
      default:
        return null;
    }
  }

  state(): FirmwareSimState {
    const stmId = this.flash.stmIdentity();
    const espId = this.flash.espIdentity();
    const progress = this.esp?.progress ?? { received: 0, total: 0 };
    return {
      powered: this.powered,
      identity: this.identity,
      mode: this.mode,
      stm: {
        version: stmId?.version ?? null,
        semver: stmId?.semver ?? '',
        bootable: this.stmBootable(),
        pagesWritten: this.stm.pagesWritten,
        receiving: this.stm.receivingBytes,
        programming: this.stm.programmingPage,
      },
      esp: { version: espId?.version ?? null, semver: espId?.semver ?? '', ...progress },
      legacy: {
        firmware: this.flash.legacyFirmwareIdentity()?.version ?? null,
        bootloader: this.flash.legacyBootloaderIdentity()?.version ?? null,
        bytesWritten: this.legacyBytes,
      },
    };
  }

  // ---- App-mode commands --------------------------------------------------------------------

  private appCommand(p: Uint8Array): void {
    const category = p[0];
    const command = p[1];
    if (category === 1) this.legacyMemory(p);
    // The application still sees every command (counters, outputs, the reboot reset).
    this.board.receive(p);
    if (category !== 0) return;
    switch (command) {
      case 100:
        this.reboot();
        return;
      case ESP_UPDATE_COMMAND:
        if (this.isGoGo6) {
          this.mode = 'esp-receive';
          this.esp = new EspReceiver(
            this.timing,
            this.now,
            (r) => this.espDone(r.ok ? r.image : null),
            this.faults.esp,
            this.flash.espCapacity,
          );
        }
        return;
      case 202:
        if (!this.isGoGo6) return;
        this.leaveBus(this.faults.bootloaderNeverAppears ? null : 'bootloader');
        return;
      case 203:
        if (!this.faults.noExtension) this.firmwareInfo(p[2] ?? 0);
        return;
      case 204:
        if (!this.faults.noExtension) {
          this.firmwareCrcs(
            p[2] ?? 0,
            ((p[3] ?? 0) << 8) | (p[4] ?? 0),
            ((p[5] ?? 0) << 8) | (p[6] ?? 0),
          );
        }
        return;
      default:
        return;
    }
  }

  /** GoGo 7 and Bright: one ESP32 whose firmware is not modelled as flash here. */
  private get isPlainEsp(): boolean {
    const type = this.board.state().config.boardType;
    return type === BoardType.v7 || type === BoardType.bright;
  }

  private identityFor(chip: number): FirmwareIdentity | null {
    if (chip === FirmwareChip.stm && this.isGoGo6) return this.flash.stmIdentity();
    if (chip === FirmwareChip.esp && this.isGoGo6) return this.flash.espIdentity();
    if (chip === FirmwareChip.esp && this.isPlainEsp) {
      // The virtual firmware names itself 1.0.N for version byte N.
      const { firmwareVersion: version, boardType } = this.board.state().config;
      const semver = `1.0.${version}`;
      return { chip: IdentityChip.esp, boardType, test: false, version, semver, length: 0, crc: 0 };
    }
    if (chip === FirmwareChip.legacy && this.isLegacy) return this.flash.legacyFirmwareIdentity();
    return null;
  }

  /** Extension 203: [chip, version byte, semver ASCII…], or status 4 and [chip] for a chip
   * this board lacks. Each answer names its chip: a GoGo 6 answers for two. */
  private firmwareInfo(chip: number): void {
    const known =
      (this.isGoGo6 && (chip === FirmwareChip.stm || chip === FirmwareChip.esp)) ||
      (this.isPlainEsp && chip === FirmwareChip.esp) ||
      (this.isLegacy && chip === FirmwareChip.legacy);
    if (!known) {
      this.query(203, QueryStatus.unsupported, new Uint8Array([chip]));
      return;
    }
    const id = this.identityFor(chip);
    const semver = id?.semver ?? '';
    const payload = new Uint8Array(2 + semver.length);
    payload[0] = chip;
    payload[1] = id?.version ?? 0;
    for (let i = 0; i < semver.length; i++) payload[2 + i] = semver.charCodeAt(i);
    this.query(203, QueryStatus.last, payload);
  }

  /**
   * Extension 204. STM: CRC-32 of `count` application pages from `first`, 15 per answer.
   * ESP: one answer with the running image's length and CRC-32 (u32 LE each).
   */
  private firmwareCrcs(chip: number, first: number, count: number): void {
    if (chip === FirmwareChip.stm && this.isGoGo6) {
      if (count === 0) {
        this.query(204, QueryStatus.last, new Uint8Array(0));
        return;
      }
      for (let i = 0; i < count; i += CRCS_PER_PACKET) {
        const n = Math.min(CRCS_PER_PACKET, count - i);
        const payload = new Uint8Array(n * 4);
        const view = new DataView(payload.buffer);
        for (let k = 0; k < n; k++)
          view.setUint32(k * 4, this.flash.stmPageCrc(first + i + k), true);
        this.query(204, i + n >= count ? QueryStatus.last : QueryStatus.more, payload);
      }
      return;
    }
    if (chip === FirmwareChip.esp && this.isGoGo6) {
      const payload = new Uint8Array(12);
      const view = new DataView(payload.buffer);
      view.setUint32(0, this.flash.esp.length, true);
      view.setUint32(4, crc32(this.flash.esp), true);
      view.setUint32(8, this.flash.espCapacity, true);
      this.query(204, QueryStatus.last, payload);
      return;
    }
    this.query(204, QueryStatus.unsupported, new Uint8Array(0));
  }

  private query(command: number, status: number, payload: Uint8Array): void {
    this.queryReports.push(this.board.encodeResponse(command, status, payload));
  }

  /** Legacy memory commands: cat 1 cmd 1 (Logo pointer), 2 (absolute pointer), 3 (write). */
  private legacyMemory(p: Uint8Array): void {
    if (!this.isLegacy) return;
    const command = p[1];
    if (command === 1) this.legacyPointer = -1;
    else if (command === 2) this.legacyPointer = ((p[2] ?? 0) << 8) | (p[3] ?? 0);
    else if (command === 3 && this.legacyPointer >= 0) {
      const n = Math.min(p[2] ?? 0, 60);
      for (let i = 0; i < n && this.legacyPointer < LEGACY_MEMORY_BYTES; i++) {
        const b = p[3 + i] ?? 0;
        if (this.legacyPointer < LEGACY_FIRMWARE_BASE) {
          // The bootloader is rewritten only whole: stage its bytes until the reboot.
          this.legacyStaged ??= this.flash.legacy.slice(0, LEGACY_FIRMWARE_BASE);
          this.legacyStaged[this.legacyPointer] = b;
        } else {
          this.flash.legacy[this.legacyPointer] = b;
        }
        this.legacyPointer++;
        this.legacyBytes++;
      }
    }
  }

  // ---- Reboots ------------------------------------------------------------------------------

  private reboot(): void {
    if (this.isLegacy && this.legacyStaged) {
      const staged = this.legacyStaged;
      this.legacyStaged = null;
      // Install the new bootloader only if all of it arrived; otherwise keep the old one.
      if (isComplete(staged, IdentityChip.legacyBootloader)) this.flash.legacy.set(staged, 0);
    }
    this.leaveBus('app');
  }

  private leaveBus(to: 'app' | 'bootloader' | null): void {
    this.mode = 'off-bus';
    this.identityNow = null;
    this.returnTo = to;
    this.returnAt = this.now + this.timing.rebootMs;
    this.queryReports = [];
    this.board.clearReports();
    this.onIdentity(null);
  }

  private boot(to: 'app' | 'bootloader'): void {
    if (to === 'app' && this.isGoGo6 && !this.stmBootable()) to = 'bootloader';
    this.identityNow = to;
    this.mode = to;
    this.legacyPointer = -1;
    if (to === 'bootloader') {
      this.stm = this.newBootloader();
      return;
    }
    this.applyVersions();
  }

  /** After a boot, the status stream reports what the flash holds. */
  private applyVersions(): void {
    if (this.isGoGo6) {
      const stm = this.flash.stmIdentity();
      if (stm) this.board.configure({ stmFirmwareVersion: stm.version });
    } else if (this.isLegacy && this.legacyBytes > 0) {
      // A legacy board whose firmware is incomplete runs its bootloader, which reports 0.
      this.board.configure({ firmwareVersion: this.flash.legacyFirmwareIdentity()?.version ?? 0 });
    }
  }

  private espDone(image: Uint8Array | null): void {
    if (image) {
      this.flash.esp = image;
      const id = this.flash.espIdentity();
      if (id) this.board.configure({ firmwareVersion: id.version });
    }
    // The ESP32 restarts into the (new or old) application; USB stays up (the STM32 owns it),
    // so the status stream just pauses.
    this.mode = 'app';
    this.board.clearReports();
    const esp = this.esp;
    this.esp = null;
    for (let a = esp?.nextAck(); a; a = esp?.nextAck()) {
      this.queryReports.push(this.board.encodeResponse(a.command, a.status));
    }
  }

  private newBootloader(): StmBootloader {
    return new StmBootloader(this.flash, () => this.leaveBus('app'), this.timing, {
      ...this.faults.stm,
      stock: this.faults.noExtension ?? this.faults.stm?.stock ?? false,
    });
  }
}
