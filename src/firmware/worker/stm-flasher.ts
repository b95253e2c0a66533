// The STM32 path (board-protocol §6.1, spec core §4 "STM chip update via webhid"): reboot
// into the HID bootloader, reconnect to 1209:BEBA (50 tries, 100 ms apart), start marker,
// 1024-byte pages as 64-byte reports each acknowledged, reboot command, disconnect.
//
// Page 0 (the vector table the bootloader checks before it starts the application) is
// made invalid first and written last, so an update cut anywhere leaves a board that
// starts its bootloader, with a stock bootloader too (docs/firmware-update.md §1 "Why the
// board is never bricked").
//
// With OUR extension (docs/firmware-update.md §2) the engine first compares page CRCs — on
// the running application, or the bootloader when the board is already in it — writes only
// pages that differ (seeking past the rest), keeps a page in flight while the previous one
// is programmed when the bootloader has two buffers, and reads the CRCs back before it
// reboots the board.
//
// Last, the board must run the file: once its application is back the engine reads the
// STM32's version (status byte 21, OUR query 203) and compares it with the file's.
import { FirmwareChip, rebootToBootloader } from '../../device/protocol/commands.ts';
import type { FlashPlan } from '../../core/wasm-core.ts';
import type { FirmwareVersion } from '../../device/firmware-version.ts';
import type { EngineContext } from './engine-context.ts';
import {
  GOGO6_BOARD_TYPE,
  QUERY_TIMEOUT_MS,
  SPEC,
  STATUS_BOARD_TYPE,
  type FlashResult,
} from './engine-context.ts';
import { FLASH_LAYOUT } from '../../core/generated/core-facts.ts';
import {
  BootloaderCommand,
  commandBlock,
  CRC_TAG,
  EXTENSION_VERSION,
  FLAG_DOUBLE_BUFFER,
  hasMagic,
  hasTag,
  HELLO_TAG,
  OUT_REPORT_BYTES,
} from '../../device/protocol/stm-bootloader-protocol.ts';
import { FlashError } from './flash-error.ts';
import type { ImageCheck } from './image-check.ts';

const Cmd = BootloaderCommand;
const REPORTS_PER_PAGE = FLASH_LAYOUT.STM_PAGE_BYTES / OUT_REPORT_BYTES;

const BLANK_REPORT = new Uint8Array(OUT_REPORT_BYTES).fill(0xff);
const isReply = (code: number) => (r: Uint8Array) => hasMagic(r) && r[7] === code;
const isHello = (r: Uint8Array) => hasTag(r, HELLO_TAG);
const isCrcReport = (r: Uint8Array) => hasTag(r, CRC_TAG);
const u16 = (n: number) => [(n >> 8) & 0xff, n & 0xff];

/** OUR hello reply (§2): extension version, flags, application pages, KiB per page. */
interface Capability {
  version: number;
  flags: number;
  pages: number;
  kibPerPage: number;
}

