// The flash engine against the simulated board on virtual time: every path writes what the
// file holds, the board reports the image's version after it restarts, unchanged units are
// skipped, the stock protocols still work against a bootloader as strict as the real one,
// page 0 is written last, and a file that does not fit the board is refused before
// anything is written.
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { loadTestCore } from '../../core/testing/test-core.node.ts';
import type { WasmCore } from '../../core/wasm-core.ts';
import { BoardType } from '../../device/device.ts';
import type { DeviceFaults } from '../../virtual-board/firmware/simulated-device.ts';
import { stackPointerValid, STM_PAGE_BYTES } from '../../virtual-board/firmware/sim-flash.ts';
import { crc32 } from '../../virtual-board/firmware/identity/crc32.ts';
import {
  IdentityBoard,
  IdentityChip,
  writeIdentity,
} from '../../virtual-board/firmware/identity/firmware-id.ts';
import { buildTestImage, toIntelHex } from '../../virtual-board/firmware/identity/test-images.ts';
import {
  espImage,
  FlashHarness,
  legacyHex,
  stmImage,
} from '../../virtual-board/testing/flash-harness.ts';
import type { VirtualBoard } from '../../virtual-board/testing/virtual-board.ts';

// The cases run the virtual board's frames on virtual time, so only the CPU bounds them: on
// a loaded 2-core machine (CI runs four lanes at once) a refusal case took 20-37 s. The limit
// only guards against a hang.
vi.setConfig({ testTimeout: 120_000 });

let core: WasmCore;
beforeAll(async () => {
  core = await loadTestCore();
});

const gogo6 = (
  device: { faults?: DeviceFaults; flash?: { stmPages?: number; espCapacity?: number } } = {},
) => new FlashHarness(core, { config: { boardType: BoardType.v6 }, device });

const page = (flash: Uint8Array, k: number) =>
  flash.subarray(k * STM_PAGE_BYTES, (k + 1) * STM_PAGE_BYTES);

/**
 * Watches an STM32 update frame by frame: the new page 0 must only ever sit in the flash
 * next to every other new page, and between the first page written and the last, a power
 * cut must find a stack pointer no bootloader starts.
 */
function watchPageZero(vb: VirtualBoard, image: Uint8Array): { erasedWhileWriting: boolean } {
  const seen = { erasedWhileWriting: false };
  const pages = Math.ceil(image.length / STM_PAGE_BYTES);
  const newPageZero = image.subarray(0, STM_PAGE_BYTES);
  vb.onFrame = (board) => {
    const flash = board.device.flash.stm;
    const s = board.device.state();
    if (s.stm.pagesWritten > 0 && !stackPointerValid(flash)) seen.erasedWhileWriting = true;
    if (crc32(page(flash, 0)) !== crc32(newPageZero)) return;
    for (let k = 1; k < pages; k++) {
      const want = image.subarray(k * STM_PAGE_BYTES, (k + 1) * STM_PAGE_BYTES);
      expect(crc32(page(flash, k).subarray(0, want.length)), `page ${k}`).toBe(crc32(want));
    }
  };
  return seen;
}

