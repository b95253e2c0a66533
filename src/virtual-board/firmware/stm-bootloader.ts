// The simulated STM32 HID bootloader (board-protocol §6.1, upstream STM32_HID_Bootloader)
// plus OUR extension commands (docs/firmware-update.md §2): 64-byte OUT reports, 8-byte
// IN reports, 1024-byte pages acknowledged with `BTLDCMD` + 2 after each is programmed.
//
// It has two page buffers: one receives while the other is erased and programmed, so a
// host may send page k+1 during page k's programming. A third page must wait: while both
// buffers are full, OUT reports are not taken (the USB NAK), and the link holds them.
import {
  DEFAULT_FIRMWARE_TIMING,
  STM_PAGE_BYTES,
  type FirmwareTiming,
  type SimFlash,
} from './sim-flash.ts';
import {
  BOOTLOADER_MAGIC,
  BootloaderCommand,
  EXTENSION_VERSION,
  FLAG_DOUBLE_BUFFER,
  HELLO_TAG,
  IN_REPORT_BYTES,
} from '../../firmware/stm-bootloader-protocol.ts';

export {
  BOOTLOADER_MAGIC,
  BootloaderCommand,
  EXTENSION_VERSION,
  FLAG_DOUBLE_BUFFER,
  HELLO_TAG,
  IN_REPORT_BYTES,
  OUT_REPORT_BYTES,
} from '../../firmware/stm-bootloader-protocol.ts';
const PACKET_ANSWER = BootloaderCommand.packet;

export interface StmFaults {
  /** Acknowledgements (1-based, counted since power-on) that are never sent. */
  dropAcks?: number[];
  /** Acknowledgements replaced by a corrupted report. */
  corruptAcks?: number[];
  /** Answer every data report with `BTLDCMD` + 6 (a request/response protocol: the
   * benchmarks' negative control). */
  answerEveryPacket?: boolean;
  /** A stock bootloader: the extension commands (hello, CRC read, seek) are ignored. */
  stock?: boolean;
}

interface Page {
  page: number;
  data: Uint8Array;
  doneAt: number;
}

/** The command a report carries, or null for page data. */
export function bootloaderCommand(p: Uint8Array): number | null {
  if (p.length < 8) return null;
  for (let i = 0; i < BOOTLOADER_MAGIC.length; i++) if (p[i] !== BOOTLOADER_MAGIC[i]) return null;
  const code = p[7] ?? 255;
  // Upstream commands are a magic block with every other byte zero; the extension's
  // parameters sit in bytes 8..11, so only bytes from 12 on must be zero for those.
  const zeroFrom = code === BootloaderCommand.readCrcs || code === BootloaderCommand.seek ? 12 : 8;
  for (let i = zeroFrom; i < p.length; i++) if (p[i] !== 0) return null;
  return code;
}

export class StmBootloader {
  private readonly receiving = new Uint8Array(STM_PAGE_BYTES);
  private fill = 0;
  /** A full page waiting for the programming buffer. */
  private waiting: Omit<Page, 'doneAt'> | null = null;
  private programming: Page | null = null;
  private nextPage = 0;
  private readonly out: Uint8Array[] = [];
  private rebootPending = false;
  private acks = 0;
  /** Pages programmed since power-on (for the panel and tests). */
  pagesWritten = 0;

  constructor(
    private readonly flash: SimFlash,
    private readonly onReboot: () => void,
    private readonly timing: FirmwareTiming = DEFAULT_FIRMWARE_TIMING,
    private readonly faults: StmFaults = {},
  ) {}

  /** Bytes of the page being received (0 between pages). */
  get receivingBytes(): number {
    return this.fill;
  }

  get busy(): boolean {
    return this.programming !== null || this.waiting !== null;
  }

