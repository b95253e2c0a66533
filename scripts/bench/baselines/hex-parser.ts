// A plain TypeScript Intel HEX parser: the benchmark's fair JavaScript baseline for the
// core-rs parser. Same contract (records 00-05, checksums, line numbers, overlap and size
// checks, a 0xFF-filled image, the same error codes and lines) and the same method: bytes
// in (no string decoding), a nibble lookup table, record metadata in typed arrays, one
// allocation for the image. Its tests run it over the same fixtures as core-rs.
import type {
  AddressRange,
  CoreResult,
  HexErrorCode,
  HexImage,
} from '../../../src/core/wasm-core.ts';

const MAX_IMAGE_BYTES = 16 * 1024 * 1024;

const NIBBLE = new Uint8Array(256).fill(0xff);
for (let i = 0; i < 10; i++) NIBBLE[48 + i] = i;
for (let i = 0; i < 6; i++) {
  NIBBLE[65 + i] = 10 + i;
  NIBBLE[97 + i] = 10 + i;
}

type Result = CoreResult<HexImage, HexErrorCode>;

const fail = (code: HexErrorCode, line: number, message: string): Result => ({
  ok: false,
  error: line > 0 ? { code, message, line } : { code, message },
});

// A function, not a closure made per line: closures in the hot loop cost more than parsing.
function wrongLength(kind: number, want: number, line: number): Result {
  return fail('bad-record-length', line, `a type ${kind} record must hold ${want} data bytes`);
}

/** Growable columns of data-record metadata (no object per record). */
class Chunks {
  length = 0;
  addr = new Float64Array(256);
  at = new Uint32Array(256);
  len = new Uint16Array(256);
  line = new Uint32Array(256);

  push(addr: number, at: number, len: number, line: number): void {
    if (this.length === this.addr.length) this.grow();
    const i = this.length++;
    this.addr[i] = addr;
    this.at[i] = at;
    this.len[i] = len;
    this.line[i] = line;
  }

  private grow(): void {
    const n = this.addr.length * 2;
    const addr = new Float64Array(n);
    addr.set(this.addr);
    const at = new Uint32Array(n);
    at.set(this.at);
    const len = new Uint16Array(n);
    len.set(this.len);
    const line = new Uint32Array(n);
    line.set(this.line);
    Object.assign(this, { addr, at, len, line });
  }
}

