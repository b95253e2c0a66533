// Reading fields out of a 63-byte command payload.
export const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));
export const u16 = (p: Uint8Array, at: number) => ((p[at] ?? 0) << 8) | (p[at + 1] ?? 0);
export const ascii = (p: Uint8Array, from: number, max: number) => {
  let s = '';
  for (let i = from; i < Math.min(p.length, from + max); i++) {
    const b = p[i] ?? 0;
    if (b === 0) break;
    s += String.fromCharCode(b);
  }
  return s;
};

/** A length-prefixed UTF-8 text (p1 = length, text from payload offset 3). */
export function lengthText(p: Uint8Array): string {
  return new TextDecoder().decode(p.subarray(3, 3 + Math.min(p[2] ?? 0, 60)));
}
