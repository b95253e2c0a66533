// The ESP32 path (board-protocol §6.2, spec core §4 "ESP chip update"): command 201, the
// Content-Length header packet, 4032-byte sectors each acknowledged by a type-20 response
// [_, _, 201, 1], and the 3 s wait at the end.
//
// With OUR extension (docs/firmware-update.md §3) the engine first asks the running
// firmware for its image length and CRC (an identical image ends the update at once), keeps
// one sector in flight while the previous one is programmed, waits for the final
// acknowledgement too, and compares length and CRC again once the new firmware runs.
import { espUpdateMode, FirmwareChip } from '../../device/protocol/commands.ts';
import type { FlashPlan } from '../../core/wasm-core.ts';
import type { FirmwareVersion } from '../../device/firmware-version.ts';
import type { EngineContext } from './engine-context.ts';
import { SPEC, STATUS_BOARD_TYPE, type FlashResult } from './engine-context.ts';
import { FlashError } from './flash-error.ts';
import type { ImageCheck } from './image-check.ts';

/** The ESP may still be in receive mode from an interrupted attempt; it gives up after 3 s
 * without data and streams status again, so wait a little longer than that. */
const READY_MS = 5000;

// Type-20 replies only: a status packet whose sensor bytes happen to read 201, 1 is not an ack.
const isAck = (r: Uint8Array) => r[0] === 20 && r[2] === 201 && r[3] === 1;
const isPacketAnswer = (r: Uint8Array) => r[0] === 20 && r[2] === 201 && r[3] === 2;

export async function flashEsp(
  ctx: EngineContext,
  plan: FlashPlan,
  check?: ImageCheck,
  expected?: FirmwareVersion,
): Promise<FlashResult> {
  const base = {
    chip: 'esp' as const,
    unitsTotal: plan.units.length,
  };
  try {
    ctx.checkImage(check, 0);
    ctx.progress('connecting', 0);
    await ctx.openApp();
    ctx.progress('checking', 1);
    const status = await ctx.waitForStatus(READY_MS);
    if (!status) {
      throw new FlashError('esp-response-timeout', 'the board does not stream its status');
    }
    ctx.checkImage(check, status[STATUS_BOARD_TYPE] ?? 0);
    // OUR 204: the running image's length and CRC, and the application partition's size.
    const before = await ctx.queryCrcs(FirmwareChip.esp, 0);
    const capacity = before?.[2];
    if (capacity !== undefined && plan.imageLength > capacity) {
      throw new FlashError(
        'image-too-large',
        `${plan.imageLength} bytes, the partition holds ${capacity}`,
      );
    }
    const extension = before !== null;
    if (before && before[0] === plan.imageLength && before[1] === plan.imageCrc) {
      const firmware = await ctx.readVersion('esp', status);
      ctx.expectVersion(expected, firmware);
      ctx.progress('done', 100);
      return ctx.result({
        ...base,
        upToDate: true,
        extension,
        unitsWritten: 0,
        unitsSkipped: plan.units.length,
        verified: true,
        firmware,
        flashMs: 0,
      });
    }
    await ctx.confirmIfOlder('esp', expected, status);
    await ctx.beep();
    ctx.send(espUpdateMode());
    await ctx.port.flush();
    await ctx.sleep(SPEC.modeSwitchMs);
    ctx.port.clearBuffer();

    ctx.progress('writing', 5);
    const flashStart = ctx.now;
    await writeSectors(ctx, plan, extension);
    const flashMs = ctx.now - flashStart;

    ctx.progress('rebooting', 95);
    await ctx.sleep(SPEC.espFinalWaitMs);
    // The ESP32 restarts (the STM32 keeps USB up): its status stream says it runs again.
    ctx.progress('verifying', 98);
    const running = await ctx.waitForStatus(READY_MS);
    if (!running) throw new FlashError('esp-response-timeout', 'the board did not restart');
    let verified: boolean | null = null;
    if (extension) {
      const after = await ctx.queryCrcs(FirmwareChip.esp, 0);
      verified = after !== null && after[0] === plan.imageLength && after[1] === plan.imageCrc;
      if (!verified) throw new FlashError('verify-failed', 'the running image differs');
    }
    const firmware = await ctx.readVersion('esp', running);
    ctx.expectVersion(expected, firmware);
    await ctx.port.close();
    ctx.progress('done', 100);
    return ctx.result({
      ...base,
      upToDate: false,
      extension,
      unitsWritten: plan.units.length,
      unitsSkipped: 0,
      verified,
      firmware,
      flashMs,
    });
  } catch (e) {
    throw ctx.mapFailure(e, 'esp-write-failed');
  }
}

async function ack(ctx: EngineContext): Promise<void> {
  const r = await ctx.port.waitFor(isAck, SPEC.ackTries * SPEC.ackIntervalMs);
  if (!r) throw new FlashError('esp-response-timeout', 'no sector acknowledgement');
}

async function writeSectors(ctx: EngineContext, plan: FlashPlan, overlap: boolean) {
  const units = plan.units;
  const sectors = units.length - 1;
  let inFlight = 0;
  let done = 0;
  const acked = async () => {
    await ack(ctx);
    inFlight--;
    done++;
    ctx.progress('writing', 5 + (90 * done) / sectors);
  };
  for (let u = 0; u < units.length; u++) {
    const unit = units[u];
    if (!unit) continue;
    for (let i = 0; i < unit.reportCount; i++) {
      const at = (unit.firstReport + i) * plan.reportBytes;
      ctx.port.send(plan.reports.subarray(at, at + plan.reportBytes));
      if (ctx.mode === 'per-packet') {
        const r = await ctx.port.waitFor(isPacketAnswer, SPEC.ackTries * SPEC.ackIntervalMs);
        if (!r) throw new FlashError('esp-response-timeout', 'no answer to a report');
      }
    }
    // Unit 0 is the header packet: the board acknowledges sectors only.
    if (u === 0) continue;
    inFlight++;
    const last = u === units.length - 1;
    if (overlap) {
      if (inFlight === 2) await acked();
    } else if (!last) {
      // Stock protocol (the official updater): wait for each sector but the last.
      await acked();
    } else {
      inFlight--;
      await ctx.port.flush();
    }
  }
  while (inFlight > 0) await acked();
}
