// The board's real-time clock: what the host set (RTC sync, board-protocol §2.3 command 50)
// running on from the virtual time it was set at.
import type { RtcFields } from '../../core/hid-layout.ts';

const DAY_MS = 86_400_000;

export class BoardRtc {
  private epochMs = Date.UTC(2000, 0, 1);
  private weekday = 6;
  private setAtMs = 0;

  /** An RTC sync payload (second, minute, hour, weekday, date, month, year from byte 2). */
  set(p: Uint8Array, nowMs: number): void {
    const [second, minute, hour, weekday, date, month, year] = Array.from(p.subarray(2, 9));
    this.epochMs = Date.UTC(
      2000 + (year ?? 0),
      (month ?? 1) - 1,
      date ?? 1,
      hour ?? 0,
      minute ?? 0,
      second ?? 0,
    );
    this.weekday = weekday ?? 0;
    this.setAtMs = nowMs;
  }

  /** The clock's time (ms since 1970) at virtual time `nowMs`. */
  timeMs(nowMs: number): number {
    return this.epochMs + (nowMs - this.setAtMs);
  }

  /** The status packet's RTC fields; without an RTC module the weekday is 100 (§3.2). */
  fields(nowMs: number, present: boolean): RtcFields {
    const t = this.timeMs(nowMs);
    const d = new Date(t);
    const days = Math.floor(t / DAY_MS) - Math.floor(this.epochMs / DAY_MS);
    return {
      second: d.getUTCSeconds(),
      minute: d.getUTCMinutes(),
      hour: d.getUTCHours(),
      weekday: present ? (this.weekday + days) % 7 : 100,
      date: d.getUTCDate(),
      month: d.getUTCMonth() + 1,
      year: d.getUTCFullYear() - 2000,
    };
  }
}
