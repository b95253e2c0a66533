// Where a data table's rows come from. A server source calls a list endpoint with the
// table's query and reads `data` and `links.pagination` (§7 "Data table"); a local source
// applies the same query to rows already in memory (short lists such as a class's people),
// so both kinds of list behave the same way on screen.
import type { Pagination } from '../../contract/common.ts';
import { toParams, type DataTableQuery } from './table-query.ts';

export interface TablePage<Row> {
  rows: Row[];
  /** Null when the answer carried no pagination (the table warns and shows the rows). */
  pagination: Pagination | null;
}

export type TableSource<Row> = (
  query: DataTableQuery,
  signal: AbortSignal,
) => Promise<TablePage<Row>>;

/** The part of the API client a server source needs (src/api/client.ts). */
interface TableClient {
  get<T>(
    url: string,
    options: { params?: Record<string, string | number>; signal?: AbortSignal; quiet?: boolean },
  ): Promise<T>;
}

export class BadTableAnswer extends Error {
  override name = 'BadTableAnswer';
}

function isPagination(value: unknown): value is Pagination {
  if (!value || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  return ['total', 'per_page', 'current_page', 'last_page', 'from', 'to'].every(
    (k) => typeof v[k] === 'number',
  );
}

/** Reads a list answer: `data` must be an array; pagination is optional (warned about). */
export function readTableAnswer<Row>(body: unknown): TablePage<Row> {
  if (!body || typeof body !== 'object' || !Array.isArray((body as { data?: unknown }).data)) {
    throw new BadTableAnswer('The list answer has no data array');
  }
  const { data, links } = body as { data: Row[]; links?: { pagination?: unknown } };
  const pagination = links?.pagination;
  return { rows: data, pagination: isPagination(pagination) ? pagination : null };
}

export function serverSource<Row>(client: TableClient, url: string): TableSource<Row> {
  return async (query, signal) =>
    readTableAnswer<Row>(
      await client.get<unknown>(url, { params: toParams(query), signal, quiet: true }),
    );
}

interface LocalSourceOptions<Row> {
  /** The text the filter searches in (case-insensitive). */
  text: (row: Row) => string;
  /** The value a column sorts by. */
  value: (row: Row, field: string) => string | number;
}

const collator = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });

function compare(a: string | number, b: string | number): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return collator.compare(String(a), String(b));
}

/** Pages, sorts and filters `rows` in memory, answering like a server would. */
export function localPage<Row>(
  rows: readonly Row[],
  query: DataTableQuery,
  options: LocalSourceOptions<Row>,
): TablePage<Row> {
  const needle = query.filter.trim().toLocaleLowerCase();
  const kept = needle
    ? rows.filter((row) => options.text(row).toLocaleLowerCase().includes(needle))
    : [...rows];
  if (query.sort.length > 0) {
    kept.sort((a, b) => {
      for (const { field, dir } of query.sort) {
        const order = compare(options.value(a, field), options.value(b, field));
        if (order !== 0) return dir === 'asc' ? order : -order;
      }
      return 0;
    });
  }
  const total = kept.length;
  const lastPage = Math.max(1, Math.ceil(total / query.perPage));
  const page = Math.min(query.page, lastPage);
  const start = (page - 1) * query.perPage;
  const slice = kept.slice(start, start + query.perPage);
  return {
    rows: slice,
    pagination: {
      total,
      per_page: query.perPage,
      current_page: page,
      last_page: lastPage,
      from: slice.length ? start + 1 : 0,
      to: start + slice.length,
    },
  };
}
