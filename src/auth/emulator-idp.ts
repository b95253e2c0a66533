// Social sign-in against the Firebase Auth emulator without the internet. The SDK's popup and
// redirect flows need Google's gapi script (apis.google.com) on the page and in the
// emulator's helper iframe, so they fail offline. The emulator itself needs no Google: its
// signInWithIdp accepts an unsigned JSON "id token" for any provider, the very claims its own
// account chooser hands over. So with the emulator the app shows its own account chooser
// (src/auth/ui/EmulatorAccountChooser.tsx) and signs in with signInWithCredential and such a
// token; with a real Firebase project the usual popup runs (auth-service.ts).
import { GoogleAuthProvider, OAuthProvider, type Auth, type AuthCredential } from 'firebase/auth';

/** A stand-in account of one provider, as the emulator's chooser lists it. */
export interface EmulatorAccount {
  /** The provider's own id of the account (the token's `sub`). */
  rawId: string;
  email: string;
  name: string;
}

/** The emulator's base URL, or null when `auth` talks to a real project. */
export function emulatorUrl(auth: Auth): string | null {
  const config = auth.emulatorConfig;
  if (!config) return null;
  const port = config.port === null ? '' : `:${config.port}`;
  return `${config.protocol}://${config.host}${port}`;
}

interface QueryAnswer {
  userInfo?: {
    email?: string;
    displayName?: string;
    providerUserInfo?: {
      providerId?: string;
      rawId?: string;
      email?: string;
      displayName?: string;
    }[];
  }[];
}

/**
 * The emulator's accounts that sign in with `providerId` (google.com, …), newest last, read
 * with its admin credential (`Bearer owner`, accepted by the emulator only).
 */
export async function listEmulatorAccounts(
  auth: Auth,
  providerId: string,
  fetchFn: typeof fetch = fetch,
): Promise<EmulatorAccount[]> {
  const base = emulatorUrl(auth);
  if (!base) return [];
  const project = auth.app.options.projectId ?? '';
  const res = await fetchFn(
    `${base}/identitytoolkit.googleapis.com/v1/projects/${encodeURIComponent(project)}/accounts:query`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer owner' },
      body: JSON.stringify({ returnUserInfo: true }),
    },
  );
  if (!res.ok) throw new Error(`emulator accounts:query answered ${res.status}`);
  const answer = (await res.json()) as QueryAnswer;
  const accounts: EmulatorAccount[] = [];
  for (const user of answer.userInfo ?? []) {
    for (const info of user.providerUserInfo ?? []) {
      if (info.providerId !== providerId || !info.rawId) continue;
      accounts.push({
        rawId: info.rawId,
        email: info.email ?? user.email ?? '',
        name: info.displayName ?? user.displayName ?? '',
      });
    }
  }
  return accounts;
}

/** A provider id the emulator signs in for (any 40-digit string, as its own chooser makes). */
export function newRawId(random: () => number = Math.random): string {
  return Array.from({ length: 40 }, () => Math.floor(random() * 10)).join('');
}

/**
 * The credential the emulator accepts for `account`: its claims as JSON in place of the
 * provider's signed id token. The e-mail counts as verified, as with the real providers.
 */
export function emulatorCredential(providerId: string, account: EmulatorAccount): AuthCredential {
  const claims = JSON.stringify({
    sub: account.rawId,
    email: account.email,
    email_verified: true,
    ...(account.name ? { name: account.name } : {}),
  });
  if (providerId === 'google.com') return GoogleAuthProvider.credential(claims);
  return new OAuthProvider(providerId).credential({ idToken: claims });
}
