// The simulated STM32 HID bootloader (board-protocol §6.1), in two builds:
//
// - **stock**, as strict as the upstream STM32 HID bootloader (STMBL `hid.c`): one 1024-byte
//   page buffer; a 64-byte block is a command only when it is the first report of a page
//   (`BTLDCMD`, bytes 8–63 zero), and only codes 0 (reset pages) and 1 (reboot) act — any
//   other block, an unknown command included, stays in the buffer as page data. A full
//   page is erased, programmed and acknowledged with `BTLDCMD` + 2; meanwhile OUT reports
//   are not taken (USB NAK). It never answers anything else.
// - **ours**, with OUR extension (docs/firmware-update.md §2): two page buffers (one
//   receives while the other is programmed), hello, tagged page-CRC reports and seek. It
//   also takes commands only between pages.
import {
  DEFAULT_FIRMWARE_TIMING,
  STM_PAGE_BYTES,
  type FirmwareTiming,
  type SimFlash,
} from './sim-flash.ts';
import {
  BOOTLOADER_MAGIC,
  BootloaderCommand,
  CRC_TAG,
  EXTENSION_VERSION,
  FLAG_DOUBLE_BUFFER,
  hasMagic,
  HELLO_TAG,
  IN_REPORT_BYTES,
  OUT_REPORT_BYTES,
} from '../../device/protocol/stm-bootloader-protocol.ts';

export { BootloaderCommand } from '../../device/protocol/stm-bootloader-protocol.ts';
const PACKET_ANSWER = BootloaderCommand.packet;

export interface StmFaults {
  /** Acknowledgements (1-based, counted since power-on) that are never sent. */
  dropAcks?: number[];
  /** Acknowledgements replaced by a corrupted report. */
  corruptAcks?: number[];
  /** Answer every data report with `BTLDCMD` + 6 (a request/response protocol: the
   * benchmarks' negative control). */
  answerEveryPacket?: boolean;
  /** The stock bootloader (no extension, one page buffer, upstream command rules). */
  stock?: boolean;
  /** OUR bootloader with one page buffer (hello flags bit 0 clear). */
  singleBuffer?: boolean;
  /** The page size OUR hello reports (KiB; default 1). */
  helloKibPerPage?: number;
  /** The application pages are write-protected (option bytes): each page is acknowledged,
   * as upstream does without checking the flash, but the flash keeps what it held. */
  writeProtected?: boolean;
}

interface Page {
  page: number;
  data: Uint8Array;
  doneAt: number;
}

/** The command a report carries, or null for page data (OUR bootloader's rule: codes 4
 * and 5 carry parameters in bytes 8–11; everything else must be zero). */
function bootloaderCommand(p: Uint8Array): number | null {
  if (!hasMagic(p)) return null;
  const code = p[7] ?? 255;
  const zeroFrom = code === BootloaderCommand.readCrcs || code === BootloaderCommand.seek ? 12 : 8;
  for (let i = zeroFrom; i < p.length; i++) if (p[i] !== 0) return null;
  return code;
}

/** Upstream `HIDUSB_PacketIsCommand`: the magic and bytes 8–63 all zero. */
function isStockCommand(p: Uint8Array): boolean {
  if (!hasMagic(p)) return false;
  for (let i = 8; i < OUT_REPORT_BYTES; i++) if ((p[i] ?? 0) !== 0) return false;
  return true;
}

export class StmBootloader {
  private readonly receiving = new Uint8Array(STM_PAGE_BYTES);
  private fill = 0;
  /** A full page waiting for the programming buffer (ours only). */
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

  get stock(): boolean {
    return this.faults.stock ?? false;
  }

  /** Bytes of the page being received (0 between pages). */
  get receivingBytes(): number {
    return this.fill;
  }

  get busy(): boolean {
    return this.programming !== null || this.waiting !== null;
  }

  /** The page being erased and programmed, or null. */
  get programmingPage(): number | null {
    return this.programming?.page ?? null;
  }

