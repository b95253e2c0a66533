// A paged list whose query lives in the address (?q=&order=&page=&per=, plus any filter the
// page adds), so Back and reload keep it. Default values are left out of the address.
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '../../contract/projects.ts';
import { useDebouncedValue } from '../use-debounced-value.ts';

/** A pager's view of a list's paging: the page, its size, and how to choose them. */
export interface Paging {
  page: number;
  perPage: number;
  setPage: (page: number) => void;
  setPerPage: (perPage: number) => void;
}

/** The value when it is one of the options, else the fallback. */
export function pick<T extends string>(
  value: string | null,
  options: readonly T[],
  fallback: T,
): T {
  return options.find((o) => o === value) ?? fallback;
}

function positive(value: string | null, fallback: number): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 ? n : fallback;
}

/** The orders of a list the user cannot re-order (a catalog's projects, a project's remixes). */
export const ONE_ORDER = ['default'] as const;

interface AddressPaging<O extends string> {
  query: string;
  order: O;
  page: number;
  perPage: number;
}

/** Reads the list's query from the address; anything unknown falls back to the default. */
export function readPaging<O extends string>(
  params: URLSearchParams,
  orders: readonly O[],
  defaultOrder: O,
): AddressPaging<O> {
  return {
    query: params.get('q') ?? '',
    order: pick(params.get('order'), orders, defaultOrder),
    page: positive(params.get('page'), 1),
    perPage: PAGE_SIZES.find((s) => s === Number(params.get('per'))) ?? DEFAULT_PAGE_SIZE,
  };
}

/** The address with the changes applied: null or '' removes a parameter. */
export function withChanges(
  current: URLSearchParams,
  changes: Record<string, string | null>,
): URLSearchParams {
  const next = new URLSearchParams(current);
  for (const [k, v] of Object.entries(changes)) {
    if (v === null || v === '') next.delete(k);
    else next.set(k, v);
  }
  return next;
}

/** The address for a new search: the text, back on the first page. */
export function withSearch(current: URLSearchParams, query: string): URLSearchParams {
  return withChanges(current, { q: query, page: null });
}

/** The address value of a page (the first is the default) and of a page size. */
export const pageParam = (page: number) => (page > 1 ? String(page) : null);
export const perPageParam = (perPage: number) =>
  perPage === DEFAULT_PAGE_SIZE ? null : String(perPage);

/**
 * The paging state of a list page. The search box (`typed`) answers at once; the address
 * follows 250 ms after the typing stops, unless `hold` (a navigation is under way: a result
 * clicked while the debounce runs wins and is never turned back).
 */
export function useAddressPaging<O extends string>(
  orders: readonly O[],
  defaultOrder: O,
  hold = false,
) {
  const [params, setParams] = useSearchParams();
  const paging = readPaging(params, orders, defaultOrder);
  const { query } = paging;

  const [typed, setTyped] = useState(query);
  const [shownQuery, setShownQuery] = useState(query);
  if (query !== shownQuery) {
    setShownQuery(query);
    setTyped(query);
  }
  const settled = useDebouncedValue(typed);

  const update = (changes: Record<string, string | null>) => {
    setParams((current) => withChanges(current, changes), { replace: true });
  };

  useEffect(() => {
    if (settled === query || hold) return;
    setParams((current) => withSearch(current, settled), { replace: true });
  }, [settled, query, setParams, hold]);

  // The pager's view of the address: choosing a page or a page size writes it there.
  const pager: Paging = {
    page: paging.page,
    perPage: paging.perPage,
    setPage: (p) => update({ page: pageParam(p) }),
    setPerPage: (n) => update({ per: perPageParam(n), page: null }),
  };
  return { ...paging, params, typed, setTyped, update, pager };
}
