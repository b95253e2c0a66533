// The STM32 path (board-protocol §6.1, spec core §4 "STM chip update via webhid"): reboot
// into the HID bootloader, reconnect to 1209:BEBA (50 tries, 100 ms apart), start marker,
// 1024-byte pages as 64-byte reports each acknowledged, reboot command, disconnect.
//
// With OUR extension (docs/firmware-update.md §2) the engine first compares page
// CRCs — on the running application, or the bootloader when the board is already in it —
// writes only pages that differ (seeking past the rest), keeps one page in flight while the
// previous one is programmed, and reads the CRCs back before it reboots the board.
import { FirmwareChip, rebootToBootloader } from '../../device/protocol/commands.ts';
import type { FlashPlan } from '../../core/wasm-core.ts';
import type { EngineContext } from './engine-context.ts';
import { QUERY_TIMEOUT_MS, SPEC, type FlashResult } from './engine-context.ts';
import {
  BootloaderCommand,
  commandBlock,
  hasMagic,
  HELLO_TAG,
} from '../stm-bootloader-protocol.ts';
import { FlashError } from './flash-error.ts';

const Cmd = BootloaderCommand;
const bootloaderCommand = commandBlock;

const isReply = (code: number) => (r: Uint8Array) => hasMagic(r) && r[7] === code;
const isHello = (r: Uint8Array) => r.length >= 8 && r[0] === HELLO_TAG[0] && r[1] === HELLO_TAG[1];
const u16 = (n: number) => [(n >> 8) & 0xff, n & 0xff];

interface Capability {
  pages: number;
}

export async function flashStm(ctx: EngineContext, plan: FlashPlan): Promise<FlashResult> {
  const pages = plan.units.length;
  let crcs: number[] | null = null;
  let extension = false;
  try {
    ctx.progress('connecting', 0);
    if (await ctx.port.open('app')) {
      ctx.progress('checking', 1);
      await ctx.waitForStatus();
      crcs = await ctx.queryCrcs(FirmwareChip.stm, pages);
      extension = crcs !== null;
      if (crcs && plan.units.every((u, k) => u.crc === crcs?.[k])) {
        ctx.progress('done', 100);
        return ctx.result(summary(plan, { upToDate: true, extension, written: 0, verified: true }));
      }
      await ctx.beep();
      ctx.port.expectGone();
      ctx.send(rebootToBootloader());
      await ctx.port.flush();
      await ctx.sleep(SPEC.modeSwitchMs);
      ctx.progress('entering-bootloader', 3);
      await openBootloader(ctx);
    } else if (!(await ctx.port.open('bootloader'))) {
      // A board an earlier attempt left in its bootloader is picked up above; none here.
      throw new FlashError('no-board', 'no GoGo board or bootloader found');
    }

    const capability = await hello(ctx);
    if (capability) {
      extension = true;
      if (pages > capability.pages) {
        throw new FlashError(
          'image-too-large',
          `${pages} pages, the board has ${capability.pages}`,
        );
      }
      crcs ??= await readCrcs(ctx, pages);
    }
    ctx.port.send(bootloaderCommand(Cmd.resetPages));
    await ctx.port.flush();
    await ctx.sleep(SPEC.startMarkerMs);

    const todo = pagesToWrite(plan, capability ? crcs : null);
    ctx.progress('writing', 5);
    const flashStart = ctx.now;
    if (capability) await writeOverlapped(ctx, plan, todo);
    else await writeSerial(ctx, plan, todo);
    const flashMs = ctx.now - flashStart;

    let verified: boolean | null = null;
    if (capability) {
      ctx.progress('verifying', 95);
      const after = await readCrcs(ctx, pages);
      verified = after !== null && plan.units.every((u, k) => u.crc === after[k]);
      if (!verified) throw new FlashError('verify-failed', 'page CRCs differ after writing');
    }
    ctx.progress('rebooting', 97);
    await ctx.sleep(SPEC.beforeRebootMs);
    ctx.port.expectGone();
    ctx.port.send(bootloaderCommand(Cmd.reboot));
    await ctx.port.flush();
    await ctx.sleep(SPEC.afterRebootMs);
    await ctx.port.close();
    ctx.progress('done', 100);
    return ctx.result({
      ...summary(plan, { upToDate: false, extension, written: todo.length, verified }),
      flashMs,
    });
  } catch (e) {
    throw ctx.mapFailure(e, 'stm-write-failed');
  }
}

function summary(
  plan: FlashPlan,
  o: { upToDate: boolean; extension: boolean; written: number; verified: boolean | null },
): Omit<FlashResult, 'totalMs' | 'reportsSent'> {
  return {
    chip: 'stm',
    upToDate: o.upToDate,
    extension: o.extension,
    unitsTotal: plan.units.length,
    unitsWritten: o.written,
    unitsSkipped: plan.units.length - o.written,
    verified: o.verified,
    flashMs: 0,
  };
}

