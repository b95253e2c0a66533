// What the build steps that rewrite index.html share: a build-only plugin that runs after
// the bundle is made, with the page, the bundle and the site's base path in hand.
import type { Plugin, Rolldown } from 'vite';

export type OutputBundle = Rolldown.OutputBundle;
export type OutputChunk = Rolldown.OutputChunk;
type OutputAsset = Rolldown.OutputAsset;

/** What a step uses of the bundler's plugin context. */
export interface HtmlStepContext {
  error(message: string): never;
  emitFile(file: { type: 'asset'; name: string; source: string }): string;
  getFileName(ref: string): string;
}

export const isChunk = (file: OutputBundle[string] | undefined): file is OutputChunk =>
  file?.type === 'chunk';

/** The style sheets a chunk imports (Vite's metadata on the chunk). */
export function importedCss(chunk: OutputChunk | undefined): Set<string> {
  const meta = (chunk as { viteMetadata?: { importedCss: Set<string> } } | undefined)?.viteMetadata;
  return meta?.importedCss ?? new Set();
}

/**
 * A plugin named `name` whose `step` edits the built index.html (`html.source`) and may emit
 * files through `context`; a build without index.html is an error.
 */
export function indexHtmlStep(
  name: string,
  step: (context: HtmlStepContext, bundle: OutputBundle, html: OutputAsset, base: string) => void,
): Plugin {
  let base = '/';
  return {
    name,
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      base = config.base;
    },
    generateBundle(_options, bundle) {
      const html = bundle['index.html'];
      if (html?.type !== 'asset') this.error(`${name}: no index.html in the build`);
      step(this, bundle, html, base);
    },
  };
}
