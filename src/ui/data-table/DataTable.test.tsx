import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/errors.ts';
import { initI18n } from '../../i18n/index.ts';
import DataTable, { type Column } from './DataTable.tsx';
import type { DataTableQuery } from './table-query.ts';
import { localPage, type TablePage, type TableSource } from './table-source.ts';

interface User {
  id: string;
  name: string;
  role: string;
}

const USERS: User[] = Array.from({ length: 23 }, (_, i) => ({
  id: `u${i + 1}`,
  name: `User ${String(i + 1).padStart(2, '0')}`,
  role: i % 3 === 0 ? 'teacher' : 'student',
}));

const COLUMNS: Column<User>[] = [
  { field: 'name', label: 'Name', sortable: true },
  { field: 'role', label: 'Role', sortable: true },
];

/** A source over USERS that records every query it is asked. */
function recordingSource(answer?: (q: DataTableQuery) => Promise<TablePage<User>>) {
  const queries: DataTableQuery[] = [];
  const source: TableSource<User> = (q) => {
    queries.push(q);
    return answer
      ? answer(q)
      : Promise.resolve(
          localPage(USERS, q, {
            text: (u) => u.name,
            value: (u, f) => (f === 'role' ? u.role : u.name),
          }),
        );
  };
  const last = (): DataTableQuery => {
    const q = queries[queries.length - 1];
    if (!q) throw new Error('the table asked nothing');
    return q;
  };
  return { source, queries, last };
}

async function show(source: TableSource<User>) {
  render(<DataTable source={source} columns={COLUMNS} rowKey={(u) => u.id} caption="Users" />);
  await act(async () => {});
}

const names = () =>
  screen.getAllByTestId('table-row').map((r) => within(r).getAllByRole('cell')[0]?.textContent);
const header = (name: string) => screen.getByRole('columnheader', { name: new RegExp(name) });
const sortButton = (name: string) => within(header(name)).getByRole('button');
const click = async (el: HTMLElement, init: MouseEventInit = {}) => {
  fireEvent.click(el, init);
  await act(async () => {});
};

