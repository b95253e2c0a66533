// Shapes shared by every route group. The server validates and serialises with these
// TypeBox schemas; the UI imports only their static types.
import { Type, type Static, type TSchema } from '@sinclair/typebox';

/** Error body of every 4xx/5xx answer. The UI maps `error` through `global.mapping.{error}`. */
export const ErrorBody = Type.Object({
  error: Type.String({ description: 'Stable machine code, e.g. bad_request, unauthorized' }),
  message: Type.String({ description: 'Human-readable English explanation' }),
});
export type ErrorBody = Static<typeof ErrorBody>;

export const UUID_PATTERN = '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$';
export const NOT_BLANK_PATTERN = '\\S';
export const HTTP_URL_OR_EMPTY_PATTERN = '^(https?://\\S+)?$';

/** Plain words for pattern failures (the validator would only quote the regex). */
export const PATTERN_HINTS: Record<string, string> = {
  [UUID_PATTERN]: 'must be a 36-character lowercase UUID',
  [NOT_BLANK_PATTERN]: 'must not be blank',
  [HTTP_URL_OR_EMPTY_PATTERN]: 'must be empty or an http(s) URL',
};

/** 36-character lowercase UUID (the only id format the product hands out). */
export const Uuid = Type.String({ pattern: UUID_PATTERN });

/** One record named by its uuid: path parameters, and what a create or delete answers. */
export const UuidRef = Type.Object({ uuid: Uuid });

/** One record named by its id (channels, messages, images). */
export const IdRef = Type.Object({ id: Uuid });

/** An unpaged list of `item`s (a bounded few, such as the caller's own). */
export const ListOf = <T extends TSchema>(item: T) => Type.Object({ data: Type.Array(item) });

/** Page sizes offered by lists and tables (spec core §9), default 10. */
export const PAGE_SIZES = [5, 6, 10] as const;
export const DEFAULT_PAGE_SIZE = 10;

/** Paging answer read by the data table (classroom-and-labs §3 "Table row and pagination"). */
export const Pagination = Type.Object({
  total: Type.Integer(),
  per_page: Type.Integer(),
  current_page: Type.Integer(),
  last_page: Type.Integer(),
  /** 1-based index of the first row on this page; 0 when the page is empty. */
  from: Type.Integer(),
  to: Type.Integer(),
});
export type Pagination = Static<typeof Pagination>;

/** Page number and page size of a paged list's query (spec core §9). */
export const pageFields = {
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1 })),
  per_page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: DEFAULT_PAGE_SIZE })),
};

/** Query of a data-table list: sort is `field|asc,field2|desc` (classroom-and-labs §7). */
export const tableFields = {
  ...pageFields,
  sort: Type.Optional(
    Type.String({ maxLength: 200, description: '`field|asc,field|desc` (unknown field: 400)' }),
  ),
  filter: Type.Optional(Type.String({ maxLength: 200, description: 'Case-insensitive text' })),
};

export const TableQuery = Type.Object(
  { ...tableFields, query: Type.Optional(Type.String({ maxLength: 200 })) },
  { additionalProperties: false },
);
export type TableQuery = Static<typeof TableQuery>;

/** One page of `item`s with the paging answer: the shape of every paged list. */
export const PagedList = <T extends TSchema>(item: T) =>
  Type.Object({ data: Type.Array(item), links: Type.Object({ pagination: Pagination }) });
