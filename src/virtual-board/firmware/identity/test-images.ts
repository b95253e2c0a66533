// Small TEST firmware images (never vendor firmware): deterministic pseudo-random bytes
// with the shape of the real thing — an STM32 vector table, an ESP32 app image header and
// application description — and an identity block (firmware-id.ts) flagged TEST, so the
// simulated board can tell which version it runs and whether a flash holds all of it, and
// an engine refuses to write them to a real board. Used by the server's image script, the
// tests, the benchmarks and the e2e tests.
import {
  ESP_APP_DESC_AT,
  ESP_APP_DESC_MAGIC,
  IdentityBoard,
  IdentityChip,
  STM_POINTER_AT,
  writeIdentity,
} from './firmware-id.ts';

export interface TestImageOptions {
  chip: IdentityChip;
  /** The board type it is for (default: GoGo 6 for STM/ESP, Pi-topping for legacy). */
  boardType?: number;
  /** The status-stream version byte. */
  version: number;
  semver: string;
  bytes: number;
  /** Seeds the content; the same options give the same image. */
  seed?: number;
  /** Every n-th 1 KiB page is left blank (0xFF), as linkers leave gaps; 0 = none. */
  blankEvery?: number;
  /** Flag it as a TEST image (default true: these are test images). */
  test?: boolean;
  /** Leave the identity block out (the shape of a vendor image). */
  noIdentity?: boolean;
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

const ascii = (image: Uint8Array, at: number, text: string, size: number) => {
  image.fill(0, at, at + size);
  for (let i = 0; i < Math.min(text.length, size - 1); i++) image[at + i] = text.charCodeAt(i);
};

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
  if (o.chip === IdentityChip.stm && image.length >= 0x40) {
    // Initial stack pointer in SRAM, a Thumb reset vector, and the reserved entries 7-10
    // zero (entry 8 points at the identity block once it is written).
    view.setUint32(0, 0x20005000, true);
    view.setUint32(4, 0x08001101, true);
    image.fill(0, 0x1c, 0x2c);
  } else if (o.chip === IdentityChip.esp && image.length >= ESP_APP_DESC_AT + 256) {
    // esp_image_header_t: magic, one segment, DIO, 4 MB flash, entry point; chip_id 0 (the
    // ESP32 of a GoGo 6); then the first segment's header and esp_app_desc_t.
    image.fill(0, 0, ESP_APP_DESC_AT + 256);
    image[0] = 0xe9;
    image[1] = 1;
    image[2] = 2;
    image[3] = 0x20;
    view.setUint32(4, 0x400810a4, true);
    image[8] = 0xee;
    view.setUint16(12, 0, true);
    view.setUint32(24, 0x3f400020, true);
    view.setUint32(28, image.length - 32, true);
    view.setUint32(ESP_APP_DESC_AT, ESP_APP_DESC_MAGIC, true);
    ascii(image, ESP_APP_DESC_AT + 16, o.semver, 32);
    ascii(image, ESP_APP_DESC_AT + 48, 'gogo6-test', 32);
    ascii(image, ESP_APP_DESC_AT + 80, '00:00:00', 16);
    ascii(image, ESP_APP_DESC_AT + 96, 'Jan  1 2025', 16);
    ascii(image, ESP_APP_DESC_AT + 112, 'v4.4', 32);
  }
  if (!o.noIdentity) {
    const legacy = o.chip === IdentityChip.legacy || o.chip === IdentityChip.legacyBootloader;
    writeIdentity(image, {
      chip: o.chip,
      boardType: o.boardType ?? (legacy ? IdentityBoard.piTopping : IdentityBoard.gogo6),
      version: o.version,
      semver: o.semver,
      test: o.test ?? true,
    });
  } else if (o.chip === IdentityChip.stm) {
    new DataView(image.buffer).setUint32(STM_POINTER_AT, 0, true);
  }
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
