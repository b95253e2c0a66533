// Which page buttons a list shows (spec core §9): every page below 8 pages, otherwise a
// window of two pages each side of the current one.
const PAGE_WINDOW = 2;
const FULL_LIST_BELOW = 8;

export function pageNumbers(current: number, last: number): number[] {
  const pages = Math.max(1, last);
  const page = Math.min(Math.max(1, current), pages);
  const from = pages < FULL_LIST_BELOW ? 1 : Math.max(1, page - PAGE_WINDOW);
  const to = pages < FULL_LIST_BELOW ? pages : Math.min(pages, page + PAGE_WINDOW);
  return Array.from({ length: to - from + 1 }, (_, i) => from + i);
}
