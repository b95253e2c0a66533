// Block texts. GoGo blocks take theirs from the `blocks` i18n namespace (locales/*/blocks.json)
// through Blockly message references; Blockly's own blocks and menus use Blockly's bundled
// locale files. Blocks read their texts when created, so after a language change the editor
// re-creates them (BlocksEditor.relocalize).
import * as Blockly from 'blockly/core';
import i18next from 'i18next';
import { msgKey } from './shared.ts';

type Catalogue = { [key: string]: string | Catalogue };

type BlocklyLocale = Record<string, string>;

/** Blockly's bundled message files for the four interface locales (each its own chunk). */
const BLOCKLY_LOCALES: Record<string, () => Promise<BlocklyLocale>> = {
  en: () => import('blockly/msg/en') as Promise<unknown> as Promise<BlocklyLocale>,
  'pt-BR': () => import('blockly/msg/pt-br') as Promise<unknown> as Promise<BlocklyLocale>,
  th: () => import('blockly/msg/th') as Promise<unknown> as Promise<BlocklyLocale>,
  es: () => import('blockly/msg/es') as Promise<unknown> as Promise<BlocklyLocale>,
};

/** Blockly messages replaced by ours (the spec's wording), by blocks-namespace key. */
const BLOCKLY_OVERRIDES: Record<string, string> = {
  VARIABLE_ALREADY_EXISTS: 'blockly.variableExists',
};

function applyOverrides(): void {
  for (const [name, key] of Object.entries(BLOCKLY_OVERRIDES)) {
    const text = Blockly.Msg[msgKey(key)];
    if (text) Blockly.Msg[name] = text;
  }
}

/** Flattens a catalogue to [dotted key, text] pairs. */
export function flattenCatalogue(node: Catalogue, prefix = ''): [string, string][] {
  return Object.entries(node).flatMap(([key, value]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    return typeof value === 'string'
      ? [[path, value] as [string, string]]
      : flattenCatalogue(value, path);
  });
}

/** Puts a `blocks` catalogue into Blockly's messages (GOGO_… keys). */
export function setBlockMessages(catalogue: Catalogue): void {
  for (const [key, text] of flattenCatalogue(catalogue)) Blockly.Msg[msgKey(key)] = text;
  applyOverrides();
}

/** Loads Blockly's messages and the GoGo block texts for an i18next locale. */
async function applyBlockLocale(locale: string): Promise<void> {
  const load = BLOCKLY_LOCALES[locale] ?? BLOCKLY_LOCALES.en;
  if (load) Blockly.setLocale(await load());
  await i18next.loadNamespaces('blocks');
  // The catalogues read directly (block texts have no interpolation): a t() call for each
  // of the hundreds of keys was a good part of the editor's start-up at first load.
  const english = (i18next.getResourceBundle('en', 'blocks') ?? {}) as Catalogue;
  const local = (i18next.getResourceBundle(locale, 'blocks') ?? {}) as Catalogue;
  const texts = new Map(flattenCatalogue(local));
  for (const [key, text] of flattenCatalogue(english)) {
    Blockly.Msg[msgKey(key)] = texts.get(key) ?? text;
  }
  applyOverrides();
  applied = locale;
}

let applied: string | null = null;
/** The locale being applied, so that callers at the same time share the one load. */
let applying: { locale: string; done: Promise<void> } | null = null;

/** Applies a locale's block texts unless they are already in place. */
export function ensureBlockLocale(locale: string): Promise<void> {
  if (applied === locale) return Promise.resolve();
  if (applying?.locale === locale) return applying.done;
  const done = applyBlockLocale(locale).finally(() => {
    if (applying?.done === done) applying = null;
  });
  applying = { locale, done };
  return done;
}
