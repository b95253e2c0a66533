// Dates and grades as the reader writes them.
import i18next from 'i18next';

export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(i18next.language, {
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(date);
}

export function formatPoints(points: number): string {
  return new Intl.NumberFormat(i18next.language, { maximumFractionDigits: 2 }).format(points);
}