describe('STM32 path', () => {
  it('writes every page, page 0 last, verifies, and the board reports the new STM firmware', async () => {
    const h = gogo6();
    await h.vb.idle(50);
    const image = stmImage();
    const watch = watchPageZero(h.vb, image);
    const out = await h.flash(h.job('stm', image));
    expect(out.ok && out.result).toMatchObject({
      upToDate: false,
      extension: true,
      unitsWritten: 24,
      verified: true,
    });
    expect(watch.erasedWhileWriting).toBe(true);
    expect(h.vb.device.flash.stm.subarray(0, image.length)).toEqual(image);
    h.vb.onFrame = null;
    await h.vb.idle(400);
    expect(h.vb.device.identity).toBe('app');
    expect(h.versions().stm).toBe(11);
    // Read back from the running application: the version the file says.
    expect(out.ok && out.result.firmware).toEqual({ version: 11, semver: '1.0.1' });
    const stages = [...new Set(h.progress.map((p) => p.stage))];
    expect(stages).toEqual([
      'connecting',
      'checking',
      'entering-bootloader',
      'writing',
      'verifying',
      'rebooting',
      'waiting-board',
      'done',
    ]);
    expect(h.progress.at(-1)?.percent).toBe(100);
  });

  it('is an error, not a success, when the board still runs its old firmware afterwards', async () => {
    // A stock bootloader acknowledges every page of write-protected flash: nothing said it
    // failed until the running version was read back.
    const h = gogo6({ faults: { noExtension: true, stm: { writeProtected: true } } });
    await h.vb.idle(50);
    const out = await h.flash(h.job('stm', stmImage()));
    expect(out.ok).toBe(false);
    if (out.ok) return;
    expect(out.error.code).toBe('version-mismatch');
    // Stock firmware says only its version byte: both versions are given that way.
    expect(out.error.detail).toEqual({ expected: '11', reported: '10' });
    expect(h.versions().stm).toBe(10);
  });

  it('with OUR bootloader, the CRCs read back catch write-protected flash first', async () => {
    const h = gogo6({ faults: { stm: { writeProtected: true } } });
    await h.vb.idle(50);
    // OUR bootloader's read-back fails first: the CRCs are those of the old pages.
    const out = await h.flash(h.job('stm', stmImage()));
    expect(!out.ok && out.error.code).toBe('verify-failed');
  });

  it('flashes at the flash-bound floor: one page in flight while the previous programs', async () => {
    const h = gogo6();
    await h.vb.idle(50);
    const out = await h.flash(h.job('stm', stmImage({ bytes: 64 * 1024 })));
    if (!out.ok) throw out.error;
    const floor = 64 * (20 + 27); // erase + program per 1 KiB page
    expect(out.result.flashMs).toBeGreaterThanOrEqual(floor);
    expect(out.result.flashMs / floor).toBeLessThanOrEqual(1.1);
  });

  it('reads the hello flags: a bootloader with one page buffer gets one page at a time', async () => {
    const h = gogo6({ faults: { stm: { singleBuffer: true } } });
    await h.vb.idle(50);
    const image = stmImage({ bytes: 32 * 1024 });
    const out = await h.flash(h.job('stm', image));
    if (!out.ok) throw out.error;
    expect(out.result).toMatchObject({ extension: true, verified: true, unitsWritten: 32 });
    // Transfer (16 reports) and programming (47 ms) cannot overlap.
    expect(out.result.flashMs).toBeGreaterThanOrEqual(32 * (16 + 47));
    expect(h.vb.device.flash.stm.subarray(0, image.length)).toEqual(image);
  });

  it('reads the hello page size: other than 1 KiB, it writes the stock way and still fits', async () => {
    const h = gogo6({ faults: { stm: { helloKibPerPage: 2 } } });
    await h.vb.idle(50);
    const image = stmImage();
    const out = await h.flash(h.job('stm', image));
    if (!out.ok) throw out.error;
    expect(out.result).toMatchObject({ verified: null, unitsWritten: 24 });
    expect(h.vb.device.flash.stm.subarray(0, image.length)).toEqual(image);
  });

  it('keeps the CRC list in order when a CRC reads "GX" (reports are tagged with their page)', async () => {
    const image = stmImage({ bytes: 8 * 1024 });
    // Page 5 gets a CRC whose first two bytes (little-endian) are 'G', 'X'.
    const at = 5 * STM_PAGE_BYTES + 1000;
    for (let n = 0; ; n++) {
      image[at] = n & 0xff;
      image[at + 1] = (n >> 8) & 0xff;
      const crc = crc32(image, 5 * STM_PAGE_BYTES, 6 * STM_PAGE_BYTES);
      if ((crc & 0xffff) === 0x5847) break;
    }
    writeIdentity(image, {
      chip: IdentityChip.stm,
      boardType: IdentityBoard.gogo6,
      version: 11,
      semver: '1.0.1',
      test: true,
    });
    const h = gogo6();
    // The board starts in its bootloader, so the CRCs come from the bootloader's reports.
    h.vb.device.flash.stm.fill(0xff, 0, STM_PAGE_BYTES);
    h.vb.unplug();
    h.vb.plug();
    const out = await h.flash(h.job('stm', image));
    if (!out.ok) throw out.error;
    expect(out.result.verified).toBe(true);
    await h.vb.idle(400);
    // Read again from the bootloader: every page equal, nothing written.
    h.vb.device.flash.stm.set(image);
    const again = await h.flash(h.job('stm', image));
    expect(again.ok && again.result).toMatchObject({ upToDate: true, unitsWritten: 0 });
  });

  it('ends at once, verified, when the board already holds the image', async () => {
    const h = gogo6();
    await h.vb.idle(50);
    const job = h.job('stm', stmImage());
    const full = await h.flash(job);
    await h.vb.idle(400);
    const enumeratedAs = new Set<string | null>();
    h.vb.onFrame = (vb) => enumeratedAs.add(vb.device.identity);
    const again = await h.flash(job);
    if (!full.ok || !again.ok) throw new Error('flash failed');
    expect(again.result).toMatchObject({ upToDate: true, unitsWritten: 0, verified: true });
    expect(again.result.totalMs).toBeLessThanOrEqual(0.05 * full.result.totalMs);
    // The board was never taken into its bootloader.
    expect([...enumeratedAs]).toEqual(['app']);
  });

  it('writes only the page that changed, and page 0 (its identity CRC) last', async () => {
    const h = gogo6();
    await h.vb.idle(50);
    const image = stmImage();
    await h.flash(h.job('stm', image));
    await h.vb.idle(400);
    const changed = image.slice();
    const at = 17 * STM_PAGE_BYTES + 5;
    changed[at] = (changed[at] ?? 0) ^ 0xff;
    // The identity CRC (page 0) covers the whole image: reseal it as a new build would.
    writeIdentity(changed, {
      chip: IdentityChip.stm,
      boardType: IdentityBoard.gogo6,
      version: 11,
      semver: '1.0.1',
      test: true,
    });
    watchPageZero(h.vb, changed);
    const out = await h.flash(h.job('stm', changed));
    if (!out.ok) throw out.error;
    expect(out.result.unitsWritten).toBe(2);
    expect(out.result.verified).toBe(true);
    expect(crc32(h.vb.device.flash.stm, 0, changed.length)).toBe(crc32(changed));
  });

  it('starts from the bootloader when the board is already in it', async () => {
    const h = gogo6();
    h.vb.device.flash.stm.fill(0xff, 0, STM_PAGE_BYTES);
    h.vb.unplug();
    h.vb.plug();
    expect(h.vb.device.identity).toBe('bootloader');
    const out = await h.flash(h.job('stm', stmImage()));
    expect(out.ok && out.result.verified).toBe(true);
    await h.vb.idle(400);
    expect(h.vb.device.identity).toBe('app');
  });

  it.each([
    ['auto mode (hello unanswered, kept as page data)', 'auto'],
    ['serial mode (no hello)', 'serial'],
  ] as const)(
    'writes the exact image through a stock bootloader in %s, page 0 last',
    async (_label, mode) => {
      const h = gogo6({ faults: { noExtension: true } });
      await h.vb.idle(50);
      const image = stmImage();
      const watch = watchPageZero(h.vb, image);
      const out = await h.flash(h.job('stm', image), mode);
      if (!out.ok) throw out.error;
      expect(out.result).toMatchObject({ extension: false, unitsWritten: 24, verified: null });
      expect(watch.erasedWhileWriting).toBe(true);
      expect(h.vb.device.flash.stm.subarray(0, image.length)).toEqual(image);
      // Transfer (16 reports) and programming (47 ms) no longer overlap.
      expect(out.result.flashMs).toBeGreaterThanOrEqual(24 * (16 + 47));
      h.vb.onFrame = null;
      await h.vb.idle(400);
      expect(h.vb.device.identity).toBe('app');
      expect(h.versions().stm).toBe(11);
    },
  );

  it('refuses an image larger than the board and restarts its untouched application', async () => {
    const h = gogo6({ flash: { stmPages: 16 } });
    await h.vb.idle(50);
    const before = h.vb.device.flash.stm.slice();
    const out = await h.flash(h.job('stm', stmImage()));
    expect(!out.ok && out.error.code).toBe('image-too-large');
    await h.vb.idle(400);
    expect(h.vb.device.identity).toBe('app');
    expect(h.vb.device.state().stm.pagesWritten).toBe(0);
    expect(h.vb.device.flash.stm).toEqual(before);
    expect(h.versions().stm).toBe(10);
  });
});