beforeAll(async () => {
  await initI18n();
});
beforeEach(() => {
  vi.spyOn(console, 'warn').mockImplementation(() => {});
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('DataTable', () => {
  it('shows the first 10 rows, page buttons for every page, and sizes 5, 6, 10', async () => {
    const { source } = recordingSource();
    await show(source);
    expect(names()).toHaveLength(10);
    expect(screen.getByTestId('list-summary').textContent).toBe('1–10 of 23');
    expect(screen.getAllByRole('button', { name: /^Page \d+$/ }).map((b) => b.textContent)).toEqual(
      ['1', '2', '3'],
    );
    const sizes = screen.getByRole('combobox', { name: 'Per page' }) as HTMLSelectElement;
    expect([...sizes.options].map((o) => o.value)).toEqual(['5', '6', '10']);
    expect(sizes.value).toBe('10');
    // Named after its table, so two tables on one screen have two distinct page landmarks.
    expect(screen.getByRole('navigation', { name: 'Pages of Users' })).toBeTruthy();
  });

  it('sorts by a column from its header button and marks the header with aria-sort', async () => {
    const { source, last } = recordingSource();
    await show(source);
    expect(header('Name').getAttribute('aria-sort')).toBe('none');
    await click(sortButton('Name'));
    expect(last().sort).toEqual([{ field: 'name', dir: 'asc' }]);
    expect(header('Name').getAttribute('aria-sort')).toBe('ascending');
    await click(sortButton('Name'));
    expect(header('Name').getAttribute('aria-sort')).toBe('descending');
    expect(names()[0]).toBe('User 23');
  });

  it('returns to page 1 when the sort changes', async () => {
    const { source, last } = recordingSource();
    await show(source);
    await click(screen.getByRole('button', { name: 'Page 3' }));
    expect(last().page).toBe(3);
    await click(sortButton('Role'));
    expect(last().page).toBe(1);
    expect(screen.getByRole('button', { name: 'Page 1' }).getAttribute('aria-current')).toBe(
      'page',
    );
  });

  it('multi-sorts with Alt+click, numbers the columns, and drops one on the third Alt+click', async () => {
    const { source, last } = recordingSource();
    await show(source);
    await click(sortButton('Role'));
    await click(sortButton('Name'), { altKey: true });
    expect(last().sort).toEqual([
      { field: 'role', dir: 'asc' },
      { field: 'name', dir: 'asc' },
    ]);
    expect(within(header('Role')).getByTestId('sort-order').textContent).toBe('1');
    expect(within(header('Name')).getByTestId('sort-order').textContent).toBe('2');
    expect(names()[0]).toBe('User 02');
    await click(sortButton('Name'), { altKey: true });
    expect(last().sort[1]).toEqual({ field: 'name', dir: 'desc' });
    await click(sortButton('Name'), { altKey: true });
    expect(last().sort).toEqual([{ field: 'role', dir: 'asc' }]);
    expect(header('Name').getAttribute('aria-sort')).toBe('none');
  });

  it('multi-sorts from the keyboard with Alt+Enter', async () => {
    const { source, last } = recordingSource();
    await show(source);
    await click(sortButton('Role'));
    fireEvent.keyDown(sortButton('Name'), { key: 'Enter', altKey: true });
    await act(async () => {});
    expect(last().sort.map((s) => s.field)).toEqual(['role', 'name']);
  });

  it('filters 250 ms after the typing stops, from page 1', async () => {
    vi.useFakeTimers();
    const { source, queries, last } = recordingSource();
    await show(source);
    await click(screen.getByRole('button', { name: 'Page 2' }));
    const asked = queries.length;
    fireEvent.change(screen.getByRole('searchbox', { name: 'Filter' }), {
      target: { value: 'User 2' },
    });
    await act(async () => {
      vi.advanceTimersByTime(249);
    });
    expect(queries).toHaveLength(asked);
    await act(async () => {
      vi.advanceTimersByTime(1);
    });
    expect(last()).toMatchObject({ filter: 'User 2', page: 1 });
    expect(names()).toEqual(['User 20', 'User 21', 'User 22', 'User 23']);
  });

  it("says 'No Data Available' when nothing matches", async () => {
    await show(() =>
      Promise.resolve({
        rows: [],
        pagination: { total: 0, per_page: 10, current_page: 1, last_page: 1, from: 0, to: 0 },
      }),
    );
    expect(screen.getByText('No Data Available')).toBeTruthy();
    expect(screen.queryByRole('navigation')).toBeNull();
  });

  it("ends loading on a failure and says 'Cannot load the data' with the reason and a retry", async () => {
    let fail = true;
    const { source, queries } = recordingSource(() =>
      fail
        ? Promise.reject(new ApiError('Cannot reach the server.', 0, 'network_error'))
        : Promise.resolve(
            localPage(
              USERS,
              { sort: [], page: 1, perPage: 10, filter: '' },
              { text: () => '', value: () => 0 },
            ),
          ),
    );
    await show(source);
    expect(screen.queryByTestId('table-loading')).toBeNull();
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Cannot load the data');
    expect(alert.textContent).toContain('Cannot reach the server.');
    expect(console.error).toHaveBeenCalled();
    fail = false;
    await click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(queries).toHaveLength(2);
    expect(names()).toHaveLength(10);
  });

  it('shows the rows of an answer without pagination and warns about it', async () => {
    await show(() => Promise.resolve({ rows: USERS.slice(0, 3), pagination: null }));
    expect(names()).toEqual(['User 01', 'User 02', 'User 03']);
    expect(screen.getByTestId('table-no-pagination')).toBeTruthy();
    expect(console.warn).toHaveBeenCalled();
  });

  it('shows a window of two pages each side from 8 pages on', async () => {
    const { source } = recordingSource();
    await show(source);
    fireEvent.change(screen.getByRole('combobox', { name: 'Per page' }), {
      target: { value: '5' },
    });
    await act(async () => {});
    // 23 rows / 5 = 5 pages: all listed.
    expect(screen.getAllByRole('button', { name: /^Page \d+$/ })).toHaveLength(5);
    const many = recordingSource(() =>
      Promise.resolve({
        rows: USERS.slice(0, 5),
        pagination: { total: 60, per_page: 5, current_page: 6, last_page: 12, from: 26, to: 30 },
      }),
    );
    cleanup();
    await show(many.source);
    expect(screen.getAllByRole('button', { name: /^Page \d+$/ }).map((b) => b.textContent)).toEqual(
      ['4', '5', '6', '7', '8'],
    );
  });
});
