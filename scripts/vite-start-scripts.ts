// The start-up code is four chunks: React with its DOM, the router, the other libraries the
// first screen uses, and the app. Bundled as one, its evaluation was a single main-thread
// task over 50 ms in most first loads. Each library chunk is the build's entry
// for a module of src/start/, and this step gives each a module script of its own in
// index.html, in order, before the app's. Module scripts run in document order, each in a
// task of its own, and a later one finds the earlier chunks evaluated, so the start-up
// code runs in four shorter tasks (docs/first-load.md).
import type { Plugin, Rolldown } from 'vite';
import { indexHtmlStep, isChunk } from './vite-html-step.ts';

interface StartChunk {
  /** The chunk's name, and the name of its entry among the build's inputs. */
  name: string;
  /** The entry module, repo-relative. */
  entry: string;
  /** The packages bundled into it (of those the start-up code imports). */
  packages: RegExp;
}

/** The library chunks, in the order their module scripts run. */
export const START_CHUNKS: readonly StartChunk[] = [
  {
    name: 'react',
    entry: 'src/start/react.ts',
    packages: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/,
  },
  {
    name: 'router',
    entry: 'src/start/router.ts',
    packages: /[\\/]node_modules[\\/](react-router|react-router-dom)[\\/]/,
  },
  { name: 'libraries', entry: 'src/start/libraries.ts', packages: /[\\/]node_modules[\\/]/ },
];

/** Whether the module `id` (an absolute path) is the entry module `entry`. */
export const isEntryModule = (id: string, entry: string): boolean =>
  id.replace(/\\/g, '/').endsWith(`/${entry}`);

/** The build's inputs: the page and the library chunks' entries. */
export const startInputs = (): Record<string, string> => ({
  index: 'index.html',
  ...Object.fromEntries(START_CHUNKS.map((c) => [c.name, c.entry])),
});

/**
 * The chunk groups of the start-up code (what the page imports statically): each library
 * chunk takes its packages and its entry module (so that chunk is the entry's own and no
 * third file is fetched), earlier ones first; the app chunk takes the rest.
 */
export const startGroups = (): Rolldown.CodeSplittingGroup[] => [
  ...START_CHUNKS.map((c, n) => ({
    name: c.name,
    tags: ['$initial' as const],
    test: (id: string) => c.packages.test(id) || isEntryModule(id, c.entry),
    priority: START_CHUNKS.length + 1 - n,
  })),
  { name: 'app', tags: ['$initial'], priority: 1 },
];

/** `page` with module scripts for `sources`, in order, before its first module script. */
export function withStartScripts(page: string, sources: string[]): string | null {
  const first = /<script type="module"[^>]*><\/script>/.exec(page);
  if (!first) return null;
  const tags = sources.map((src) => `<script type="module" crossorigin src="${src}"></script>`);
  return page.replace(first[0], [...tags, first[0]].join('\n    '));
}

export function startScripts(): Plugin {
  return indexHtmlStep('gogo-start-scripts', (context, bundle, html, base) => {
    const sources = START_CHUNKS.map((c) => {
      const chunk = Object.values(bundle).find(
        (f) => isChunk(f) && f.isEntry && isEntryModule(f.facadeModuleId ?? '', c.entry),
      );
      if (!isChunk(chunk)) return context.error(`start scripts: no ${c.name} entry in the build`);
      return `${base}${chunk.fileName}`;
    });
    const page = withStartScripts(String(html.source), sources);
    if (page === null) return context.error('start scripts: index.html has no module script');
    html.source = page;
  });
}
