// External addresses the shell links to. A deployment points them elsewhere with VITE_*
// variables at build time; the defaults are the public GoGo Board sites.
import type { Language } from '../i18n/languages.ts';

function fromEnv(name: string, fallback: string): string {
  const value: unknown = import.meta.env[name];
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : fallback;
}

/** Documentation per interface language; Spanish has none of its own and uses English. */
export const DOCS_URLS: Record<Language['code'], string> = {
  gb: fromEnv('VITE_DOCS_URL_EN', 'https://docs.gogoboard.org/en/'),
  th: fromEnv('VITE_DOCS_URL_TH', 'https://docs.gogoboard.org/th/'),
  br: fromEnv('VITE_DOCS_URL_BR', 'https://docs.gogoboard.org/pt-br/'),
  es: fromEnv('VITE_DOCS_URL_EN', 'https://docs.gogoboard.org/en/'),
};

/** The old external MQTT widget site, for deployments that prefer it to the built-in one. */
export const WEB_UI_URL = fromEnv('VITE_WEB_UI_URL', 'https://webui.gogoboard.org/');

/** Labs ▸ Web UI opens WEB_UI_URL instead of the built-in `/webui` when this is `1`. */
export const WEB_UI_EXTERNAL = fromEnv('VITE_WEB_UI_EXTERNAL', '') === '1';

/** The address of an in-app route for opening in a new tab (routing is hash based). */
export function appRouteHref(path: string): string {
  return `${window.location.pathname}${window.location.search}#${path}`;
}
