// Every key of the `device` and `board` namespaces exists in all four locales, and every
// static key the device and board UI uses exists in English.
import { describe, expect, it } from 'vitest';

type Tree = { [k: string]: string | Tree };

const catalogs = import.meta.glob<Tree>('../../../locales/*/{device,board}.json', {
  eager: true,
  import: 'default',
});
const sources = import.meta.glob<string>(
  // The top bar's connect button and dialog show the device's texts too.
  [
    '../**/*.{ts,tsx}',
    '../../board/**/*.{ts,tsx}',
    '../../app/navbar/Connect*.tsx',
    '!**/*.test.*',
  ],
  {
    eager: true,
    query: '?raw',
    import: 'default',
  },
);

function flatten(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([k, v]) =>
    typeof v === 'string' ? [`${prefix}${k}`] : flatten(v, `${prefix}${k}.`),
  );
}

const catalog = (locale: string, ns: string): Tree => {
  const c = catalogs[`../../../locales/${locale}/${ns}.json`];
  if (!c) throw new Error(`missing locales/${locale}/${ns}.json`);
  return c;
};

/** English plural keys (`x_one`, `x_other`) become the forms each language needs. */
function expected(key: string, locale: string): string[] {
  const m = /^(.*)_(one|other)$/.exec(key);
  if (!m) return [key];
  if (locale === 'th') return m[2] === 'other' ? [key] : [];
  return [key];
}

describe.each(['device', 'board'])('locales (%s namespace)', (ns) => {
  const en = flatten(catalog('en', ns));

  it.each(['pt-BR', 'th', 'es'])('%s has every English key', (locale) => {
    const keys = new Set(flatten(catalog(locale, ns)));
    const missing = en.flatMap((k) => expected(k, locale)).filter((k) => !keys.has(k));
    expect(missing).toEqual([]);
  });

  it('keeps Thai text in Thai script', () => {
    const th = catalog('th', ns);
    const thaiChars = JSON.stringify(th).match(/[\u0E00-\u0E7F]/g) ?? [];
    expect(thaiChars.length).toBeGreaterThan(200);
  });
});

describe('device and board UI', () => {
  it('uses only keys that exist in English', () => {
    const en = {
      device: new Set(flatten(catalog('en', 'device'))),
      board: new Set(flatten(catalog('en', 'board'))),
    };
    const missing: string[] = [];
    for (const [path, text] of Object.entries(sources)) {
      const ns = path.includes('/board/') ? 'board' : 'device';
      // t('key') in a file's default namespace; td('key') is always `device`.
      for (const m of text.matchAll(/\b(t|td)\('([a-zA-Z0-9_.]+)'/g)) {
        const space = m[1] === 'td' ? 'device' : ns;
        const key = m[2] ?? '';
        const known = en[space];
        if (!known.has(key) && !known.has(`${key}_other`)) missing.push(`${path}: ${space}:${key}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
