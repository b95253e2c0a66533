// Display name of a sign-in provider (spec core §3 "User": providerName): Google account,
// Facebook account, Microsoft account, e-mail for password; any other id is shown raw.
const KEYS: Record<string, string> = {
  'google.com': 'auth:provider.google',
  'facebook.com': 'auth:provider.facebook',
  'microsoft.com': 'auth:provider.microsoft',
  password: 'auth:provider.password',
};

export function providerName(providerId: string, t: (key: string) => string): string {
  const key = KEYS[providerId];
  return key ? t(key) : providerId;
}
