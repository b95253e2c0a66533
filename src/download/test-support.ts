// For the download tests: the `download` texts of every locale, each as its own i18next `t`.
import i18next, { type TFunction } from 'i18next';
import en from '../../locales/en/download.json';
import es from '../../locales/es/download.json';
import ptBR from '../../locales/pt-BR/download.json';
import th from '../../locales/th/download.json';

export async function downloadTranslators(): Promise<Record<string, TFunction>> {
  const translators: Record<string, TFunction> = {};
  for (const [lng, download] of Object.entries({ en, 'pt-BR': ptBR, th, es })) {
    const i = i18next.createInstance();
    await i.init({
      lng,
      resources: { [lng]: { download } },
      interpolation: { escapeValue: false },
    });
    translators[lng] = i.t;
  }
  return translators;
}
