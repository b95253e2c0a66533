// The virtual board's offline data log (board-protocol §5): named series and 10-byte
// little-endian records (u32 seconds, u16 name index, f32 value) in one growable byte
// buffer, a generator that fills it with N records, and the read stream: three sections
// (file sizes, name table, records) cut into type-20 response packets that the board
// hands to the link one per free 1 ms frame, so a read takes the time the wire needs.
// No per-record objects: a million records are 10 MB of bytes and nothing else.

/** Bytes per record (spec classroom §9 "Datalog record size 10 bytes"). */
const RECORD_BYTES = 10;
/** Payload bytes in one response packet (64-byte report − 4 header bytes). */
export const PACKET_PAYLOAD = 60;
/** The largest log the generator makes (about 50 MB of records). */
export const MAX_SIM_RECORDS = 5_000_000;
/** Series the generator writes, in table order. */
const GENERATOR_NAMES = ['temperature', 'light', 'sound', 'distance'];

/** Response statuses of a read (board-protocol §5). */
export const DatalogStatus = {
  more: 1,
  failed: 2,
  empty: 3,
  sizesEnd: 4,
  tableEnd: 5,
  recordsEnd: 6,
} as const;

const READ_COMMAND = 2;
const ascii = new TextEncoder();

/** One response packet `[20, L, 2, status, payload…]`, 64 bytes. */
function responsePacket(status: number, payload: Uint8Array): Uint8Array {
  const p = new Uint8Array(64);
  p[0] = 20;
  p[1] = payload.length;
  p[2] = READ_COMMAND;
  p[3] = status;
  p.set(payload.subarray(0, PACKET_PAYLOAD), 4);
  return p;
}

export interface SimDatalogInfo {
  records: number;
  names: string[];
  /** Percent of the current read sent, or null when no read runs. */
  readPercent: number | null;
}

/** Streams one read of the log as packets; the log's bytes are captured at the start. */
export class DatalogReadStream {
  private readonly sections: { bytes: Uint8Array; end: number }[];
  private section = 0;
  private at = 0;
  private sent = 0;
  private readonly total: number;
  /** Records packets (0-based) this read leaves out, as if lost on their way to the host. */
  private readonly lose: ReadonlySet<number>;

  constructor(table: Uint8Array, records: Uint8Array, lose: Iterable<number> = []) {
    this.lose = new Set(lose);
    const sizes = ascii.encode(`${table.length}\n${records.length}\n`);
    this.sections = [
      { bytes: sizes, end: DatalogStatus.sizesEnd },
      { bytes: table, end: DatalogStatus.tableEnd },
      { bytes: records, end: DatalogStatus.recordsEnd },
    ];
    this.total = table.length + records.length;
  }

  get done(): boolean {
    return this.section >= this.sections.length;
  }

  /** Share of the name table and records sent, 0..100. */
  get percent(): number {
    return this.total === 0 ? 100 : Math.min(100, (this.sent * 100) / this.total);
  }

  /** Packets the whole read takes (the link floor in frames). */
  get packetCount(): number {
    return this.sections.reduce(
      (n, s) => n + Math.max(1, Math.ceil(s.bytes.length / PACKET_PAYLOAD)),
      0,
    );
  }

  /** The rest of the read as one buffer of 64-byte packets (a raw capture). */
  capture(): Uint8Array {
    const out = new Uint8Array(this.packetCount * 64);
    let at = 0;
    for (let p = this.next(); p; p = this.next()) {
      out.set(p, at);
      at += 64;
    }
    return out.subarray(0, at);
  }

  /** The next packet, or null when the read is complete. */
  next(): Uint8Array | null {
    const s = this.sections[this.section];
    if (!s) return null;
    // Lost records packets are skipped, but never the one that ends the section.
    while (
      this.section === 2 &&
      this.lose.has(this.at / PACKET_PAYLOAD) &&
      this.at + PACKET_PAYLOAD < s.bytes.length
    ) {
      this.sent += PACKET_PAYLOAD;
      this.at += PACKET_PAYLOAD;
    }
    const n = Math.min(PACKET_PAYLOAD, s.bytes.length - this.at);
    const last = this.at + n >= s.bytes.length;
    const packet = responsePacket(
      last ? s.end : DatalogStatus.more,
      s.bytes.subarray(this.at, this.at + n),
    );
    if (this.section > 0) this.sent += n;
    this.at += n;
    if (last) {
      this.section++;
      this.at = 0;
    }
    return packet;
  }
}

