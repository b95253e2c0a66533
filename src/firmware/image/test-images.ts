// Small TEST firmware images (never vendor firmware): deterministic pseudo-random bytes
// with the shape of the real thing (an STM32 vector table, the ESP32 image magic) and an
// identity block (firmware-id.ts), so the simulated board can tell which version it runs
// and whether a flash holds all of it. Used by the server's image script, the tests, the
// benchmarks and the e2e tests.
import { IdentityChip, writeIdentity } from './firmware-id.ts';

export interface TestImageOptions {
  chip: IdentityChip;
  /** The status-stream version byte. */
  version: number;
  semver: string;
  bytes: number;
  /** Seeds the content; the same options give the same image. */
  seed?: number;
  /** Every n-th 1 KiB page is left blank (0xFF), as linkers leave gaps; 0 = none. */
  blankEvery?: number;
}

/** xorshift32: small and deterministic. */
function random(seed: number): () => number {
  let x = seed >>> 0 || 0x9e3779b9;
  return () => {
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    return x;
  };
}

export function buildTestImage(o: TestImageOptions): Uint8Array {
  const image = new Uint8Array(o.bytes);
  const next = random((o.seed ?? 1) * 2654435761 + o.version * 40503 + o.chip);
  for (let i = 0; i < image.length; i += 4) {
    const v = next();
    image[i] = v & 0xff;
    image[i + 1] = (v >>> 8) & 0xff;
    image[i + 2] = (v >>> 16) & 0xff;
    image[i + 3] = v >>> 24;
  }
  if (o.blankEvery) {
    for (let page = o.blankEvery; page * 1024 < image.length; page += o.blankEvery) {
      image.fill(0xff, page * 1024, Math.min(image.length, (page + 1) * 1024));
    }
  }
  const view = new DataView(image.buffer);
  if (o.chip === IdentityChip.stm && image.length >= 8) {
    // Initial stack pointer in SRAM and a Thumb reset vector, as an STM32 image starts.
    view.setUint32(0, 0x20005000, true);
    view.setUint32(4, 0x08001101, true);
  } else if (o.chip === IdentityChip.esp && image.length >= 1) {
    image[0] = 0xe9;
  }
  writeIdentity(image, o);
  return image;
}

/** Intel HEX text for `image` at `address` (16-byte records, CRLF, extended linear
 * address records where the upper 16 bits change). */
export function toIntelHex(image: Uint8Array, address: number): string {
  const lines: string[] = [];
  const hex2 = (n: number) => n.toString(16).toUpperCase().padStart(2, '0');
  const record = (offset: number, type: number, data: ArrayLike<number>) => {
    const bytes = [data.length, (offset >> 8) & 0xff, offset & 0xff, type, ...Array.from(data)];
    const sum = bytes.reduce((a, b) => a + b, 0);
    lines.push(':' + [...bytes, (0x100 - (sum & 0xff)) & 0xff].map(hex2).join(''));
  };
  let upper = -1;
  for (let i = 0; i < image.length; i += 16) {
    const a = address + i;
    if (a >>> 16 !== upper) {
      upper = a >>> 16;
      record(0, 4, [(upper >> 8) & 0xff, upper & 0xff]);
    }
    record(a & 0xffff, 0, image.subarray(i, Math.min(i + 16, image.length)));
  }
  record(0, 1, []);
  return lines.join('\r\n') + '\r\n';
}
