// The fault matrix: at every phase of an update, on the STM32 (OUR bootloader and a stock
// one), the ESP32 and a legacy board, the USB cable is pulled from a board that keeps its
// power, or the power goes (a bus-powered board unplugged). Each attempt must end in its
// spec error; afterwards the board must start its bootloader or a complete application,
// never a partial one; and a retry from the same file must complete (and verify where the
// board can be read back). Lost and corrupted acknowledgements and a bootloader that never
// appears are injected too.
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { loadTestCore } from '../../core/testing/test-core.node.ts';
import type { WasmCore } from '../../core/wasm-core.ts';
import { BoardType } from '../../device/device.ts';
import type { DeviceFaults } from '../../virtual-board/firmware/simulated-device.ts';
import { stackPointerValid, STM_PAGE_BYTES } from '../../virtual-board/firmware/sim-flash.ts';
import { IdentityChip, isComplete } from '../../virtual-board/firmware/identity/firmware-id.ts';
import {
  espImage,
  FlashHarness,
  legacyHex,
  stmImage,
} from '../../virtual-board/testing/flash-harness.ts';
import type { VirtualBoard } from '../../virtual-board/testing/virtual-board.ts';
import type { FlashJob } from './flash-engine.ts';
import type { FlashErrorCode } from './flash-error.ts';

// Each case runs two whole updates on virtual time, so only the CPU bounds it: on a loaded
// 2-core machine one case takes 20 s or more. The limit only guards against a hang.
vi.setConfig({ testTimeout: 120_000 });

let core: WasmCore;
beforeAll(async () => {
  core = await loadTestCore();
});

type Cut = 'power' | 'usb';

/** What one attempt went through so far (updated every frame). */
interface Track {
  frames: number;
  /** Frames spent in the bootloader. */
  bootloaderFrames: number;
  /** Pages programmed, in order (a page counts once per programming). */
  programmed: number[];
  lastProgramming: number | null;
  offBus: number;
  espAcks: number;
  sawReceive: boolean;
}

interface Phase {
  name: string;
  when: (vb: VirtualBoard, t: Track, reports: Uint8Array[]) => boolean;
  expected: FlashErrorCode[];
}

const lost: FlashErrorCode[] = ['disconnected', 'stm-write-failed'];

function newTrack(): Track {
  return {
    frames: 0,
    bootloaderFrames: 0,
    programmed: [],
    lastProgramming: null,
    offBus: 0,
    espAcks: 0,
    sawReceive: false,
  };
}

function update(t: Track, vb: VirtualBoard, reports: Uint8Array[]): void {
  const s = vb.device.state();
  t.frames++;
  if (s.mode === 'bootloader') t.bootloaderFrames++;
  if (s.stm.programming !== null && s.stm.programming !== t.lastProgramming) {
    t.programmed.push(s.stm.programming);
  }
  t.lastProgramming = s.stm.programming;
  if (s.mode === 'off-bus') t.offBus++;
  if (s.mode === 'esp-receive') t.sawReceive = true;
  t.espAcks += reports.filter((r) => r[0] === 20 && r[2] === 201 && r[3] === 1).length;
}

const isPageAck = (r: Uint8Array) => r.length === 8 && r[6] === 0x44 && r[7] === 2;

/** Page 0 came first (erased), then other pages: page 0 again is the last write. */
const pageZeroLast = (t: Track) => t.programmed.length > 1 && t.programmed.at(-1) === 0;

