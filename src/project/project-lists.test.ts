import { afterEach, describe, expect, it } from 'vitest';
import type { ProjectList } from '../contract/projects.ts';
import { clearProjectLists, loadList, projectLists } from './project-lists.ts';

const list = (total: number): ProjectList => ({
  data: [],
  links: {
    pagination: { total, per_page: 10, current_page: 1, last_page: 1, from: 0, to: 0 },
  },
});

afterEach(clearProjectLists);

describe('project lists', () => {
  it('keeps each loaded list under its key', async () => {
    await loadList('a', async () => list(1));
    await loadList('b', async () => list(2));
    expect(projectLists.byKey.a?.data?.links.pagination.total).toBe(1);
    expect(projectLists.byKey.b).toMatchObject({ failed: false, loading: false });
  });

  it('shows the newest answer when an older load of the same list arrives late', async () => {
    let finishOld: (l: ProjectList) => void = () => {};
    const old = loadList('q', () => new Promise((resolve) => (finishOld = resolve)));
    await loadList('q', async () => list(2));
    finishOld(list(1));
    await old;
    expect(projectLists.byKey.q?.data?.links.pagination.total).toBe(2);
  });

  it('marks a failed load and keeps nothing stale', async () => {
    await loadList('x', async () => list(5));
    await loadList('x', async () => Promise.reject(new Error('offline')));
    expect(projectLists.byKey.x).toEqual({ data: null, failed: true, loading: false });
  });

  it('forgets every list on sign-out', async () => {
    await loadList('mine', async () => list(3));
    clearProjectLists();
    expect(projectLists.byKey).toEqual({});
  });
});
