// V8 stores a script's compiled code beside it in the service worker's cache the first time a
// page runs it from there: on the second visit, inside the load a student waits for (about
// 45 ms of main-thread work at full speed for the editor's modules, four times that on a
// school laptop). This build step writes code-cache.html, a page whose module imports the
// chunks the editor's first load runs, after one that throws: the browser fetches, compiles
// and links them all, stores their compiled code, and runs none of them. The app opens it
// in a hidden frame once the service worker has precached the build (src/offline/code-cache.ts).
import { posix } from 'node:path';
import type { Plugin } from 'vite';
import { CODE_CACHE_PAGE } from '../src/offline/code-cache-page.ts';
import type { OutputBundle } from './vite-html-step.ts';
import { EDITOR_MODULE, routeChunks } from './vite-route-preload.ts';

/** The first module the page imports: it stops evaluation before any other module runs. */
export const STOP_MODULE = `// code-cache.html compiles the app's modules and runs none of them: this module, first in
// the graph, throws. The error is expected and is not reported.
addEventListener('error', (event) => event.preventDefault(), { once: true });
throw new Error('compiled, not run');
`;

/** The chunks the editor's first load runs: the entries' and the editor route's. */
export function editorLoadChunks(bundle: OutputBundle): string[] | null {
  const found = routeChunks(bundle, EDITOR_MODULE);
  if (!found) return null;
  return [...new Set([...found.loaded, ...found.route])];
}

/** The page's module: the stop module first, then every chunk, as paths from `from`. */
export function warmModule(stop: string, chunks: string[], from: string): string {
  const path = (file: string) => {
    const relative = posix.relative(posix.dirname(from), file);
    return relative.startsWith('.') ? relative : `./${relative}`;
  };
  return [stop, ...chunks].map((file) => `import '${path(file)}';\n`).join('');
}

/** The page: no inline script (the content security policy allows this origin's files). */
export function warmPage(module: string): string {
  return `<!doctype html>
<html>
  <head>
    <meta charset="utf-8" />
    <script type="module" src="./${module}"></script>
  </head>
</html>
`;
}

export function codeCachePage(): Plugin {
  return {
    name: 'gogo-code-cache',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const chunks = editorLoadChunks(bundle);
      if (!chunks) return this.error('code cache: no editor chunk in the build');
      const stop = this.getFileName(
        this.emitFile({ type: 'asset', name: 'code-cache-stop.js', source: STOP_MODULE }),
      );
      // The module's name is its content's hash: a new build gets a new one.
      const module = this.getFileName(
        this.emitFile({
          type: 'asset',
          name: 'code-cache.js',
          source: warmModule(stop, chunks, posix.join(posix.dirname(stop), 'code-cache.js')),
        }),
      );
      this.emitFile({ type: 'asset', fileName: CODE_CACHE_PAGE, source: warmPage(module) });
    },
  };
}
