// Every static key the datalog pages and the virtual board's data-log panel use exists in
// the English `datalog` catalogue (the catalogue test checks the other locales against it).
import { describe, expect, it } from 'vitest';

type Tree = { [k: string]: string | Tree };

const en = import.meta.glob<Tree>('../../../locales/en/{datalog,screens,global}.json', {
  eager: true,
  import: 'default',
});
const sources = import.meta.glob<string>(
  ['./*.{ts,tsx}', '../../virtual-board/ui/SimDatalogPanel.tsx', '!**/*.test.*'],
  { eager: true, query: '?raw', import: 'default' },
);

function flatten(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([k, v]) =>
    typeof v === 'string' ? [`${prefix}${k}`] : flatten(v, `${prefix}${k}.`),
  );
}

describe('datalog UI texts', () => {
  it('uses only keys that exist in English', () => {
    const keys = new Set<string>();
    for (const [path, tree] of Object.entries(en)) {
      const ns = /(\w+)\.json$/.exec(path)?.[1] ?? '';
      flatten(tree).forEach((k) => keys.add(ns === 'datalog' ? k : `${ns}:${k}`));
    }
    const missing: string[] = [];
    for (const [path, text] of Object.entries(sources)) {
      for (const m of text.matchAll(/\bt\('([a-zA-Z0-9_.:]+)'/g)) {
        const key = (m[1] ?? '').replace(/^datalog:/, '');
        if (!keys.has(key)) missing.push(`${path}: ${key}`);
      }
    }
    expect(missing).toEqual([]);
    expect(Object.keys(sources).length).toBeGreaterThan(3);
  });
});
