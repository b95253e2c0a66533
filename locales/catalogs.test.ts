import { describe, expect, it } from 'vitest';

// Every namespace of the English source catalogue must exist, key for key, in every
// locale, with a non-empty text; Thai must really be Thai.
type Tree = { [key: string]: string | Tree };
const FILES = import.meta.glob<Tree>('./*/*.json', { eager: true, import: 'default' });
const LOCALES = ['pt-BR', 'th', 'es'];
const NAMESPACES = Object.keys(FILES)
  .filter((f) => f.startsWith('./en/'))
  .map((f) => f.replace(/^\.\/en\/(.+)\.json$/, '$1'));

const read = (locale: string, ns: string): Tree => {
  const tree = FILES[`./${locale}/${ns}.json`];
  if (!tree) throw new Error(`locales/${locale}/${ns}.json is missing`);
  return tree;
};

function leaves(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const name = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(name, value);
    else for (const [k, v] of leaves(value, name)) out.set(k, v);
  }
  return out;
}

describe('locale catalogues', () => {
  it('has the namespaces this branch relies on', () => {
    expect(NAMESPACES).toEqual(expect.arrayContaining(['auth', 'global']));
  });

  for (const ns of NAMESPACES) {
    const english = leaves(read('en', ns));
    for (const locale of LOCALES) {
      it(`${locale}/${ns}.json has every English key, translated`, () => {
        const other = leaves(read(locale, ns));
        expect([...other.keys()].sort()).toEqual([...english.keys()].sort());
        for (const [key, text] of other) expect(text.trim(), key).not.toBe('');
      });
    }
    it(`th/${ns}.json is written in Thai`, () => {
      const thai = [...leaves(read('th', ns)).values()].join(' ');
      expect(thai).toMatch(/[\u0E00-\u0E7F]/);
    });
  }

  it('keeps the interpolation placeholders of every English text', () => {
    for (const ns of NAMESPACES) {
      const english = leaves(read('en', ns));
      for (const locale of LOCALES) {
        for (const [key, text] of leaves(read(locale, ns))) {
          const wanted = (english.get(key)?.match(/\{\{\w+\}\}/g) ?? []).sort();
          expect((text.match(/\{\{\w+\}\}/g) ?? []).sort(), `${locale}/${ns}:${key}`).toEqual(
            wanted,
          );
        }
      }
    }
  });
});
