// The benchmark suites `npm run bench` knows. Adding a suite is one line here plus its
// module, which default-exports a `BenchSuite`.
import type { BenchSuite } from './lib.ts';

export const suites: Record<string, () => Promise<{ default: BenchSuite }>> = {
  hex: () => import('./hex.ts'),
  datalog: () => import('./datalog.ts'),
  flash: () => import('./flash.ts'),
  compile: () => import('./compile.ts'),
  download: () => import('./download.ts'),
  pwa: () => import('./pwa.ts'),
  'first-load': () => import('./first-load.ts'),
  'datalog-browser': () => import('./datalog-browser.ts'),
  tm: () => import('./tm.ts'),
  school: () => import('./school.ts'),
  idle: () => import('./idle.ts'),
};