describe('ESP32 path', () => {
  it('streams the header and sectors, and the board reports the new firmware', async () => {
    const h = gogo6();
    await h.vb.idle(50);
    const image = espImage();
    const out = await h.flash(h.job('esp', image));
    expect(out.ok && out.result).toMatchObject({
      upToDate: false,
      extension: true,
      verified: true,
    });
    expect(h.vb.device.flash.esp).toEqual(image);
    expect(h.versions().firmware).toBe(43);
  });

  it('runs at the link floor: one sector in flight while the previous programs', async () => {
    const h = gogo6();
    await h.vb.idle(50);
    const job = h.job('esp', espImage({ bytes: 128 * 1024 }));
    const out = await h.flash(job);
    if (!out.ok) throw out.error;
    const floor = job.plan.reports.byteLength / job.plan.reportBytes; // one report per frame
    expect(out.result.flashMs / floor).toBeLessThanOrEqual(1.1);
  });

  it('leaves the board alone when it already runs the image', async () => {
    const h = gogo6();
    await h.vb.idle(50);
    const job = h.job('esp', espImage());
    await h.flash(job);
    const again = await h.flash(job);
    expect(again.ok && again.result).toMatchObject({ upToDate: true, verified: true });
  });

  it('refuses an image larger than the partition the board reports, before receive mode', async () => {
    const h = gogo6({ flash: { espCapacity: 16 * 1024 } });
    await h.vb.idle(50);
    const modes = new Set<string>();
    h.vb.onFrame = (vb) => modes.add(vb.device.state().mode);
    const out = await h.flash(h.job('esp', espImage()));
    expect(!out.ok && out.error.code).toBe('image-too-large');
    expect(modes.has('esp-receive')).toBe(false);
    expect(h.versions().firmware).toBe(42);
  });

  it('uses the stock protocol on stock firmware and does not wait for the last sector', async () => {
    const h = gogo6({ faults: { noExtension: true } });
    await h.vb.idle(50);
    const out = await h.flash(h.job('esp', espImage()));
    expect(out.ok && out.result).toMatchObject({ extension: false, verified: null });
    expect(h.versions().firmware).toBe(43);
  });
});

