// Saves bytes as a file through a temporary object URL (CSV exports).
export function downloadBytes(bytes: Uint8Array, name: string, type: string): void {
  const url = URL.createObjectURL(new Blob([bytes as BlobPart], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  // The download has its own reference by now.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** `datalog-2026-03-01-0930.csv` in local time. */
export function exportFileName(prefix: string, at: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${prefix}-${at.getFullYear()}-${p(at.getMonth() + 1)}-${p(at.getDate())}-${p(at.getHours())}${p(at.getMinutes())}.csv`;
}