  /** A 64-byte OUT report; false = not taken now (both buffers full). */
  receive(p: Uint8Array, now: number): boolean {
    const command = bootloaderCommand(p);
    if (command !== null) {
      this.command(command, p);
      return true;
    }
    if (this.waiting) return false;
    if (this.faults.answerEveryPacket) this.out.push(report(PACKET_ANSWER));
    const n = Math.min(p.length, STM_PAGE_BYTES - this.fill);
    this.receiving.set(p.subarray(0, n), this.fill);
    this.fill += n;
    if (this.fill === STM_PAGE_BYTES) {
      const full = { page: this.nextPage++, data: this.receiving.slice() };
      this.fill = 0;
      if (this.programming) this.waiting = full;
      else this.startProgramming(full, now);
    }
    return true;
  }

  tick(now: number): void {
    if (this.programming && now >= this.programming.doneAt) {
      const { page, data } = this.programming;
      this.programming = null;
      if (page < this.flash.stmPages) {
        this.flash.stm.set(data, page * STM_PAGE_BYTES);
        this.pagesWritten++;
      }
      this.ack();
      if (this.waiting) {
        this.startProgramming(this.waiting, now);
        this.waiting = null;
      }
    }
    if (this.rebootPending && !this.busy) {
      this.rebootPending = false;
      this.onReboot();
    }
  }

  nextReport(): Uint8Array | null {
    return this.out.shift() ?? null;
  }

  /** Power lost: a page being programmed is left erased and half written. */
  powerOff(): void {
    if (this.programming && this.programming.page < this.flash.stmPages) {
      const at = this.programming.page * STM_PAGE_BYTES;
      this.flash.stm.fill(0xff, at, at + STM_PAGE_BYTES);
      this.flash.stm.set(this.programming.data.subarray(0, STM_PAGE_BYTES / 2), at);
    }
    this.programming = null;
    this.waiting = null;
    this.fill = 0;
    this.out.length = 0;
    this.rebootPending = false;
  }

  private startProgramming(page: Omit<Page, 'doneAt'>, now: number): void {
    const ms = this.timing.stmEraseMs + (this.timing.stmProgramMsPerKiB * STM_PAGE_BYTES) / 1024;
    this.programming = { ...page, doneAt: now + ms };
  }

  private ack(): void {
    this.acks++;
    if (this.faults.dropAcks?.includes(this.acks)) return;
    if (this.faults.corruptAcks?.includes(this.acks)) {
      this.out.push(Uint8Array.from([0x42, 0x54, 0x4c, 0x00, 0xff, 0x4d, 0x44, 0x07]));
      return;
    }
    this.out.push(report(BootloaderCommand.pageDone));
  }

  private command(code: number, p: Uint8Array): void {
    if (this.faults.stock && code >= BootloaderCommand.hello) return;
    const u16 = (at: number) => ((p[at] ?? 0) << 8) | (p[at + 1] ?? 0);
    switch (code) {
      case BootloaderCommand.resetPages:
        this.nextPage = 0;
        this.fill = 0;
        return;
      case BootloaderCommand.reboot:
        this.rebootPending = true;
        return;
      case BootloaderCommand.hello: {
        const pages = this.flash.stmPages;
        this.out.push(
          Uint8Array.from([
            ...HELLO_TAG,
            EXTENSION_VERSION,
            FLAG_DOUBLE_BUFFER,
            pages >> 8,
            pages & 0xff,
            STM_PAGE_BYTES / 1024,
            0,
          ]),
        );
        return;
      }
      case BootloaderCommand.readCrcs: {
        const first = u16(8);
        const count = u16(10);
        for (let i = 0; i < count; i += 2) {
          const r = new Uint8Array(IN_REPORT_BYTES);
          const view = new DataView(r.buffer);
          view.setUint32(0, this.flash.stmPageCrc(first + i), true);
          if (i + 1 < count) view.setUint32(4, this.flash.stmPageCrc(first + i + 1), true);
          this.out.push(r);
        }
        return;
      }
      case BootloaderCommand.seek:
        this.nextPage = u16(8);
        this.fill = 0;
        return;
      default:
        // Unknown commands are ignored, as upstream does.
        return;
    }
  }
}

function report(code: number): Uint8Array {
  return Uint8Array.from([...BOOTLOADER_MAGIC, code]);
}
