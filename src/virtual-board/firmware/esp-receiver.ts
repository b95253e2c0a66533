// The simulated ESP32 in receive-firmware mode (board-protocol §6.2): after command 201 it
// reads a `Content-Length: N\n\n` header packet, then the image in 63-byte payloads, and
// programs and acknowledges every 4032-byte sector with the type-20 response
// `[20, 0, 201, 1]`. Like an OTA update it writes a spare partition: the running firmware
// is replaced only when all N bytes arrived, so an interrupted update never bricks it.
//
// One sector receives while the previous one programs; a third waits (reports not taken).
import { ESP_SECTOR_BYTES, type FirmwareTiming } from './sim-flash.ts';

export const ESP_UPDATE_COMMAND = 201;
const ESP_ACK_STATUS = 1;
const HEADER = /^Content-Length: (\d{1,9})\n\n/;

export interface EspFaults {
  /** Acknowledgements (1-based) that are never sent. */
  dropAcks?: number[];
  /** Acknowledgements sent with a wrong command byte. */
  corruptAcks?: number[];
  /** Answer every report with [_, _, 201, 2] (the benchmarks' negative control). */
  answerEveryPacket?: boolean;
}

type EspReceiverResult = { ok: true; image: Uint8Array } | { ok: false };

export class EspReceiver {
  private total = -1;
  private staged = new Uint8Array(0);
  private received = 0;
  private sectorFill = 0;
  private headerBytes = 0;
  private waiting = false;
  private programmingUntil = -1;
  private finished = false;
  private lastDataAt: number;
  private acks = 0;
  private readonly out: { command: number; status: number }[] = [];

  constructor(
    private readonly timing: FirmwareTiming,
    now: number,
    private readonly onDone: (result: EspReceiverResult) => void,
    private readonly faults: EspFaults = {},
    /** The application partition: a longer Content-Length is not taken. */
    private readonly capacity = Number.MAX_SAFE_INTEGER,
  ) {
    this.lastDataAt = now;
  }

  /** Progress for the panel. */
  get progress(): { received: number; total: number } {
    return { received: this.received, total: Math.max(0, this.total) };
  }

  receive(p: Uint8Array, now: number): boolean {
    if (this.finished) return true;
    this.lastDataAt = now;
    if (this.total < 0) {
      this.header(p);
      if (this.faults.answerEveryPacket) this.out.push({ command: ESP_UPDATE_COMMAND, status: 2 });
      return true;
    }
    if (this.waiting) return false;
    if (this.faults.answerEveryPacket) this.out.push({ command: ESP_UPDATE_COMMAND, status: 2 });
    const n = Math.min(p.length, this.total - this.received);
    this.staged.set(p.subarray(0, n), this.received);
    this.received += n;
    this.sectorFill += n;
    if (this.sectorFill === ESP_SECTOR_BYTES || this.received === this.total) {
      this.sectorFill = 0;
      if (this.programmingUntil >= 0) this.waiting = true;
      else this.programmingUntil = now + this.timing.espSectorMs;
    }
    return true;
  }

  tick(now: number): void {
    if (this.finished) return;
    if (this.programmingUntil >= 0 && now >= this.programmingUntil) {
      this.programmingUntil = -1;
      this.ack();
      if (this.waiting) {
        this.waiting = false;
        this.programmingUntil = now + this.timing.espSectorMs;
      }
    }
    if (this.total >= 0 && this.received === this.total && this.programmingUntil < 0) {
      this.finished = true;
      this.onDone({ ok: true, image: this.staged });
      return;
    }
    if (now - this.lastDataAt > this.timing.espIdleMs && this.programmingUntil < 0) {
      this.finished = true;
      this.onDone({ ok: false });
    }
  }

  /** The next acknowledgement to send as a type-20 response. */
  nextAck(): { command: number; status: number } | null {
    return this.out.shift() ?? null;
  }

  private header(p: Uint8Array): void {
    let text = '';
    for (const b of p) text += String.fromCharCode(b);
    const m = HEADER.exec(text);
    const total = m ? Number(m[1]) : -1;
    if (!m || total <= 0 || total > this.capacity) return;
    this.total = total;
    this.staged = new Uint8Array(total);
    this.headerBytes = m[0].length;
    const first = p.subarray(
      this.headerBytes,
      this.headerBytes + Math.min(total, p.length - this.headerBytes),
    );
    this.staged.set(first, 0);
    this.received = first.length;
    // The header's bytes are not part of a sector: sectors count from after the header.
    if (this.received === this.total)
      this.programmingUntil = this.lastDataAt + this.timing.espSectorMs;
  }

  private ack(): void {
    this.acks++;
    if (this.faults.dropAcks?.includes(this.acks)) return;
    const corrupt = this.faults.corruptAcks?.includes(this.acks) ?? false;
    this.out.push({ command: corrupt ? 0 : ESP_UPDATE_COMMAND, status: ESP_ACK_STATUS });
  }
}
