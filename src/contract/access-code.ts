// Access codes for classes and remote labs: 8 characters from an alphabet without
// look-alikes (no 0/O, 1/I/L, 5/S, 2/Z, 8/B), drawn from crypto random on the server:
// 25^8 ≈ 1.5·10^11 codes, short enough to read aloud. Shown as two groups of four
// (`ABCD-EFGH`); entry ignores case, spaces and dashes.

export const ACCESS_CODE_ALPHABET = '34679ACDEFGHJKMNPQRTUVWXY';
export const ACCESS_CODE_LENGTH = 8;

/** The code as a user typed it, in stored form ('' when it cannot be a code). */
export function normalizeAccessCode(input: string): string {
  const code = input.replace(/[\s-]+/g, '').toUpperCase();
  if (code.length !== ACCESS_CODE_LENGTH) return '';
  for (const c of code) if (!ACCESS_CODE_ALPHABET.includes(c)) return '';
  return code;
}

/** `ABCDEFGH` → `ABCD-EFGH`, for showing and reading aloud. */
export const formatAccessCode = (code: string) =>
  code.length === ACCESS_CODE_LENGTH ? `${code.slice(0, 4)}-${code.slice(4)}` : code;