export class SimDatalog {
  private names: string[] = [];
  /** Records packets the next read leaves out (a test of a host that loses reports). */
  private loseNext: number[] = [];
  private bytes = new Uint8Array(0);
  private view = new DataView(this.bytes.buffer);
  private count = 0;

  get records(): number {
    return this.count;
  }

  get seriesNames(): readonly string[] {
    return this.names;
  }

  /** The index of `name` in the table, added when new. */
  nameIndex(name: string): number {
    // Commas end names in the table (§5), so a name cannot hold one.
    const clean = name.replace(/,/g, ' ').trim() || '?';
    let i = this.names.indexOf(clean);
    if (i < 0) {
      if (this.names.length >= 0xffff) return 0xffff;
      i = this.names.push(clean) - 1;
    }
    return i;
  }

  /** Appends one record (what a program's `record` does). */
  append(seconds: number, name: string, value: number): void {
    this.reserve(this.count + 1);
    this.write(this.count, seconds, this.nameIndex(name), value);
    this.count++;
  }

  /**
   * Adds `n` generated records: the generator's four series in turn, one round per second
   * from `startSeconds`, smooth waves with a little deterministic noise (seed `seed`).
   */
  fill(n: number, options: { startSeconds?: number; seed?: number } = {}): void {
    const count = Math.max(0, Math.min(Math.floor(n), MAX_SIM_RECORDS - this.count));
    if (count === 0) return;
    const ids = GENERATOR_NAMES.map((name) => this.nameIndex(name));
    const series = ids.length;
    const start = options.startSeconds ?? 0;
    const base = this.count;
    this.reserve(base + count);
    let seed = (options.seed ?? 1) >>> 0 || 1;
    for (let i = 0; i < count; i++) {
      // xorshift32: cheap, deterministic noise
      seed ^= seed << 13;
      seed ^= seed >>> 17;
      seed ^= seed << 5;
      const noise = ((seed >>> 0) / 0x1_0000_0000 - 0.5) * 4;
      const k = i % series;
      const round = Math.floor(i / series);
      const value =
        k === 0
          ? 25 + 5 * Math.sin(round / 600) + noise / 4
          : k === 1
            ? 500 + 400 * Math.sin(round / 90) + noise * 10
            : k === 2
              ? 300 + 200 * Math.abs(Math.sin(round / 17)) + noise * 20
              : 100 + 50 * Math.cos(round / 240) + noise;
      this.write(base + i, start + round, ids[k] ?? 0, value);
    }
    this.count += count;
  }

  clear(): void {
    this.names = [];
    this.bytes = new Uint8Array(0);
    this.view = new DataView(this.bytes.buffer);
    this.count = 0;
  }

  /** Record `i` as the board stores it (tests compare a read with it). */
  recordAt(i: number): { seconds: number; nameIndex: number; value: number } {
    const at = i * RECORD_BYTES;
    return {
      seconds: this.view.getUint32(at, true),
      nameIndex: this.view.getUint16(at + 4, true),
      value: this.view.getFloat32(at + 6, true),
    };
  }

  /**
   * The next read leaves out these records packets (0-based; packet k holds records 6k to
   * 6k + 5), as if the host had lost them: tests of a read that must be read again. The
   * last packet, which ends the section, always goes.
   */
  loseOnNextRead(packets: readonly number[]): void {
    this.loseNext = [...packets];
  }

  /** A read of the log as it is now, or null when the board has no log (status 3). */
  startRead(): DatalogReadStream | null {
    if (this.count === 0) return null;
    const table = ascii.encode(this.names.map((n) => `${n},`).join(''));
    const lose = this.loseNext;
    this.loseNext = [];
    return new DatalogReadStream(table, this.bytes.slice(0, this.count * RECORD_BYTES), lose);
  }

  private write(i: number, seconds: number, name: number, value: number): void {
    const at = i * RECORD_BYTES;
    this.view.setUint32(at, Math.max(0, Math.floor(seconds)) >>> 0, true);
    this.view.setUint16(at + 4, name, true);
    this.view.setFloat32(at + 6, value, true);
  }

  private reserve(records: number): void {
    const need = records * RECORD_BYTES;
    if (need <= this.bytes.length) return;
    const grown = new Uint8Array(Math.max(need, this.bytes.length * 2, 1024));
    grown.set(this.bytes.subarray(0, this.count * RECORD_BYTES));
    this.bytes = grown;
    this.view = new DataView(grown.buffer);
  }
}
