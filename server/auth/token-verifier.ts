// Verifies Firebase ID tokens with firebase-admin. With an emulator host configured,
// firebase-admin accepts the emulator's unsigned tokens (and only those).
import { deleteApp, initializeApp, type App as FirebaseApp } from 'firebase-admin/app';
import { getAuth, type Auth } from 'firebase-admin/auth';
import { unauthorized } from '../http/errors.ts';

/** What the server trusts about the caller, taken from a verified ID token. */
export interface VerifiedIdentity {
  uid: string;
  email: string;
  emailVerified: boolean;
  name: string;
  picture: string;
  /** Sign-in provider: password, google.com, facebook.com, microsoft.com, ... */
  providerId: string;
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
    } catch {
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
    };
  }

  close(): Promise<void> {
    return deleteApp(this.app);
  }
}