describe('legacy path', () => {
  it('downloads the bootloader, reboots, waits for the board, downloads the firmware', async () => {
    const h = new FlashHarness(core, { config: { boardType: BoardType.fifth } });
    await h.vb.idle(50);
    const out = await h.flash(h.legacyJob(legacyHex(43), { expectedVersion: 43 }));
    expect(out.ok && out.result.verified).toBe(true);
    expect(h.versions().firmware).toBe(43);
    expect(h.vb.device.state().legacy).toMatchObject({ firmware: 43, bootloader: 2 });
    // The spec's stages, in order, on the spec's percentages.
    const at = (stage: string) => h.progress.filter((p) => p.stage === stage).map((p) => p.percent);
    expect(Math.max(...at('writing').filter((p) => p <= 40))).toBe(40);
    expect(at('waiting-board')).toEqual(expect.arrayContaining([40, 42, 45, 50, 100]));
    expect(at('rebooting')).toEqual([42, 95]);
    const percents = h.progress.map((p) => p.percent);
    expect(percents).toEqual([...percents].sort((a, b) => a - b));
  });

  it("times out with 'Timeout' when the board never comes back", async () => {
    const h = new FlashHarness(core, { config: { boardType: BoardType.fifth } });
    await h.vb.idle(50);
    // The cable is pulled while the board reboots, and stays out.
    h.vb.onFrame = (vb) => {
      if (vb.device.identity === null && vb.device.isPowered) vb.unplug();
    };
    const out = await h.flash(h.legacyJob({ bootloader: null, firmware: legacyHex(43).firmware }));
    expect(!out.ok && out.error.code).toBe('timeout');
  });
});

