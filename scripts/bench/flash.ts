// Flash suite: the firmware engine against the simulated board on its 1 ms-frame link,
// in virtual time (reference/performance-anchors.md §2, T8, T9). Figures:
//   - 256 KiB STM32 image: the flash phase (first page report → last page reply) against
//     the floor max(link, flash) = 256 × (20 ms erase + 27 ms program) ≈ 12.0 s; target ≤ 1.10×.
//   - 256 KiB ESP32 image: against the link floor, one 63-byte report per frame ≈ 4.2 s;
//     target ≤ 1.10×.
//   - Reflash of the identical image: ≤ 5 % of a full flash.
//   - The stock protocols, and a per-packet request/response mode as a negative control:
//     the same simulator must make them slow, or the model would be flattering us.
// Virtual times are exact and machine-independent; the wall column is what the engine and
// the simulator cost this machine's CPU.
//   node --import tsx scripts/bench/flash.ts
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { loadCore, type WasmCore } from '../../src/core/wasm-core.ts';
import { BoardType } from '../../src/device/device.ts';
import {
  ANSWER_EVERY_PACKET,
  type DeviceFaults,
} from '../../src/virtual-board/firmware/simulated-device.ts';
import type { FlashMode } from '../../src/firmware/worker/engine-context.ts';
import type { FlashResult } from '../../src/firmware/worker/flash-engine.ts';
import {
  IdentityBoard,
  IdentityChip,
  writeIdentity,
} from '../../src/virtual-board/firmware/identity/firmware-id.ts';
import { espImage, FlashHarness, stmImage } from '../../src/virtual-board/testing/flash-harness.ts';
import { table } from './lib.ts';

const wasmPath = fileURLToPath(new URL('../../core-rs/pkg/gogo_core.wasm', import.meta.url));
const KIB = 1024;
const IMAGE_BYTES = 256 * KIB;
/** STM32F1 model: 20 ms page erase + 27 ms program per KiB (the simulator's defaults). */
const STM_PAGE_MS = 20 + 27;
const ESP_SECTOR_MS = 20;

export interface FlashBenchRow {
  case: string;
  /** Virtual ms of the measured phase. */
  measuredMs: number;
  /** The floor (or the reference) it is compared with. */
  floorMs: number;
  ratio: number;
  target: string;
  pass: boolean;
  /** Whole update including the spec's fixed waits (virtual ms). */
  totalMs: number;
  /** Host CPU time to simulate it (wall ms). */
  wallMs: number;
}

interface Run {
  result: FlashResult;
  wallMs: number;
}

async function flash(
  core: WasmCore,
  chip: 'stm' | 'esp',
  image: Uint8Array,
  o: { mode?: FlashMode; faults?: DeviceFaults; harness?: FlashHarness } = {},
): Promise<Run & { harness: FlashHarness }> {
  const harness =
    o.harness ??
    new FlashHarness(core, {
      config: { boardType: BoardType.v6 },
      device: { faults: o.faults ?? {} },
    });
  await harness.vb.idle(50);
  const job = harness.job(chip, image);
  const t0 = performance.now();
  const out = await harness.flash(job, o.mode ?? 'auto');
  const wallMs = performance.now() - t0;
  if (!out.ok) throw new Error(`${chip} flash failed: ${out.error.message}`);
  await harness.vb.idle(500);
  return { result: out.result, wallMs, harness };
}

const row = (
  name: string,
  run: Run,
  measuredMs: number,
  floorMs: number,
  target: { max?: number; min?: number },
): FlashBenchRow => {
  const ratio = measuredMs / floorMs;
  const pass =
    (target.max === undefined || ratio <= target.max) &&
    (target.min === undefined || ratio >= target.min);
  return {
    case: name,
    measuredMs,
    floorMs,
    ratio,
    target:
      target.max !== undefined
        ? `<= ${target.max < 0.1 ? `${target.max * 100}%` : `${target.max.toFixed(2)}x`}`
        : `>= ${(target.min ?? 0).toFixed(2)}x`,
    pass,
    totalMs: run.result.totalMs,
    wallMs: run.wallMs,
  };
};