/** Spec: reconnect to the bootloader, up to 50 tries 100 ms apart. */
async function openBootloader(ctx: EngineContext): Promise<void> {
  for (let i = 0; i < SPEC.connectTries; i++) {
    if (await ctx.port.open('bootloader')) return;
    await ctx.sleep(SPEC.connectIntervalMs);
  }
  throw new FlashError('stm-bootloader-timeout', 'the bootloader did not appear');
}

/** OUR hello: a capable bootloader answers with its page count; a stock one stays silent. */
async function hello(ctx: EngineContext): Promise<Capability | null> {
  if (ctx.mode !== 'auto') return null;
  ctx.port.clearBuffer();
  ctx.port.send(bootloaderCommand(Cmd.hello));
  const r = await ctx.port.waitFor(isHello, QUERY_TIMEOUT_MS);
  if (!r) return null;
  return { pages: ((r[4] ?? 0) << 8) | (r[5] ?? 0) };
}

/** OUR CRC read: two page CRCs per 8-byte report. */
async function readCrcs(ctx: EngineContext, count: number): Promise<number[] | null> {
  ctx.port.clearBuffer();
  ctx.port.send(bootloaderCommand(Cmd.readCrcs, [...u16(0), ...u16(count)]));
  const out: number[] = [];
  const isCrcReport = (r: Uint8Array) => r.length === 8 && !hasMagic(r) && !isHello(r);
  while (out.length < count) {
    const r = await ctx.port.waitFor(isCrcReport, QUERY_TIMEOUT_MS);
    if (!r) return null;
    const view = new DataView(r.buffer, r.byteOffset, 8);
    out.push(view.getUint32(0, true));
    if (out.length < count) out.push(view.getUint32(4, true));
  }
  return out;
}

/**
 * Pages to send: with CRCs, those that differ; without (a stock bootloader writes pages in
 * order from the start), every page up to the last one that is not blank.
 */
function pagesToWrite(plan: FlashPlan, crcs: number[] | null): number[] {
  if (crcs) return plan.units.flatMap((u, k) => (u.crc === crcs[k] ? [] : [k]));
  let last = plan.units.length - 1;
  while (last > 0 && plan.units[last]?.blank) last--;
  return Array.from({ length: last + 1 }, (_, k) => k);
}

function sendPage(ctx: EngineContext, plan: FlashPlan, page: number): void {
  const unit = plan.units[page];
  if (!unit) return;
  for (let i = 0; i < unit.reportCount; i++) {
    const at = (unit.firstReport + i) * plan.reportBytes;
    ctx.port.send(plan.reports.subarray(at, at + plan.reportBytes));
  }
}

async function pageDone(ctx: EngineContext): Promise<void> {
  const r = await ctx.port.waitFor(isReply(Cmd.pageDone), SPEC.ackTries * SPEC.ackIntervalMs);
  if (!r) throw new FlashError('stm-response-timeout', 'no sector-complete reply');
}

/** One page in flight while the previous one is programmed (the bootloader buffers one). */
async function writeOverlapped(ctx: EngineContext, plan: FlashPlan, todo: number[]): Promise<void> {
  let next = 0;
  let inFlight = 0;
  let done = 0;
  const acked = async () => {
    await pageDone(ctx);
    inFlight--;
    done++;
    ctx.progress('writing', 5 + (90 * done) / todo.length);
  };
  for (const page of todo) {
    if (page !== next) ctx.port.send(bootloaderCommand(Cmd.seek, u16(page)));
    sendPage(ctx, plan, page);
    next = page + 1;
    inFlight++;
    if (inFlight === 2) await acked();
  }
  while (inFlight > 0) await acked();
}

/** A stock bootloader: send a page, wait for its reply; 'per-packet' also waits for an
 * answer to every report (the benchmarks' negative control). */
async function writeSerial(ctx: EngineContext, plan: FlashPlan, todo: number[]): Promise<void> {
  let done = 0;
  for (const page of todo) {
    if (ctx.mode === 'per-packet') {
      const unit = plan.units[page];
      if (!unit) continue;
      for (let i = 0; i < unit.reportCount; i++) {
        const at = (unit.firstReport + i) * plan.reportBytes;
        ctx.port.send(plan.reports.subarray(at, at + plan.reportBytes));
        const r = await ctx.port.waitFor(isReply(Cmd.packet), SPEC.ackIntervalMs * SPEC.ackTries);
        if (!r) throw new FlashError('stm-response-timeout', 'no reply to a report');
      }
    } else {
      sendPage(ctx, plan, page);
    }
    await pageDone(ctx);
    done++;
    ctx.progress('writing', 5 + (90 * done) / todo.length);
  }
}
