// The data table's query (classroom-and-labs §7 "Data table"): `sort=field|dir,...` over a
// fixed set of columns, page and per_page, a filter text. An unknown sort field is bad input
// (400), so a typo does not silently sort by nothing.
import { HttpError } from '../http/errors.ts';

export interface SortKey<F extends string> {
  field: F;
  direction: 'asc' | 'desc';
}

export function parseSort<F extends string>(
  sort: string | undefined,
  fields: readonly F[],
  fallback: SortKey<F>[],
): SortKey<F>[] {
  const keys: SortKey<F>[] = [];
  for (const part of (sort ?? '').split(',')) {
    if (part.trim() === '') continue;
    const [name = '', dir = 'asc', ...rest] = part.split('|').map((s) => s.trim().toLowerCase());
    const field = fields.find((f) => f === name);
    if (!field || rest.length > 0 || (dir !== 'asc' && dir !== 'desc')) {
      throw new HttpError(
        400,
        'bad_request',
        `querystring/sort: "${part.trim()}" is not one of ${fields.join(', ')} with |asc or |desc`,
      );
    }
    if (!keys.some((k) => k.field === field)) keys.push({ field, direction: dir });
  }
  return keys.length > 0 ? keys : fallback;
}

export interface TablePage {
  page: number;
  perPage: number;
}

export const tablePage = (q: { page?: number | undefined; per_page?: number | undefined }) => ({
  page: q.page ?? 1,
  perPage: q.per_page ?? 10,
});