const stmPhases: Phase[] = [
  { name: 'while it checks the board', when: (_vb, t) => t.frames === 40, expected: lost },
  {
    name: 'while the board restarts into its bootloader',
    when: (vb) => vb.device.state().mode === 'off-bus',
    expected: ['stm-bootloader-timeout', 'disconnected'],
  },
  {
    name: 'as the bootloader appears',
    when: (_vb, t) => t.bootloaderFrames === 3,
    // Cut before the engine opened it, the bootloader never shows up for it.
    expected: [...lost, 'stm-bootloader-timeout'],
  },
  {
    name: 'while page 0 is erased first',
    when: (vb, t) => t.programmed.length === 1 && vb.device.state().stm.programming === 0,
    expected: lost,
  },
  {
    name: 'in the middle of a page',
    when: (vb, t) => t.programmed.length >= 6 && vb.device.state().stm.receiving === 512,
    expected: lost,
  },
  {
    name: 'while a page is programmed',
    when: (vb, t) => t.programmed.length === 9 && vb.device.state().stm.programming !== null,
    expected: lost,
  },
  {
    name: 'as a page is acknowledged',
    when: (_vb, t, reports) => t.programmed.length === 12 && reports.some(isPageAck),
    expected: lost,
  },
  {
    name: 'while page 0 is sent last',
    when: (vb, t) => t.programmed.length === 24 && vb.device.state().stm.receiving === 512,
    expected: lost,
  },
  {
    name: 'while page 0 is programmed last',
    when: (vb, t) => pageZeroLast(t) && vb.device.state().stm.programming === 0,
    expected: lost,
  },
];

const oursOnly: Phase[] = [
  {
    name: 'while the pages are read back',
    when: (vb, t) =>
      pageZeroLast(t) && t.lastProgramming === null && vb.device.state().mode === 'bootloader',
    expected: lost,
  },
];

/** Cuts the cable (or the power) once `phase` is reached in the first attempt. */
async function cutThenRetry(
  h: FlashHarness,
  job: FlashJob,
  phase: Phase,
  cut: Cut,
): Promise<{ first: FlashErrorCode; afterCut: 'app' | 'bootloader' | null }> {
  await h.vb.idle(50);
  const t = newTrack();
  let acted = false;
  h.vb.onFrame = (vb, reports) => {
    update(t, vb, reports);
    if (acted || !phase.when(vb, t, reports)) return;
    acted = true;
    if (cut === 'power') vb.unplug();
    else vb.detachUsb();
  };
  const first = await h.flash(job);
  h.vb.onFrame = null;
  expect(acted, 'the phase was reached').toBe(true);
  expect(first.ok).toBe(false);
  if (first.ok) throw new Error('unreachable');
  expect(phase.expected).toContain(first.error.code);
  // The spec's percentages never run backwards, and the failed attempt reports no success.
  expect(h.progress.some((p) => p.stage === 'done')).toBe(false);
  if (cut === 'power') h.vb.plug();
  else h.vb.attachUsb();
  await h.vb.idle(400);
  return { first: first.error.code, afterCut: h.vb.device.identity };
}

/** What a board that starts its application holds: a complete image, never part of one. */
function expectNoPartialStmApp(vb: VirtualBoard): void {
  if (vb.device.identity !== 'app') return;
  const flash = vb.device.flash.stm;
  expect(stackPointerValid(flash)).toBe(true);
  expect(isComplete(flash, IdentityChip.stm)).toBe(true);
}

describe.each([
  ['OUR bootloader', {} as DeviceFaults, [...stmPhases, ...oursOnly]],
  ['a stock bootloader', { noExtension: true } as DeviceFaults, stmPhases],
])('STM32 update with %s', (_label, faults, phases) => {
  const stock = faults.noExtension === true;
  describe.each(['usb', 'power'] as Cut[])('cable %s cut', (cut) => {
    it.each(phases)(
      '$name: spec error, a bootable board, and a retry that completes',
      async (phase) => {
        const h = new FlashHarness(core, {
          config: { boardType: BoardType.v6 },
          device: { faults },
        });
        const image = stmImage();
        const job = h.job('stm', image);
        await cutThenRetry(h, job, phase, cut);
        expect(['app', 'bootloader']).toContain(h.vb.device.identity);
        // A stock bootloader checks only the stack pointer: power lost while page 0 itself
        // is programmed leaves half of it, which it starts (the one window that remains).
        const halfPageZero =
          stock && cut === 'power' && phase.name === 'while page 0 is programmed last';
        if (!halfPageZero) expectNoPartialStmApp(h.vb);
        const retry = await h.flash(job);
        if (!retry.ok) throw retry.error;
        expect(retry.result.verified).toBe(stock ? null : true);
        expect(h.vb.device.flash.stm.subarray(0, image.length)).toEqual(image);
        await h.vb.idle(400);
        expect(h.vb.device.identity).toBe('app');
        expect(h.versions().stm).toBe(11);
      },
    );
  });
});

