import { describe, expect, it } from 'vitest';
import {
  initialQuery,
  sortParam,
  toggleSort,
  toParams,
  withFilter,
  withPage,
  withPerPage,
  withSort,
} from './table-query.ts';

describe('table query', () => {
  it('starts on page 1 with 10 rows a page and no filter', () => {
    expect(initialQuery()).toEqual({ sort: [], page: 1, perPage: 10, filter: '' });
  });

  it('sorts one column ascending, then descending, then ascending again on plain clicks', () => {
    let sort = toggleSort([], 'name', false);
    expect(sort).toEqual([{ field: 'name', dir: 'asc' }]);
    sort = toggleSort(sort, 'name', false);
    expect(sort).toEqual([{ field: 'name', dir: 'desc' }]);
    expect(toggleSort(sort, 'name', false)).toEqual([{ field: 'name', dir: 'asc' }]);
  });

  it('replaces a multi-sort with the clicked column on a plain click', () => {
    const sort = [
      { field: 'role', dir: 'desc' as const },
      { field: 'name', dir: 'asc' as const },
    ];
    expect(toggleSort(sort, 'name', false)).toEqual([{ field: 'name', dir: 'asc' }]);
  });

  it('with the modifier adds a column, flips it, and removes it on the third click', () => {
    let sort = toggleSort([], 'role', false);
    sort = toggleSort(sort, 'name', true);
    expect(sortParam(sort)).toBe('role|asc,name|asc');
    sort = toggleSort(sort, 'name', true);
    expect(sortParam(sort)).toBe('role|asc,name|desc');
    sort = toggleSort(sort, 'name', true);
    expect(sortParam(sort)).toBe('role|asc');
  });

  it('returns to page 1 when the sort, the page size or the filter changes', () => {
    const onPage3 = { ...initialQuery(), page: 3 };
    expect(withSort(onPage3, 'name', false).page).toBe(1);
    expect(withPerPage(onPage3, 5).page).toBe(1);
    expect(withFilter(onPage3, 'ana').page).toBe(1);
    expect(withFilter(onPage3, '').page).toBe(3);
  });

  it('visits only pages within 1..last', () => {
    const q = initialQuery();
    expect(withPage(q, 4, 4).page).toBe(4);
    expect(withPage(q, 5, 4)).toBe(q);
    expect(withPage(q, 0, 4)).toBe(q);
    expect(withPage(q, 1.5, 4)).toBe(q);
  });

  it('offers page sizes 5, 6 and 10 only', () => {
    expect(withPerPage(initialQuery(), 6).perPage).toBe(6);
    expect(withPerPage(initialQuery(), 50).perPage).toBe(10);
  });

  it('asks the server with sort=field|dir,... page, per_page and a trimmed filter', () => {
    const q = withFilter(
      withSort(withSort(initialQuery(), 'role', false), 'email', true),
      '  ana ',
    );
    expect(toParams(q)).toEqual({
      page: 1,
      per_page: 10,
      sort: 'role|asc,email|asc',
      filter: 'ana',
    });
    expect(toParams(initialQuery())).toEqual({ page: 1, per_page: 10 });
  });
});
