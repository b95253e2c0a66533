// Creates real accounts in the Auth emulator through its REST API and returns their ID
// tokens, the way the Firebase JS SDK would after a sign-in.
import { randomUUID } from 'node:crypto';

export interface TestAccount {
  uid: string;
  email: string;
  idToken: string;
}

/** Whether fetch failed because the emulator closed a kept-alive connection under it. */
function droppedConnection(err: unknown): boolean {
  const cause = (err as { cause?: { code?: string } } | null)?.cause;
  return cause?.code === 'UND_ERR_SOCKET' || cause?.code === 'ECONNRESET';
}

/**
 * POSTs to the emulator. The emulator closes idle kept-alive connections after 5 s, and fetch
 * may send on one in the instant it closes ("other side closed"): such a request never
 * reached the emulator, so it is sent again on a new connection.
 */
async function post(url: string, init: RequestInit, attempt = 1): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch (err) {
    if (attempt >= 3 || !droppedConnection(err)) throw err;
    return post(url, init, attempt + 1);
  }
}

async function call(host: string, method: string, body: unknown): Promise<Record<string, unknown>> {
  const res = await post(
    `http://${host}/identitytoolkit.googleapis.com/v1/accounts:${method}?key=demo-api-key`,
    { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) },
  );
  const json = (await res.json()) as Record<string, unknown>;
  if (!res.ok) throw new Error(`emulator ${method} failed: ${JSON.stringify(json)}`);
  return json;
}

/** A unique address, so tests never meet each other's accounts. */
export const uniqueEmail = (tag = 'user') => `${tag}-${randomUUID().slice(0, 8)}@example.com`;

/** E-mail and password sign-up (an unverified e-mail, provider `password`). */
export async function signUpWithPassword(
  host: string,
  email = uniqueEmail(),
  password = 'secret-123',
  displayName?: string,
): Promise<TestAccount> {
  const r = await call(host, 'signUp', { email, password, returnSecureToken: true });
  if (displayName === undefined)
    return { uid: String(r.localId), email, idToken: String(r.idToken) };
  // A token carries the name only when issued after the profile update: sign in again.
  await call(host, 'update', { idToken: r.idToken, displayName });
  const s = await call(host, 'signInWithPassword', { email, password, returnSecureToken: true });
  return { uid: String(r.localId), email, idToken: String(s.idToken) };
}

/** Google sign-in through the emulator's fake IdP (verified e-mail, provider google.com). */
export async function signInWithGoogle(
  host: string,
  email = uniqueEmail('google'),
  name = 'Google User',
  emailVerified = true,
): Promise<TestAccount> {
  const claims = { sub: randomUUID(), email, email_verified: emailVerified, name };
  const r = await call(host, 'signInWithIdp', {
    requestUri: 'http://localhost',
    postBody: `providerId=google.com&id_token=${encodeURIComponent(JSON.stringify(claims))}`,
    returnSecureToken: true,
  });
  return { uid: String(r.localId), email, idToken: String(r.idToken) };
}

/** Deletes the account behind `idToken`, as its owner or an admin would. */
export async function deleteAccount(host: string, idToken: string): Promise<void> {
  await call(host, 'delete', { idToken });
}

/** An admin call of the emulator (as firebase-admin makes them: the `owner` credential). */
async function adminUpdate(host: string, body: Record<string, unknown>): Promise<void> {
  const res = await post(
    `http://${host}/identitytoolkit.googleapis.com/v1/projects/demo-gogo/accounts:update`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer owner' },
      body: JSON.stringify(body),
    },
  );
  if (!res.ok) throw new Error(`emulator accounts:update failed: ${await res.text()}`);
}

/**
 * Revokes every sign-in of the account so far (as a password change or an admin would): its
 * tokens, renewed or not, are refused from now on; a new sign-in works. Tokens carry their
 * sign-in time in whole seconds, so this waits for the next second first.
 */
export async function revokeSessions(host: string, uid: string): Promise<void> {
  await new Promise((r) => setTimeout(r, 1100));
  await adminUpdate(host, { localId: uid, validSince: String(Math.floor(Date.now() / 1000)) });
}

/** Disables (or enables again) the account, as an admin would. */
export function setAccountDisabled(host: string, uid: string, disabled: boolean): Promise<void> {
  return adminUpdate(host, { localId: uid, disableUser: disabled });
}

/** The emulator's id (uid) of the account with this e-mail. */
export async function accountIdByEmail(host: string, email: string): Promise<string> {
  const res = await post(
    `http://${host}/identitytoolkit.googleapis.com/v1/projects/demo-gogo/accounts:lookup`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer owner' },
      body: JSON.stringify({ email: [email] }),
    },
  );
  const json = (await res.json()) as { users?: { localId: string }[] };
  const uid = json.users?.[0]?.localId;
  if (!uid) throw new Error(`no emulator account for ${email}`);
  return uid;
}
