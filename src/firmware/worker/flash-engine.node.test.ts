// The flash engine against the simulated board on virtual time: every path writes what the
// file holds, the board reports the image's version after it restarts, unchanged units are
// skipped, and the stock protocols still work when the board lacks OUR extension.
import { beforeAll, describe, expect, it } from 'vitest';
import { loadTestCore } from '../../core/testing/test-core.node.ts';
import type { WasmCore } from '../../core/wasm-core.ts';
import { BoardType } from '../../device/device.ts';
import { STM_PAGE_BYTES } from '../../virtual-board/firmware/sim-flash.ts';
import { crc32 } from '../image/crc32.ts';
import { IdentityBoard, IdentityChip, writeIdentity } from '../image/firmware-id.ts';
import { espImage, FlashHarness, legacyHex, stmImage } from '../testing/flash-harness.ts';

let core: WasmCore;
beforeAll(async () => {
  core = await loadTestCore();
});

const gogo6 = () => new FlashHarness(core, { config: { boardType: BoardType.v6 } });

describe('STM32 path', () => {
  it('writes every page, verifies, and the board reports the new STM firmware', async () => {
    const h = gogo6();
    await h.vb.idle(50);
    const image = stmImage();
    const out = await h.flash({ chip: 'stm', plan: h.plan(image, 'bin', 'stm') });
    expect(out.ok && out.result).toMatchObject({
      upToDate: false,
      extension: true,
      unitsWritten: 24,
      verified: true,
    });
    expect(h.vb.device.flash.stm.subarray(0, image.length)).toEqual(image);
    await h.vb.idle(400);
    expect(h.vb.device.identity).toBe('app');
    expect(h.versions().stm).toBe(11);
    const stages = [...new Set(h.progress.map((p) => p.stage))];
    expect(stages).toEqual([
      'connecting',
      'checking',
      'entering-bootloader',
      'writing',
      'verifying',
      'rebooting',
      'done',
    ]);
    expect(h.progress.at(-1)?.percent).toBe(100);
  });

  it('flashes at the flash-bound floor: one page in flight while the previous programs', async () => {
    const h = gogo6();
    await h.vb.idle(50);
    const out = await h.flash({
      chip: 'stm',
      plan: h.plan(stmImage({ bytes: 64 * 1024 }), 'bin', 'stm'),
    });
    if (!out.ok) throw out.error;
    const floor = 64 * (20 + 27); // erase + program per 1 KiB page
    expect(out.result.flashMs).toBeGreaterThanOrEqual(floor);
    expect(out.result.flashMs / floor).toBeLessThanOrEqual(1.1);
  });

  it('ends at once, verified, when the board already holds the image', async () => {
    const h = gogo6();
    await h.vb.idle(50);
    const plan = h.plan(stmImage(), 'bin', 'stm');
    const full = await h.flash({ chip: 'stm', plan });
    await h.vb.idle(400);
    const enumeratedAs = new Set<string | null>();
    h.vb.onFrame = (vb) => enumeratedAs.add(vb.device.identity);
    const again = await h.flash({ chip: 'stm', plan });
    if (!full.ok || !again.ok) throw new Error('flash failed');
    expect(again.result).toMatchObject({ upToDate: true, unitsWritten: 0, verified: true });
    expect(again.result.totalMs).toBeLessThanOrEqual(0.05 * full.result.totalMs);
    // The board was never taken into its bootloader.
    expect([...enumeratedAs]).toEqual(['app']);
  });

  it('writes only the page that changed', async () => {
    const h = gogo6();
    await h.vb.idle(50);
    const image = stmImage();
    await h.flash({ chip: 'stm', plan: h.plan(image, 'bin', 'stm') });
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
    const out = await h.flash({ chip: 'stm', plan: h.plan(changed, 'bin', 'stm') });
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
    const out = await h.flash({ chip: 'stm', plan: h.plan(stmImage(), 'bin', 'stm') });
    expect(out.ok && out.result.verified).toBe(true);
    await h.vb.idle(400);
    expect(h.vb.device.identity).toBe('app');
  });

  it('uses the stock protocol with a stock bootloader: in order, page then reply', async () => {
    const h = new FlashHarness(core, {
      config: { boardType: BoardType.v6 },
      device: { faults: { noExtension: true } },
    });
    await h.vb.idle(50);
    const image = stmImage();
    const out = await h.flash({ chip: 'stm', plan: h.plan(image, 'bin', 'stm') });
    if (!out.ok) throw out.error;
    expect(out.result).toMatchObject({ extension: false, unitsWritten: 24, verified: null });
    // Transfer (16 reports) and programming (47 ms) no longer overlap.
    expect(out.result.flashMs).toBeGreaterThanOrEqual(24 * (16 + 47));
    await h.vb.idle(400);
    expect(h.versions().stm).toBe(11);
  });

  it('refuses an image larger than the board flash', async () => {
    const h = new FlashHarness(core, {
      config: { boardType: BoardType.v6 },
      device: { flash: { stmPages: 16 } },
    });
    await h.vb.idle(50);
    const out = await h.flash({ chip: 'stm', plan: h.plan(stmImage(), 'bin', 'stm') });
    expect(!out.ok && out.error.code).toBe('image-too-large');
  });
});

