/** `datalog-2026-03-01-0930.csv` in local time. */
export function exportFileName(prefix: string, at: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${prefix}-${at.getFullYear()}-${p(at.getMonth() + 1)}-${p(at.getDate())}-${p(at.getHours())}${p(at.getMinutes())}.csv`;
}
