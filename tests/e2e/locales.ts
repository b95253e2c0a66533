// Reads the app's translation catalogues, so tests expect the texts users actually see.
import { readFileSync } from 'node:fs';

type Tree = { [key: string]: string | Tree };

/** The text at `ns:dotted.key` in a locale, e.g. text('en', 'screens:program.title'). */
export function text(locale: 'en' | 'pt-BR' | 'th' | 'es', ref: string): string {
  const [ns, key] = ref.split(':') as [string, string];
  const url = new URL(`../../locales/${locale}/${ns}.json`, import.meta.url);
  let node: string | Tree = JSON.parse(readFileSync(url, 'utf8')) as Tree;
  for (const part of key.split('.')) {
    if (typeof node === 'string' || !(part in node)) throw new Error(`no ${locale} text ${ref}`);
    node = node[part] as string | Tree;
  }
  if (typeof node !== 'string') throw new Error(`${locale} ${ref} is not a text`);
  return node;
}
