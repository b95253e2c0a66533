// Worker-thread entry of the compile pool (plain JS): tsx registers its TypeScript hooks
// only on the thread that loads it, so the thread registers them itself, then loads the
// worker. The pool starts this file by URL.
import { register } from 'tsx/esm/api';

register();
await import('./compile-worker.ts');
