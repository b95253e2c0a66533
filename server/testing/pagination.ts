// Pagination blocks the list suites expect, written out once.

/** The first page of three items shown two a page. */
export const FIRST_OF_THREE_BY_TWO = {
  total: 3,
  per_page: 2,
  current_page: 1,
  last_page: 2,
  from: 1,
  to: 2,
};
