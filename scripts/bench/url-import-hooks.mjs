// Node module hooks for the benchmark's worker thread: Vite's `import x from './a.wasm?url'`
// becomes a module whose default export is the file's URL, so src/core/core-worker-api.ts runs
// in Node unchanged.
export async function resolve(specifier, context, next) {
  if (specifier.endsWith('?url') && context.parentURL) {
    const target = new URL(specifier.slice(0, -'?url'.length), context.parentURL).href;
    const source = `export default ${JSON.stringify(target)};`;
    return { url: `data:text/javascript,${encodeURIComponent(source)}`, shortCircuit: true };
  }
  return next(specifier, context);
}
