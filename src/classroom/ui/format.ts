// Dates and grades as the reader writes them. Formatters are built once per language (a
// gradebook formats a thousand grades).
import i18next from 'i18next';

const numbers = new Map<string, Intl.NumberFormat>();
const dates = new Map<string, Intl.DateTimeFormat>();

export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const lang = i18next.language;
  let format = dates.get(lang);
  if (!format) {
    format = new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short' });
    dates.set(lang, format);
  }
  return format.format(date);
}

export function formatPoints(points: number): string {
  const lang = i18next.language;
  let format = numbers.get(lang);
  if (!format) {
    format = new Intl.NumberFormat(lang, { maximumFractionDigits: 2 });
    numbers.set(lang, format);
  }
  return format.format(points);
}
