// The simulated stock STM32 HID bootloader is as strict as the upstream one (STMBL hid.c),
// so a host that relies on leniency fails here as it would on a board; OUR bootloader
// answers the extension commands between pages only.
import { describe, expect, it } from 'vitest';
import { commandBlock as block } from '../../device/protocol/stm-bootloader-protocol.ts';
import { SimFlash, STM_PAGE_BYTES, stackPointerValid } from './sim-flash.ts';
import { BootloaderCommand, StmBootloader } from './stm-bootloader.ts';

const PAGE_MS = 47;

function stock() {
  const flash = new SimFlash({ stmPages: 16 });
  flash.stm.fill(0xff);
  let reboots = 0;
  const bl = new StmBootloader(flash, () => reboots++, undefined, { stock: true });
  let now = 0;
  const send = (r: Uint8Array) => {
    // A report the bootloader does not take is offered again each frame (USB NAK).
    let frames = 0;
    while (!bl.receive(r, now)) {
      now++;
      bl.tick(now);
      if (++frames > 1000) throw new Error('never taken');
    }
    now++;
    bl.tick(now);
    return frames;
  };
  const settle = () => {
    for (let i = 0; i < PAGE_MS + 2; i++) bl.tick(++now);
  };
  const replies = () => {
    const out: Uint8Array[] = [];
    for (let r = bl.nextReport(); r; r = bl.nextReport()) out.push(r);
    return out;
  };
  return { flash, bl, send, settle, replies, reboots: () => reboots };
}

const data = (byte: number) => new Uint8Array(64).fill(byte);

describe('the stock STM32 bootloader', () => {
  it('keeps an unknown command (OUR hello) as the first 64 bytes of the page', () => {
    const s = stock();
    s.send(block(BootloaderCommand.resetPages));
    s.send(block(BootloaderCommand.hello));
    for (let i = 0; i < 15; i++) s.send(data(0x11));
    s.settle();
    expect(s.replies()).toHaveLength(1);
    expect(Array.from(s.flash.stm.subarray(0, 8))).toEqual([...block(3).subarray(0, 8)]);
    expect(s.flash.stm[64]).toBe(0x11);
    // Nothing was answered to the hello.
  });

  it('takes reset pages only as the first report of a page; elsewhere it is page data', () => {
    const s = stock();
    s.send(block(BootloaderCommand.resetPages));
    s.send(data(0x22));
    s.send(block(BootloaderCommand.resetPages));
    for (let i = 0; i < 14; i++) s.send(data(0x33));
    s.settle();
    expect(Array.from(s.flash.stm.subarray(64, 72))).toEqual([...block(0).subarray(0, 8)]);
    expect(s.flash.stm[128]).toBe(0x33);
    // The page counter went on: the next page lands on page 1.
    for (let i = 0; i < 16; i++) s.send(data(0x44));
    s.settle();
    expect(s.flash.stm[STM_PAGE_BYTES]).toBe(0x44);
  });

  it('takes no report while it programs a page, and acknowledges each page', () => {
    const s = stock();
    s.send(block(BootloaderCommand.resetPages));
    for (let i = 0; i < 16; i++) s.send(data(0x55));
    // The next report waits out the erase and programming of the page.
    const waited = s.send(data(0x66));
    expect(waited).toBeGreaterThanOrEqual(PAGE_MS - 2);
    expect(s.replies().filter((r) => r[7] === BootloaderCommand.pageDone)).toHaveLength(1);
  });

  it('reboots only on a reboot command at a page boundary', () => {
    const s = stock();
    s.send(data(0x77));
    s.send(block(BootloaderCommand.reboot));
    s.settle();
    expect(s.reboots()).toBe(0);
    for (let i = 0; i < 14; i++) s.send(data(0x77));
    s.settle();
    s.send(block(BootloaderCommand.reboot));
    s.settle();
    expect(s.reboots()).toBe(1);
  });

  it('starts an application whose first word points into SRAM, as upstream checks', () => {
    const word = (v: number) => {
      const b = new Uint8Array(4);
      new DataView(b.buffer).setUint32(0, v, true);
      return b;
    };
    expect(stackPointerValid(word(0x20005000))).toBe(true);
    expect(stackPointerValid(word(0x2001fffc))).toBe(true);
    expect(stackPointerValid(word(0xffffffff))).toBe(false);
    expect(stackPointerValid(word(0x4c544442))).toBe(false); // "BTLD"
    expect(stackPointerValid(word(0x00000000))).toBe(false);
  });
});

describe('OUR STM32 bootloader', () => {
  it('answers hello with version 2, its flags, pages and page size; CRC reports carry their page', () => {
    const flash = new SimFlash({ stmPages: 300 });
    const bl = new StmBootloader(flash, () => {});
    bl.receive(block(BootloaderCommand.hello), 0);
    expect(Array.from(bl.nextReport() ?? [])).toEqual([0x47, 0x58, 2, 1, 1, 44, 1, 0]);
    bl.receive(block(BootloaderCommand.readCrcs, [0, 2, 0, 3]), 1);
    const reports = [bl.nextReport(), bl.nextReport(), bl.nextReport()];
    expect(reports.map((r) => [r?.[0], r?.[1], r?.[2], r?.[3]])).toEqual([
      [0x47, 0x43, 0, 2],
      [0x47, 0x43, 0, 3],
      [0x47, 0x43, 0, 4],
    ]);
    const crc = new DataView((reports[0] ?? new Uint8Array(8)).buffer).getUint32(4, true);
    expect(crc).toBe(flash.stmPageCrc(2));
  });
});
