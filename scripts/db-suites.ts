// The node test files that reach a database: those whose imports (static and dynamic, followed
// through the repository's own files) lead to server/testing/test-db.ts. The PostgreSQL lane
// of `npm test` runs only these again on PostgreSQL; the rest (the flash engine, the virtual
// board, the compiler) would run the same code a second time. `node --import tsx
// scripts/db-suites.ts [folder...]` prints them, one per line.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const DATABASE = 'server/testing/test-db.ts';
// `from '...'`, `import '...'`, `import('...')`: the relative specifiers of a file.
const specifiers = /(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)['"](\.[^'"]+)['"]/gm;
const nodeSuite = (path: string): boolean =>
  path.startsWith('server/') ? /\.test\.ts$/.test(path) : /\.node\.test\.ts$/.test(path);

function* files(folder: string): Generator<string> {
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules') yield* files(path);
    } else if (/\.tsx?$/.test(entry.name)) yield relative(root, path);
  }
}

/** The repository files one file imports (repo-relative, existing ones only). */
function importsOf(path: string): string[] {
  const found: string[] = [];
  for (const match of readFileSync(join(root, path), 'utf8').matchAll(specifiers)) {
    const target = relative(
      root,
      resolve(dirname(join(root, path)), (match[1] ?? '').split('?')[0] ?? ''),
    );
    for (const candidate of [target, `${target}.ts`, `${target}.tsx`, `${target}/index.ts`]) {
      if (existsSync(join(root, candidate)) && /\.tsx?$/.test(candidate)) {
        found.push(candidate);
        break;
      }
    }
  }
  return found;
}

/** The node suites under `folders` that reach the test database. */
export function databaseSuites(folders = ['server', 'src']): string[] {
  // Walk the import graph backwards from the database helper: every file that leads to it.
  const importers = new Map<string, string[]>();
  for (const folder of ['server', 'src', 'scripts', 'workers']) {
    for (const path of files(join(root, folder))) {
      for (const target of importsOf(path)) {
        const list = importers.get(target) ?? [];
        list.push(path);
        importers.set(target, list);
      }
    }
  }
  const reaching = new Set([DATABASE]);
  const queue = [DATABASE];
  while (queue.length > 0) {
    for (const importer of importers.get(queue.pop() ?? '') ?? []) {
      if (!reaching.has(importer)) {
        reaching.add(importer);
        queue.push(importer);
      }
    }
  }
  const inFolders = (path: string): boolean => folders.some((f) => path.startsWith(`${f}/`));
  return [...reaching].filter((path) => nodeSuite(path) && inFolders(path)).sort();
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const folders = process.argv.slice(2);
  console.log(databaseSuites(folders.length > 0 ? folders : undefined).join('\n'));
}
