import { describe, expect, it } from 'vitest';
import { initialQuery } from './table-query.ts';
import { BadTableAnswer, localPage, readTableAnswer, serverSource } from './table-source.ts';

interface Person {
  email: string;
  name: string;
  age: number;
}

const people: Person[] = [
  { email: 'c@x.org', name: 'Chai', age: 14 },
  { email: 'a@x.org', name: 'Ana', age: 15 },
  { email: 'b@x.org', name: 'bruno', age: 14 },
  { email: 'd@x.org', name: 'Dao', age: 13 },
];
const options = {
  text: (p: Person) => `${p.name} ${p.email}`,
  value: (p: Person, field: string) =>
    field === 'age' ? p.age : field === 'name' ? p.name : p.email,
};

describe('local table source', () => {
  it('filters case-insensitively and reports the page it shows', () => {
    const page = localPage(people, { ...initialQuery(), filter: 'BRU' }, options);
    expect(page.rows.map((p) => p.name)).toEqual(['bruno']);
    expect(page.pagination).toEqual({
      total: 1,
      per_page: 10,
      current_page: 1,
      last_page: 1,
      from: 1,
      to: 1,
    });
  });

  it('sorts by several columns in order', () => {
    const query = {
      ...initialQuery(),
      sort: [
        { field: 'age', dir: 'desc' as const },
        { field: 'name', dir: 'asc' as const },
      ],
    };
    expect(localPage(people, query, options).rows.map((p) => p.name)).toEqual([
      'Ana',
      'bruno',
      'Chai',
      'Dao',
    ]);
  });

  it('pages, and shows the last page when asked for one past it', () => {
    const page = localPage(people, { ...initialQuery(), perPage: 5 }, options);
    expect(page.pagination?.last_page).toBe(1);
    const second = localPage(people, { ...initialQuery(), perPage: 5, page: 2 }, options);
    expect(second.pagination?.current_page).toBe(1);
    expect(second.rows).toHaveLength(4);
  });

  it('answers an empty page with from 0', () => {
    const page = localPage([], initialQuery(), options);
    expect(page.pagination).toMatchObject({ total: 0, last_page: 1, from: 0, to: 0 });
  });
});

describe('server table answers', () => {
  it('reads data and links.pagination', () => {
    const pagination = { total: 1, per_page: 10, current_page: 1, last_page: 1, from: 1, to: 1 };
    expect(readTableAnswer({ data: [{ id: 1 }], links: { pagination } })).toEqual({
      rows: [{ id: 1 }],
      pagination,
    });
  });

  it('keeps the rows of an answer without pagination and says so with null', () => {
    expect(readTableAnswer({ data: [{ id: 1 }] })).toEqual({ rows: [{ id: 1 }], pagination: null });
    expect(
      readTableAnswer({ data: [], links: { pagination: { total: '3' } } }).pagination,
    ).toBeNull();
  });

  it('refuses an answer without a data array', () => {
    expect(() => readTableAnswer({ rows: [] })).toThrow(BadTableAnswer);
    expect(() => readTableAnswer('<html>')).toThrow(BadTableAnswer);
  });

  it('calls the list URL quietly with the query as parameters', async () => {
    const calls: unknown[] = [];
    const client = {
      get<T>(url: string, options: unknown): Promise<T> {
        calls.push([url, options]);
        return Promise.resolve({ data: [] } as T);
      },
    };
    const signal = new AbortController().signal;
    await serverSource(client, '/user/browse')({ ...initialQuery(), filter: 'x' }, signal);
    expect(calls).toEqual([
      ['/user/browse', { params: { page: 1, per_page: 10, filter: 'x' }, signal, quiet: true }],
    ]);
  });
});
