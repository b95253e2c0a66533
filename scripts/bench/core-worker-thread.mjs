// Worker-thread entry (plain JS): tsx registers its TypeScript hooks only on the main
// thread, so the thread registers them itself, plus the `?url` hooks, then loads the shim.
import { register } from 'node:module';
import { register as registerTsx } from 'tsx/esm/api';

registerTsx();
register('./url-import-hooks.mjs', import.meta.url);
await import('./core-worker-node.ts');