/** Runs every case; returns printable rows. */
export async function benchFlash(): Promise<FlashBenchRow[]> {
  const core = await loadCore(readFileSync(wasmPath));
  const stm = stmImage({ bytes: IMAGE_BYTES });
  const esp = espImage({ bytes: IMAGE_BYTES });
  const stmPages = IMAGE_BYTES / KIB;
  const stmPlan = core.planFlash(stm, 'bin', 'stm');
  const espPlan = core.planFlash(esp, 'bin', 'esp');
  if (!stmPlan.ok || !espPlan.ok) throw new Error('plan failed');
  const espReports = espPlan.value.reports.byteLength / espPlan.value.reportBytes;
  const espSectors = espPlan.value.units.length - 1;
  const stmFloor = Math.max(stmPages * 16, stmPages * STM_PAGE_MS);
  const espFloor = Math.max(espReports, espSectors * ESP_SECTOR_MS);
  const rows: FlashBenchRow[] = [];
  const chips = [
    {
      chip: 'stm',
      name: 'STM',
      image: stm,
      floorMs: stmFloor,
      stock: 'stock bootloader (page, then reply)',
      perPacketMin: 1.5,
      changedPage: true,
    },
    {
      chip: 'esp',
      name: 'ESP',
      image: esp,
      floorMs: espFloor,
      stock: 'stock (sector, then ack)',
      perPacketMin: 1.9,
      changedPage: false,
    },
  ] as const;
  for (const c of chips) {
    const full = await flash(core, c.chip, c.image);
    const fullMs = full.result.totalMs;
    rows.push(
      row(`${c.name} 256 KiB, overlapped (ours)`, full, full.result.flashMs, c.floorMs, {
        max: 1.1,
      }),
    );
    const same = await flash(core, c.chip, c.image, { harness: full.harness });
    rows.push(
      row(`${c.name} identical reflash / full`, same, same.result.totalMs, fullMs, { max: 0.05 }),
    );
    if (c.changedPage) {
      const changed = c.image.slice();
      changed[100 * KIB] = (changed[100 * KIB] ?? 0) ^ 0xff;
      writeIdentity(changed, {
        chip: IdentityChip.stm,
        boardType: IdentityBoard.gogo6,
        version: 12,
        semver: '1.0.2',
        test: true,
      });
      const one = await flash(core, c.chip, changed, { harness: full.harness });
      const label = `${c.name} one changed page (${one.result.unitsWritten} written) / full`;
      rows.push(row(label, one, one.result.totalMs, fullMs, { max: 0.5 }));
    }
    const stock = await flash(core, c.chip, c.image, {
      mode: 'serial',
      faults: { noExtension: true },
    });
    rows.push(row(`${c.name} ${c.stock}`, stock, stock.result.flashMs, c.floorMs, { min: 1.2 }));
    const packet = await flash(core, c.chip, c.image, {
      mode: 'per-packet',
      faults: ANSWER_EVERY_PACKET,
    });
    const control = `${c.name} negative control: per-packet request/response`;
    rows.push(row(control, packet, packet.result.flashMs, c.floorMs, { min: c.perPacketMin }));
  }
  return rows;
}

const fmt = (ms: number) => (ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${ms.toFixed(0)} ms`);

export function formatRows(rows: FlashBenchRow[]): Record<string, string>[] {
  return rows.map((r) => ({
    case: r.case,
    measured: fmt(r.measuredMs),
    'floor/ref': fmt(r.floorMs),
    ratio: r.ratio < 0.1 ? `${(r.ratio * 100).toFixed(2)}%` : `${r.ratio.toFixed(3)}x`,
    target: r.target,
    ok: r.pass ? 'yes' : 'NO',
    'update total': fmt(r.totalMs),
    'wall (CPU)': `${r.wallMs.toFixed(0)} ms`,
  }));
}

/** The suite as `npm run bench` runs it (name: flash). */
const suite = {
  description:
    'firmware flash on the simulated 1 ms-frame link (virtual time): STM32 and ESP32 256 KiB vs floor, identical reflash, stock protocols, per-packet negative control',
  async run(ctx?: { record?: (suite: string, figures: Record<string, number | string>) => void }) {
    const rows = await benchFlash();
    table('256 KiB images on the simulated link (virtual time)', formatRows(rows));
    ctx?.record?.(
      'flash',
      Object.fromEntries(rows.flatMap((r) => [[`${r.case} ratio`, Number(r.ratio.toFixed(4))]])),
    );
    if (rows.some((r) => !r.pass)) process.exitCode = 1;
  },
};
export default suite;

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  await suite.run();
}
