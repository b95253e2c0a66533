// Where the project examples page lives and which messages from it count (spec core §2
// "Project examples modal"). By default the API server hosts it ({API}/examples/{lang});
// VITE_EXAMPLES_URL points at another host. Only messages from that page's origin, shaped
// as LoadProjectMessage, are accepted: any other window's messages are ignored.
import { Value } from '@sinclair/typebox/value';
import { API_BASE_PATH } from '../../contract/base-path.ts';
import { LoadProjectMessage } from '../../contract/projects.ts';
import type { Language } from '../../i18n/languages.ts';

export function examplesBase(
  configured: string | undefined = import.meta.env.VITE_EXAMPLES_URL,
  apiBase: string = import.meta.env.VITE_API_BASE_URL || API_BASE_PATH,
): string {
  const base = configured?.trim() || `${apiBase.replace(/\/+$/, '')}/examples`;
  return base.replace(/\/+$/, '');
}

/** The examples page for an interface language, as an absolute URL. */
export function examplesPageUrl(
  code: Language['code'],
  base = examplesBase(),
  here = window.location.href,
) {
  return new URL(`${base}/${code}`, here).toString();
}

/** The only origin whose messages the examples dialog accepts. */
export function examplesOrigin(base = examplesBase(), here = window.location.href): string {
  return new URL(base, here).origin;
}

/** The message's program when it is a loadProject message from the examples origin. */
export function acceptLoadProject(
  event: Pick<MessageEvent, 'origin' | 'data'>,
  origin: string,
): LoadProjectMessage | null {
  if (event.origin !== origin) return null;
  return Value.Check(LoadProjectMessage, event.data) ? event.data : null;
}
