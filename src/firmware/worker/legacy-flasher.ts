// The legacy path (GoGo 4 PIC / Pi-topping; spec core §4 "Legacy-board progress stages"):
// download the bootloader image (1–40 %), wait (40–42), reboot, wait (42–45), wait for the
// board to be ready — up to 60 polls of 500 ms (45–50), download the firmware (50–95),
// reboot and wait for the board again (95–100). Each download is MEM_SET_POINTER and
// MEM_WRITE reports of at most 60 bytes with a 15 ms pause (spec core §9).
import { reboot } from '../../device/protocol/commands.ts';
import type { FlashPlan } from '../../core/wasm-core.ts';
import type { FirmwareVersion } from '../../device/firmware-version.ts';
import type { EngineContext } from './engine-context.ts';
import { SPEC, STATUS_BOARD_TYPE, type FlashResult } from './engine-context.ts';
import type { ImageCheck } from './image-check.ts';

const WAIT_AFTER_DOWNLOAD_MS = 1000;
const WAIT_AFTER_REBOOT_MS = 1500;

export interface LegacyJob {
  plan: FlashPlan;
  /** The first download; null skips it (the board's bootloader stays as it is). */
  bootloaderPlan: FlashPlan | null;
  /** The version the new firmware reports, when known (the default release's number, or
   * the file's identity block): anything else afterwards is `version-mismatch`. */
  expected?: FirmwareVersion;
  /** Whether each file fits the connected board (both run before anything is written). */
  check?: ImageCheck;
  bootloaderCheck?: ImageCheck;
}

export async function flashLegacy(ctx: EngineContext, job: LegacyJob): Promise<FlashResult> {
  try {
    ctx.checkImage(job.check, 0);
    if (job.bootloaderPlan) ctx.checkImage(job.bootloaderCheck, 0);
    ctx.progress('connecting', 0);
    await ctx.openApp();
    const first = await ctx.waitForStatus();
    const boardType = first?.[STATUS_BOARD_TYPE] ?? 0;
    ctx.checkImage(job.check, boardType);
    if (job.bootloaderPlan) ctx.checkImage(job.bootloaderCheck, boardType);
    await ctx.confirmIfOlder('legacy', job.expected, first);
    const flashStart = ctx.now;
    if (job.bootloaderPlan) {
      await download(ctx, job.bootloaderPlan, 1, 40);
      await pause(ctx, WAIT_AFTER_DOWNLOAD_MS, 40, 42);
      await rebootBoard(ctx, 42);
      await pause(ctx, WAIT_AFTER_REBOOT_MS, 42, 45);
      await ctx.waitForApp(45, 50);
    }
    await download(ctx, job.plan, 50, 95);
    const flashMs = ctx.now - flashStart;
    await rebootBoard(ctx, 95);
    // As after the first reboot: a status report read at once may still come from the
    // firmware that is about to restart (over the plugin nothing says when a write arrived).
    await pause(ctx, WAIT_AFTER_REBOOT_MS, 95, 97);
    const status = await ctx.waitForApp(97, 100);
    const firmware = await ctx.readVersion('legacy', status);
    ctx.expectVersion(job.expected, firmware);
    const verified = job.expected === undefined ? null : true;
    await ctx.port.close();
    ctx.progress('done', 100);
    const units = job.plan.units.length + (job.bootloaderPlan?.units.length ?? 0);
    return ctx.result({
      chip: 'legacy',
      upToDate: false,
      extension: false,
      unitsTotal: units,
      unitsWritten: units,
      unitsSkipped: 0,
      verified,
      firmware,
      flashMs,
    });
  } catch (e) {
    throw ctx.mapFailure(e, 'legacy-write-failed');
  }
}

async function download(ctx: EngineContext, plan: FlashPlan, from: number, to: number) {
  const count = plan.reports.byteLength / plan.reportBytes;
  for (let i = 0; i < count; i++) {
    ctx.port.send(plan.reports.subarray(i * plan.reportBytes, (i + 1) * plan.reportBytes));
    await ctx.sleep(SPEC.legacyChunkPauseMs);
    if (ctx.port.failed) throw ctx.port.failed;
    ctx.progress('writing', from + ((to - from) * (i + 1)) / count);
  }
  await ctx.port.flush();
}

async function pause(ctx: EngineContext, ms: number, from: number, to: number) {
  ctx.progress('waiting-board', from);
  await ctx.sleep(ms);
  ctx.progress('waiting-board', to);
}

async function rebootBoard(ctx: EngineContext, percent: number) {
  ctx.progress('rebooting', percent);
  ctx.port.expectGone();
  ctx.send(reboot());
  await ctx.port.flush();
}
