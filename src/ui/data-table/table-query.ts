// What a data table asks for (spec classroom-and-labs §3, §4, §7): sort keys, page, page
// size and filter text, and how each user action changes them. Pure, so the rules are
// tested without a screen: a sort, page-size or filter change returns to page 1; pages
// outside 1..last are never visited; with the multi-sort modifier (Alt) a column is
// added ascending, turned descending, then removed on the third click.
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '../../contract/common.ts';

type SortDir = 'asc' | 'desc';

export interface SortKey {
  field: string;
  dir: SortDir;
}

export interface DataTableQuery {
  sort: SortKey[];
  page: number;
  perPage: number;
  filter: string;
}

export function initialQuery(
  sort: SortKey[] = [],
  perPage: number = DEFAULT_PAGE_SIZE,
): DataTableQuery {
  return { sort, page: 1, perPage: validPerPage(perPage), filter: '' };
}

function validPerPage(perPage: number): number {
  return (PAGE_SIZES as readonly number[]).includes(perPage) ? perPage : DEFAULT_PAGE_SIZE;
}

/**
 * The sort after a click on `field`. A plain click sorts by that column alone, flipping its
 * direction when it already was the only sort; a multi-sort click adds, flips, then removes.
 */
export function toggleSort(sort: SortKey[], field: string, multi: boolean): SortKey[] {
  const current = sort.find((s) => s.field === field);
  if (!multi) {
    const alone = sort.length === 1 && current !== undefined;
    return [{ field, dir: alone && current.dir === 'asc' ? 'desc' : 'asc' }];
  }
  if (!current) return [...sort, { field, dir: 'asc' }];
  if (current.dir === 'asc') {
    return sort.map((s) => (s.field === field ? { field, dir: 'desc' } : s));
  }
  return sort.filter((s) => s.field !== field);
}

export function withSort(query: DataTableQuery, field: string, multi: boolean): DataTableQuery {
  return { ...query, sort: toggleSort(query.sort, field, multi), page: 1 };
}

/** Visits `page` only when it lies within 1..lastPage; otherwise the query stays as it is. */
export function withPage(query: DataTableQuery, page: number, lastPage: number): DataTableQuery {
  if (!Number.isInteger(page) || page < 1 || page > Math.max(1, lastPage)) return query;
  return page === query.page ? query : { ...query, page };
}

export function withPerPage(query: DataTableQuery, perPage: number): DataTableQuery {
  return { ...query, perPage: validPerPage(perPage), page: 1 };
}

export function withFilter(query: DataTableQuery, filter: string): DataTableQuery {
  return filter === query.filter ? query : { ...query, filter, page: 1 };
}

/** `name|asc,email|desc` (the sort parameter of §7's data table call). */
export function sortParam(sort: SortKey[]): string {
  return sort.map((s) => `${s.field}|${s.dir}`).join(',');
}

/** The query string of a server-driven table. */
export function toParams(query: DataTableQuery): Record<string, string | number> {
  const params: Record<string, string | number> = { page: query.page, per_page: query.perPage };
  if (query.sort.length > 0) params.sort = sortParam(query.sort);
  const filter = query.filter.trim();
  if (filter) params.filter = filter;
  return params;
}
