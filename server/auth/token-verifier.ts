// Verifies Firebase ID tokens with firebase-admin. With an emulator host configured,
// firebase-admin accepts the emulator's unsigned tokens (and only those).
import { deleteApp, initializeApp, type App as FirebaseApp } from 'firebase-admin/app';
import { getAuth, type Auth } from 'firebase-admin/auth';
import { HttpError, unauthorized } from '../http/errors.ts';

/**
 * firebase-admin's codes for a check that could not be made (the Auth emulator, or Google's
 * keys, did not answer), as opposed to a token it refused. With the emulator every check
 * also asks it for the account (revoked or disabled?), so a stopped or restarting emulator
 * gives these for perfectly good tokens.
 */
const UNAVAILABLE = new Set(['app/network-error', 'app/network-timeout', 'auth/internal-error']);

/** 503: the token could not be checked now; the caller's sign-in may well be fine. */
const signInUnavailable = () =>
  new HttpError(
    503,
    'sign_in_unavailable',
    'The sign-in service cannot be reached to check the token; try again in a moment',
    5,
  );

/** What the server trusts about the caller, taken from a verified ID token. */
export interface VerifiedIdentity {
  uid: string;
  email: string;
  emailVerified: boolean;
  name: string;
  picture: string;
  /** Sign-in provider: password, google.com, facebook.com, microsoft.com, ... */
  providerId: string;
  /** When the token expires (ms since the epoch). */
  expiresAt: number;
}

export interface TokenVerifier {
  /** Resolves the identity or throws a 401 HttpError. */
  verify(idToken: string): Promise<VerifiedIdentity>;
  close(): Promise<void>;
}

let appCount = 0;

export class FirebaseTokenVerifier implements TokenVerifier {
  private readonly app: FirebaseApp;
  private readonly auth: Auth;

  constructor(projectId: string, emulatorHost: string | null) {
    // firebase-admin reads the emulator address from the environment, not from options.
    if (emulatorHost) process.env.FIREBASE_AUTH_EMULATOR_HOST = emulatorHost;
    this.app = initializeApp({ projectId }, `gogo-verifier-${++appCount}`);
    this.auth = getAuth(this.app);
  }

  async verify(idToken: string): Promise<VerifiedIdentity> {
    let decoded;
    try {
      decoded = await this.auth.verifyIdToken(idToken);
    } catch (error) {
      const code = error && typeof error === 'object' && 'code' in error ? String(error.code) : '';
      if (UNAVAILABLE.has(code)) throw signInUnavailable();
      throw unauthorized('The sign-in token is invalid or has expired');
    }
    const str = (v: unknown) => (typeof v === 'string' ? v : '');
    return {
      uid: decoded.uid,
      email: str(decoded.email).toLowerCase(),
      emailVerified: decoded.email_verified === true,
      name: str(decoded.name),
      picture: str(decoded.picture),
      providerId: str(decoded.firebase.sign_in_provider),
      expiresAt: decoded.exp * 1000,
    };
  }

  close(): Promise<void> {
    return deleteApp(this.app);
  }
}

/**
 * Remembers verified tokens for a short while: a signed-in user sends the same token with
 * every call for up to an hour, and verifying it costs a signature check (or, against the
 * emulator, a round trip). Concurrent first checks of one token share a single
 * verification. Failures are never cached. A disabled or deleted account keeps working for
 * at most `ttlMs` (revocation is not checked in production either).
 */
export class CachingTokenVerifier implements TokenVerifier {
  private readonly verified = new Map<string, { identity: VerifiedIdentity; until: number }>();
  private readonly inFlight = new Map<string, Promise<VerifiedIdentity>>();

  constructor(
    private readonly inner: TokenVerifier,
    private readonly ttlMs: number,
    private readonly maxEntries = 10_000,
    private readonly now: () => number = Date.now,
  ) {}

  verify(idToken: string): Promise<VerifiedIdentity> {
    const hit = this.verified.get(idToken);
    if (hit && hit.until > this.now()) return Promise.resolve(hit.identity);
    if (hit) this.verified.delete(idToken);
    const pending = this.inFlight.get(idToken);
    if (pending) return pending;
    const check = this.inner.verify(idToken).then(
      (identity) => {
        this.inFlight.delete(idToken);
        this.remember(idToken, identity);
        return identity;
      },
      (error: unknown) => {
        this.inFlight.delete(idToken);
        throw error;
      },
    );
    this.inFlight.set(idToken, check);
    return check;
  }

  private remember(idToken: string, identity: VerifiedIdentity): void {
    const until = Math.min(this.now() + this.ttlMs, identity.expiresAt);
    if (until <= this.now()) return;
    // Map keeps insertion order: drop the oldest entries first.
    while (this.verified.size >= this.maxEntries) {
      const oldest = this.verified.keys().next().value;
      if (oldest === undefined) break;
      this.verified.delete(oldest);
    }
    this.verified.set(idToken, { identity, until });
  }

  close(): Promise<void> {
    this.verified.clear();
    return this.inner.close();
  }
}
