// The editor is the first screen of most visits (`/`, `#/program`, `#/code/{id}`), but its
// chunks are lazy: without help the browser learns about them only once the entry chunk
// has downloaded and run, one whole download after the page. This build step writes a tiny
// classic script, loaded from the page's head, that asks for the editor's chunks (and its
// style sheet) right away when the address is an editor route, so they download alongside
// the entry chunk. The links ask in CORS mode, as Vite's loader asks for the same files later
// (crossorigin): a style sheet preloaded in another mode is fetched again and the browser
// warns that the preload went unused. Other routes fetch nothing extra. On every route it
// also opens the
// page's localStorage, whose first use waits synchronously for the browser (10-20 ms on a
// cold profile): done here, that wait falls while the entry chunk downloads instead of
// inside its evaluation, where the stores read their saved state. The script is a file of
// its own, not inline: the content security policy allows scripts from this origin only.
import type { Plugin } from 'vite';
import {
  importedCss,
  indexHtmlStep,
  isChunk,
  type OutputBundle,
  type OutputChunk,
} from './vite-html-step.ts';

/** The module whose chunk the editor routes load (src/app/routes.tsx). */
export const EDITOR_MODULE = /[\\/]src[\\/]editor[\\/]ui[\\/]EditorPage\.tsx$/;

/** Hash routes that open the editor; an empty hash redirects to #/program. */
export const EDITOR_ROUTE = /^(#\/?)?$|^#\/(program|code|editor|view|app\/program)(?![\w])/;

export interface RoutePreload {
  scripts: string[];
  styles: string[];
}

/** The chunks the entries load and those a dynamic import of `target` loads. */
export interface RouteChunks {
  /** The entries' chunks and their static imports, recursively, as file names. */
  loaded: Set<string>;
  /** The route's chunk and its static imports, recursively, as file names. */
  route: Set<string>;
}

/** The chunks of `bundle` the page and the route of `target` load; null without them. */
export function routeChunks(bundle: OutputBundle, target: RegExp): RouteChunks | null {
  const chunks = Object.values(bundle).filter(isChunk);
  const entries = chunks.filter((c) => c.isEntry);
  // The route's own chunk, or, when pages of other features embed the module too, the chunk
  // the bundler shares between them, which the route's import loads.
  const route =
    chunks.find((c) => c.isDynamicEntry && target.test(c.facadeModuleId ?? '')) ??
    chunks.find((c) => !c.isEntry && (c.moduleIds ?? []).some((id) => target.test(id)));
  if (entries.length === 0 || !route) return null;
  const closure = (start: OutputChunk) => {
    const seen = new Set<string>();
    const visit = (c: OutputChunk) => {
      if (seen.has(c.fileName)) return;
      seen.add(c.fileName);
      for (const name of c.imports) {
        const next = bundle[name];
        if (isChunk(next)) visit(next);
      }
    };
    visit(start);
    return seen;
  };
  return {
    loaded: new Set(entries.flatMap((entry) => [...closure(entry)])),
    route: closure(route),
  };
}

/**
 * The chunks a dynamic import of `target` needs that the entries have not loaded already
 * (their static imports, recursively), and their style sheets, as file names of `bundle`.
 */
export function routeFiles(bundle: OutputBundle, target: RegExp): RoutePreload | null {
  const found = routeChunks(bundle, target);
  if (!found) return null;
  const scripts = [...found.route].filter((name) => !found.loaded.has(name));
  const styles = scripts.flatMap((name) => {
    const c = bundle[name];
    return [...importedCss(isChunk(c) ? c : undefined)];
  });
  return { scripts, styles };
}

/** The classic script: preloads `files` (paths from the site root) on an editor route. */
export function preloadScript(files: RoutePreload, base: string): string {
  const list = [
    ...files.scripts.map((f) => ['modulepreload', base + f]),
    ...files.styles.map((f) => ['preload', base + f]),
  ];
  return `(function () {
  try {
    void localStorage.length;
  } catch (e) {}
  if (!${EDITOR_ROUTE.toString()}.test(location.hash)) return;
  ${JSON.stringify(list)}.forEach(function (f) {
    var link = document.createElement('link');
    link.rel = f[0];
    link.href = f[1];
    if (f[0] === 'preload') link.as = 'style';
    link.crossOrigin = '';
    document.head.appendChild(link);
  });
})();
`;
}

export function routePreload(): Plugin {
  return indexHtmlStep('gogo-route-preload', (context, bundle, html, base) => {
    const files = routeFiles(bundle, EDITOR_MODULE);
    if (!files) return context.error('route preload: no editor chunk in the build');
    const ref = context.emitFile({
      type: 'asset',
      name: 'editor-preload.js',
      source: preloadScript(files, base),
    });
    const tag = `<script src="${base}${context.getFileName(ref)}"></script>`;
    html.source = String(html.source).replace('</title>', `</title>\n    ${tag}`);
  });
}
