// i18next set-up. English is bundled (it is the fallback); the other locales load lazily,
// one chunk per locale and namespace. The choice persists under the `language` key.
import i18next, { type BackendModule, type ReadCallback } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { readStorage, STORAGE_KEYS, writeStorage } from '../state/storage.ts';
import { DEFAULT_LANGUAGE, languageByCode, type Language } from './languages.ts';
import { rememberTranslations } from './translation-cache.ts';

const english = import.meta.glob<Record<string, unknown>>('../../locales/en/*.json', {
  eager: true,
  import: 'default',
});

/** One namespace per JSON file in locales/en (the source catalogue). */
const NAMESPACES: string[] = Object.keys(english).map((path) =>
  path.replace(/^.*\/(.+)\.json$/, '$1'),
);
const lazy = import.meta.glob<Record<string, unknown>>(
  ['../../locales/*/*.json', '!../../locales/en/*.json'],
  {
    import: 'default',
  },
);

const backend: BackendModule = {
  type: 'backend',
  init() {},
  read(locale: string, ns: string, callback: ReadCallback) {
    const path = `../../locales/${locale}/${ns}.json`;
    const bundled = english[path];
    if (bundled) return callback(null, bundled);
    const load = lazy[path];
    if (!load) return callback(null, {});
    load().then(
      (data) => callback(null, data),
      (e: unknown) => callback(e instanceof Error ? e : new Error(String(e)), null),
    );
  },
};

function storedLanguage(): Language {
  return languageByCode(readStorage(STORAGE_KEYS.language)) ?? DEFAULT_LANGUAGE;
}

export async function initI18n(): Promise<typeof i18next> {
  await i18next
    .use(backend)
    .use(initReactI18next)
    .init({
      lng: storedLanguage().locale,
      fallbackLng: 'en',
      supportedLngs: ['en', 'pt-BR', 'th', 'es'],
      ns: NAMESPACES,
      defaultNS: 'common',
      interpolation: { escapeValue: false },
      returnNull: false,
      react: { useSuspense: false },
    });
  rememberTranslations(i18next);
  document.documentElement.lang = i18next.language;
  return i18next;
}

/** Switches the interface language and remembers it. */
export async function changeLanguage(lang: Language): Promise<void> {
  // In private mode the write fails silently and the choice lasts for this page only.
  writeStorage(STORAGE_KEYS.language, lang.code);
  await i18next.changeLanguage(lang.locale);
  document.documentElement.lang = lang.locale;
}
