// Shared pieces of paged, searchable lists: literal LIKE patterns and the pagination
// answer (src/contract/common.ts Pagination).
import { sql, type Expression, type SqlBool } from 'kysely';
import type { Pagination } from '../../src/contract/common.ts';

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
