// Fault injection: the cable pulled at every phase of an update, lost and corrupted
// acknowledgements, a bootloader that never appears. Each attempt must end in its spec
// error, the board must still start (the application, or its bootloader) after a power
// cycle, and a retry from the same file must complete and verify.
import { beforeAll, describe, expect, it } from 'vitest';
import { loadTestCore } from '../../core/testing/test-core.node.ts';
import type { WasmCore } from '../../core/wasm-core.ts';
import { BoardType } from '../../device/device.ts';
import type { DeviceFaults } from '../../virtual-board/firmware/simulated-device.ts';
import type { FlashJob } from './flash-engine.ts';
import type { FlashErrorCode } from './flash-error.ts';
import { espImage, FlashHarness, legacyHex, stmImage } from '../testing/flash-harness.ts';
import type { VirtualBoard } from '../testing/virtual-board.ts';

let core: WasmCore;
beforeAll(async () => {
  core = await loadTestCore();
});

const isPageAck = (r: Uint8Array) => r.length === 8 && r[6] === 0x44 && r[7] === 2;

interface Scenario {
  name: string;
  /** Called after every frame of the first attempt; returns true once it acted. */
  trigger?: (vb: VirtualBoard, reports: Uint8Array[]) => boolean;
  faults?: DeviceFaults;
  expected: FlashErrorCode[];
}

/** Pulls the cable once `when` holds (once per attempt). */
function unplugWhen(when: (vb: VirtualBoard, reports: Uint8Array[]) => boolean) {
  return (vb: VirtualBoard, reports: Uint8Array[]) => {
    if (!when(vb, reports)) return false;
    vb.unplug();
    return true;
  };
}

let acks = 0;
const stmScenarios: Scenario[] = [
  {
    name: 'unplugged before the bootloader appears',
    trigger: unplugWhen((vb) => vb.device.state().mode === 'off-bus'),
    expected: ['stm-bootloader-timeout'],
  },
  {
    name: 'unplugged in the middle of a page',
    trigger: unplugWhen((vb) => {
      const s = vb.device.state();
      return s.mode === 'bootloader' && s.stm.pagesWritten >= 5 && s.stm.receiving === 512;
    }),
    expected: ['disconnected', 'stm-write-failed'],
  },
  {
    name: 'unplugged between pages',
    trigger: unplugWhen((_vb, reports) => reports.some(isPageAck) && ++acks === 9),
    expected: ['disconnected', 'stm-write-failed'],
  },
  {
    name: 'unplugged after the last page, before the reboot command',
    trigger: unplugWhen((vb) => vb.device.state().stm.pagesWritten === 24 && vb.link.backlog === 0),
    expected: ['disconnected', 'stm-write-failed'],
  },
  {
    name: 'a lost acknowledgement',
    faults: { stm: { dropAcks: [7] } },
    expected: ['stm-response-timeout'],
  },
  {
    name: 'a corrupted acknowledgement',
    faults: { stm: { corruptAcks: [4] } },
    expected: ['stm-response-timeout'],
  },
  {
    name: 'a bootloader that never appears',
    faults: { bootloaderNeverAppears: true },
    expected: ['stm-bootloader-timeout'],
  },
];

/** Power-cycles the board and checks it starts as something that can be flashed. */
async function powerCycle(vb: VirtualBoard): Promise<void> {
  vb.unplug();
  vb.plug();
  await vb.idle(400);
  expect(['app', 'bootloader']).toContain(vb.device.identity);
}

async function failThenRetry(h: FlashHarness, job: FlashJob, s: Scenario) {
  await h.vb.idle(50);
  h.vb.device.faults = s.faults ?? {};
  acks = 0;
  let acted = false;
  h.vb.onFrame = (vb, reports) => {
    if (!acted && s.trigger) acted = s.trigger(vb, reports);
  };
  const first = await h.flash(job);
  expect(first.ok).toBe(false);
  if (first.ok) return;
  expect(s.expected).toContain(first.error.code);
  // The spec's percentages never run backwards, and the failed attempt reports no success.
  expect(h.progress.some((p) => p.stage === 'done')).toBe(false);

  h.vb.onFrame = null;
  h.vb.device.faults = {};
  if (!h.vb.device.isPowered) h.vb.plug();
  await powerCycle(h.vb);

  const retry = await h.flash(job);
  if (!retry.ok) throw retry.error;
  expect(retry.result.verified).toBe(true);
}