export async function flashStm(
  ctx: EngineContext,
  plan: FlashPlan,
  check?: ImageCheck,
  expected?: FirmwareVersion,
): Promise<FlashResult> {
  const pages = plan.units.length;
  let crcs: number[] | null = null;
  let extension = false;
  try {
    ctx.checkImage(check, 0);
    ctx.progress('connecting', 0);
    if (await ctx.port.open('app')) {
      ctx.progress('checking', 1);
      const status = await ctx.waitForStatus();
      ctx.checkImage(check, status?.[STATUS_BOARD_TYPE] ?? 0);
      crcs = await ctx.queryCrcs(FirmwareChip.stm, pages);
      extension = crcs !== null;
      if (crcs && plan.units.every((u, k) => u.crc === crcs?.[k])) {
        const firmware = status ? await ctx.readVersion('stm', status) : null;
        if (firmware) ctx.expectVersion(expected, firmware);
        ctx.progress('done', 100);
        return ctx.result(
          summary(plan, { upToDate: true, extension, written: 0, verified: true, firmware }),
        );
      }
      await ctx.confirmIfOlder('stm', expected, status);
      await ctx.beep();
      ctx.port.expectGone();
      ctx.send(rebootToBootloader());
      await ctx.port.flush();
      await ctx.sleep(SPEC.modeSwitchMs);
      ctx.progress('entering-bootloader', 3);
      await openBootloader(ctx);
    } else if (await ctx.port.open('bootloader')) {
      // Only a GoGo 6 has this bootloader: the board an earlier attempt left in it.
      ctx.checkImage(check, GOGO6_BOARD_TYPE);
    } else {
      throw new FlashError('no-board', 'no GoGo board or bootloader found');
    }

    // The start marker (spec), then OUR hello. A stock bootloader ignores neither: it keeps
    // the hello block as the start of a page (upstream takes only codes 0 and 1).
    ctx.port.clearBuffer();
    const startedAt = ctx.now;
    ctx.port.send(commandBlock(Cmd.resetPages));
    const capability = await hello(ctx);
    if (capability) {
      const fits = capability.pages * capability.kibPerPage >= pages;
      if (!fits) {
        // Nothing is written yet: restart the board into its application.
        await rebootBoard(ctx);
        throw new FlashError(
          'image-too-large',
          `${pages} KiB, the board has ${capability.pages * capability.kibPerPage} KiB`,
        );
      }
    }
    const usable =
      capability !== null &&
      capability.version === EXTENSION_VERSION &&
      capability.kibPerPage === 1;
    if (usable) {
      extension = true;
      crcs ??= await readCrcs(ctx, pages);
    }

    const todo = pagesToWrite(plan, usable ? crcs : null);
    if (todo.length === 0) {
      // The board sat in its bootloader holding this very image.
      await rebootBoard(ctx);
      const firmware = await runningVersion(ctx, expected);
      ctx.progress('done', 100);
      return ctx.result(
        summary(plan, { upToDate: true, extension, written: 0, verified: true, firmware }),
      );
    }
    // Page 0 last; when other pages change, it is made invalid before them. After an
    // unanswered hello (auto mode) a stock bootloader holds the hello as the first 64 bytes
    // of page 0, so that page is completed as erased flash in any case.
    const rest = todo.filter((k) => k !== 0);
    const held = ctx.mode === 'auto' && capability === null;
    const invalidated = rest.length > 0 || held;
    const order = [...rest, 0];
    if (invalidated) await invalidatePageZero(ctx, held);
    ctx.port.clearBuffer();
    const waited = ctx.now - startedAt;
    if (waited < SPEC.startMarkerMs) await ctx.sleep(SPEC.startMarkerMs - waited);

    ctx.progress('writing', 5);
    const flashStart = ctx.now;
    if (usable) {
      const depth = (capability.flags & FLAG_DOUBLE_BUFFER) !== 0 ? 2 : 1;
      await writeOverlapped(ctx, plan, order, invalidated ? 1 : 0, depth);
    } else {
      await writeSerial(ctx, plan, order, invalidated);
    }
    const flashMs = ctx.now - flashStart;

    let verified: boolean | null = null;
    if (usable) {
      ctx.progress('verifying', 95);
      const after = await readCrcs(ctx, pages);
      verified = after !== null && plan.units.every((u, k) => u.crc === after[k]);
      if (!verified) throw new FlashError('verify-failed', 'page CRCs differ after writing');
    }
    ctx.progress('rebooting', 97);
    await ctx.sleep(SPEC.beforeRebootMs);
    await rebootBoard(ctx);
    const firmware = await runningVersion(ctx, expected);
    ctx.progress('done', 100);
    return ctx.result({
      ...summary(plan, {
        upToDate: false,
        extension,
        written: order.length,
        verified,
        firmware,
      }),
      flashMs,
    });
  } catch (e) {
    throw ctx.mapFailure(e, 'stm-write-failed');
  }
}

function summary(
  plan: FlashPlan,
  o: {
    upToDate: boolean;
    extension: boolean;
    written: number;
    verified: boolean | null;
    firmware: FirmwareVersion | null;
  },
): Omit<FlashResult, 'totalMs' | 'reportsSent'> {
  return {
    chip: 'stm',
    upToDate: o.upToDate,
    extension: o.extension,
    unitsTotal: plan.units.length,
    unitsWritten: o.written,
    unitsSkipped: plan.units.length - o.written,
    verified: o.verified,
    firmware: o.firmware,
    flashMs: 0,
  };
}

/** After the reboot: the application comes back (up to 60 polls of 500 ms) and must run
 * the file's version. */
async function runningVersion(
  ctx: EngineContext,
  expected: FirmwareVersion | undefined,
): Promise<FirmwareVersion> {
  const status = await ctx.waitForApp(98, 99);
  const firmware = await ctx.readVersion('stm', status);
  ctx.expectVersion(expected, firmware);
  return firmware;
}

/** Spec: reconnect to the bootloader, up to 50 tries 100 ms apart. */
async function openBootloader(ctx: EngineContext): Promise<void> {
  for (let i = 0; i < SPEC.connectTries; i++) {
    if (await ctx.port.open('bootloader')) return;
    await ctx.sleep(SPEC.connectIntervalMs);
  }
  throw new FlashError('stm-bootloader-timeout', 'the bootloader did not appear');
}

/** The reboot command, then the spec's wait; the board leaves the bus. */
async function rebootBoard(ctx: EngineContext): Promise<void> {
  ctx.port.expectGone();
  ctx.port.send(commandBlock(Cmd.reboot));
  await ctx.port.flush();
  await ctx.sleep(SPEC.afterRebootMs);
  await ctx.port.close();
}

