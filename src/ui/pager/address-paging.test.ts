import { describe, expect, it } from 'vitest';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '../../contract/projects.ts';
import { pageParam, perPageParam, readPaging, withChanges, withSearch } from './address-paging.ts';

const ORDERS = ['updated', 'name', 'likes'] as const;
const OTHER_SIZE = PAGE_SIZES.find((s) => s !== DEFAULT_PAGE_SIZE) ?? DEFAULT_PAGE_SIZE;
const read = (search: string) => readPaging(new URLSearchParams(search), ORDERS, 'updated');

describe('address paging', () => {
  it('reads the query, order, page and page size from the address', () => {
    expect(read(`q=robot&order=name&page=3&per=${OTHER_SIZE}`)).toEqual({
      query: 'robot',
      order: 'name',
      page: 3,
      perPage: OTHER_SIZE,
    });
  });

  it('falls back to the defaults for missing or unknown values', () => {
    const defaults = { query: '', order: 'updated', page: 1, perPage: DEFAULT_PAGE_SIZE };
    expect(read('')).toEqual(defaults);
    expect(read('order=drop&page=0&per=7')).toEqual(defaults);
    expect(read('page=-2')).toEqual(defaults);
    expect(read('page=1.5&per=abc')).toEqual(defaults);
  });

  it('applies changes and leaves empty values out of the address', () => {
    const next = withChanges(new URLSearchParams('q=a&order=name&type=mine'), {
      order: 'likes',
      type: null,
      q: '',
      page: '2',
    });
    expect(next.toString()).toBe('order=likes&page=2');
  });

  it('a new search goes back to the first page and keeps the other choices', () => {
    const current = new URLSearchParams('order=name&page=4&per=24');
    expect(withSearch(current, 'led').toString()).toBe('order=name&per=24&q=led');
    expect(withSearch(new URLSearchParams('q=led&page=2'), '').toString()).toBe('');
    expect(current.toString()).toBe('order=name&page=4&per=24');
  });

  it('writes the first page and the default page size as no parameter', () => {
    expect(pageParam(1)).toBeNull();
    expect(pageParam(5)).toBe('5');
    expect(perPageParam(DEFAULT_PAGE_SIZE)).toBeNull();
    expect(perPageParam(OTHER_SIZE)).toBe(String(OTHER_SIZE));
  });
});
