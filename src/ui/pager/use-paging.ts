// Paging state of a list kept in the component (not the address): page 1 of the default
// size; a new page size starts again at page 1.
import { useState } from 'react';
import { DEFAULT_PAGE_SIZE } from '../../contract/common.ts';

export interface Paging {
  page: number;
  perPage: number;
  setPage: (page: number) => void;
  setPerPage: (perPage: number) => void;
}

export function usePaging(): Paging {
  const [page, setPage] = useState(1);
  const [perPage, setSize] = useState(DEFAULT_PAGE_SIZE);
  return {
    page,
    perPage,
    setPage,
    setPerPage: (n) => {
      setSize(n);
      setPage(1);
    },
  };
}
