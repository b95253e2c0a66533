// CRC-32 (ISO-HDLC, the zip/PNG checksum). The flash plans compute unit CRCs in core-rs;
// this independent TypeScript copy is what the simulated board uses on its side of the
// link, so the two implementations check each other in every flash test.
const TABLE = (() => {
  const t = new Uint32Array(256);
  for (let i = 0; i < 256; i++) {
    let c = i;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[i] = c >>> 0;
  }
  return t;
})();

/** CRC-32 of `data`; `crc32(ascii('123456789')) === 0xcbf43926`. */
export function crc32(data: Uint8Array, start = 0, end = data.length): number {
  let c = 0xffffffff;
  for (let i = start; i < end; i++) c = (TABLE[(c ^ (data[i] ?? 0)) & 0xff] ?? 0) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
