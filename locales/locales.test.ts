// The catalogues stay complete: every locale has exactly English's namespaces and keys,
// with the same interpolation placeholders, and Thai is written in Thai.
import { describe, expect, it } from 'vitest';

const files = import.meta.glob<Record<string, unknown>>('./*/*.json', {
  eager: true,
  import: 'default',
});

type Catalogue = Map<string, Map<string, string>>; // namespace -> key -> text

function flatten(node: unknown, prefix: string, out: Map<string, string>): void {
  if (typeof node === 'string') {
    out.set(prefix, node);
    return;
  }
  if (node === null || typeof node !== 'object' || Array.isArray(node)) {
    throw new Error(`${prefix} is not a string or an object`);
  }
  for (const [k, v] of Object.entries(node)) flatten(v, prefix ? `${prefix}.${k}` : k, out);
}

const catalogues = new Map<string, Catalogue>();
for (const [path, data] of Object.entries(files)) {
  const [, locale, ns] = /^\.\/([^/]+)\/(.+)\.json$/.exec(path) ?? [];
  if (!locale || !ns) continue;
  const keys = new Map<string, string>();
  flatten(data, '', keys);
  if (!catalogues.has(locale)) catalogues.set(locale, new Map());
  catalogues.get(locale)?.set(ns, keys);
}

const english = catalogues.get('en') ?? new Map<string, Map<string, string>>();
const OTHERS = ['pt-BR', 'th', 'es'];

const placeholders = (text: string) =>
  [...text.matchAll(/\{\{\s*([\w.]+)[^}]*\}\}/g)].map((m) => m[1]).sort();

describe('locale catalogues', () => {
  it('hold the four interface locales and no others', () => {
    expect([...catalogues.keys()].sort()).toEqual(['en', 'es', 'pt-BR', 'th']);
  });

  it.each(OTHERS)('%s has the same namespaces as English', (locale) => {
    expect([...(catalogues.get(locale)?.keys() ?? [])].sort()).toEqual([...english.keys()].sort());
  });

  it.each(OTHERS)('%s has every English key and no extra ones', (locale) => {
    for (const [ns, keys] of english) {
      const theirs = catalogues.get(locale)?.get(ns) ?? new Map<string, string>();
      const missing = [...keys.keys()].filter((k) => !theirs.has(k));
      const extra = [...theirs.keys()].filter((k) => !keys.has(k));
      expect({ ns, missing, extra }).toEqual({ ns, missing: [], extra: [] });
    }
  });

  it.each(OTHERS)('%s uses the same interpolation placeholders as English', (locale) => {
    for (const [ns, keys] of english) {
      for (const [key, text] of keys) {
        const theirs = catalogues.get(locale)?.get(ns)?.get(key);
        if (theirs === undefined) continue; // reported by the key test
        expect({ key: `${ns}:${key}`, vars: placeholders(theirs) }).toEqual({
          key: `${ns}:${key}`,
          vars: placeholders(text),
        });
      }
    }
  });

  it('has no empty texts', () => {
    for (const [locale, namespaces] of catalogues) {
      for (const [ns, keys] of namespaces) {
        const empty = [...keys].filter(([, v]) => v.trim() === '').map(([k]) => k);
        expect({ locale, ns, empty }).toEqual({ locale, ns, empty: [] });
      }
    }
  });

  it('writes Thai in Thai script (product and brand names aside)', () => {
    const texts = [...(catalogues.get('th')?.values() ?? [])].flatMap((keys) => [...keys.values()]);
    const thai = texts.filter((v) => /[\u0E00-\u0E7F]/.test(v));
    expect(thai.length / texts.length).toBeGreaterThan(0.9);
  });

  it("keeps the spec's English wording, typos included", () => {
    const shell = english.get('shell');
    expect(shell?.get('confirm.unsavedData')).toBe('You may lost your unsaved data');
    expect(shell?.get('leaveWarning')).toBe('Changes you made may not be saved.');
    expect(shell?.get('provider.google')).toBe('Google account');
    expect(shell?.get('provider.password')).toBe('e-mail');
  });
});
