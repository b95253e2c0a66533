// What the build's code cache page and the app share (scripts/vite-code-cache.ts,
// ./code-cache.ts), and what the benchmarks wait for.

/** The page the build writes at the site's root to compile the app's modules into the
 * service worker's cache. */
export const CODE_CACHE_PAGE = 'code-cache.html';

/** The performance mark the app sets once that page has done its work and gone. */
export const CODE_CACHE_MARK = 'gogo-code-cache-ready';