describe('STM32 update faults', () => {
  it.each(stmScenarios)('$name: spec error, then a retry completes', async (s) => {
    const h = new FlashHarness(core, { config: { boardType: BoardType.v6 } });
    const image = stmImage();
    await failThenRetry(h, { chip: 'stm', plan: h.plan(image, 'bin', 'stm') }, s);
    await h.vb.idle(400);
    expect(h.vb.device.identity).toBe('app');
    expect(h.versions().stm).toBe(11);
    expect(h.vb.device.flash.stm.subarray(0, image.length)).toEqual(image);
  });

  it('leaves a board whose flash was cut mid-update in its bootloader, ready for a retry', async () => {
    const h = new FlashHarness(core, { config: { boardType: BoardType.v6 } });
    await h.vb.idle(50);
    h.vb.onFrame = unplugWhen((vb) => vb.device.state().stm.pagesWritten === 10);
    const first = await h.flash({ chip: 'stm', plan: h.plan(stmImage(), 'bin', 'stm') });
    expect(first.ok).toBe(false);
    h.vb.onFrame = null;
    h.vb.plug();
    await h.vb.idle(100);
    expect(h.vb.device.identity).toBe('bootloader');
    expect(h.vb.device.state().stm.bootable).toBe(false);
  });
});

describe('ESP32 update faults', () => {
  // With a lost or corrupted acknowledgement every byte still arrives, so the board may
  // already run the new firmware when the engine gives up; an unplug always keeps the old.
  const espScenarios: (Scenario & { keepsOld: boolean })[] = [
    {
      name: 'unplugged in the middle of a sector',
      trigger: unplugWhen((vb) => {
        const s = vb.device.state();
        return s.mode === 'esp-receive' && s.esp.received > 10_000;
      }),
      expected: ['disconnected', 'esp-write-failed'],
      keepsOld: true,
    },
    {
      name: 'unplugged right after the receive command',
      trigger: unplugWhen((vb) => vb.device.state().mode === 'esp-receive'),
      expected: ['disconnected', 'esp-write-failed'],
      keepsOld: true,
    },
    {
      name: 'a lost acknowledgement',
      faults: { esp: { dropAcks: [2] } },
      expected: ['esp-response-timeout'],
      keepsOld: false,
    },
    {
      name: 'a corrupted acknowledgement',
      faults: { esp: { corruptAcks: [3] } },
      expected: ['esp-response-timeout'],
      keepsOld: false,
    },
  ];

  it.each(espScenarios)('$name: spec error, the board still runs, a retry completes', async (s) => {
    const h = new FlashHarness(core, { config: { boardType: BoardType.v6 } });
    const image = espImage();
    const job: FlashJob = { chip: 'esp', plan: h.plan(image, 'bin', 'esp') };
    await h.vb.idle(50);
    h.vb.device.faults = s.faults ?? {};
    let acted = false;
    h.vb.onFrame = (vb, reports) => {
      if (!acted && s.trigger) acted = s.trigger(vb, reports);
    };
    const first = await h.flash(job);
    expect(!first.ok && s.expected).toContain(!first.ok && first.error.code);
    h.vb.onFrame = null;
    h.vb.device.faults = {};
    if (!h.vb.device.isPowered) h.vb.plug();
    await powerCycle(h.vb);
    // An interrupted update wrote a spare partition: the board still runs the old firmware.
    if (s.keepsOld) expect(h.versions().firmware).toBe(42);
    const retry = await h.flash(job);
    if (!retry.ok) throw retry.error;
    expect(retry.result.verified).toBe(true);
    expect(h.versions().firmware).toBe(43);
  });
});

describe('legacy update faults', () => {
  it('unplugged mid-download: the board starts its bootloader and a retry installs v43', async () => {
    const h = new FlashHarness(core, { config: { boardType: BoardType.fifth } });
    await h.vb.idle(50);
    const hex = legacyHex(43);
    const job: FlashJob = {
      chip: 'legacy',
      plan: h.plan(hex.firmware, 'hex', 'legacy'),
      bootloaderPlan: h.plan(hex.bootloader, 'hex', 'legacy'),
      expectedVersion: 43,
    };
    h.vb.onFrame = unplugWhen((vb) => vb.device.state().legacy.bytesWritten > 4000);
    const first = await h.flash(job);
    expect(!first.ok && first.error.code).toMatch(/disconnected|legacy-write-failed/);
    h.vb.onFrame = null;
    h.vb.plug();
    await h.vb.idle(100);
    // The firmware is half written: the board runs its bootloader, which reports 0.
    expect(h.vb.device.identity).toBe('app');
    expect(h.versions().firmware).toBe(0);
    const retry = await h.flash(job);
    expect(retry.ok && retry.result.verified).toBe(true);
    expect(h.versions().firmware).toBe(43);
    // The staged bootloader was installed whole or not at all.
    expect([1, 2]).toContain(h.vb.device.state().legacy.bootloader);
  });
});
