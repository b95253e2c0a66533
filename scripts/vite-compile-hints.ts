// V8 compiles a script's functions lazily, on the main thread, the first time each one is
// called; module scripts get no code cache in Chromium, so every load pays again (a warm
// load of the editor made about 2,700 such compilations on the main thread).
// `//# allFunctionsCalledOnLoad` on a script's first line asks V8 to compile all of it
// eagerly, on the background thread that streams the script in. This step puts it on the
// chunks the editor's first screen runs: the start-up chunks and the editor route's, with
// their static imports (docs/first-load.md). Other routes and dialogs stay lazy.
import type { Plugin } from 'vite';
import { isChunk, type OutputBundle } from './vite-html-step.ts';
import { EDITOR_MODULE, routeChunks } from './vite-route-preload.ts';

/** V8's explicit compile hint for a whole script (it must come before any code). */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';

/** A source map (JSON) for the same code with one line added above it. */
export function shiftedMap(map: string): string {
  const parsed = JSON.parse(map) as { mappings: string };
  return JSON.stringify({ ...parsed, mappings: `;${parsed.mappings}` });
}

/** Puts the hint on the first line of the editor's first-screen chunks of `bundle`. */
export function addCompileHints(bundle: OutputBundle): string[] {
  const found = routeChunks(bundle, EDITOR_MODULE);
  if (!found) return [];
  const eager = [...new Set([...found.loaded, ...found.route])];
  for (const name of eager) {
    const chunk = bundle[name];
    if (!isChunk(chunk)) continue;
    chunk.code = `${COMPILE_HINT}\n${chunk.code}`;
    if (chunk.map) chunk.map.mappings = `;${chunk.map.mappings}`;
    const map = bundle[`${name}.map`];
    if (map?.type === 'asset') map.source = shiftedMap(String(map.source));
  }
  return eager;
}

export function compileHints(): Plugin {
  return {
    name: 'gogo-compile-hints',
    apply: 'build',
    // Last, after Vite has put its own first line (the preload list) on the chunks.
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        if (addCompileHints(bundle).length === 0) this.error('compile hints: no editor chunk');
      },
    },
  };
}
