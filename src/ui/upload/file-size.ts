// File sizes for people (spec §9): Bytes, KB, MB … YB in steps of 1024.
export const SIZE_UNITS = ['Bytes', 'KB', 'MB', 'GB', 'TB', 'PB', 'EB', 'ZB', 'YB'] as const;

/** `0 Bytes`, `1023 Bytes`, `1 KB`, `1.5 MB`; two decimals at most, trailing zeros dropped. */
export function formatFileSize(bytes: number, locale = 'en'): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return '0 Bytes';
  const unit = Math.min(SIZE_UNITS.length - 1, Math.floor(Math.log(bytes) / Math.log(1024)));
  const value = bytes / 1024 ** unit;
  const text = new Intl.NumberFormat(locale, { maximumFractionDigits: unit === 0 ? 0 : 2 }).format(
    value,
  );
  return `${text} ${SIZE_UNITS[unit]}`;
}
