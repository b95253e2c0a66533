// The sign-in provider shown in the profile popup (spec core §3 "User"): known Firebase
// provider ids get a translated name, any other id is shown as it is.
import type { TFunction } from 'i18next';

const KNOWN: Record<string, string> = {
  'google.com': 'shell:provider.google',
  'facebook.com': 'shell:provider.facebook',
  'microsoft.com': 'shell:provider.microsoft',
  password: 'shell:provider.password',
};

export function providerName(providerId: string, t: TFunction): string {
  const key = Object.hasOwn(KNOWN, providerId) ? KNOWN[providerId] : undefined;
  return key ? t(key) : providerId;
}
