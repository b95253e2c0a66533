// How a call carries the signed-in user's token, and what happens when the server refuses it
// (401). One policy for every call of the API client (src/api/client.ts), kept apart so it
// can be tested alone and other retry rules can wrap `send`:
//
//   1. the call goes out with the session's current token (none for an anonymous call);
//   2. refused: the token is renewed (Firebase getIdToken(true)) and the call sent once more;
//   3. refused again, or no renewal possible: the session is gone (revoked, disabled, an
//      emulator restart): the person is asked to sign in again where they are, and the call
//      is sent once more with the new token. Declined, the refusal stands.
//
// A renewal that fails because the sign-in service cannot be reached is not a lost session:
// the token source then answers null and nobody is asked to sign in.

/** Where the calls' tokens come from: the auth service in the app. */
export interface TokenSource {
  /** The Bearer token for the next call, or null for a visitor. */
  current(): Promise<string | null>;
  /** A new token after the server refused `refused`; null when none can be had now. */
  renew(refused: string): Promise<string | null>;
  /**
   * The server refused the session's tokens, renewed ones too (`refused`, or null when the
   * call had none): asks the person to sign in again and resolves their new token, or null
   * when there is no one to ask (a visitor) or they decline.
   */
  signInAgain(refused: string | null): Promise<string | null>;
}

/** A token source for the time before sign-in runs: visitors' calls, no renewal. */
export const NO_SESSION: TokenSource = {
  current: () => Promise.resolve(null),
  renew: () => Promise.resolve(null),
  signInAgain: () => Promise.resolve(null),
};

interface SessionCall<R> {
  tokens: TokenSource;
  /** Sends the call with this token (null: without one); rejects on any failure. */
  send: (token: string | null) => Promise<R>;
  /** The failure is the server refusing the token (HTTP 401). */
  refused: (error: unknown) => boolean;
  /** Send no token at all, and never renew or ask (public calls needed before sign-in). */
  anonymous?: boolean;
  /** Never ask to sign in again for this call (renewal still happens). */
  noSignIn?: boolean;
}

/** Runs a call under the policy above; rejects with the last failure. */
export async function sendWithSession<R>(call: SessionCall<R>): Promise<R> {
  if (call.anonymous) return call.send(null);
  const token = await call.tokens.current();
  try {
    return await call.send(token);
  } catch (error) {
    if (!call.refused(error)) throw error;
    let failure: unknown = error;
    let refusedToken = token;
    if (token !== null) {
      const fresh = await call.tokens.renew(token);
      if (fresh !== null && fresh !== token) {
        try {
          return await call.send(fresh);
        } catch (again) {
          if (!call.refused(again)) throw again;
          failure = again;
          refusedToken = fresh;
        }
      }
    }
    if (call.noSignIn) throw failure;
    const signedIn = await call.tokens.signInAgain(refusedToken);
    if (signedIn === null) throw failure;
    return call.send(signedIn);
  }
}