describe('ESP32 path', () => {
  it('streams the header and sectors, and the board reports the new firmware', async () => {
    const h = gogo6();
    await h.vb.idle(50);
    const image = espImage();
    const out = await h.flash({ chip: 'esp', plan: h.plan(image, 'bin', 'esp') });
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
    const plan = h.plan(espImage({ bytes: 128 * 1024 }), 'bin', 'esp');
    const out = await h.flash({ chip: 'esp', plan });
    if (!out.ok) throw out.error;
    const floor = plan.reports.byteLength / plan.reportBytes; // one report per 1 ms frame
    expect(out.result.flashMs / floor).toBeLessThanOrEqual(1.1);
  });

  it('leaves the board alone when it already runs the image', async () => {
    const h = gogo6();
    await h.vb.idle(50);
    const plan = h.plan(espImage(), 'bin', 'esp');
    await h.flash({ chip: 'esp', plan });
    const again = await h.flash({ chip: 'esp', plan });
    expect(again.ok && again.result).toMatchObject({ upToDate: true, verified: true });
  });

  it('uses the stock protocol on stock firmware and does not wait for the last sector', async () => {
    const h = new FlashHarness(core, {
      config: { boardType: BoardType.v6 },
      device: { faults: { noExtension: true } },
    });
    await h.vb.idle(50);
    const out = await h.flash({ chip: 'esp', plan: h.plan(espImage(), 'bin', 'esp') });
    expect(out.ok && out.result).toMatchObject({ extension: false, verified: null });
    expect(h.versions().firmware).toBe(43);
  });
});

describe('legacy path', () => {
  it('downloads the bootloader, reboots, waits for the board, downloads the firmware', async () => {
    const h = new FlashHarness(core, { config: { boardType: BoardType.fifth } });
    await h.vb.idle(50);
    const hex = legacyHex(43);
    const out = await h.flash({
      chip: 'legacy',
      plan: h.plan(hex.firmware, 'hex', 'legacy'),
      bootloaderPlan: h.plan(hex.bootloader, 'hex', 'legacy'),
      expectedVersion: 43,
    });
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
    const hex = legacyHex(43);
    // The cable is pulled while the board reboots, and stays out.
    h.vb.onFrame = (vb) => {
      if (vb.device.identity === null && vb.device.isPowered) vb.unplug();
    };
    const out = await h.flash({
      chip: 'legacy',
      plan: h.plan(hex.firmware, 'hex', 'legacy'),
      bootloaderPlan: null,
    });
    expect(!out.ok && out.error.code).toBe('timeout');
  });
});