describe('STM32 acknowledgement faults', () => {
  it.each([
    ['a lost acknowledgement', { stm: { dropAcks: [7] } }, 'stm-response-timeout'],
    ['a corrupted acknowledgement', { stm: { corruptAcks: [4] } }, 'stm-response-timeout'],
    ['a bootloader that never appears', { bootloaderNeverAppears: true }, 'stm-bootloader-timeout'],
  ] as [string, DeviceFaults, FlashErrorCode][])(
    '%s: spec error, then a retry after a power cycle completes',
    async (_label, faults, code) => {
      const h = new FlashHarness(core, { config: { boardType: BoardType.v6 } });
      await h.vb.idle(50);
      const image = stmImage();
      const job = h.job('stm', image);
      h.vb.device.faults = faults;
      const first = await h.flash(job);
      expect(!first.ok && first.error.code).toBe(code);
      h.vb.device.faults = {};
      h.vb.unplug();
      h.vb.plug();
      await h.vb.idle(400);
      expectNoPartialStmApp(h.vb);
      const retry = await h.flash(job);
      if (!retry.ok) throw retry.error;
      expect(retry.result.verified).toBe(true);
      await h.vb.idle(400);
      expect(h.versions().stm).toBe(11);
    },
  );

  it('leaves a board whose flash was cut mid-update in its bootloader, page 0 erased', async () => {
    const h = new FlashHarness(core, { config: { boardType: BoardType.v6 } });
    await h.vb.idle(50);
    h.vb.onFrame = (vb) => {
      if (vb.device.state().stm.pagesWritten === 10) vb.unplug();
    };
    const first = await h.flash(h.job('stm', stmImage()));
    expect(first.ok).toBe(false);
    h.vb.onFrame = null;
    h.vb.plug();
    await h.vb.idle(100);
    expect(h.vb.device.identity).toBe('bootloader');
    expect(h.vb.device.state().stm.bootable).toBe(false);
    expect(stackPointerValid(h.vb.device.flash.stm.subarray(0, STM_PAGE_BYTES))).toBe(false);
  });
});

describe.each(['usb', 'power'] as Cut[])('ESP32 update, cable %s cut', (cut) => {
  const lostEsp: FlashErrorCode[] = ['disconnected', 'esp-write-failed', 'esp-response-timeout'];
  // The ESP32 keeps its running firmware until every byte arrived (a spare partition).
  const phases: (Phase & { runs: (cut: Cut) => number })[] = [
    {
      name: 'while it checks the board',
      when: (_vb, t) => t.frames === 40,
      expected: lostEsp,
      runs: () => 42,
    },
    {
      name: 'right after the receive command',
      when: (vb) => vb.device.state().mode === 'esp-receive',
      expected: lostEsp,
      runs: () => 42,
    },
    {
      name: 'in the middle of a sector',
      when: (vb) => vb.device.state().esp.received > 10_000,
      expected: lostEsp,
      runs: () => 42,
    },
    {
      name: 'between sectors',
      when: (_vb, t) => t.espAcks === 3,
      expected: lostEsp,
      runs: () => 42,
    },
    {
      name: 'while the last sector is programmed',
      when: (vb) => {
        const e = vb.device.state().esp;
        return vb.device.state().mode === 'esp-receive' && e.total > 0 && e.received === e.total;
      },
      expected: lostEsp,
      // Unplugged but powered, the ESP32 finishes and starts the new firmware.
      runs: (c) => (c === 'usb' ? 43 : 42),
    },
    {
      name: 'while the new firmware is read back',
      when: (vb, t) => t.sawReceive && vb.device.state().mode === 'app' && t.frames % 50 === 0,
      expected: lostEsp,
      runs: () => 43,
    },
  ];

  it.each(phases)(
    '$name: spec error, the board runs a whole firmware, a retry completes',
    async (phase) => {
      const h = new FlashHarness(core, { config: { boardType: BoardType.v6 } });
      const job = h.job('esp', espImage());
      await cutThenRetry(h, job, phase, cut);
      await h.vb.idle(3500);
      expect(h.vb.device.identity).toBe('app');
      expect(h.vb.device.state().esp.version).toBe(phase.runs(cut));
      const retry = await h.flash(job);
      if (!retry.ok) throw retry.error;
      expect(retry.result.verified).toBe(true);
      expect(h.versions().firmware).toBe(43);
    },
  );
});

