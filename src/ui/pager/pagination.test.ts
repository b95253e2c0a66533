import { describe, expect, it } from 'vitest';
import { pageNumbers } from './pagination.ts';

describe('pageNumbers', () => {
  it.each([
    [1, 1, [1]],
    [3, 7, [1, 2, 3, 4, 5, 6, 7]],
    [7, 7, [1, 2, 3, 4, 5, 6, 7]],
  ])('lists every page below 8 pages (page %i of %i)', (current, last, pages) => {
    expect(pageNumbers(current, last)).toEqual(pages);
  });

  it.each([
    [1, 8, [1, 2, 3]],
    [2, 8, [1, 2, 3, 4]],
    [5, 20, [3, 4, 5, 6, 7]],
    [19, 20, [17, 18, 19, 20]],
    [20, 20, [18, 19, 20]],
  ])('shows two pages each side of page %i of %i', (current, last, pages) => {
    expect(pageNumbers(current, last)).toEqual(pages);
  });

  it('keeps out-of-range pages inside the list', () => {
    expect(pageNumbers(0, 20)).toEqual([1, 2, 3]);
    expect(pageNumbers(99, 20)).toEqual([18, 19, 20]);
    expect(pageNumbers(1, 0)).toEqual([1]);
  });
});
