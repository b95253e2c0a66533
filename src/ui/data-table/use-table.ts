// A data table's state: the query the user builds (sort, page, size, filter debounced
// 250 ms) and the page the source answered for it. Loading is derived (the last answer is
// for an older request), a failure ends loading with the error kept for the screen, and an
// answer without pagination is shown with a warning (§8).
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { Pagination } from '../../contract/common.ts';
import { useDebouncedValue } from '../use-debounced-value.ts';
import {
  initialQuery,
  withFilter,
  withPage,
  withPerPage,
  withSort,
  type SortKey,
  type DataTableQuery,
} from './table-query.ts';
import type { TableSource } from './table-source.ts';

/** Filter box debounce (spec §5, §9). */
const FILTER_DEBOUNCE_MS = 250;

interface Answer<Row> {
  request: object;
  rows: Row[];
  pagination: Pagination | null;
  error: unknown;
}

export interface TableState<Row> {
  query: DataTableQuery;
  rows: Row[];
  pagination: Pagination | null;
  loading: boolean;
  /** The last load failed (the rows are those of the last good answer). */
  error: unknown;
  /** The last answer carried no pagination. */
  missingPagination: boolean;
  filterText: string;
  setFilterText: (text: string) => void;
  sortBy: (field: string, multi: boolean) => void;
  goToPage: (page: number) => void;
  setPerPage: (perPage: number) => void;
  reload: () => void;
}

export function useTable<Row>(
  source: TableSource<Row>,
  initialSort: SortKey[] = [],
  reloadKey: unknown = null,
): TableState<Row> {
  const [query, setQuery] = useState(() => initialQuery(initialSort));
  const [filterText, setFilterText] = useState('');
  const [attempt, setAttempt] = useState(0);
  const settledFilter = useDebouncedValue(filterText, FILTER_DEBOUNCE_MS);
  if (settledFilter !== query.filter) setQuery(withFilter(query, settledFilter));

  // One object per distinct request: an answer counts only for the request it answers.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const request = useMemo(() => ({}), [source, query, reloadKey, attempt]);
  const [answer, setAnswer] = useState<Answer<Row>>({
    request: {},
    rows: [],
    pagination: null,
    error: null,
  });

  useEffect(() => {
    const abort = new AbortController();
    source(query, abort.signal).then(
      (page) => {
        if (abort.signal.aborted) return;
        if (!page.pagination) console.warn('data table: the answer has no pagination data');
        setAnswer({ request, rows: page.rows, pagination: page.pagination, error: null });
        // Rows removed under the last page: show the new last page.
        const last = page.pagination?.last_page ?? 1;
        if (page.pagination && page.pagination.total > 0 && query.page > last) {
          setQuery((q) => ({ ...q, page: last }));
        }
      },
      (error: unknown) => {
        if (abort.signal.aborted) return;
        console.error('data table: loading failed', error);
        setAnswer((a) => ({ ...a, request, error }));
      },
    );
    return () => abort.abort();
  }, [source, query, request]);

  const lastPage = answer.pagination?.last_page ?? 1;
  return {
    query,
    rows: answer.rows,
    pagination: answer.pagination,
    loading: answer.request !== request,
    error: answer.request === request ? answer.error : null,
    missingPagination: answer.request === request && !answer.error && !answer.pagination,
    filterText,
    setFilterText,
    sortBy: useCallback((field, multi) => setQuery((q) => withSort(q, field, multi)), []),
    goToPage: useCallback((page) => setQuery((q) => withPage(q, page, lastPage)), [lastPage]),
    setPerPage: useCallback((perPage) => setQuery((q) => withPerPage(q, perPage)), []),
    reload: useCallback(() => setAttempt((n) => n + 1), []),
  };
}