/** OUR hello: a capable bootloader answers with its capability; a stock one stays silent. */
async function hello(ctx: EngineContext): Promise<Capability | null> {
  if (ctx.mode !== 'auto') return null;
  ctx.port.send(commandBlock(Cmd.hello));
  const r = await ctx.port.waitFor(isHello, QUERY_TIMEOUT_MS);
  if (!r) return null;
  return {
    version: r[2] ?? 0,
    flags: r[3] ?? 0,
    pages: ((r[4] ?? 0) << 8) | (r[5] ?? 0),
    kibPerPage: r[6] ?? 0,
  };
}

/** OUR CRC read: one tagged report per page ("GC", page u16 BE, CRC u32 LE), in order. */
async function readCrcs(ctx: EngineContext, count: number): Promise<number[] | null> {
  ctx.port.clearBuffer();
  ctx.port.send(commandBlock(Cmd.readCrcs, [...u16(0), ...u16(count)]));
  const out: number[] = [];
  while (out.length < count) {
    const r = await ctx.port.waitFor(isCrcReport, QUERY_TIMEOUT_MS);
    if (!r) return null;
    // A report for another page means one was lost: the list cannot be trusted.
    if ((((r[2] ?? 0) << 8) | (r[3] ?? 0)) !== out.length) return null;
    out.push(new DataView(r.buffer, r.byteOffset, 8).getUint32(4, true));
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

/**
 * Writes page 0 as erased flash, so no bootloader starts a half-written application: the
 * stack pointer reads 0xFFFFFFFF until page 0 is written again, last. Right after the
 * start marker the next page is page 0; `held` says 64 bytes of it are already in the
 * bootloader's buffer. It fills the spec's pause after the start marker.
 */
async function invalidatePageZero(ctx: EngineContext, held: boolean): Promise<void> {
  const isAck = isReply(Cmd.pageDone);
  for (let i = held ? 1 : 0; i < REPORTS_PER_PAGE; i++) ctx.port.send(BLANK_REPORT);
  let ack = await ctx.port.waitFor(isAck, held ? QUERY_TIMEOUT_MS : ackTimeout());
  if (!ack && held) {
    // This bootloader dropped the hello after all: one more report completes the page.
    ctx.port.send(BLANK_REPORT);
    ack = await ctx.port.waitFor(isAck, ackTimeout());
  }
  if (!ack) throw new FlashError('stm-response-timeout', 'no reply to the erased page 0');
}

const ackTimeout = () => SPEC.ackTries * SPEC.ackIntervalMs;

function sendPage(ctx: EngineContext, plan: FlashPlan, page: number): void {
  const unit = plan.units[page];
  if (!unit) return;
  for (let i = 0; i < unit.reportCount; i++) {
    const at = (unit.firstReport + i) * plan.reportBytes;
    ctx.port.send(plan.reports.subarray(at, at + plan.reportBytes));
  }
}

async function pageDone(ctx: EngineContext): Promise<void> {
  const r = await ctx.port.waitFor(isReply(Cmd.pageDone), ackTimeout());
  if (!r) throw new FlashError('stm-response-timeout', 'no sector-complete reply');
}

/** OUR bootloader: seek where the next page is not the one after the last, and keep up to
 * `depth` pages unacknowledged (two buffers: one programs while the next arrives). */
async function writeOverlapped(
  ctx: EngineContext,
  plan: FlashPlan,
  order: number[],
  next: number,
  depth: number,
): Promise<void> {
  let inFlight = 0;
  let done = 0;
  const acked = async () => {
    await pageDone(ctx);
    inFlight--;
    done++;
    ctx.progress('writing', 5 + (90 * done) / order.length);
  };
  for (const page of order) {
    if (page !== next) ctx.port.send(commandBlock(Cmd.seek, u16(page)));
    sendPage(ctx, plan, page);
    next = page + 1;
    inFlight++;
    if (inFlight === depth) await acked();
  }
  while (inFlight > 0) await acked();
}

/**
 * A stock bootloader writes pages in order and cannot seek: pages 1 … n (after the erased
 * page 0 its counter stands at page 1), then the start marker again and page 0. Each page
 * is acknowledged before the next; 'per-packet' also waits for an answer to every report
 * (the benchmarks' negative control).
 */
async function writeSerial(
  ctx: EngineContext,
  plan: FlashPlan,
  order: number[],
  invalidated: boolean,
): Promise<void> {
  let done = 0;
  for (const page of order) {
    if (page === 0 && invalidated) ctx.port.send(commandBlock(Cmd.resetPages));
    if (ctx.mode === 'per-packet') {
      const unit = plan.units[page];
      if (!unit) continue;
      for (let i = 0; i < unit.reportCount; i++) {
        const at = (unit.firstReport + i) * plan.reportBytes;
        ctx.port.send(plan.reports.subarray(at, at + plan.reportBytes));
        const r = await ctx.port.waitFor(isReply(Cmd.packet), ackTimeout());
        if (!r) throw new FlashError('stm-response-timeout', 'no reply to a report');
      }
    } else {
      sendPage(ctx, plan, page);
    }
    await pageDone(ctx);
    done++;
    ctx.progress('writing', 5 + (90 * done) / order.length);
  }
}
