import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import '../testing/provided-context.ts';
import { freePort } from '../../scripts/auth-emulator.ts';
import { deleteAccount, revokeSessions, signUpWithPassword } from '../testing/emulator-accounts.ts';
import {
  CachingTokenVerifier,
  FirebaseTokenVerifier,
  type TokenVerifier,
  type VerifiedIdentity,
} from './token-verifier.ts';

/** Counts the verifications that reach the real verifier. */
class Counting implements TokenVerifier {
  calls = 0;
  constructor(private readonly inner: TokenVerifier) {}
  verify(token: string): Promise<VerifiedIdentity> {
    this.calls++;
    return this.inner.verify(token);
  }
  close() {
    return this.inner.close();
  }
}

describe('token verification (firebase-admin against the Auth emulator)', () => {
  const host = inject('authEmulatorHost');
  let firebase: FirebaseTokenVerifier;
  beforeAll(() => {
    firebase = new FirebaseTokenVerifier('demo-gogo', host);
  });
  afterAll(() => firebase.close());

  it('reads the identity from a valid token', async () => {
    const account = await signUpWithPassword(host, undefined, undefined, 'Vera');
    const identity = await firebase.verify(account.idToken);
    expect(identity).toMatchObject({
      uid: account.uid,
      email: account.email,
      name: 'Vera',
      providerId: 'password',
      emailVerified: false,
    });
    expect(identity.expiresAt).toBeGreaterThan(Date.now());
  });

  it('rejects garbage and tokens of deleted accounts with a 401', async () => {
    await expect(firebase.verify('nope')).rejects.toMatchObject({ statusCode: 401 });
    const account = await signUpWithPassword(host);
    await deleteAccount(host, account.idToken);
    await expect(firebase.verify(account.idToken)).rejects.toMatchObject({ statusCode: 401 });
  });

  it('refuses the tokens of a revoked sign-in with a 401', async () => {
    const account = await signUpWithPassword(host);
    await expect(firebase.verify(account.idToken)).resolves.toMatchObject({ uid: account.uid });
    await revokeSessions(host, account.uid);
    await expect(firebase.verify(account.idToken)).rejects.toMatchObject({
      statusCode: 401,
      code: 'unauthorized',
    });
  });

  it('answers 503 sign_in_unavailable, not 401, when the emulator does not answer', async () => {
    const account = await signUpWithPassword(host);
    // firebase-admin reads the emulator address from the environment on every check.
    const silent = new FirebaseTokenVerifier('demo-gogo', `127.0.0.1:${await freePort()}`);
    try {
      await expect(silent.verify(account.idToken)).rejects.toMatchObject({
        statusCode: 503,
        code: 'sign_in_unavailable',
        retryAfter: 5,
      });
      // Garbage is refused without asking anyone.
      await expect(silent.verify('nope')).rejects.toMatchObject({ statusCode: 401 });
    } finally {
      process.env.FIREBASE_AUTH_EMULATOR_HOST = host;
      await silent.close();
    }
    await expect(firebase.verify(account.idToken)).resolves.toMatchObject({ uid: account.uid });
  });

  it('trusts a verified token for the cache period only', async () => {
    let now = Date.now();
    const cached = new CachingTokenVerifier(firebase, 60_000, 100, () => now);
    const account = await signUpWithPassword(host);
    await cached.verify(account.idToken);
    await deleteAccount(host, account.idToken);
    now += 59_000;
    await expect(cached.verify(account.idToken)).resolves.toMatchObject({ uid: account.uid });
    now += 2_000;
    await expect(cached.verify(account.idToken)).rejects.toMatchObject({ statusCode: 401 });
  });

  it('shares one verification between concurrent first calls and never caches a failure', async () => {
    const counting = new Counting(firebase);
    const cached = new CachingTokenVerifier(counting, 60_000);
    const account = await signUpWithPassword(host);
    const all = await Promise.all(Array.from({ length: 20 }, () => cached.verify(account.idToken)));
    expect(new Set(all.map((i) => i.uid))).toEqual(new Set([account.uid]));
    expect(counting.calls).toBe(1);

    await expect(cached.verify('bad')).rejects.toMatchObject({ statusCode: 401 });
    await expect(cached.verify('bad')).rejects.toMatchObject({ statusCode: 401 });
    expect(counting.calls).toBe(3);
  });

  it('forgets the oldest tokens beyond its size limit', async () => {
    const counting = new Counting(firebase);
    const cached = new CachingTokenVerifier(counting, 60_000, 2);
    const accounts = await Promise.all([1, 2, 3].map(() => signUpWithPassword(host)));
    const [a, , c] = accounts.map((x) => x.idToken) as [string, string, string];
    for (const x of accounts) await cached.verify(x.idToken);
    // Holds the last two; the first was dropped and needs a new check.
    await cached.verify(c);
    await cached.verify(a);
    expect(counting.calls).toBe(4);
  });
});
