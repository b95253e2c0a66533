// The download sequence (spec core §4 "Download flow"; board-protocol §4): set the Logo
// memory pointer, write the byte code in 60-byte chunks 10 ms apart, 15 ms after the last
// chunk switch LED 1 off and beep, then set the autorun state. Unlike the old clients, a
// length that is a multiple of 60 gets no extra empty chunk (board-protocol §4 "Quirk").
import type { PacedCommand } from '../device/device.ts';
import * as cmd from '../device/protocol/commands.ts';

/** MEM_WRITE payload: packet size minus 4 (board-protocol §2.4). */
const CHUNK_BYTES = 60;
/** Pause between chunks (board-protocol §4: 10 ms in the official clients). */
export const CHUNK_GAP_MS = 10;
/** Pause after the last chunk, before the LED and the beep (board-protocol §4). */
const FINISH_GAP_MS = 15;
/** Run-after-download starts the program this long after the download (spec core §9). */
export const RUN_AFTER_DOWNLOAD_MS = 500;

export function downloadPlan(data: Uint8Array, autoRunState: boolean): PacedCommand[] {
  const plan: PacedCommand[] = [{ command: cmd.setLogoPointer(), gapMs: 0 }];
  for (let at = 0; at < data.length; at += CHUNK_BYTES) {
    plan.push({
      command: cmd.writeMemory(data.subarray(at, at + CHUNK_BYTES)),
      gapMs: at === 0 ? 0 : CHUNK_GAP_MS,
    });
  }
  plan.push({ command: cmd.led(1, false), gapMs: FINISH_GAP_MS });
  plan.push({ command: cmd.beep(), gapMs: 0 });
  plan.push({ command: cmd.setAutorun(autoRunState), gapMs: 0 });
  return plan;
}

/** The least time a plan can take: the sum of its pauses. */
export function planFloorMs(plan: readonly PacedCommand[]): number {
  return plan.reduce((ms, step) => ms + step.gapMs, 0);
}