export function parseHexTs(text: Uint8Array): Result {
  const n = text.length;
  const arena = new Uint8Array((n >> 1) + 16);
  let arenaLen = 0;
  const chunks = new Chunks();
  const record = new Uint8Array(260);
  let upper = 0;
  let startKind: HexImage['start']['kind'] = 'none';
  let startValue = 0;
  let eofLine = 0;
  let anyRecord = false;
  let lineNo = 0;
  let pos = 0;

  while (pos < n) {
    lineNo++;
    let end = text.indexOf(10, pos);
    if (end < 0) end = n;
    const from = pos;
    pos = end + 1;
    let to = end;
    if (to > from && text[to - 1] === 13) to--;
    while (to > from && (text[to - 1] === 32 || text[to - 1] === 9)) to--;
    if (to === from) continue;
    if (eofLine > 0) {
      return fail(
        'data-after-eof',
        lineNo,
        `a record follows the end-of-file record on line ${eofLine}`,
      );
    }
    if (text[from] !== 58) return fail('missing-colon', lineNo, "a record must start with ':'");
    const digits = to - from - 1;
    if (digits < 10 || (digits & 1) !== 0) {
      return fail(
        'bad-length',
        lineNo,
        `a record needs an even number of at least 10 hex digits, found ${digits}`,
      );
    }
    const nbytes = digits >> 1;
    if (nbytes > 260) return fail('bad-length', lineNo, 'the record is longer than 255 data bytes');
    let sum = 0;
    let bad = 0;
    for (let i = 0, p = from + 1; i < nbytes; i++, p += 2) {
      const hi = NIBBLE[text[p] ?? 0] ?? 0xff;
      const lo = NIBBLE[text[p + 1] ?? 0] ?? 0xff;
      bad |= hi | lo;
      const b = ((hi << 4) | lo) & 0xff;
      record[i] = b;
      sum += b;
    }
    if ((bad & 0xf0) !== 0) {
      let col = 0;
      for (let p = from + 1; p < to; p++) {
        if (NIBBLE[text[p] ?? 0] === 0xff) {
          col = p - from + 1;
          break;
        }
      }
      return fail('bad-digit', lineNo, `column ${col} is not a hexadecimal digit`);
    }
    const count = record[0] ?? 0;
    if (nbytes !== count + 5) {
      return fail(
        'bad-length',
        lineNo,
        `the record announces ${count} data bytes but holds ${nbytes - 5}`,
      );
    }
    if ((sum & 0xff) !== 0) return fail('checksum', lineNo, 'the record checksum is wrong');
    anyRecord = true;
    const offset = ((record[1] ?? 0) << 8) | (record[2] ?? 0);
    const kind = record[3] ?? 0;
    switch (kind) {
      case 0: {
        if (count === 0) break;
        const addr = upper + offset;
        if (addr + count > 0x1_0000_0000) {
          return fail('address-overflow', lineNo, 'the record runs past the 4 GiB address space');
        }
        chunks.push(addr, arenaLen, count, lineNo);
        // Plain loops, not subarray(): no object per record.
        for (let j = 0; j < count; j++) arena[arenaLen + j] = record[4 + j] ?? 0;
        arenaLen += count;
        break;
      }
      case 1:
        if (count !== 0) return wrongLength(kind, 0, lineNo);
        eofLine = lineNo;
        break;
      case 2:
        if (count !== 2) return wrongLength(kind, 2, lineNo);
        upper = (((record[4] ?? 0) << 8) | (record[5] ?? 0)) * 16;
        break;
      case 4:
        if (count !== 2) return wrongLength(kind, 2, lineNo);
        upper = (((record[4] ?? 0) << 8) | (record[5] ?? 0)) * 0x10000;
        break;
      case 3:
      case 5: {
        if (count !== 4) return wrongLength(kind, 4, lineNo);
        startKind = kind === 3 ? 'segment' : 'linear';
        startValue =
          (((record[4] ?? 0) << 24) |
            ((record[5] ?? 0) << 16) |
            ((record[6] ?? 0) << 8) |
            (record[7] ?? 0)) >>>
          0;
        break;
      }
      default:
        return fail('bad-record-type', lineNo, `record type ${kind} is not one of 00 to 05`);
    }
  }
  if (!anyRecord) return fail('empty', 0, 'the file holds no records');
  if (eofLine === 0) return fail('missing-eof', 0, 'the file has no end-of-file record');
  if (chunks.length === 0) return fail('empty', 0, 'the file holds no data records');
  return buildImage(arena, chunks, { kind: startKind, value: startValue });
}

function buildImage(arena: Uint8Array, c: Chunks, start: HexImage['start']): Result {
  const count = c.length;
  // Record indices in address order (a stable sort: ties keep file order).
  let order: Uint32Array | null = null;
  for (let i = 1; i < count; i++) {
    if ((c.addr[i] ?? 0) < (c.addr[i - 1] ?? 0)) {
      order = Uint32Array.from({ length: count }, (_, k) => k).sort(
        (a, b) => (c.addr[a] ?? 0) - (c.addr[b] ?? 0) || a - b,
      );
      break;
    }
  }
  const idx = (k: number) => (order ? (order[k] ?? 0) : k);
  const ranges: AddressRange[] = [];
  let prev = -1;
  for (let k = 0; k < count; k++) {
    const i = idx(k);
    const addr = c.addr[i] ?? 0;
    const last = ranges[ranges.length - 1];
    if (last && last.start + last.length > addr) {
      const [first, second] = (c.line[prev] ?? 0) <= (c.line[i] ?? 0) ? [prev, i] : [i, prev];
      return fail(
        'overlap',
        c.line[second] ?? 0,
        `this record writes an address that line ${c.line[first]} already wrote`,
      );
    }
    if (last && last.start + last.length === addr) last.length += c.len[i] ?? 0;
    else ranges.push({ start: addr, length: c.len[i] ?? 0 });
    prev = i;
  }
  const first = ranges[0];
  const end = ranges[ranges.length - 1];
  if (!first || !end) return fail('empty', 0, 'the file holds no data records');
  const base = first.start;
  const span = end.start + end.length - base;
  if (span > MAX_IMAGE_BYTES) return fail('image-too-large', 0, `the data spans ${span} bytes`);
  const data = new Uint8Array(span).fill(0xff);
  for (let i = 0; i < count; i++) {
    const from = c.at[i] ?? 0;
    const to = from + (c.len[i] ?? 0);
    const dst = (c.addr[i] ?? 0) - base - from;
    for (let j = from; j < to; j++) data[dst + j] = arena[j] ?? 0;
  }
  const usedBytes = ranges.reduce((s, r) => s + r.length, 0);
  return { ok: true, value: { baseAddress: base, data, ranges, usedBytes, start } };
}