describe('a file that does not fit is refused before anything is written', () => {
  /** The board's flash and what it reports, to compare after a refusal. */
  const snapshot = (h: FlashHarness) => ({
    stm: h.vb.device.flash.stm.slice(),
    esp: h.vb.device.flash.esp.slice(),
    legacy: h.vb.device.flash.legacy.slice(),
    versions: h.versions(),
  });

  async function refused(
    h: FlashHarness,
    job: Parameters<FlashHarness['flash']>[0],
  ): Promise<{ code: string; detail?: { imageBoard?: number; board?: number } }> {
    await h.vb.idle(50);
    const before = snapshot(h);
    const modes = new Set<string>();
    h.vb.onFrame = (vb) => modes.add(vb.device.state().mode);
    const out = await h.flash(job);
    h.vb.onFrame = null;
    if (out.ok) throw new Error('the file was written');
    await h.vb.idle(400);
    expect(snapshot(h)).toEqual(before);
    // The board stayed in its application the whole time (if the engine got to it at all).
    expect([...modes].filter((m) => m !== 'app')).toEqual([]);
    return { code: out.error.code, ...(out.error.detail ? { detail: out.error.detail } : {}) };
  }

  it.each([
    ['the STM32', 'stm'],
    ['the ESP32', 'esp'],
  ] as const)('a TEST image for %s of a real board', async (_label, chip) => {
    const h = gogo6();
    const image = chip === 'stm' ? stmImage() : espImage();
    const r = await refused(h, h.job(chip, image, { realBoard: true }));
    expect(r.code).toBe('image-test-only');
  });

  it('a TEST image for a real legacy board', async () => {
    const h = new FlashHarness(core, { config: { boardType: BoardType.fifth } });
    const r = await refused(h, h.legacyJob(legacyHex(43), { realBoard: true }));
    expect(r.code).toBe('image-test-only');
  });

  it('the GoGo 4 firmware on a Pi-topping, naming both boards', async () => {
    const h = new FlashHarness(core, { config: { boardType: BoardType.fifth } });
    const r = await refused(h, h.legacyJob(legacyHex(111, IdentityBoard.gogo4)));
    expect(r).toEqual({
      code: 'image-wrong-board',
      detail: { imageBoard: BoardType.original, board: BoardType.fifth },
    });
  });

  it('the GoGo 4 firmware written to the ESP32 of a GoGo 6', async () => {
    const h = gogo6();
    const hex = legacyHex(111, IdentityBoard.gogo4).firmware;
    const bin = new Uint8Array(hex.length);
    bin.set(hex);
    const r = await refused(h, h.job('esp', bin, { name: 'gogo40.v111.bin' }));
    expect(r.code).toBe('image-wrong-board');
  });

  it('a GoGo 7 (ESP32-S3) image on the ESP32 of a GoGo 6', async () => {
    const h = gogo6();
    const image = espImage({ noIdentity: true });
    new DataView(image.buffer).setUint16(12, 9, true);
    const r = await refused(h, h.job('esp', image));
    expect(r).toMatchObject({ code: 'image-wrong-board', detail: { imageBoard: 6 } });
  });

  it('an STM32 image named for the ESP32', async () => {
    const h = gogo6();
    const r = await refused(h, h.job('esp', stmImage(), { name: 'gogo-esp-2.0.0.bin' }));
    expect(r.code).toBe('image-wrong-chip');
  });

  it('a damaged (truncated) image', async () => {
    const h = gogo6();
    const r = await refused(h, h.job('stm', stmImage().subarray(0, 20 * 1024)));
    expect(r.code).toBe('image-damaged');
  });

  it('a legacy firmware that would rewrite the bootloader', async () => {
    const h = new FlashHarness(core, { config: { boardType: BoardType.fifth } });
    const firmware = buildTestImage({
      chip: IdentityChip.legacy,
      version: 43,
      semver: '43',
      bytes: 6 * 1024,
    });
    const hex = new TextEncoder().encode(toIntelHex(firmware, 0x0400));
    const r = await refused(h, h.legacyJob({ bootloader: null, firmware: hex }));
    expect(r.code).toBe('image-overwrites-bootloader');
  });

  it('accepts a vendor-shaped image without an identity block on a real board', async () => {
    const h = gogo6();
    await h.vb.idle(50);
    const image = stmImage({ noIdentity: true });
    const out = await h.flash(h.job('stm', image, { realBoard: true }));
    expect(out.ok && out.result.verified).toBe(true);
  });
});
