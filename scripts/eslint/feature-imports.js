// Counts the imports from one feature folder of src/ into another (the layer table's
// `feature` rows), from the source: static imports and re-exports, type-only ones, and
// dynamic import() chunks. Tests and their helpers are left out, as the layer rule leaves
// them out. `node scripts/eslint/feature-imports.js` prints the figures and every pair.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { facesOf, srcRows } from './layer-table.js';

const root = resolve(dirname(new URL(import.meta.url).pathname), '../..');
const features = new Set(srcRows.filter((r) => r.kind === 'feature').map((r) => r.name));
const testFile = /\.test\.tsx?$|\/testing\/|test-support\.ts$/;
// `from '...'`, `import '...'`, `import('...')`: the relative specifiers of a file.
const specifiers = /(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)['"](\.[^'"]+)['"]/gm;

function* sourceFiles(folder) {
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(path);
    else if (/\.tsx?$/.test(entry.name) && !testFile.test(path)) yield path;
  }
}

/** The src/ folder a repo-relative path lies in, or null. */
const folderOf = (path) => (path.startsWith('src/') ? path.split('/')[1] : null);

/**
 * Every feature-to-feature import: the importing file, the imported one (repo-relative)
 * and the two features.
 * @returns {{ file: string, target: string, from: string, to: string }[]}
 */
export function featureImports() {
  const found = [];
  for (const name of features) {
    for (const path of sourceFiles(join(root, 'src', name))) {
      const text = readFileSync(path, 'utf8');
      for (const match of text.matchAll(specifiers)) {
        const target = relative(root, resolve(dirname(path), match[1].split('?')[0]));
        const to = folderOf(target);
        if (to && to !== name && features.has(to)) {
          found.push({ file: relative(root, path), target, from: name, to });
        }
      }
    }
  }
  return found;
}

/** The distinct feature pairs of `imports`, as 'from -> to'. */
export const pairsOf = (imports) => [...new Set(imports.map((i) => `${i.from} -> ${i.to}`))].sort();

const faces = new Set(srcRows.flatMap((r) => (r.kind === 'feature' ? facesOf(r) : [])));

/** Whether an import lands on one of the imported feature's faces (src/<feature>/index.ts). */
export const onFace = (i) => faces.has(i.target);

if (process.argv[1] && resolve(process.argv[1]) === new URL(import.meta.url).pathname) {
  const imports = featureImports();
  const pairs = pairsOf(imports);
  const inner = imports.filter((i) => !onFace(i));
  console.log(`${imports.length} feature-to-feature imports in ${pairs.length} pairs`);
  console.log(`${inner.length} of them reach behind the imported feature's faces`);
  for (const pair of pairs) {
    const of = imports.filter((i) => `${i.from} -> ${i.to}` === pair);
    console.log(`  ${pair}: ${of.length}`);
    if (process.argv.includes('--files'))
      for (const i of of) console.log(`    ${i.file} -> ${i.target}`);
  }
}
