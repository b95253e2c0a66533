// Shared pieces of paged, searchable lists: literal LIKE patterns, the data table's sort
// (classroom-and-labs §7: `sort=field|dir,...`, page, per_page, filter) and the pagination
// answer (src/contract/common.ts Pagination).
import { sql, type Expression, type SqlBool } from 'kysely';
import type { Pagination } from '../../src/contract/common.ts';
import { HttpError } from '../http/errors.ts';

/** Escapes LIKE wildcards so user text matches literally (case-insensitive with lower()). */
export const likePattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, '\\$&')}%`;

/** `lower(column) like '%text%'`, matching the text literally. */
export function contains(column: string, text: string): Expression<SqlBool> {
  return sql<SqlBool>`lower(${sql.ref(column)}) like ${likePattern(text)} escape '\\'`;
}

export interface PageRequest {
  page: number;
  perPage: number;
}

export function pagination(request: PageRequest, total: number, rows: number): Pagination {
  const from = rows === 0 ? 0 : (request.page - 1) * request.perPage + 1;
  return {
    total,
    per_page: request.perPage,
    current_page: request.page,
    last_page: Math.max(1, Math.ceil(total / request.perPage)),
    from,
    to: rows === 0 ? 0 : from + rows - 1,
  };
}

/** COUNT(*) comes back as a number (SQLite) or a string (PostgreSQL bigint). */
export const toCount = (value: unknown): number => Number(value ?? 0);

/** EXISTS comes back as 0/1 (SQLite) or a boolean (PostgreSQL). */
export const toBool = (value: unknown): boolean => value === true || Number(value) === 1;

export interface SortKey<F extends string> {
  field: F;
  direction: 'asc' | 'desc';
}

/** An unknown sort field is bad input (400), so a typo does not silently sort by nothing. */
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

export const tablePage = (q: {
  page?: number | undefined;
  per_page?: number | undefined;
}): PageRequest => ({
  page: q.page ?? 1,
  perPage: q.per_page ?? 10,
});
