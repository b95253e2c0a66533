// The four interface languages. `code` is the product's language code (spec: gb, br, th,
// es), persisted under the `language` local-storage key; `locale` is the i18next/BCP 47 tag
// and the folder under locales/.
export interface Language {
  code: 'gb' | 'br' | 'th' | 'es';
  locale: 'en' | 'pt-BR' | 'th' | 'es';
  /** The language's own name, shown in the picker. */
  nativeName: string;
  /** flag-icons country code. */
  flag: string;
}

export const LANGUAGES: readonly Language[] = [
  { code: 'gb', locale: 'en', nativeName: 'English', flag: 'gb' },
  { code: 'br', locale: 'pt-BR', nativeName: 'Português (Brasil)', flag: 'br' },
  { code: 'th', locale: 'th', nativeName: 'ไทย', flag: 'th' },
  { code: 'es', locale: 'es', nativeName: 'Español', flag: 'es' },
];

export const DEFAULT_LANGUAGE = LANGUAGES[0] as Language;

export function languageByCode(code: string | null | undefined): Language | undefined {
  return LANGUAGES.find((l) => l.code === code);
}

export function languageByLocale(locale: string | null | undefined): Language | undefined {
  return LANGUAGES.find((l) => l.locale === locale);
}