  /** A USB bus reset (the cable plugged in again while the board kept power): upstream
   * `HIDUSB_Reset` starts over at page 0 with an empty buffer; programming continues. */
  usbReset(): void {
    this.fill = 0;
    this.nextPage = 0;
    this.out.length = 0;
  }

  /** A 64-byte OUT report; false = not taken now (the page buffers are full). */
  receive(p: Uint8Array, now: number): boolean {
    return this.stock ? this.receiveStock(p, now) : this.receiveOurs(p, now);
  }

  tick(now: number): void {
    if (this.programming && now >= this.programming.doneAt) {
      const { page, data } = this.programming;
      this.programming = null;
      if (page < this.flash.stmPages && !this.faults.writeProtected) {
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

  // ---- Stock (upstream STMBL) ---------------------------------------------------------

  private receiveStock(p: Uint8Array, now: number): boolean {
    // The page is erased and programmed inside the USB interrupt: nothing is taken meanwhile.
    if (this.programming) return false;
    const n = Math.min(OUT_REPORT_BYTES, p.length, STM_PAGE_BYTES - this.fill);
    this.receiving.fill(0, this.fill, this.fill + OUT_REPORT_BYTES);
    this.receiving.set(p.subarray(0, n), this.fill);
    this.fill += OUT_REPORT_BYTES;
    if (this.fill === OUT_REPORT_BYTES) {
      // Only the first report of a page can be a command; an unknown code is left in the
      // buffer as the start of the page.
      if (isStockCommand(this.receiving.subarray(0, OUT_REPORT_BYTES))) {
        const code = this.receiving[7];
        if (code === BootloaderCommand.resetPages) {
          this.nextPage = 0;
          this.fill = 0;
          return true;
        }
        if (code === BootloaderCommand.reboot) {
          this.rebootPending = true;
          return true;
        }
      }
    }
    if (this.faults.answerEveryPacket) this.out.push(report(PACKET_ANSWER));
    if (this.fill >= STM_PAGE_BYTES) {
      this.startProgramming({ page: this.nextPage++, data: this.receiving.slice() }, now);
      this.fill = 0;
    }
    return true;
  }

  // ---- Ours (extension) -----------------------------------------------------------------

  private receiveOurs(p: Uint8Array, now: number): boolean {
    const command = this.fill === 0 ? bootloaderCommand(p) : null;
    if (command !== null) {
      this.command(command, p);
      return true;
    }
    const buffers = this.faults.singleBuffer ? 1 : 2;
    if (this.waiting || (buffers === 1 && this.programming)) return false;
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

  private command(code: number, p: Uint8Array): void {
    const u16 = (at: number) => ((p[at] ?? 0) << 8) | (p[at + 1] ?? 0);
    switch (code) {
      case BootloaderCommand.resetPages:
        this.nextPage = 0;
        return;
      case BootloaderCommand.reboot:
        this.rebootPending = true;
        return;
      case BootloaderCommand.hello: {
        const pages = this.flash.stmPages;
        const flags = this.faults.singleBuffer ? 0 : FLAG_DOUBLE_BUFFER;
        this.out.push(
          Uint8Array.from([
            ...HELLO_TAG,
            EXTENSION_VERSION,
            flags,
            pages >> 8,
            pages & 0xff,
            this.faults.helloKibPerPage ?? STM_PAGE_BYTES / 1024,
            0,
          ]),
        );
        return;
      }
      case BootloaderCommand.readCrcs: {
        const first = u16(8);
        const count = u16(10);
        for (let i = 0; i < count; i++) {
          const page = first + i;
          const r = new Uint8Array(IN_REPORT_BYTES);
          r.set(CRC_TAG);
          r[2] = (page >> 8) & 0xff;
          r[3] = page & 0xff;
          new DataView(r.buffer).setUint32(4, this.flash.stmPageCrc(page), true);
          this.out.push(r);
        }
        return;
      }
      case BootloaderCommand.seek:
        this.nextPage = u16(8);
        return;
      default:
        // Unknown commands are ignored.
        return;
    }
  }

  // ---- Both -----------------------------------------------------------------------------

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
}

function report(code: number): Uint8Array {
  return Uint8Array.from([...BOOTLOADER_MAGIC, code]);
}