describe('ESP32 acknowledgement faults', () => {
  it.each([
    ['a lost acknowledgement', { esp: { dropAcks: [2] } }],
    ['a corrupted acknowledgement', { esp: { corruptAcks: [3] } }],
  ] as [string, DeviceFaults][])(
    '%s: response timeout, then a retry completes',
    async (_l, faults) => {
      const h = new FlashHarness(core, { config: { boardType: BoardType.v6 } });
      await h.vb.idle(50);
      const job = h.job('esp', espImage());
      h.vb.device.faults = faults;
      const first = await h.flash(job);
      expect(!first.ok && first.error.code).toBe('esp-response-timeout');
      h.vb.device.faults = {};
      await h.vb.idle(3500);
      const retry = await h.flash(job);
      if (!retry.ok) throw retry.error;
      expect(retry.result.verified).toBe(true);
      expect(h.versions().firmware).toBe(43);
    },
  );
});

describe.each(['usb', 'power'] as Cut[])('legacy update, cable %s cut', (cut) => {
  const lostLegacy: FlashErrorCode[] = ['disconnected', 'legacy-write-failed', 'timeout'];
  const phases: Phase[] = [
    {
      name: 'while it waits for the board',
      when: (_vb, t) => t.frames === 10,
      expected: lostLegacy,
    },
    {
      name: 'in the middle of the bootloader download',
      when: (vb) => vb.device.state().legacy.bytesWritten > 1000,
      expected: lostLegacy,
    },
    {
      name: 'while the board restarts with its new bootloader',
      when: (_vb, t) => t.offBus === 1,
      expected: lostLegacy,
    },
    {
      name: 'in the middle of the firmware download',
      when: (vb) => vb.device.state().legacy.bytesWritten > 2048 + 3000,
      expected: lostLegacy,
    },
    {
      name: 'while the board restarts with its new firmware',
      when: (vb) =>
        vb.device.state().legacy.bytesWritten >= 2048 + 6144 &&
        vb.device.state().mode === 'off-bus',
      expected: lostLegacy,
    },
  ];

  // A board that does not come back is waited for 60 × 500 ms (virtual) before 'Timeout'.
  it.each(phases)(
    '$name: spec error, then a retry installs and verifies v43',
    { timeout: 180_000 },
    async (phase) => {
      const h = new FlashHarness(core, { config: { boardType: BoardType.fifth } });
      const job = h.legacyJob(legacyHex(43), { expectedVersion: 43 });
      await cutThenRetry(h, job, phase, cut);
      expect(h.vb.device.identity).toBe('app');
      const retry = await h.flash(job);
      if (!retry.ok) throw retry.error;
      expect(retry.result.verified).toBe(true);
      expect(h.versions().firmware).toBe(43);
      // The staged bootloader was installed whole or not at all.
      expect([1, 2]).toContain(h.vb.device.state().legacy.bootloader);
    },
  );
});
