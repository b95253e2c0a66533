import { useTranslation } from 'react-i18next';
import { DEFAULT_LANGUAGE, languageByLocale, type Language } from '../../i18n/languages.ts';

/** The interface language, re-rendering when it changes. */
export function useCurrentLanguage(): Language {
  const { i18n } = useTranslation();
  return languageByLocale(i18n.resolvedLanguage ?? i18n.language) ?? DEFAULT_LANGUAGE;
}
