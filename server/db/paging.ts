// Shared pieces of paged, searchable lists: literal LIKE patterns, the data table's sort
// (classroom-and-labs §7: `sort=field|dir,...`, page, per_page, filter) and the pagination
// answer (src/contract/common.ts Pagination).
import { sql, type Expression, type SelectQueryBuilder, type SqlBool } from 'kysely';
import type { Pagination, TableQuery } from '../../src/contract/common.ts';
import { HttpError } from '../http/errors.ts';

/** Escapes LIKE wildcards so user text matches literally (case-insensitive with lower()). */
const likePattern = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, '\\$&')}%`;

/** `lower(column) like '%text%'`, matching the text literally. */
export function contains(column: string, text: string): Expression<SqlBool> {
  return sql<SqlBool>`lower(${sql.ref(column)}) like ${likePattern(text)} escape '\\'`;
}

export interface PageRequest {
  page: number;
  perPage: number;
}

function pagination(request: PageRequest, total: number, rows: number): Pagination {
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

/** A query ordered down to a unique key, so that pages never overlap. */
interface OrderedRows<Row> {
  limit(n: number): { offset(n: number): { execute(): Promise<Row[]> } };
}

/** Page `request` of `ordered`, as items, with the pagination answer for `total` rows. */
export async function readPage<Row, T>(
  request: PageRequest,
  total: unknown,
  ordered: OrderedRows<Row>,
  toItem: (row: Row) => T,
): Promise<{ data: T[]; pagination: Pagination }> {
  const rows = await ordered
    .limit(request.perPage)
    .offset((request.page - 1) * request.perPage)
    .execute();
  return {
    data: rows.map(toItem),
    pagination: pagination(request, toCount(total), rows.length),
  };
}

/** The orders of the public lists (projects, catalogs, extensions). */
type ListOrder = 'updated' | 'newest' | 'oldest' | 'name' | 'likes' | 'popular';

/**
 * The ORDER BY terms of `order` on table `alias`: the latest change first, the newest or
 * oldest creation first, names A to Z ignoring case, or (likes, popular) the largest
 * `counted` column first, then the latest change.
 */
export function listOrder(
  alias: string,
  order: ListOrder,
  counted = '',
): [Expression<unknown>, 'asc' | 'desc'][] {
  const updated: [Expression<unknown>, 'desc'] = [sql.ref(`${alias}.updated_at`), 'desc'];
  switch (order) {
    case 'updated':
      return [updated];
    case 'newest':
      return [[sql.ref(`${alias}.created_at`), 'desc']];
    case 'oldest':
      return [[sql.ref(`${alias}.created_at`), 'asc']];
    case 'name':
      return [[sql`lower(${sql.ref(`${alias}.name`)})`, 'asc']];
    case 'likes':
    case 'popular':
      return [[sql.ref(counted), 'desc'], updated];
  }
}

/** COUNT(*) comes back as a number (SQLite) or a string (PostgreSQL bigint). */
export const toCount = (value: unknown): number => Number(value ?? 0);

/** EXISTS comes back as 0/1 (SQLite) or a boolean (PostgreSQL). */
export const toBool = (value: unknown): boolean => value === true || Number(value) === 1;

interface SortKey<F extends string> {
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

/**
 * One page of a named, described table under `alias` (classes, lessons): the typed filter
 * matches the name or the description, the total counts the filtered rows, and the sort
 * keys (names ignoring case; the latest change first by default) order the detailed rows
 * down to the uuid, so that pages never overlap.
 */
export async function namedTablePage<DB, TB extends keyof DB, O, Row, T>(
  alias: string,
  base: SelectQueryBuilder<DB, TB, O>,
  query: Omit<TableQuery, 'query'>,
  sortFields: readonly ('name' | 'created_at' | 'updated_at')[],
  detailed: (base: SelectQueryBuilder<DB, TB, O>) => SelectQueryBuilder<DB, TB, Row>,
  toItem: (row: Row) => T,
): Promise<{ data: T[]; pagination: Pagination }> {
  const request = tablePage(query);
  const sort = parseSort(query.sort, sortFields, [{ field: 'updated_at', direction: 'desc' }]);
  const text = query.filter?.trim();
  const filtered = text
    ? base.where((eb) =>
        eb.or([contains(`${alias}.name`, text), contains(`${alias}.description`, text)]),
      )
    : base;
  const counted = await filtered
    .select((eb) => eb.fn.countAll().as('total'))
    .$castTo<{ total: unknown }>()
    .executeTakeFirstOrThrow();
  let rows = detailed(filtered);
  for (const key of sort) {
    const column = sql.ref(`${alias}.${key.field}`);
    rows = rows.orderBy(key.field === 'name' ? sql`lower(${column})` : column, key.direction);
  }
  return readPage(request, counted.total, rows.orderBy(sql.ref(`${alias}.uuid`)), toItem);
}
